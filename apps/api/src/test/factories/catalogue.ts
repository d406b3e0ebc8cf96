import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { consents, countries, motivations, roleProfiles, teams, terms } from '../../db/schema/index.js';
import { countryRows } from '../../db/seed/reference-data.js';
import { createAccount, sessionTokenFor } from './auth.js';
import { createOrganisation } from './organisation.js';
import { insertedRow } from '../../db/rows.js';

const suffix = () => randomBytes(3).toString('hex');

/** A term of the organisation (unique name unless given). */
export async function createTermRow(
  db: Executor,
  organisationId: number,
  overrides: Partial<Omit<typeof terms.$inferInsert, 'organisationId'>> = {},
) {
  const rows = await db
    .insert(terms)
    .values({ organisationId, name: `Terms ${suffix()}`, link: 'https://example.test/terms', ...overrides })
    .returning();
  return insertedRow(rows, 'term');
}

/** A motivation of the organisation. */
export async function createMotivationRow(
  db: Executor,
  organisationId: number,
  overrides: Partial<Omit<typeof motivations.$inferInsert, 'organisationId'>> = {},
) {
  const rows = await db
    .insert(motivations)
    .values({ organisationId, content: `Motivation ${suffix()}`, ...overrides })
    .returning();
  return insertedRow(rows, 'motivation');
}

/** A team of the organisation (top level unless `parentId` is given). */
export async function createTeamRow(
  db: Executor,
  organisationId: number,
  overrides: Partial<Omit<typeof teams.$inferInsert, 'organisationId'>> = {},
) {
  const rows = await db
    .insert(teams)
    .values({ organisationId, name: `Team ${suffix()}`, ...overrides })
    .returning();
  return insertedRow(rows, 'team');
}

/** A role profile of the organisation. */
export async function createRoleProfileRow(
  db: Executor,
  organisationId: number,
  overrides: Partial<Omit<typeof roleProfiles.$inferInsert, 'organisationId'>> = {},
) {
  const rows = await db
    .insert(roleProfiles)
    .values({ organisationId, displayName: `Role ${suffix()}`, ...overrides })
    .returning();
  return insertedRow(rows, 'role profile');
}

/** A consent question of the organisation (a single checkbox unless told otherwise), without options. */
export async function createConsentRow(
  db: Executor,
  organisationId: number,
  overrides: Partial<Omit<typeof consents.$inferInsert, 'organisationId'>> = {},
) {
  const rows = await db
    .insert(consents)
    .values({ organisationId, statement: `I agree ${suffix()}`, type: 'checkbox', ...overrides })
    .returning();
  return insertedRow(rows, 'consent');
}

/** Loads every country the telephone library knows (global reference data); answers how many. */
export async function loadCountries(db: Executor): Promise<number> {
  const rows = countryRows();
  await db.insert(countries).values(rows).onConflictDoNothing();
  return rows.length;
}

/**
 * `Authorization` headers of a newly created user of the organisation holding exactly these
 * permissions, with a real session token.
 */
export async function bearerFor(
  app: FastifyInstance,
  organisationId: number,
  permissions: string[],
): Promise<{ authorization: string }> {
  const account = await createAccount(app.db, organisationId, { permissions });
  return { authorization: `Bearer ${await sessionTokenFor(app, organisationId, account.id)}` };
}

/**
 * A new organisation with its host and one signed-in caller per entry of `permissionsByCaller`,
 * each as the headers to call with (`host` and `authorization`).
 */
export async function createTenant<Caller extends string>(
  app: FastifyInstance,
  permissionsByCaller: Record<Caller, string[]>,
) {
  const organisation = await createOrganisation(app.db);
  const host = organisation.hosts[0] ?? '';
  const callers = {} as Record<Caller, { host: string; authorization: string }>;
  for (const [caller, permissions] of Object.entries(permissionsByCaller) as [Caller, string[]][]) {
    callers[caller] = { host, ...(await bearerFor(app, organisation.id, permissions)) };
  }
  return { id: organisation.id, host, ...callers };
}
