import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  ne,
  notExists,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertedRow } from '../../db/rows.js';
import {
  placeTakingSignupStatuses,
  repeatingShifts,
  rotaDays,
  rotas,
  rotaTeams,
  rotaTimeslots,
  shifts,
  signups,
  teams,
  users,
} from '../../db/schema/index.js';

export type RotaRow = typeof rotas.$inferSelect;
export type RotaTeamRow = typeof rotaTeams.$inferSelect;
export type RotaTimeslotRow = typeof rotaTimeslots.$inferSelect;
export type RotaDayRow = typeof rotaDays.$inferSelect;
export type ShiftRow = typeof shifts.$inferSelect;
export type ShiftInsert = Omit<typeof shifts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type RepeatingShiftRow = typeof repeatingShifts.$inferSelect;
export type RepeatingShiftInsert = Omit<
  typeof repeatingShifts.$inferInsert,
  'id' | 'createdAt' | 'updatedAt'
>;
export type SignupRow = typeof signups.$inferSelect;

// Rotas.

/** The organisation's rota, or null; `lock` holds it until the transaction ends. */
export async function findRota(db: Executor, organisationId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(rotas)
    .where(and(eq(rotas.organisationId, organisationId), eq(rotas.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The organisation's rotas among `ids`. */
export async function listRotasByIds(
  db: Executor,
  organisationId: number,
  ids: number[],
): Promise<RotaRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return db
    .select()
    .from(rotas)
    .where(and(eq(rotas.organisationId, organisationId), inArray(rotas.id, ids)));
}

/** Changes one rota of the organisation. */
export async function updateRota(
  db: Executor,
  organisationId: number,
  id: number,
  values: Partial<Pick<RotaRow, 'name' | 'description' | 'teamId' | 'active'>>,
): Promise<RotaRow | null> {
  const [row] = await db
    .update(rotas)
    .set(values)
    .where(and(eq(rotas.organisationId, organisationId), eq(rotas.id, id)))
    .returning();
  return row ?? null;
}

/** Which of `ids` are teams of the organisation. */
export async function existingTeamIds(
  db: Executor,
  organisationId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organisationId, organisationId), inArray(teams.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/** Whether the person is a user of the organisation. */
export async function userExists(db: Executor, organisationId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

// Rota teams.

/** A rota's teams, by team id. */
export async function listRotaTeams(
  db: Executor,
  organisationId: number,
  rotaId: number,
): Promise<RotaTeamRow[]> {
  return db
    .select()
    .from(rotaTeams)
    .where(and(eq(rotaTeams.organisationId, organisationId), eq(rotaTeams.rotaId, rotaId)))
    .orderBy(asc(rotaTeams.teamId), asc(rotaTeams.id));
}

/** One team link of the rota, or null. */
export async function findRotaTeam(db: Executor, organisationId: number, rotaId: number, id: number) {
  const [row] = await db
    .select()
    .from(rotaTeams)
    .where(
      and(eq(rotaTeams.organisationId, organisationId), eq(rotaTeams.rotaId, rotaId), eq(rotaTeams.id, id)),
    )
    .limit(1);
  return row ?? null;
}

/** Links teams to a rota; links it already has are left as they are. */
export async function insertRotaTeams(
  db: Executor,
  organisationId: number,
  rotaId: number,
  teamIds: number[],
): Promise<RotaTeamRow[]> {
  if (teamIds.length === 0) {
    return [];
  }
  return db
    .insert(rotaTeams)
    .values(teamIds.map((teamId) => ({ organisationId, rotaId, teamId })))
    .onConflictDoNothing({ target: [rotaTeams.rotaId, rotaTeams.teamId] })
    .returning();
}

/** Points one team link of the rota at another team. */
export async function updateRotaTeam(
  db: Executor,
  organisationId: number,
  rotaId: number,
  id: number,
  teamId: number,
): Promise<RotaTeamRow | null> {
  const [row] = await db
    .update(rotaTeams)
    .set({ teamId })
    .where(
      and(eq(rotaTeams.organisationId, organisationId), eq(rotaTeams.rotaId, rotaId), eq(rotaTeams.id, id)),
    )
    .returning();
  return row ?? null;
}

/** Unlinks every team of the rota not in `keep`. */
export async function deleteRotaTeamsExcept(
  db: Executor,
  organisationId: number,
  rotaId: number,
  keep: number[],
): Promise<void> {
  await db
    .delete(rotaTeams)
    .where(
      and(
        eq(rotaTeams.organisationId, organisationId),
        eq(rotaTeams.rotaId, rotaId),
        keep.length > 0 ? notInArray(rotaTeams.teamId, keep) : undefined,
      ),
    );
}

/** Every rota–team pair of the organisation: rotas run by a team and rotas staffed from one. */
export async function listTeamRotaLinks(db: Executor, organisationId: number) {
  const owned = await db
    .select({ teamId: rotas.teamId, rotaId: rotas.id, active: rotas.active })
    .from(rotas)
    .where(and(eq(rotas.organisationId, organisationId), isNotNull(rotas.teamId)));
  const staffed = await db
    .select({ teamId: rotaTeams.teamId, rotaId: rotaTeams.rotaId, active: rotas.active })
    .from(rotaTeams)
    .innerJoin(rotas, eq(rotas.id, rotaTeams.rotaId))
    .where(eq(rotaTeams.organisationId, organisationId));
  return [...owned, ...staffed].flatMap((link) =>
    link.teamId === null ? [] : [{ teamId: link.teamId, rotaId: link.rotaId, active: link.active }],
  );
}

/** The organisation's teams among `ids`, by name. */
export async function listTeamsByIds(db: Executor, organisationId: number, ids: number[]) {
  if (ids.length === 0) {
    return [];
  }
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organisationId, organisationId), inArray(teams.id, ids)))
    .orderBy(asc(teams.name), asc(teams.id));
}

// Timeslots.

/** A rota's timeslots in order. */
export async function listTimeslots(
  db: Executor,
  organisationId: number,
  rotaId: number,
): Promise<RotaTimeslotRow[]> {
  return db
    .select()
    .from(rotaTimeslots)
    .where(and(eq(rotaTimeslots.organisationId, organisationId), eq(rotaTimeslots.rotaId, rotaId)))
    .orderBy(asc(rotaTimeslots.position), asc(rotaTimeslots.id));
}

/** One timeslot of the organisation, or null. */
export async function findTimeslot(db: Executor, organisationId: number, id: number) {
  const [row] = await db
    .select()
    .from(rotaTimeslots)
    .where(and(eq(rotaTimeslots.organisationId, organisationId), eq(rotaTimeslots.id, id)))
    .limit(1);
  return row ?? null;
}

type TimeslotValues = Pick<RotaTimeslotRow, 'name' | 'startTime' | 'endTime' | 'capacity' | 'position'>;

/** Adds a timeslot to a rota. */
export async function insertTimeslot(
  db: Executor,
  organisationId: number,
  rotaId: number,
  values: TimeslotValues,
): Promise<RotaTimeslotRow> {
  return insertedRow(
    await db
      .insert(rotaTimeslots)
      .values({ organisationId, rotaId, ...values })
      .returning(),
    'rota timeslot',
  );
}

/** Changes one timeslot of a rota. */
export async function updateTimeslot(
  db: Executor,
  organisationId: number,
  rotaId: number,
  id: number,
  values: TimeslotValues,
): Promise<void> {
  await db
    .update(rotaTimeslots)
    .set(values)
    .where(
      and(
        eq(rotaTimeslots.organisationId, organisationId),
        eq(rotaTimeslots.rotaId, rotaId),
        eq(rotaTimeslots.id, id),
      ),
    );
}

/** Removes every timeslot of the rota not in `keep` (their shifts keep their own times). */
export async function deleteTimeslotsExcept(
  db: Executor,
  organisationId: number,
  rotaId: number,
  keep: number[],
): Promise<void> {
  await db
    .delete(rotaTimeslots)
    .where(
      and(
        eq(rotaTimeslots.organisationId, organisationId),
        eq(rotaTimeslots.rotaId, rotaId),
        keep.length > 0 ? notInArray(rotaTimeslots.id, keep) : undefined,
      ),
    );
}

/** Gives the rota's shifts that follow a timeslot, from a date on, the timeslot's name, times and places. */
export async function updateShiftsOfTimeslot(
  db: Executor,
  organisationId: number,
  timeslot: RotaTimeslotRow,
  fromDate: string,
): Promise<void> {
  await db
    .update(shifts)
    .set({
      name: timeslot.name,
      startTime: timeslot.startTime,
      endTime: timeslot.endTime,
      capacity: timeslot.capacity,
    })
    .where(
      and(
        eq(shifts.organisationId, organisationId),
        eq(shifts.rotaId, timeslot.rotaId),
        eq(shifts.timeslotId, timeslot.id),
        gte(shifts.date, fromDate),
      ),
    );
}

// Rota days.

/** One rota day of the organisation, or null. */
export async function findRotaDay(db: Executor, organisationId: number, id: number) {
  const [row] = await db
    .select()
    .from(rotaDays)
    .where(and(eq(rotaDays.organisationId, organisationId), eq(rotaDays.id, id)))
    .limit(1);
  return row ?? null;
}

/** The rota's entry for a date, or null. */
export async function findRotaDayOn(db: Executor, organisationId: number, rotaId: number, date: string) {
  const [row] = await db
    .select()
    .from(rotaDays)
    .where(
      and(eq(rotaDays.organisationId, organisationId), eq(rotaDays.rotaId, rotaId), eq(rotaDays.date, date)),
    )
    .limit(1);
  return row ?? null;
}

/** Every rota's entry for a date. */
export async function listRotaDaysOn(
  db: Executor,
  organisationId: number,
  date: string,
): Promise<RotaDayRow[]> {
  return db
    .select()
    .from(rotaDays)
    .where(and(eq(rotaDays.organisationId, organisationId), eq(rotaDays.date, date)));
}

type RotaDayValues = Pick<RotaDayRow, 'rotaId' | 'date' | 'closed' | 'notes'>;

/** Adds a rota day. */
export async function insertRotaDay(
  db: Executor,
  organisationId: number,
  values: Omit<RotaDayValues, 'closed'> & { closed?: boolean },
): Promise<RotaDayRow> {
  return insertedRow(
    await db
      .insert(rotaDays)
      .values({ organisationId, ...values })
      .returning(),
    'rota day',
  );
}

/** Changes a rota day. */
export async function updateRotaDay(
  db: Executor,
  organisationId: number,
  id: number,
  values: Partial<RotaDayValues>,
): Promise<RotaDayRow | null> {
  const [row] = await db
    .update(rotaDays)
    .set(values)
    .where(and(eq(rotaDays.organisationId, organisationId), eq(rotaDays.id, id)))
    .returning();
  return row ?? null;
}

// Shifts.

/** One shift of the organisation, or null; `lock` holds it (and so its places) until the transaction ends. */
export async function findShift(db: Executor, organisationId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(shifts)
    .where(and(eq(shifts.organisationId, organisationId), eq(shifts.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Adds a shift. */
export async function insertShift(db: Executor, values: ShiftInsert): Promise<ShiftRow> {
  return insertedRow(await db.insert(shifts).values(values).returning(), 'shift');
}

/** Changes a shift of the organisation. */
export async function updateShift(
  db: Executor,
  organisationId: number,
  id: number,
  values: Partial<ShiftInsert>,
): Promise<ShiftRow | null> {
  const [row] = await db
    .update(shifts)
    .set(values)
    .where(and(eq(shifts.organisationId, organisationId), eq(shifts.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes a shift of the organisation (its signups go with it); false when there is none. */
export async function deleteShift(db: Executor, organisationId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(shifts)
    .where(and(eq(shifts.organisationId, organisationId), eq(shifts.id, id)))
    .returning({ id: shifts.id });
  return deleted.length > 0;
}

/** One page of a rota's shifts on a date, by start time, and how many there are. */
export async function listShiftsOfRotaOn(
  db: Executor,
  organisationId: number,
  rotaId: number,
  date: string,
  page: { page: number; perPage: number },
): Promise<{ rows: ShiftRow[]; total: number }> {
  const where = and(
    eq(shifts.organisationId, organisationId),
    eq(shifts.rotaId, rotaId),
    eq(shifts.date, date),
  );
  const rows = await db
    .select()
    .from(shifts)
    .where(where)
    .orderBy(asc(shifts.startTime), asc(shifts.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  const [counted] = await db.select({ total: count() }).from(shifts).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The organisation's shifts on a date with their rota, in time order; `rotaId` narrows to one
 * rota, `teamId` to the shifts drawing on that team (their own, or their rota's when they name none).
 */
export async function listShiftsOn(
  db: Executor,
  organisationId: number,
  date: string,
  filter: { rotaId?: number; teamId?: number; activeRotas?: boolean } = {},
) {
  return db
    .select({
      shift: shifts,
      rota: { id: rotas.id, name: rotas.name, teamId: rotas.teamId, active: rotas.active },
    })
    .from(shifts)
    .innerJoin(rotas, eq(rotas.id, shifts.rotaId))
    .where(
      and(
        eq(shifts.organisationId, organisationId),
        eq(shifts.date, date),
        filter.rotaId === undefined ? undefined : eq(shifts.rotaId, filter.rotaId),
        filter.activeRotas === undefined ? undefined : eq(rotas.active, filter.activeRotas),
        filter.teamId === undefined
          ? undefined
          : or(eq(shifts.teamId, filter.teamId), and(isNull(shifts.teamId), eq(rotas.teamId, filter.teamId))),
      ),
    )
    .orderBy(asc(shifts.startTime), asc(shifts.endTime), asc(rotas.name), asc(shifts.id));
}

/** Plans shifts of a repeating rule; a date it already has is left as it is. */
export async function insertPlannedShifts(db: Executor, values: ShiftInsert[]): Promise<void> {
  if (values.length === 0) {
    return;
  }
  await db
    .insert(shifts)
    .values(values)
    .onConflictDoNothing({ target: [shifts.repeatingShiftId, shifts.date] });
}

/** Deletes a rule's planned shifts from a date on that nobody has signed up to, in any status. */
export async function deleteUnclaimedPlannedShifts(
  db: Executor,
  organisationId: number,
  repeatingShiftId: number,
  fromDate: string,
): Promise<void> {
  await db
    .delete(shifts)
    .where(
      and(
        eq(shifts.organisationId, organisationId),
        eq(shifts.repeatingShiftId, repeatingShiftId),
        gte(shifts.date, fromDate),
        notExists(db.select({ id: signups.id }).from(signups).where(eq(signups.shiftId, shifts.id))),
      ),
    );
}

// Repeating shifts.

/** One repeating shift of the organisation, or null. */
export async function findRepeatingShift(db: Executor, organisationId: number, id: number) {
  const [row] = await db
    .select()
    .from(repeatingShifts)
    .where(and(eq(repeatingShifts.organisationId, organisationId), eq(repeatingShifts.id, id)))
    .limit(1);
  return row ?? null;
}

/** Adds a repeating shift. */
export async function insertRepeatingShift(
  db: Executor,
  values: RepeatingShiftInsert,
): Promise<RepeatingShiftRow> {
  return insertedRow(await db.insert(repeatingShifts).values(values).returning(), 'repeating shift');
}

/** Changes a repeating shift of the organisation. */
export async function updateRepeatingShift(
  db: Executor,
  organisationId: number,
  id: number,
  values: Partial<RepeatingShiftInsert>,
): Promise<RepeatingShiftRow | null> {
  const [row] = await db
    .update(repeatingShifts)
    .set(values)
    .where(and(eq(repeatingShifts.organisationId, organisationId), eq(repeatingShifts.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes a repeating shift of the organisation; false when there is none. */
export async function deleteRepeatingShift(
  db: Executor,
  organisationId: number,
  id: number,
): Promise<boolean> {
  const deleted = await db
    .delete(repeatingShifts)
    .where(and(eq(repeatingShifts.organisationId, organisationId), eq(repeatingShifts.id, id)))
    .returning({ id: repeatingShifts.id });
  return deleted.length > 0;
}

// Signups.

/** One signup of the organisation, or null. */
export async function findSignup(db: Executor, organisationId: number, id: number) {
  const [row] = await db
    .select()
    .from(signups)
    .where(and(eq(signups.organisationId, organisationId), eq(signups.id, id)))
    .limit(1);
  return row ?? null;
}

/** The person's signup to the shift other than `exceptId`, or null. */
export async function findSignupOf(
  db: Executor,
  organisationId: number,
  shiftId: number,
  userId: number,
  exceptId?: number,
) {
  const [row] = await db
    .select({ id: signups.id })
    .from(signups)
    .where(
      and(
        eq(signups.organisationId, organisationId),
        eq(signups.shiftId, shiftId),
        eq(signups.userId, userId),
        exceptId === undefined ? undefined : ne(signups.id, exceptId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** How many of the shift's places are taken, not counting `exceptId`. */
export async function countPlacesTaken(db: Executor, shiftId: number, exceptId?: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(signups)
    .where(
      and(
        eq(signups.shiftId, shiftId),
        inArray(signups.status, [...placeTakingSignupStatuses]),
        exceptId === undefined ? undefined : ne(signups.id, exceptId),
      ),
    );
  return row?.total ?? 0;
}

type SignupValues = Pick<SignupRow, 'shiftId' | 'userId' | 'status' | 'notes'>;

/** Adds a signup. */
export async function insertSignup(
  db: Executor,
  organisationId: number,
  values: SignupValues,
): Promise<SignupRow> {
  return insertedRow(
    await db
      .insert(signups)
      .values({ organisationId, ...values })
      .returning(),
    'signup',
  );
}

/** Changes a signup of the organisation. */
export async function updateSignup(
  db: Executor,
  organisationId: number,
  id: number,
  values: Partial<SignupValues>,
): Promise<SignupRow | null> {
  const [row] = await db
    .update(signups)
    .set(values)
    .where(and(eq(signups.organisationId, organisationId), eq(signups.id, id)))
    .returning();
  return row ?? null;
}

/** The people on the shifts (cancelled and no-show included), with their names, in name order. */
export async function listSignupsOfShifts(db: Executor, organisationId: number, shiftIds: number[]) {
  if (shiftIds.length === 0) {
    return [];
  }
  return db
    .select({
      shiftId: signups.shiftId,
      status: signups.status,
      firstName: users.firstName,
      lastName: users.lastName,
      preferredName: users.preferredName,
    })
    .from(signups)
    .innerJoin(users, and(eq(users.id, signups.userId), eq(users.organisationId, signups.organisationId)))
    .where(and(eq(signups.organisationId, organisationId), inArray(signups.shiftId, shiftIds)))
    .orderBy(
      asc(sql`coalesce(nullif(trim(${users.preferredName}), ''), ${users.firstName})`),
      asc(users.lastName),
      asc(signups.id),
    );
}
