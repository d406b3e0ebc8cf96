import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { seedUserStatuses, USER_STATUS } from '../../db/seed/reference-data.js';
import { roleProfiles, teams, userEmailAddresses, userRoles, users } from '../../db/schema/index.js';
import { createUser } from '../../test/factories/user.js';

/*
 * Test data of the export tests: volunteers whose details are known in plain data, so that an
 * export's expected rows are worked out in the test rather than by the export's SQL.
 */

/** One volunteer as the tests know them. */
export type Volunteer = {
  id: number;
  title: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  dob: string | null;
  /** Team names of their current roles. */
  teams: string[];
  /** Role profile names they hold now. */
  roles: string[];
};

export type VolunteerInput = Partial<Omit<Volunteer, 'id' | 'teams' | 'roles'>> & {
  /** Current roles: `[team name, role profile name]`. */
  roles?: Array<[string, string]>;
};

/** Teams and role profiles of the organisation by name, made on first use. */
async function teamAndRole(db: Executor, organisationId: number, team: string, role: string) {
  const [existingTeam] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.organisationId, organisationId), eq(teams.name, team)));
  const teamRow =
    existingTeam ?? (await db.insert(teams).values({ organisationId, name: team }).returning())[0];
  const [existingRole] = await db
    .select()
    .from(roleProfiles)
    .where(and(eq(roleProfiles.organisationId, organisationId), eq(roleProfiles.displayName, role)));
  const roleRow =
    existingRole ??
    (await db.insert(roleProfiles).values({ organisationId, displayName: role }).returning())[0];
  if (!teamRow || !roleRow) {
    throw new Error('team or role profile insert returned nothing');
  }
  return { teamId: teamRow.id, roleProfileId: roleRow.id };
}

/** An active volunteer with the given details (and roles), through the user factory. */
export async function createVolunteer(
  db: Executor,
  organisationId: number,
  input: VolunteerInput = {},
): Promise<Volunteer> {
  const suffix = randomBytes(4).toString('hex');
  const details = {
    title: input.title ?? null,
    firstName: input.firstName ?? 'Vol',
    lastName: input.lastName ?? `Unteer ${suffix}`,
    email: input.email === undefined ? `volunteer-${suffix}@example.test` : input.email,
    phone: input.phone ?? null,
    dob: input.dob === undefined ? '1990-01-01' : input.dob,
  };
  const user = await createUser(db, organisationId, {
    title: details.title,
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    phoneNumber: details.phone,
    dob: details.dob,
    statusId: USER_STATUS.active,
  });
  for (const [team, role] of input.roles ?? []) {
    const ids = await teamAndRole(db, organisationId, team, role);
    await db.insert(userRoles).values({ organisationId, userId: user.id, ...ids });
  }
  const roles = input.roles ?? [];
  return {
    id: user.id,
    ...details,
    teams: [...new Set(roles.map(([team]) => team))].sort(),
    roles: [...new Set(roles.map(([, role]) => role))].sort(),
  };
}

/**
 * Many active volunteers at once (the restart tests need an export that takes a while): inserted
 * in batches, each with a primary email address. Answers their ids in order.
 */
export async function createManyVolunteers(
  db: Executor,
  organisationId: number,
  count: number,
): Promise<number[]> {
  await seedUserStatuses(db);
  const ids: number[] = [];
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    const inserted = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, index) => ({
          organisationId,
          firstName: `Volunteer`,
          lastName: `Number ${start + index + 1}`,
          statusId: USER_STATUS.active,
        })),
      )
      .returning({ id: users.id });
    await db.insert(userEmailAddresses).values(
      inserted.map((row) => ({
        organisationId,
        userId: row.id,
        email: `many-${row.id}@example.test`,
        primary: true,
      })),
    );
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** A CSV file's rows as text, read back with csv-parse (the byte-order mark dropped). */
export function readCsv(input: Buffer): string[][] {
  const rows: unknown = parse(input, { bom: true });
  return rows as string[][];
}
