import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { insertedRow } from '../../db/rows.js';
import {
  activities,
  activityCategories,
  activityOutcomes,
  activityParticipants,
  hubDocuments,
  hubDocumentViews,
  newsArticleReads,
  newsArticles,
  roleProfiles,
  teams,
  userRoles,
} from '../../db/schema/index.js';
import { callAs, createTenant, type Caller, type Tenant } from '../tenant.js';
import { createStoredFile } from './files.js';
import { createUser } from './user.js';

/*
 * Rows of activities, news and the hub (db/schema/activities.ts, content.ts) for tests, and the
 * hand-built organisation the activities, news and hub report tests share: its plan is plain data,
 * so each test works out the right answer from the plan, never from the reports' SQL.
 */

const suffix = () => randomBytes(3).toString('hex');

type Fields<Table extends { $inferInsert: object }> = Partial<Omit<Table['$inferInsert'], 'organisationId'>>;

/** An activity starting now unless told otherwise. */
export async function createActivityRow(
  db: Executor,
  organisationId: number,
  fields: Fields<typeof activities> = {},
) {
  return insertedRow(
    await db
      .insert(activities)
      .values({
        organisationId,
        title: `Activity ${suffix()}`,
        startsAt: new Date().toISOString(),
        ...fields,
      })
      .returning(),
    'activity',
  );
}

/** A person's part in an activity. */
export async function createParticipantRow(
  db: Executor,
  organisationId: number,
  activityId: number,
  userId: number,
  fields: Omit<Fields<typeof activityParticipants>, 'activityId' | 'userId'> = {},
) {
  return insertedRow(
    await db
      .insert(activityParticipants)
      .values({ organisationId, activityId, userId, ...fields })
      .returning(),
    'participant',
  );
}

/** A news article, unpublished unless `publishedAt` is given. */
export async function createNewsArticleRow(
  db: Executor,
  organisationId: number,
  fields: Fields<typeof newsArticles> = {},
) {
  return insertedRow(
    await db
      .insert(newsArticles)
      .values({ organisationId, title: `News ${suffix()}`, body: 'Text of the article.', ...fields })
      .returning(),
    'news article',
  );
}

/** That the user read the article at `readAt`. */
export async function recordNewsRead(
  db: Executor,
  organisationId: number,
  articleId: number,
  userId: number,
  readAt: string,
) {
  await db.insert(newsArticleReads).values({ organisationId, articleId, userId, readAt });
}

/** A hub document with a file of its own, unpublished unless `publishedAt` is given. */
export async function createHubDocumentRow(
  db: Executor,
  organisationId: number,
  fields: Omit<Fields<typeof hubDocuments>, 'fileId'> = {},
) {
  const file = await createStoredFile(db, organisationId, { ephemeral: false });
  return insertedRow(
    await db
      .insert(hubDocuments)
      .values({ organisationId, title: `Document ${suffix()}`, fileId: file.id, ...fields })
      .returning(),
    'hub document',
  );
}

/** That the user opened (`view`) or downloaded the document at `at`. */
export async function recordHubOpening(
  db: Executor,
  organisationId: number,
  documentId: number,
  userId: number,
  kind: 'view' | 'download',
  at: string,
) {
  await db.insert(hubDocumentViews).values({ organisationId, documentId, userId, kind, viewedAt: at });
}

// ——— The shared hand-built organisation ———

export type TeamKey = 'north' | 'south';
export type RoleKey = 'driver' | 'steward';

/** A role a person holds: from a day (given at 09:00 UTC) until a day (null: still held). */
export type PlannedRole = { team: TeamKey; role: RoleKey; from: string; until: string | null };

/** A person of the plan, by a short key, with their name and roles. */
export type PlannedPerson = { key: string; firstName: string; lastName: string; roles: PlannedRole[] };

/** The whole plan of an organisation's people, in plain data. */
export type PeoplePlan = readonly PlannedPerson[];

/**
 * The organisation's people: drivers and stewards of two teams over 2024–2026, one person with no
 * role at all (staff who still take part) and one who never takes part.
 */
export const PEOPLE: PeoplePlan = [
  {
    key: 'ann',
    firstName: 'Ann',
    lastName: 'Adams',
    roles: [{ team: 'north', role: 'driver', from: '2025-01-01', until: null }],
  },
  {
    key: 'ben',
    firstName: 'Ben',
    lastName: 'Brown',
    roles: [{ team: 'north', role: 'steward', from: '2025-06-01', until: '2026-02-28' }],
  },
  {
    key: 'cat',
    firstName: 'Cat',
    lastName: 'Clark',
    roles: [{ team: 'south', role: 'driver', from: '2026-01-01', until: null }],
  },
  {
    key: 'dan',
    firstName: 'Dan',
    lastName: 'Dale',
    roles: [{ team: 'south', role: 'steward', from: '2024-01-01', until: '2025-12-31' }],
  },
  { key: 'eve', firstName: 'Eve', lastName: 'Evans', roles: [] },
  {
    key: 'fay',
    firstName: 'Fay',
    lastName: 'Ford',
    roles: [
      { team: 'north', role: 'driver', from: '2025-03-01', until: null },
      { team: 'south', role: 'steward', from: '2026-02-01', until: null },
    ],
  },
];

/** True when the role was held on some day from `from` to `to` (both included). */
export function heldOnSomeDay(role: PlannedRole, from: string, to: string): boolean {
  return role.from <= to && (role.until === null || role.until >= from);
}

/**
 * True when the person held a role in one of `teams` (any when empty) and of one of `roles` (any
 * when empty) on some day of the period: what "in the chosen teams and role profiles" means.
 */
export function inFilters(
  person: PlannedPerson,
  period: { from: string; to: string },
  teamsChosen: readonly TeamKey[],
  rolesChosen: readonly RoleKey[],
): boolean {
  if (teamsChosen.length === 0 && rolesChosen.length === 0) {
    return true;
  }
  return person.roles.some(
    (role) =>
      heldOnSomeDay(role, period.from, period.to) &&
      (teamsChosen.length === 0 || teamsChosen.includes(role.team)) &&
      (rolesChosen.length === 0 || rolesChosen.includes(role.role)),
  );
}

/** The calendar day of an instant in the organisation's time zone (Europe/London, the default). */
export function londonDay(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/** The ids the tests call the API with, by the plan's keys. */
export type PlanIds = {
  team: Record<TeamKey, number>;
  role: Record<RoleKey, number>;
  person: Record<string, number>;
};

/** An organisation, its callers (a reader of reports, someone without permissions) and its people. */
export type PlannedOrganisation = {
  tenant: Tenant;
  reader: Caller;
  nobody: Caller;
  ids: PlanIds;
};

/**
 * Makes an organisation with the plan's teams, role profiles and people (each role given at 09:00
 * UTC on its first day), and a reader holding `view-reports`.
 */
export async function createPlannedOrganisation(
  app: FastifyInstance,
  people: PeoplePlan = PEOPLE,
): Promise<PlannedOrganisation> {
  const tenant = await createTenant(app);
  const reader = await tenant.person(['view-reports']);
  const nobody = await tenant.person([]);
  const ids: PlanIds = { team: { north: 0, south: 0 }, role: { driver: 0, steward: 0 }, person: {} };
  for (const name of ['north', 'south'] as const) {
    const [row] = await app.db.insert(teams).values({ organisationId: tenant.id, name }).returning();
    ids.team[name] = row?.id ?? 0;
  }
  for (const name of ['driver', 'steward'] as const) {
    const [row] = await app.db
      .insert(roleProfiles)
      .values({ organisationId: tenant.id, displayName: name })
      .returning();
    ids.role[name] = row?.id ?? 0;
  }
  for (const person of people) {
    const user = await createUser(app.db, tenant.id, {
      firstName: person.firstName,
      lastName: person.lastName,
    });
    ids.person[person.key] = user.id;
    for (const role of person.roles) {
      await app.db.insert(userRoles).values({
        organisationId: tenant.id,
        userId: user.id,
        teamId: ids.team[role.team],
        roleProfileId: ids.role[role.role],
        endDate: role.until,
        createdAt: new Date(`${role.from}T09:00:00Z`),
      });
    }
  }
  return { tenant, reader, nobody, ids };
}

// ——— Activities of the plan ———

export type CategoryKey = 'conservation' | 'befriending';
export type OutcomeKey = 'completed' | 'cancelled' | 'postponed';

/** An activity of the plan: times in UTC. */
export type PlannedActivity = {
  key: string;
  title: string;
  team: TeamKey | null;
  category: CategoryKey | null;
  outcome: OutcomeKey | null;
  startsAt: string;
  endsAt: string | null;
  hours: number | null;
  guests: number;
};

/** Someone's part in an activity of the plan. */
export type PlannedPart = {
  person: string;
  activity: string;
  hours: number | null;
  attended: boolean | null;
};

/** The outcomes the organisation offers; `postponed` is retired and never used. */
export const OUTCOMES: readonly { key: OutcomeKey; name: string; active: boolean }[] = [
  { key: 'completed', name: 'Completed', active: true },
  { key: 'cancelled', name: 'Cancelled', active: true },
  { key: 'postponed', name: 'Postponed', active: false },
];

/**
 * The activities of 2026. London is on summer time from 29 March, so `spring` (23:30 UTC on
 * 31 March) falls on 1 April there, and `mayday` (23:30 UTC on 30 April) on 1 May.
 */
export const ACTIVITIES: readonly PlannedActivity[] = [
  {
    key: 'winter',
    title: 'Winter hedge laying',
    team: 'north',
    category: 'conservation',
    outcome: 'completed',
    startsAt: '2026-01-15T09:00:00Z',
    endsAt: null,
    hours: null,
    guests: 0,
  },
  {
    key: 'march',
    title: 'Care home visit',
    team: 'south',
    category: 'befriending',
    outcome: null,
    startsAt: '2026-03-01T10:00:00Z',
    endsAt: '2026-03-01T12:30:00Z',
    hours: null,
    guests: 0,
  },
  {
    key: 'spring',
    title: 'Night bat survey',
    team: 'north',
    category: 'conservation',
    outcome: 'completed',
    startsAt: '2026-03-31T23:30:00Z',
    endsAt: '2026-04-01T02:30:00Z',
    hours: 3,
    guests: 5,
  },
  {
    key: 'mayday',
    title: 'May Day fair',
    team: null,
    category: null,
    outcome: 'cancelled',
    startsAt: '2026-04-30T23:30:00Z',
    endsAt: null,
    hours: 1.5,
    guests: 20,
  },
  {
    key: 'autumn',
    title: 'Autumn tree planting',
    team: 'south',
    category: 'conservation',
    outcome: null,
    startsAt: '2026-10-10T09:00:00Z',
    endsAt: '2026-10-10T13:20:00Z',
    hours: null,
    guests: 2,
  },
  {
    key: 'lastyear',
    title: 'Christmas collection',
    team: 'north',
    category: 'befriending',
    outcome: 'completed',
    startsAt: '2025-12-20T10:00:00Z',
    endsAt: null,
    hours: 2,
    guests: 0,
  },
];

/** Who took part in what. */
export const PARTS: readonly PlannedPart[] = [
  { person: 'ann', activity: 'winter', hours: 1.25, attended: true },
  { person: 'ann', activity: 'march', hours: 4, attended: true },
  { person: 'ann', activity: 'spring', hours: null, attended: true },
  { person: 'ann', activity: 'mayday', hours: null, attended: false },
  { person: 'ann', activity: 'lastyear', hours: null, attended: true },
  { person: 'ben', activity: 'spring', hours: null, attended: true },
  { person: 'ben', activity: 'mayday', hours: null, attended: true },
  { person: 'cat', activity: 'march', hours: null, attended: true },
  { person: 'cat', activity: 'spring', hours: null, attended: null },
  { person: 'cat', activity: 'autumn', hours: null, attended: true },
  { person: 'dan', activity: 'winter', hours: null, attended: true },
  { person: 'eve', activity: 'spring', hours: 2.75, attended: true },
  { person: 'eve', activity: 'winter', hours: null, attended: true },
  { person: 'eve', activity: 'autumn', hours: 0.5, attended: false },
];

/** The hours a part is credited with: the person's own, else the activity's, else start to end, else none. */
export function hoursOfPart(part: PlannedPart): number {
  const activity = ACTIVITIES.find((candidate) => candidate.key === part.activity);
  if (!activity) {
    throw new Error(`no activity ${part.activity}`);
  }
  if (part.hours !== null) {
    return part.hours;
  }
  if (activity.hours !== null) {
    return activity.hours;
  }
  return activity.endsAt ? (Date.parse(activity.endsAt) - Date.parse(activity.startsAt)) / 3_600_000 : 0;
}

/** Hours as the reports answer them: to two decimal places. */
export const roundHours = (hours: number) => Math.round(hours * 100) / 100;

/** The plan's activities by key. */
export function activityOf(key: string): PlannedActivity {
  const found = ACTIVITIES.find((activity) => activity.key === key);
  if (!found) {
    throw new Error(`no activity ${key}`);
  }
  return found;
}

/** The plan's person by key. */
export function personOf(key: string): PlannedPerson {
  const found = PEOPLE.find((person) => person.key === key);
  if (!found) {
    throw new Error(`no person ${key}`);
  }
  return found;
}

/** Ids of the activities, categories and outcomes made for the plan. */
export type ActivityIds = PlanIds & {
  category: Record<CategoryKey, number>;
  outcome: Record<OutcomeKey, number>;
  activity: Record<string, number>;
};

/**
 * The planned organisation with its activity categories, outcomes, activities and parts; and a
 * second organisation with an activity of its own on the same days, which no report of the first
 * may count. Answers both, with the second's reader.
 */
export async function createActivitiesOrganisation(app: FastifyInstance) {
  const planned = await createPlannedOrganisation(app);
  const organisationId = planned.tenant.id;
  const ids: ActivityIds = {
    ...planned.ids,
    category: { conservation: 0, befriending: 0 },
    outcome: { completed: 0, cancelled: 0, postponed: 0 },
    activity: {},
  };
  for (const key of ['conservation', 'befriending'] as const) {
    const [row] = await app.db.insert(activityCategories).values({ organisationId, name: key }).returning();
    ids.category[key] = row?.id ?? 0;
  }
  for (const [position, outcome] of OUTCOMES.entries()) {
    const [row] = await app.db
      .insert(activityOutcomes)
      .values({ organisationId, name: outcome.name, active: outcome.active, position })
      .returning();
    ids.outcome[outcome.key] = row?.id ?? 0;
  }
  for (const activity of ACTIVITIES) {
    const row = await createActivityRow(app.db, organisationId, {
      title: activity.title,
      teamId: activity.team ? ids.team[activity.team] : null,
      categoryId: activity.category ? ids.category[activity.category] : null,
      outcomeId: activity.outcome ? ids.outcome[activity.outcome] : null,
      startsAt: activity.startsAt,
      endsAt: activity.endsAt,
      hours: activity.hours,
      guests: activity.guests,
    });
    ids.activity[activity.key] = row.id;
  }
  for (const part of PARTS) {
    await createParticipantRow(
      app.db,
      organisationId,
      ids.activity[part.activity] ?? 0,
      ids.person[part.person] ?? 0,
      {
        hours: part.hours,
        attended: part.attended,
      },
    );
  }

  const other = await createTenant(app);
  const otherReader = await other.person(['view-reports']);
  const [otherOutcome] = await app.db
    .insert(activityOutcomes)
    .values({ organisationId: other.id, name: 'Completed' })
    .returning();
  const otherActivity = await createActivityRow(app.db, other.id, {
    title: 'Their beach clean',
    startsAt: '2026-04-01T10:00:00Z',
    outcomeId: otherOutcome?.id ?? null,
    hours: 7,
    guests: 1,
  });
  const stranger = await createUser(app.db, other.id);
  await createParticipantRow(app.db, other.id, otherActivity.id, stranger.id, { attended: true });
  return { ...planned, ids, otherReader, otherActivity, stranger };
}

/** A report's answer, as every report envelope has it. */
export type ReportAnswer<Row> = {
  data: Row[];
  meta: { from: string; to: string; team: number[]; role_profile: number[] };
  errors: Record<string, string[]>;
};

/** GET of a report path as a caller (or anonymously with `{host}`). */
export function getReport(app: FastifyInstance, who: Caller | { host: string }, url: string) {
  return callAs(app, 'headers' in who ? who.headers : who, 'GET', url);
}
