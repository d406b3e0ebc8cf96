import {
  parseRowId,
  type PaginationMeta,
  type RepeatingShift,
  type RepeatingShiftBody,
  type Rota,
  type RotaBulkBody,
  type RotaDay,
  type RotaDayBody,
  type RotaDayShiftBody,
  type RotaPdfQuery,
  type RotaReplaceBody,
  type RotaTeam,
  type RotaTeamBody,
  type RotaTeamSummary,
  type RotaTeamsQuery,
  type RotaTimeslot,
  type RotaTimeslotsBody,
  type RotaTimeslotsQuery,
  type Shift,
  type ShiftBody,
  type Signup,
  type SignupBody,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { placeTakingSignupStatuses, type SignupStatus } from '../../db/schema/index.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { displayNameOf } from '../auth/sessions.js';
import { renderRotaPdf, type RotaPdfDay, type RotaPdfShift } from './pdf.js';
import {
  countPlacesTaken,
  deleteRepeatingShift,
  deleteRotaTeamsExcept,
  deleteShift,
  deleteTimeslotsExcept,
  deleteUnclaimedPlannedShifts,
  existingTeamIds,
  findRepeatingShift,
  findRota,
  findRotaDay,
  findRotaDayOn,
  findRotaTeam,
  findShift,
  findSignup,
  findSignupOf,
  findTimeslot,
  insertPlannedShifts,
  insertRepeatingShift,
  insertRotaDay,
  insertRotaTeams,
  insertShift,
  insertSignup,
  insertTimeslot,
  listRotaDaysOn,
  listRotasByIds,
  listRotaTeams,
  listShiftsOfRotaOn,
  listShiftsOn,
  listSignupsOfShifts,
  listTeamRotaLinks,
  listTeamsByIds,
  listTimeslots,
  updateRepeatingShift,
  updateRota,
  updateRotaDay,
  updateRotaTeam,
  updateShift,
  updateShiftsOfTimeslot,
  updateSignup,
  updateTimeslot,
  userExists,
  type RepeatingShiftInsert,
  type RepeatingShiftRow,
  type RotaDayRow,
  type RotaRow,
  type RotaTeamRow,
  type RotaTimeslotRow,
  type ShiftInsert,
  type ShiftRow,
  type SignupRow,
} from './repository.js';

/** How far ahead a repeating shift's dates are planned as shifts when it is stored or changed. */
export const PLANNING_HORIZON_DAYS = 26 * 7;

const messages = {
  rota: 'The rota must be a rota of this organisation.',
  inactiveRota: 'The rota is no longer active; make it active again to plan shifts on it.',
  team: 'The team must be a team of this organisation.',
  timeslot: 'The timeslot must be one of the rota’s timeslots.',
  shift: 'The shift must be a shift of this organisation.',
  user: 'The person must be a user of this organisation.',
  startTime: 'Please enter the start time, or choose a timeslot that gives it.',
  endTime: 'Please enter the end time, or choose a timeslot that gives it.',
  sameTimes: 'The end time must differ from the start time.',
  endDate: 'The end date must not be before the start date.',
  duplicateTeam: 'The team already staffs this rota.',
  duplicateDay: 'The rota already has an entry for that day; change that one instead.',
  duplicateSignup: 'This person is already on this shift; change their signup instead.',
  full: 'This shift is full.',
} as const;

const notFound = (what: string) => new HttpError(404, `The ${what} was not found.`);

/** A path id as a row id; anything else names nothing (404). */
function rowId(raw: string, what: string): number {
  const id = parseRowId(raw);
  if (id === null) {
    throw notFound(what);
  }
  return id;
}

/** Collects field errors and throws them as one 422. */
class FieldErrors {
  private readonly errors: Record<string, string[]> = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) {
      throw validationError(this.errors);
    }
  }
}

// Wire shapes.

export function rotaToWire(row: RotaRow): Rota {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    team_id: row.teamId,
    active: row.active,
  };
}

export function rotaTeamToWire(row: RotaTeamRow): RotaTeam {
  return { id: row.id, rota_id: row.rotaId, team_id: row.teamId };
}

export function timeslotToWire(row: RotaTimeslotRow): RotaTimeslot {
  return {
    id: row.id,
    rota_id: row.rotaId,
    name: row.name,
    start_time: row.startTime,
    end_time: row.endTime,
    capacity: row.capacity,
    position: row.position,
  };
}

export function rotaDayToWire(row: RotaDayRow): RotaDay {
  return { id: row.id, rota_id: row.rotaId, date: row.date, closed: row.closed, notes: row.notes };
}

export function shiftToWire(row: ShiftRow): Shift {
  return {
    id: row.id,
    rota_id: row.rotaId,
    timeslot_id: row.timeslotId,
    team_id: row.teamId,
    repeating_shift_id: row.repeatingShiftId,
    name: row.name,
    date: row.date,
    start_time: row.startTime,
    end_time: row.endTime,
    capacity: row.capacity,
    notes: row.notes,
  };
}

export function repeatingShiftToWire(row: RepeatingShiftRow): RepeatingShift {
  return {
    id: row.id,
    rota_id: row.rotaId,
    timeslot_id: row.timeslotId,
    team_id: row.teamId,
    name: row.name,
    weekday: row.weekday,
    every_weeks: row.everyWeeks,
    start_date: row.startDate,
    end_date: row.endDate,
    start_time: row.startTime,
    end_time: row.endTime,
    capacity: row.capacity,
    notes: row.notes,
  };
}

export function signupToWire(row: SignupRow): Signup {
  return { id: row.id, shift_id: row.shiftId, user_id: row.userId, status: row.status, notes: row.notes };
}

/** `undefined` keys dropped, so that an update leaves omitted fields alone. */
function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

// Dates.

/** `YYYY-MM-DD` plus whole days. */
export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** 0 Sunday to 6 Saturday. */
function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * The dates a repeating rule falls on between `from` and `until` (both included): its weekday,
 * every `everyWeeks` weeks counted from its first such weekday on or after its start date.
 */
export function occurrenceDates(
  rule: Pick<RepeatingShiftRow, 'weekday' | 'everyWeeks' | 'startDate' | 'endDate'>,
  from: string,
  until: string,
): string[] {
  const first = addDays(rule.startDate, (rule.weekday - weekdayOf(rule.startDate) + 7) % 7);
  const last = rule.endDate !== null && rule.endDate < until ? rule.endDate : until;
  const step = 7 * rule.everyWeeks;
  let date = first;
  if (date < from) {
    const days = Math.round(
      (Date.parse(`${from}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000,
    );
    date = addDays(first, Math.ceil(days / step) * step);
  }
  const dates: string[] = [];
  for (; date <= last; date = addDays(date, step)) {
    dates.push(date);
  }
  return dates;
}

// Checks shared by shifts and repeating shifts.

/** A rota of the organisation, active when a new shift is planned on it, else a 422 on `rota_id`. */
async function checkRota(
  tx: Executor,
  organisationId: number,
  rotaId: number,
  errors: FieldErrors,
  mustBeActive: boolean,
): Promise<RotaRow | null> {
  const rota = await findRota(tx, organisationId, rotaId);
  if (!rota) {
    errors.add('rota_id', messages.rota);
  } else if (mustBeActive && !rota.active) {
    errors.add('rota_id', messages.inactiveRota);
  }
  return rota;
}

async function checkTeam(
  tx: Executor,
  organisationId: number,
  teamId: number | null | undefined,
  errors: FieldErrors,
) {
  if (typeof teamId === 'number' && !(await existingTeamIds(tx, organisationId, [teamId])).has(teamId)) {
    errors.add('team_id', messages.team);
  }
}

/** The timeslot named, which must be the rota's (422 on `timeslot_id` otherwise). */
async function checkTimeslot(
  tx: Executor,
  organisationId: number,
  rotaId: number,
  timeslotId: number | null | undefined,
  errors: FieldErrors,
): Promise<RotaTimeslotRow | null> {
  if (typeof timeslotId !== 'number') {
    return null;
  }
  const timeslot = await findTimeslot(tx, organisationId, timeslotId);
  if (!timeslot || timeslot.rotaId !== rotaId) {
    errors.add('timeslot_id', messages.timeslot);
    return null;
  }
  return timeslot;
}

type Timing = {
  name: string | null;
  startTime: string | null;
  endTime: string | null;
  capacity: number | null;
};

/**
 * The name, times and places a shift or rule ends with: the body's, else — when a timeslot is
 * newly chosen — the timeslot's, else what it had. Both times must be there and differ.
 */
function resolveTiming(
  body: { name?: string | null; start_time?: string; end_time?: string; capacity?: number | null },
  timeslot: RotaTimeslotRow | null,
  existing: Timing | null,
  errors: FieldErrors,
): Timing {
  const pick = <T>(given: T | undefined, fromSlot: T | undefined, kept: T | undefined, fallback: T): T =>
    given !== undefined ? given : fromSlot !== undefined ? fromSlot : kept !== undefined ? kept : fallback;
  const timing: Timing = {
    name: pick(body.name, timeslot?.name, existing?.name, null),
    startTime: pick(body.start_time, timeslot?.startTime, existing?.startTime ?? undefined, null),
    endTime: pick(body.end_time, timeslot?.endTime, existing?.endTime ?? undefined, null),
    capacity: pick(body.capacity, timeslot?.capacity, existing?.capacity, null),
  };
  if (timing.startTime === null) {
    errors.add('start_time', messages.startTime);
  }
  if (timing.endTime === null) {
    errors.add('end_time', messages.endTime);
  }
  if (timing.startTime !== null && timing.startTime === timing.endTime) {
    errors.add('end_time', messages.sameTimes);
  }
  return timing;
}

/**
 * The timeslot an update leaves a shift or rule on, checked to be its rota's when the update
 * names a new one or moves it to another rota. Answers the timeslot only when newly chosen, since
 * only a newly chosen timeslot fills the name, times and places the body leaves out.
 */
async function updatedTimeslot(
  tx: Executor,
  organisationId: number,
  given: number | null | undefined,
  existing: { rotaId: number; timeslotId: number | null },
  rotaId: number,
  errors: FieldErrors,
): Promise<RotaTimeslotRow | null> {
  const chosen = given !== undefined && given !== existing.timeslotId;
  const timeslotId = given === undefined ? existing.timeslotId : given;
  if (timeslotId === null || (!chosen && rotaId === existing.rotaId)) {
    return null;
  }
  const timeslot = await checkTimeslot(tx, organisationId, rotaId, timeslotId, errors);
  return chosen ? timeslot : null;
}

// Rota teams (`/organisation/rota/{rotaId}/teams/` store and update).

async function ownedRota(tx: Executor, organisationId: number, rawRotaId: string): Promise<RotaRow> {
  const rota = await findRota(tx, organisationId, rowId(rawRotaId, 'rota'));
  if (!rota) {
    throw notFound('rota');
  }
  return rota;
}

/** Staffs a rota from one more team (422 when the team is not the organisation's or already on it). */
export async function storeRotaTeam(
  db: Database,
  organisationId: number,
  rawRotaId: string,
  body: RotaTeamBody,
): Promise<RotaTeam> {
  return db.transaction(async (tx) => {
    const rota = await ownedRota(tx, organisationId, rawRotaId);
    await assertTeamFree(tx, organisationId, rota.id, body.team_id);
    const [row] = await insertRotaTeams(tx, organisationId, rota.id, [body.team_id]);
    if (!row) {
      throw validationError({ team_id: [messages.duplicateTeam] });
    }
    return rotaTeamToWire(row);
  });
}

/** Points a rota's team link at another team. */
export async function updateRotaTeamLink(
  db: Database,
  organisationId: number,
  rawRotaId: string,
  rawId: string,
  body: Partial<RotaTeamBody>,
): Promise<RotaTeam> {
  return db.transaction(async (tx) => {
    const rota = await ownedRota(tx, organisationId, rawRotaId);
    const link = await findRotaTeam(tx, organisationId, rota.id, rowId(rawId, 'rota team'));
    if (!link) {
      throw notFound('rota team');
    }
    if (body.team_id === undefined || body.team_id === link.teamId) {
      return rotaTeamToWire(link);
    }
    await assertTeamFree(tx, organisationId, rota.id, body.team_id);
    const row = await updateRotaTeam(tx, organisationId, rota.id, link.id, body.team_id);
    if (!row) {
      throw notFound('rota team');
    }
    return rotaTeamToWire(row);
  });
}

async function assertTeamFree(
  tx: Executor,
  organisationId: number,
  rotaId: number,
  teamId: number,
): Promise<void> {
  if (!(await existingTeamIds(tx, organisationId, [teamId])).has(teamId)) {
    throw validationError({ team_id: [messages.team] });
  }
  if ((await listRotaTeams(tx, organisationId, rotaId)).some((link) => link.teamId === teamId)) {
    throw validationError({ team_id: [messages.duplicateTeam] });
  }
}

// Rota days (`/rota/` store and update).

/** Adds a rota's entry for a day (one per rota and day). */
export async function storeRotaDay(
  db: Database,
  organisationId: number,
  body: RotaDayBody,
): Promise<RotaDay> {
  return db.transaction(async (tx) => {
    await assertRotaDayFree(tx, organisationId, body.rota_id, body.date);
    const row = await insertRotaDay(tx, organisationId, {
      rotaId: body.rota_id,
      date: body.date,
      notes: body.notes ?? null,
      ...(body.closed === undefined ? {} : { closed: body.closed }),
    });
    return rotaDayToWire(row);
  });
}

/** Changes a rota day; moving it to another rota or date keeps one entry per rota and day. */
export async function changeRotaDay(
  db: Database,
  organisationId: number,
  rawId: string,
  body: Partial<RotaDayBody>,
): Promise<RotaDay> {
  return db.transaction(async (tx) => {
    const existing = await findRotaDay(tx, organisationId, rowId(rawId, 'rota day'));
    if (!existing) {
      throw notFound('rota day');
    }
    const rotaId = body.rota_id ?? existing.rotaId;
    const date = body.date ?? existing.date;
    if (rotaId !== existing.rotaId || date !== existing.date) {
      await assertRotaDayFree(tx, organisationId, rotaId, date, existing.id);
    }
    const row = await updateRotaDay(
      tx,
      organisationId,
      existing.id,
      defined({ rotaId: body.rota_id, date: body.date, closed: body.closed, notes: body.notes }),
    );
    return rotaDayToWire(row ?? existing);
  });
}

async function assertRotaDayFree(
  tx: Executor,
  organisationId: number,
  rotaId: number,
  date: string,
  exceptId?: number,
): Promise<void> {
  if (!(await findRota(tx, organisationId, rotaId))) {
    throw validationError({ rota_id: [messages.rota] });
  }
  const taken = await findRotaDayOn(tx, organisationId, rotaId, date);
  if (taken && taken.id !== exceptId) {
    throw validationError({ date: [messages.duplicateDay] });
  }
}

// Shifts (`/shifts/` store and update, `/rota/{date}/{rotaId}/`).

/** Plans a one-off shift; a timeslot fills the name, times and places the body leaves out. */
export async function storeShift(db: Database, organisationId: number, body: ShiftBody): Promise<Shift> {
  return db.transaction(async (tx) => {
    const errors = new FieldErrors();
    await checkRota(tx, organisationId, body.rota_id, errors, true);
    await checkTeam(tx, organisationId, body.team_id, errors);
    const timeslot = await checkTimeslot(tx, organisationId, body.rota_id, body.timeslot_id, errors);
    const timing = resolveTiming(body, timeslot, null, errors);
    errors.throwIfAny();
    const row = await insertShift(tx, {
      organisationId,
      rotaId: body.rota_id,
      timeslotId: body.timeslot_id ?? null,
      teamId: body.team_id ?? null,
      date: body.date,
      name: timing.name,
      startTime: timing.startTime ?? '',
      endTime: timing.endTime ?? '',
      capacity: timing.capacity,
      notes: body.notes ?? null,
    });
    return shiftToWire(row);
  });
}

/** Changes a shift; omitted fields keep their value, a newly chosen timeslot fills the rest. */
export async function changeShift(
  db: Database,
  organisationId: number,
  rawId: string,
  body: Partial<ShiftBody>,
  within?: { rotaId: number; date: string },
): Promise<Shift> {
  return db.transaction(async (tx) => {
    const existing = await findShift(tx, organisationId, rowId(rawId, 'shift'));
    if (!existing || (within && (existing.rotaId !== within.rotaId || existing.date !== within.date))) {
      throw notFound('shift');
    }
    const errors = new FieldErrors();
    const rotaId = body.rota_id ?? existing.rotaId;
    if (rotaId !== existing.rotaId) {
      await checkRota(tx, organisationId, rotaId, errors, true);
    }
    await checkTeam(tx, organisationId, body.team_id, errors);
    // Moving to another rota must leave a timeslot of that rota, or none.
    const timeslot = await updatedTimeslot(tx, organisationId, body.timeslot_id, existing, rotaId, errors);
    const timing = resolveTiming(body, timeslot, existing, errors);
    errors.throwIfAny();
    const row = await updateShift(
      tx,
      organisationId,
      existing.id,
      defined({
        rotaId: body.rota_id,
        timeslotId: body.timeslot_id,
        teamId: body.team_id,
        date: body.date,
        notes: body.notes,
        name: timing.name,
        startTime: timing.startTime ?? undefined,
        endTime: timing.endTime ?? undefined,
        capacity: timing.capacity,
      }),
    );
    return shiftToWire(row ?? existing);
  });
}

/** `{date}` and `{rotaId}` of the `/rota/{date}/{rotaId}/` routes, the rota checked to be the organisation's. */
async function rotaOfDay(db: Executor, organisationId: number, rawRotaId: string): Promise<RotaRow> {
  return ownedRota(db, organisationId, rawRotaId);
}

/** One page of a rota's shifts on a day, by start time. */
export async function listRotaDayShifts(
  db: Database,
  organisationId: number,
  date: string,
  rawRotaId: string,
  page: { page: number; perPage: number },
): Promise<{ data: Shift[]; meta: PaginationMeta }> {
  const rota = await rotaOfDay(db, organisationId, rawRotaId);
  const { rows, total } = await listShiftsOfRotaOn(db, organisationId, rota.id, date, page);
  return { data: rows.map(shiftToWire), meta: { current_page: page.page, per_page: page.perPage, total } };
}

/** Changes a shift of a rota's day (404 when the shift is not that rota's on that day). */
export async function changeRotaDayShift(
  db: Database,
  organisationId: number,
  date: string,
  rawRotaId: string,
  rawId: string,
  body: Partial<RotaDayShiftBody>,
): Promise<Shift> {
  const rota = await rotaOfDay(db, organisationId, rawRotaId);
  return changeShift(db, organisationId, rawId, body, { rotaId: rota.id, date });
}

/** Deletes a shift of a rota's day with its signups (404 when it is not that rota's on that day). */
export async function deleteRotaDayShift(
  db: Database,
  organisationId: number,
  date: string,
  rawRotaId: string,
  rawId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rota = await rotaOfDay(tx, organisationId, rawRotaId);
    const shift = await findShift(tx, organisationId, rowId(rawId, 'shift'));
    if (!shift || shift.rotaId !== rota.id || shift.date !== date) {
      throw notFound('shift');
    }
    await deleteShift(tx, organisationId, shift.id);
  });
}

// Repeating shifts (`/repeating-shifts/` store, update and delete).

/** Plans the rule's dates from today to the horizon as shifts, each date once. */
async function planOccurrences(tx: Executor, rule: RepeatingShiftRow, today: string): Promise<void> {
  const dates = occurrenceDates(rule, today, addDays(today, PLANNING_HORIZON_DAYS));
  const values: ShiftInsert[] = dates.map((date) => ({
    organisationId: rule.organisationId,
    rotaId: rule.rotaId,
    timeslotId: rule.timeslotId,
    teamId: rule.teamId,
    repeatingShiftId: rule.id,
    name: rule.name,
    date,
    startTime: rule.startTime,
    endTime: rule.endTime,
    capacity: rule.capacity,
    notes: rule.notes,
  }));
  await insertPlannedShifts(tx, values);
}

function checkDates(startDate: string, endDate: string | null, errors: FieldErrors): void {
  if (endDate !== null && endDate < startDate) {
    errors.add('end_date', messages.endDate);
  }
}

/** Stores a repeating shift and plans its dates up to the horizon as shifts. */
export async function storeRepeatingShift(
  db: Database,
  organisationId: number,
  body: RepeatingShiftBody,
  today: string,
): Promise<RepeatingShift> {
  return db.transaction(async (tx) => {
    const errors = new FieldErrors();
    await checkRota(tx, organisationId, body.rota_id, errors, true);
    await checkTeam(tx, organisationId, body.team_id, errors);
    const timeslot = await checkTimeslot(tx, organisationId, body.rota_id, body.timeslot_id, errors);
    const timing = resolveTiming(body, timeslot, null, errors);
    checkDates(body.start_date, body.end_date ?? null, errors);
    errors.throwIfAny();
    const values: RepeatingShiftInsert = {
      organisationId,
      rotaId: body.rota_id,
      timeslotId: body.timeslot_id ?? null,
      teamId: body.team_id ?? null,
      name: timing.name,
      weekday: body.weekday,
      startDate: body.start_date,
      endDate: body.end_date ?? null,
      startTime: timing.startTime ?? '',
      endTime: timing.endTime ?? '',
      capacity: timing.capacity,
      notes: body.notes ?? null,
      ...(body.every_weeks === undefined ? {} : { everyWeeks: body.every_weeks }),
    };
    const rule = await insertRepeatingShift(tx, values);
    await planOccurrences(tx, rule, today);
    return repeatingShiftToWire(rule);
  });
}

/**
 * Changes a repeating shift and plans it again: its future shifts that nobody has signed up to
 * are replaced by the new rule's; shifts people are on stay as they are.
 */
export async function changeRepeatingShift(
  db: Database,
  organisationId: number,
  rawId: string,
  body: Partial<RepeatingShiftBody>,
  today: string,
): Promise<RepeatingShift> {
  return db.transaction(async (tx) => {
    const existing = await findRepeatingShift(tx, organisationId, rowId(rawId, 'repeating shift'));
    if (!existing) {
      throw notFound('repeating shift');
    }
    const errors = new FieldErrors();
    const rotaId = body.rota_id ?? existing.rotaId;
    if (rotaId !== existing.rotaId) {
      await checkRota(tx, organisationId, rotaId, errors, true);
    }
    await checkTeam(tx, organisationId, body.team_id, errors);
    const timeslot = await updatedTimeslot(tx, organisationId, body.timeslot_id, existing, rotaId, errors);
    const timing = resolveTiming(body, timeslot, existing, errors);
    checkDates(
      body.start_date ?? existing.startDate,
      body.end_date === undefined ? existing.endDate : body.end_date,
      errors,
    );
    errors.throwIfAny();
    const rule = await updateRepeatingShift(
      tx,
      organisationId,
      existing.id,
      defined({
        rotaId: body.rota_id,
        timeslotId: body.timeslot_id,
        teamId: body.team_id,
        weekday: body.weekday,
        everyWeeks: body.every_weeks,
        startDate: body.start_date,
        endDate: body.end_date,
        notes: body.notes,
        name: timing.name,
        startTime: timing.startTime ?? undefined,
        endTime: timing.endTime ?? undefined,
        capacity: timing.capacity,
      }),
    );
    if (!rule) {
      throw notFound('repeating shift');
    }
    await deleteUnclaimedPlannedShifts(tx, organisationId, rule.id, today);
    await planOccurrences(tx, rule, today);
    return repeatingShiftToWire(rule);
  });
}

/**
 * Deletes a repeating shift with its future shifts that nobody has signed up to; past shifts and
 * shifts people are on stay, as one-offs.
 */
export async function destroyRepeatingShift(
  db: Database,
  organisationId: number,
  rawId: string,
  today: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const id = rowId(rawId, 'repeating shift');
    if (!(await findRepeatingShift(tx, organisationId, id))) {
      throw notFound('repeating shift');
    }
    await deleteUnclaimedPlannedShifts(tx, organisationId, id, today);
    await deleteRepeatingShift(tx, organisationId, id);
  });
}

// Signups (`/organisation/signups/` store and update).

function takesPlace(status: SignupStatus): boolean {
  return placeTakingSignupStatuses.includes(status);
}

/** 422 on `shift_id` when the locked shift has no place left for one more person. */
async function assertPlaceFree(tx: Executor, shift: ShiftRow, exceptId?: number): Promise<void> {
  if (shift.capacity !== null && (await countPlacesTaken(tx, shift.id, exceptId)) >= shift.capacity) {
    throw validationError({ shift_id: [messages.full] });
  }
}

/** Puts a person on a shift: once per shift, and only into a free place unless cancelled or no-show. */
export async function storeSignup(db: Database, organisationId: number, body: SignupBody): Promise<Signup> {
  return db.transaction(async (tx) => {
    // The shift row is locked so that two people cannot take its last place at once.
    const shift = await findShift(tx, organisationId, body.shift_id, true);
    const errors = new FieldErrors();
    if (!(await userExists(tx, organisationId, body.user_id))) {
      errors.add('user_id', messages.user);
    }
    if (!shift) {
      errors.add('shift_id', messages.shift);
      errors.throwIfAny();
      throw validationError({ shift_id: [messages.shift] });
    }
    errors.throwIfAny();
    if (await findSignupOf(tx, organisationId, shift.id, body.user_id)) {
      throw validationError({ user_id: [messages.duplicateSignup] });
    }
    const status = body.status ?? 'signed-up';
    if (takesPlace(status)) {
      await assertPlaceFree(tx, shift);
    }
    const row = await insertSignup(tx, organisationId, {
      shiftId: shift.id,
      userId: body.user_id,
      status,
      notes: body.notes ?? null,
    });
    return signupToWire(row);
  });
}

/** Changes a signup; taking a place again (or on another shift) needs a free place there. */
export async function changeSignup(
  db: Database,
  organisationId: number,
  rawId: string,
  body: Partial<SignupBody>,
): Promise<Signup> {
  return db.transaction(async (tx) => {
    const existing = await findSignup(tx, organisationId, rowId(rawId, 'signup'));
    if (!existing) {
      throw notFound('signup');
    }
    const shiftId = body.shift_id ?? existing.shiftId;
    const userId = body.user_id ?? existing.userId;
    const status = body.status ?? existing.status;
    const shift = await findShift(tx, organisationId, shiftId, true);
    const errors = new FieldErrors();
    if (userId !== existing.userId && !(await userExists(tx, organisationId, userId))) {
      errors.add('user_id', messages.user);
    }
    if (!shift) {
      errors.add('shift_id', messages.shift);
      errors.throwIfAny();
      throw validationError({ shift_id: [messages.shift] });
    }
    errors.throwIfAny();
    if (
      (shiftId !== existing.shiftId || userId !== existing.userId) &&
      (await findSignupOf(tx, organisationId, shiftId, userId, existing.id))
    ) {
      throw validationError({ user_id: [messages.duplicateSignup] });
    }
    const tookPlaceHere = shiftId === existing.shiftId && takesPlace(existing.status);
    if (takesPlace(status) && !tookPlaceHere) {
      await assertPlaceFree(tx, shift, existing.id);
    }
    const row = await updateSignup(
      tx,
      organisationId,
      existing.id,
      defined({ shiftId: body.shift_id, userId: body.user_id, status: body.status, notes: body.notes }),
    );
    return signupToWire(row ?? existing);
  });
}

// Named calls.

/** PUT `/organisation/rotas/bulk`: changes several rotas in one transaction, all or none. */
export async function bulkUpdateRotas(
  db: Database,
  organisationId: number,
  body: RotaBulkBody,
): Promise<Rota[]> {
  return db.transaction(async (tx) => {
    const ids = body.rotas.map((item) => item.id);
    const found = new Set((await listRotasByIds(tx, organisationId, ids)).map((rota) => rota.id));
    const teamIds = body.rotas.flatMap((item) => (typeof item.team_id === 'number' ? [item.team_id] : []));
    const teams = await existingTeamIds(tx, organisationId, teamIds);
    const errors = new FieldErrors();
    const seen = new Set<number>();
    body.rotas.forEach((item, index) => {
      if (!found.has(item.id)) {
        errors.add(`rotas.${index}.id`, messages.rota);
      } else if (seen.has(item.id)) {
        errors.add(`rotas.${index}.id`, 'Each rota may be listed once.');
      }
      seen.add(item.id);
      if (typeof item.team_id === 'number' && !teams.has(item.team_id)) {
        errors.add(`rotas.${index}.team_id`, messages.team);
      }
    });
    errors.throwIfAny();
    const changed: Rota[] = [];
    for (const item of body.rotas) {
      const values = defined({
        name: item.name,
        description: item.description,
        teamId: item.team_id,
        active: item.active,
      });
      const row =
        Object.keys(values).length === 0
          ? await findRota(tx, organisationId, item.id)
          : await updateRota(tx, organisationId, item.id, values);
      if (!row) {
        throw notFound('rota');
      }
      changed.push(rotaToWire(row));
    }
    return changed;
  });
}

/** POST `/organisation/rotas/replace`: the rota is staffed from exactly these teams afterwards. */
export async function replaceRotaTeams(
  db: Database,
  organisationId: number,
  body: RotaReplaceBody,
): Promise<RotaTeam[]> {
  return db.transaction(async (tx) => {
    // Locked, so that two replaces of one rota end with one of the two lists, never a mixture.
    const rota = await findRota(tx, organisationId, body.rota_id, true);
    if (!rota) {
      throw validationError({ rota_id: [messages.rota] });
    }
    const teamIds = [...new Set(body.team_ids)];
    const teams = await existingTeamIds(tx, organisationId, teamIds);
    const errors = new FieldErrors();
    body.team_ids.forEach((teamId, index) => {
      if (!teams.has(teamId)) {
        errors.add(`team_ids.${index}`, messages.team);
      }
    });
    errors.throwIfAny();
    await deleteRotaTeamsExcept(tx, organisationId, rota.id, teamIds);
    await insertRotaTeams(tx, organisationId, rota.id, teamIds);
    return (await listRotaTeams(tx, organisationId, rota.id)).map(rotaTeamToWire);
  });
}

/**
 * PUT `/rota/{rotaId}/timeslots`: the rota's timeslots become the list, in its order. Listed ids
 * are kept and changed, items without an id are added, the rest removed (their shifts keep their
 * own times). With `update_shifts_from`, shifts from that date on that follow a kept timeslot take
 * its new name, times and places.
 */
export async function setRotaTimeslots(
  db: Database,
  organisationId: number,
  rawRotaId: string,
  body: RotaTimeslotsBody,
  query: RotaTimeslotsQuery,
): Promise<RotaTimeslot[]> {
  return db.transaction(async (tx) => {
    const rotaId = rowId(rawRotaId, 'rota');
    const rota = await findRota(tx, organisationId, rotaId, true);
    if (!rota) {
      throw notFound('rota');
    }
    const current = new Set((await listTimeslots(tx, organisationId, rota.id)).map((slot) => slot.id));
    const errors = new FieldErrors();
    const seen = new Set<number>();
    body.timeslots.forEach((slot, index) => {
      if (slot.id === undefined) {
        return;
      }
      if (!current.has(slot.id)) {
        errors.add(`timeslots.${index}.id`, messages.timeslot);
      } else if (seen.has(slot.id)) {
        errors.add(`timeslots.${index}.id`, 'Each timeslot may be listed once.');
      }
      seen.add(slot.id);
    });
    errors.throwIfAny();
    const kept = body.timeslots.flatMap((slot) => (slot.id === undefined ? [] : [slot.id]));
    await deleteTimeslotsExcept(tx, organisationId, rota.id, kept);
    for (const [position, slot] of body.timeslots.entries()) {
      const values = {
        name: slot.name,
        startTime: slot.start_time,
        endTime: slot.end_time,
        capacity: slot.capacity ?? null,
        position,
      };
      if (slot.id === undefined) {
        await insertTimeslot(tx, organisationId, rota.id, values);
      } else {
        await updateTimeslot(tx, organisationId, rota.id, slot.id, values);
      }
    }
    const timeslots = await listTimeslots(tx, organisationId, rota.id);
    if (query.update_shifts_from !== undefined) {
      for (const timeslot of timeslots.filter((slot) => kept.includes(slot.id))) {
        await updateShiftsOfTimeslot(tx, organisationId, timeslot, query.update_shifts_from);
      }
    }
    return timeslots.map(timeslotToWire);
  });
}

/**
 * GET `/rota/teams/`: the teams that have rotas (running them or staffing them), by name. With a
 * date, only the teams with shifts that day (a shift's team is its own, else its rota's), with
 * only the rotas that have them and how many.
 */
export async function listTeamsWithRotas(
  db: Executor,
  organisationId: number,
  query: RotaTeamsQuery,
): Promise<RotaTeamSummary[]> {
  const activeWanted = (active: boolean) =>
    query.active === 'all' || (query.active === 'false' ? !active : active);
  const byTeam = new Map<number, { rotaIds: Set<number>; shiftCount: number }>();
  const entry = (teamId: number) => {
    let found = byTeam.get(teamId);
    if (!found) {
      found = { rotaIds: new Set(), shiftCount: 0 };
      byTeam.set(teamId, found);
    }
    return found;
  };
  if (query.date === undefined) {
    for (const link of await listTeamRotaLinks(db, organisationId)) {
      if (activeWanted(link.active) && (query.rota_id === undefined || link.rotaId === query.rota_id)) {
        entry(link.teamId).rotaIds.add(link.rotaId);
      }
    }
  } else {
    const rows = await listShiftsOn(db, organisationId, query.date, {
      ...(query.rota_id === undefined ? {} : { rotaId: query.rota_id }),
    });
    for (const { shift, rota } of rows) {
      const teamId = shift.teamId ?? rota.teamId;
      if (teamId !== null && activeWanted(rota.active)) {
        const found = entry(teamId);
        found.rotaIds.add(rota.id);
        found.shiftCount += 1;
      }
    }
  }
  const teams = await listTeamsByIds(db, organisationId, [...byTeam.keys()]);
  return teams.map((team) => {
    const found = byTeam.get(team.id);
    return {
      id: team.id,
      name: team.name,
      rota_ids: [...(found?.rotaIds ?? [])].sort((a, b) => a - b),
      shift_count: found?.shiftCount ?? 0,
    };
  });
}

const NO_TEAM = 'No team';

/** `Tuesday 1 December 2026` for `2026-12-01` (built from parts, whatever the ICU data's punctuation). */
export function longDate(date: string): string {
  const value = new Date(`${date}T00:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(value);
  return `${part({ weekday: 'long' })} ${part({ day: 'numeric' })} ${part({ month: 'long' })} ${part({ year: 'numeric' })}`;
}

/** When a print was made, in the organisation's zone: `1 December 2026, 08:15 GMT` (UTC for an unknown zone). */
function printedAt(now: Date, timeZone: string): string {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const day = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zone,
  }).format(now);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    timeZone: zone,
  }).format(now);
  return `${day}, ${time}`;
}

/**
 * GET `/rota/{date}/pdf`: the day's rota as a PDF: the shifts of active rotas by team (the
 * shift's team, else its rota's) and time, each with its places and the names of the people
 * taking one (signed up, confirmed or attended); closed rotas and day notes at the top.
 */
export async function rotaDayPdf(
  db: Executor,
  organisation: { id: number; name: string; timezone: string },
  date: string,
  query: RotaPdfQuery,
  now: Date = new Date(),
): Promise<{ filename: string; pdf: Buffer }> {
  const organisationId = organisation.id;
  const scopeParts: string[] = [];
  if (query.rota_id !== undefined) {
    const rota = await findRota(db, organisationId, query.rota_id);
    if (!rota) {
      throw notFound('rota');
    }
    scopeParts.push(`Rota: ${rota.name}`);
  }
  if (query.team_id !== undefined) {
    const [team] = await listTeamsByIds(db, organisationId, [query.team_id]);
    if (!team) {
      throw notFound('team');
    }
    scopeParts.push(`Team: ${team.name}`);
  }
  const rows = await listShiftsOn(db, organisationId, date, {
    activeRotas: true,
    ...(query.rota_id === undefined ? {} : { rotaId: query.rota_id }),
    ...(query.team_id === undefined ? {} : { teamId: query.team_id }),
  });
  const people = await listSignupsOfShifts(
    db,
    organisationId,
    rows.map((row) => row.shift.id),
  );
  const teamIds = [
    ...new Set(
      rows.flatMap(({ shift, rota }) => {
        const teamId = shift.teamId ?? rota.teamId;
        return teamId === null ? [] : [teamId];
      }),
    ),
  ];
  const teamNames = new Map(
    (await listTeamsByIds(db, organisationId, teamIds)).map((team) => [team.id, team.name]),
  );

  const groups = new Map<string, RotaPdfShift[]>();
  for (const { shift, rota } of rows) {
    const teamId = shift.teamId ?? rota.teamId;
    const teamName = (teamId === null ? undefined : teamNames.get(teamId)) ?? NO_TEAM;
    const onShift = people
      .filter((person) => person.shiftId === shift.id && takesPlace(person.status))
      .map((person) => ({ name: displayNameOf(person), status: person.status }));
    const overnight = shift.endTime <= shift.startTime ? ' (next day)' : '';
    const list = groups.get(teamName) ?? [];
    list.push({
      time: `${shift.startTime}–${shift.endTime}${overnight}`,
      title: shift.name ?? rota.name,
      rotaName: rota.name,
      capacity: shift.capacity,
      people: onShift,
      notes: shift.notes,
    });
    groups.set(teamName, list);
  }
  const teamOrder = [...groups.keys()].sort((a, b) =>
    a === NO_TEAM ? 1 : b === NO_TEAM ? -1 : a.localeCompare(b, 'en-GB'),
  );

  const days = (await listRotaDaysOn(db, organisationId, date)).filter(
    (day) =>
      (day.closed || day.notes !== null) && (query.rota_id === undefined || day.rotaId === query.rota_id),
  );
  const dayRotas = new Map(
    (
      await listRotasByIds(
        db,
        organisationId,
        days.map((day) => day.rotaId),
      )
    ).map((rota) => [rota.id, rota]),
  );
  const dayNotes = days.flatMap((day) => {
    const rota = dayRotas.get(day.rotaId);
    return rota && rota.active ? [{ rotaName: rota.name, closed: day.closed, notes: day.notes }] : [];
  });

  const printable: RotaPdfDay = {
    organisationName: organisation.name,
    dateLabel: longDate(date),
    scope: scopeParts.length > 0 ? scopeParts.join(' · ') : null,
    printedAt: printedAt(now, organisation.timezone),
    dayNotes: dayNotes.sort((a, b) => a.rotaName.localeCompare(b.rotaName, 'en-GB')),
    teams: teamOrder.map((name) => ({ name, shifts: groups.get(name) ?? [] })),
  };
  return { filename: `rota-${date}.pdf`, pdf: await renderRotaPdf(printable) };
}
