import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { roleProfiles, teams } from '../../db/schema/index.js';
import {
  insertAttribute,
  insertConsent,
  insertOpportunity,
  insertQuestion,
  type AttributeInput,
  type ConsentInput,
  type CustomFieldInput,
  type OpportunityInput,
} from '../../db/seed/builders.js';
import { assertInserted } from '../../db/rows.js';

export type OpportunityOverrides = Partial<Omit<OpportunityInput, 'sections'>> & {
  sections?: OpportunityInput['sections'];
};

/** A team of the organisation. */
export async function createTeam(db: Executor, organisationId: number, name = `Team ${randomBytes(3).toString('hex')}`) {
  const [team] = await db.insert(teams).values({ organisationId, name }).returning();
  assertInserted(team, 'team');
  return team;
}

/** A role profile of the organisation. */
export async function createRoleProfile(
  db: Executor,
  organisationId: number,
  overrides: Partial<Omit<typeof roleProfiles.$inferInsert, 'organisationId'>> = {},
) {
  const [roleProfile] = await db
    .insert(roleProfiles)
    .values({ organisationId, displayName: `Role ${randomBytes(3).toString('hex')}`, ...overrides })
    .returning();
  assertInserted(roleProfile, 'role profile');
  return roleProfile;
}

/**
 * A published One-off opportunity with the given steps (default: basic-details then
 * review-apply). A team and a role profile are created unless their ids are given.
 */
export async function createOpportunity(db: Executor, organisationId: number, overrides: OpportunityOverrides = {}) {
  const { sections, teamId, roleProfileId, ...fields } = overrides;
  return db.transaction(async (tx) => {
    const team = teamId ?? (await createTeam(tx, organisationId)).id;
    const roleProfile = roleProfileId ?? (await createRoleProfile(tx, organisationId)).id;
    const slug = fields.slug ?? `opportunity-${randomBytes(4).toString('hex')}`;
    return insertOpportunity(tx, organisationId, {
      type: 'One-off',
      displayName: `Opportunity ${slug}`,
      publicUrl: `/apply/${slug}`,
      published: true,
      ...fields,
      slug,
      teamId: team,
      roleProfileId: roleProfile,
      sections: sections ?? [{ type: 'basic-details' }, { type: 'review-apply' }],
    });
  });
}

/** An attribute (custom profile field) with its options; a unique slug unless given. */
export async function createAttribute(db: Executor, organisationId: number, overrides: Partial<AttributeInput> = {}) {
  return insertAttribute(db, organisationId, {
    slug: `attribute-${randomBytes(4).toString('hex')}`,
    name: 'Attribute',
    type: 'text',
    ...overrides,
  });
}

/** A custom question with its options; a unique slug unless given. */
export async function createQuestion(db: Executor, organisationId: number, overrides: Partial<CustomFieldInput> = {}) {
  return insertQuestion(db, organisationId, {
    slug: `question-${randomBytes(4).toString('hex')}`,
    name: 'Question',
    type: 'text',
    ...overrides,
  });
}

/** A consent question with its options (default: a single "I agree" checkbox). */
export async function createConsent(db: Executor, organisationId: number, overrides: Partial<ConsentInput> = {}) {
  return insertConsent(db, organisationId, {
    statement: 'I agree to the statement.',
    type: 'checkbox',
    options: ['I agree'],
    ...overrides,
  });
}
