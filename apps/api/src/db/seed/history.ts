import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../modules/auth/passwords.js';
import { removeGeneratedFiles } from '../../modules/files/generated.js';
import type { Database, Executor } from '../client.js';
import {
  activities,
  activityCategories,
  activityOutcomes,
  activityParticipants,
  applications,
  claims,
  demoHistories,
  disclosureTypes,
  diversityQuestionDependencies,
  diversityQuestionOptions,
  diversityQuestions,
  dynamicSkills,
  expenseRates,
  expenses,
  expenseTypes,
  files,
  hubDocuments,
  hubDocumentViews,
  inductionModules,
  leavingReasons,
  motivations,
  newsArticleReads,
  newsArticles,
  opportunities,
  opportunityTypes,
  residentialBookings,
  residentialCancelReasons,
  roleProfiles,
  securityLog,
  skills,
  teamChangeoverDays,
  teams,
  touchpoints,
  touchpointTypes,
  userAddresses,
  userDiversityAnswers,
  userDiversityQuestionAnswerOptions,
  userDiversityQuestionAnswers,
  userEmailAddresses,
  userInductions,
  userMemberships,
  userPhoneNumbers,
  userRoles,
  users,
  userSkills,
  vettingChecks,
} from '../schema/index.js';
import { DEMO_ACCOUNTS, DEMO_CHANGEOVER_DAY, DEMO_OPPORTUNITY_SLUGS } from './demo.js';
import { planCommunity, type CommunityLookups, type Programme } from './history-community.js';
import { storeHubFiles } from './history-files.js';
import {
  planPeople,
  type PeopleLookups,
  type Placement,
  type PlannedPerson,
  type Ref,
} from './history-people.js';
import { addMonths, dayOf, instant, isoDay, seededRandom, stableUuid, type Day } from './history-random.js';
import { planRecords, resolveRows, type RecordLookups } from './history-records.js';

/*
 * Three years of made-up but plausible activity for the demo organisation (issue 12 §4), so
 * every report and analytics call has something to show: people applying, joining and leaving
 * across the teams and roles (with their reasons), inductions, skills, vetting, claims,
 * touchpoints, sign-ins, residential stays, activities, news and the hub. Everything is drawn
 * in memory from one seed (history-people.ts, history-records.ts, history-community.ts), then
 * written table by table in statements of a thousand rows, in one transaction.
 */

/** The seed used when none is given: the demo shows the same history everywhere. */
export const DEFAULT_HISTORY_SEED = 20_261_125;

/** How many volunteers the demo's history has when not told otherwise. */
export const DEFAULT_HISTORY_VOLUNTEERS = 2000;

/** How many years the history covers, back from `today`. */
const HISTORY_YEARS = 3;

/** Rows per insert statement, passed as one JSON parameter (see {@link insertRows}). */
const BATCH_ROWS = 1000;

export type DemoHistoryOptions = {
  organisationId: number;
  /** The history's last day (its date in UTC); the current date when absent. */
  today?: Date;
  /** Volunteers who volunteer at some time in the history ({@link DEFAULT_HISTORY_VOLUNTEERS}). */
  volunteers?: number;
  /** Pseudo-random seed: the same seed and `today` give the same history ({@link DEFAULT_HISTORY_SEED}). */
  seed?: number;
  /**
   * The files directory of the install (`filesDirectoryOf(config.dataDir)`), where the hub
   * documents' PDFs are stored as uploads are.
   */
  filesDirectory: string;
};

export type DemoHistoryResult = {
  /** False when the organisation already had its history: nothing was added. */
  created: boolean;
  /** Rows written, by table. */
  rows: Record<string, number>;
  /** How long it took, in milliseconds. */
  ms: number;
};

/**
 * Adds the history to the organisation (the demo: its teams, roles, opportunities and lists are
 * what the history draws on) in one transaction, unless it has one already: the first thing
 * written is the organisation's `demo_histories` row, so a second run finds it and stops.
 */
export async function seedDemoHistory(db: Database, options: DemoHistoryOptions): Promise<DemoHistoryResult> {
  const started = performance.now();
  const now = options.today ?? new Date();
  const today = dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())));
  const from = addMonths(today, -12 * HISTORY_YEARS) + 1;
  const volunteers = options.volunteers ?? DEFAULT_HISTORY_VOLUNTEERS;
  const seed = options.seed ?? DEFAULT_HISTORY_SEED;
  const { organisationId } = options;
  // The generated people who signed in get a password hash, of a secret nobody keeps: they have a
  // login (their sign-ins are in the history), yet nobody can sign in as them.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  // The hub files' names on disk as they are written: removed again if the history is not kept.
  const storedFiles: string[] = [];
  const writing = db.transaction(async (tx) => {
    const [marker] = await tx
      .insert(demoHistories)
      .values({ organisationId, seed, volunteers, fromDate: isoDay(from), toDate: isoDay(today) })
      .onConflictDoNothing({ target: demoHistories.organisationId })
      .returning({ id: demoHistories.id });
    if (!marker) {
      return null;
    }
    const lookups = await loadHistoryLookups(tx, organisationId);
    const { people, records, community } = planDemoHistory(lookups, { seed, volunteers, from, today });
    const applicationRefs = people.flatMap((person) => person.applications);

    await assignIds(tx, 'users', people);
    await assignIds(tx, 'applications', applicationRefs);
    await assignIds(tx, 'claims', records.claims);
    await assignIds(tx, 'touchpoints', records.touchpoints);
    await assignIds(tx, 'user_diversity_question_answers', records.diversityAnswers);
    await assignIds(tx, 'activities', community.activities);
    await assignIds(tx, 'news_articles', community.articles);
    await assignIds(tx, 'hub_documents', community.documents);

    const written: Record<string, number> = {};
    const write = async <T extends PgTable>(
      name: string,
      table: T,
      values: ReadonlyArray<T['$inferInsert']>,
    ) => {
      await insertRows(tx, table, values);
      written[name] = values.length;
    };
    await write(
      'users',
      users,
      people.map((person) => userRow(organisationId, person, passwordHash)),
    );
    await write(
      'user_email_addresses',
      userEmailAddresses,
      people.map((person) => ({
        organisationId,
        userId: person.id,
        email: person.email,
        primary: true,
        createdAt: instant(person.createdDay, 600),
      })),
    );
    await write(
      'user_phone_numbers',
      userPhoneNumbers,
      people.flatMap((person) =>
        person.phone === null
          ? []
          : [
              {
                organisationId,
                userId: person.id,
                phoneNumber: person.phone,
                primary: true,
                defaultSms: true,
                createdAt: instant(person.createdDay, 600),
              },
            ],
      ),
    );
    await write(
      'user_addresses',
      userAddresses,
      people.flatMap((person) =>
        person.address === null
          ? []
          : [
              {
                organisationId,
                userId: person.id,
                ...person.address,
                fromDate: isoDay(person.createdDay - 400),
                createdAt: instant(person.createdDay, 600),
              },
            ],
      ),
    );
    await write(
      'user_memberships',
      userMemberships,
      people.flatMap((person) =>
        person.periods.map((period) => ({
          organisationId,
          userId: person.id,
          joinedOn: isoDay(period.joined),
          leftOn: period.left === null ? null : isoDay(period.left),
          leavingReasonId: period.leavingReasonId,
          motivationId: period.motivationId,
          createdAt: instant(period.joined, 540),
        })),
      ),
    );
    await write(
      'user_roles',
      userRoles,
      people.flatMap((person) =>
        person.periods.flatMap((period) =>
          period.roles.map((role) => ({
            organisationId,
            userId: person.id,
            teamId: role.teamId,
            roleProfileId: role.roleProfileId,
            endDate: role.to === null ? null : isoDay(role.to),
            createdAt: instant(role.from, 540),
          })),
        ),
      ),
    );
    await write(
      'applications',
      applications,
      applicationRefs.map((application) => {
        const completedAt = instant(application.day, application.minutes);
        return {
          id: application.id,
          organisationId,
          opportunityId: application.opportunityId,
          userId: application.person.id,
          applicationKey: stableUuid(`history:${organisationId}:${seed}:application:${application.id}`),
          status: application.status,
          active: application.status === 'submitted' || application.status === 'accepted',
          completedAt,
          motivationId: application.motivationId,
          rightToVolunteer: 'yes' as const,
          createdAt: completedAt,
          updatedAt: completedAt,
        };
      }),
    );
    await write(
      'residential_bookings',
      residentialBookings,
      resolveRows(records.bookings, ['userId', 'applicationId', 'cancelledByUserId']),
    );
    await write('user_diversity_answers', userDiversityAnswers, resolveRows(records.diversity, ['userId']));
    await write(
      'user_diversity_question_answers',
      userDiversityQuestionAnswers,
      resolveRows(records.diversityAnswers, ['userId']),
    );
    await write(
      'user_diversity_question_answer_options',
      userDiversityQuestionAnswerOptions,
      resolveRows(records.diversityAnswerOptions, ['answerId']),
    );
    await write(
      'user_inductions',
      userInductions,
      resolveRows(records.inductions, ['userId', 'completedBy']),
    );
    await write('user_skills', userSkills, resolveRows(records.skills, ['userId']));
    await write('vetting_checks', vettingChecks, resolveRows(records.vetting, ['userId', 'createdBy']));
    await write('claims', claims, resolveRows(records.claims, ['userId', 'createdBy', 'decidedBy']));
    await write('expenses', expenses, resolveRows(records.expenses, ['userId', 'claimId']));
    // Follow-ups name the touchpoint they follow: those go after every first contact.
    const touchpointRows = resolveRows(records.touchpoints, ['userId', 'parentId', 'createdBy']);
    await write('touchpoints', touchpoints, [
      ...touchpointRows.filter((row) => row.parentId === null),
      ...touchpointRows.filter((row) => row.parentId !== null),
    ]);
    await write(
      'security_log',
      securityLog,
      resolveRows(records.signIns, ['userId']).map((row) => ({ ...row, organisationId })),
    );
    await write('activities', activities, resolveRows(community.activities, ['createdBy']));
    await write(
      'activity_participants',
      activityParticipants,
      resolveRows(community.participants, ['activityId', 'userId', 'createdBy']),
    );
    await write('news_articles', newsArticles, resolveRows(community.articles, ['createdBy']));
    await write(
      'news_article_reads',
      newsArticleReads,
      resolveRows(community.reads, ['articleId', 'userId']),
    );
    const hubFiles = await storeHubFiles(options.filesDirectory, community.files, storedFiles);
    await write('files', files, resolveRows(hubFiles, ['uploadedByUserId']));
    await write('hub_documents', hubDocuments, resolveRows(community.documents, ['createdBy']));
    await write(
      'hub_document_views',
      hubDocumentViews,
      resolveRows(community.views, ['documentId', 'userId']),
    );
    return written;
  });
  const rows = await writing.catch(async (error: unknown) => {
    await removeGeneratedFiles(options.filesDirectory, storedFiles);
    throw error;
  });
  if (rows !== null) {
    // The embedded database never gathers planner statistics on its own (no autovacuum): without
    // them the reports over this history are planned as if every table were tiny.
    await db.execute(sql`analyze`);
  }
  return { created: rows !== null, rows: rows ?? {}, ms: Math.round(performance.now() - started) };
}

/** Everything the history will write, drawn from `seed`: the same lookups and options give the same plan. */
export function planDemoHistory(
  lookups: HistoryLookups,
  options: { seed: number; volunteers: number; from: Day; today: Day },
) {
  const { seed, volunteers, from, today } = options;
  const random = seededRandom(seed);
  const window = { from, today };
  const people = planPeople(random, lookups.people, { from, today, volunteers });
  const records = planRecords(random, lookups.records, people, window);
  const community = planCommunity(random, lookups.community, people, window);
  return { people, records, community };
}

/** The user row of a person of the history, their account dated from their first application. */
function userRow(
  organisationId: number,
  person: PlannedPerson,
  passwordHash: string,
): typeof users.$inferInsert {
  const created = instant(person.createdDay, 9 * 60);
  const lastSignIn = person.lastSignIn === null ? null : instant(person.lastSignIn, 20 * 60);
  return {
    id: person.id,
    organisationId,
    firstName: person.firstName,
    lastName: person.lastName,
    dob: person.dob,
    statusId: person.statusId,
    passwordHash: person.lastSignIn === null ? null : passwordHash,
    credentialsChangedAt: created,
    lastActivityAt: lastSignIn,
    createdAt: created,
    updatedAt: instant(person.lastActiveDay, 9 * 60),
  };
}

/** `userId` → `user_id`: the column names Drizzle derives (the database client uses `casing: 'snake_case'`). */
function columnName(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * Inserts rows in statements of {@link BATCH_ROWS}, each passing its rows as one JSON parameter
 * that `json_populate_recordset` turns into the table's row type: one parameter instead of one
 * per value makes bulk inserts about twice as fast on PGlite. Columns no row names keep their
 * defaults.
 */
async function insertRows<T extends PgTable>(
  tx: Executor,
  table: T,
  values: ReadonlyArray<T['$inferInsert']>,
): Promise<void> {
  if (values.length === 0) {
    return;
  }
  const { name, columns } = getTableConfig(table);
  const known = new Set(columns.map((column) => columnName(column.name)));
  const keys = [...new Set(values.flatMap((row) => Object.keys(row)))];
  const names = keys.map(columnName);
  const unknown = names.filter((column) => !known.has(column));
  if (unknown.length > 0) {
    throw new Error(`${name} has no column ${unknown.join(', ')}`);
  }
  const list = sql.join(
    names.map((column) => sql.identifier(column)),
    sql`, `,
  );
  for (let start = 0; start < values.length; start += BATCH_ROWS) {
    const batch = values.slice(start, start + BATCH_ROWS).map((row) => {
      const record: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) {
        record[columnName(key)] = value;
      }
      return record;
    });
    await tx.execute(
      sql`insert into ${sql.identifier(name)} (${list}) select ${list} from json_populate_recordset(null::${sql.identifier(name)}, ${JSON.stringify(batch)}::json)`,
    );
  }
}

/** Tables whose ids the history takes before writing, so that rows can name each other. */
type IdTable =
  | 'users'
  | 'applications'
  | 'claims'
  | 'touchpoints'
  | 'user_diversity_question_answers'
  | 'activities'
  | 'news_articles'
  | 'hub_documents';

/** Gives each ref the next id of the table's sequence, in one statement. */
async function assignIds(tx: Executor, table: IdTable, refs: readonly Ref[]): Promise<void> {
  if (refs.length === 0) {
    return;
  }
  const result: unknown = await tx.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${refs.length}::int)`,
  );
  // Both drivers answer `{rows}`; the database type is generic over them, so `execute` is loosely typed.
  const ids = (result as { rows: Array<{ id: number }> }).rows.map((row) => row.id).sort((a, b) => a - b);
  refs.forEach((ref, index) => {
    const id = ids[index];
    if (id === undefined) {
      throw new Error(`no id taken for ${table}`);
    }
    ref.id = id;
  });
}

/** The organisation's lists the history is drawn from. */
export type HistoryLookups = { people: PeopleLookups; records: RecordLookups; community: CommunityLookups };

/** How often people give each leaving reason, by name; a reason not listed here is given now and then. */
const LEAVING_REASON_WEIGHTS: Record<string, number> = {
  'Work or study commitments': 30,
  'Moved away': 22,
  'Found other volunteering': 14,
  Health: 12,
  Other: 10,
};

/** How many volunteers each demo opportunity's placement draws, by slug; others draw a few. */
const PLACEMENT_WEIGHTS: Record<string, number> = {
  [DEMO_OPPORTUNITY_SLUGS.quickHelp]: 34,
  [DEMO_OPPORTUNITY_SLUGS.beachClean]: 30,
  [DEMO_OPPORTUNITY_SLUGS.residentialWeek]: 14,
};

/** The regular activity behind each demo opportunity, by slug. */
const PROGRAMMES: Record<string, Omit<Programme, 'teamId'>> = {
  [DEMO_OPPORTUNITY_SLUGS.quickHelp]: {
    title: 'Donation sorting',
    location: 'Community Hub',
    category: 'Community support',
    everyDays: 7,
    weekday: 3,
    hours: 3,
    outdoors: false,
  },
  [DEMO_OPPORTUNITY_SLUGS.beachClean]: {
    title: 'Beach clean at Sandy Bay',
    location: 'Sandy Bay car park',
    category: 'Conservation',
    everyDays: 14,
    weekday: 6,
    hours: 3,
    outdoors: true,
  },
  [DEMO_OPPORTUNITY_SLUGS.residentialWeek]: {
    title: 'Conservation work party',
    location: 'Lakeside Lodge',
    category: 'Conservation',
    everyDays: 7,
    weekday: 0,
    hours: 4,
    outdoors: true,
  },
};

const ACTIVITY_CATEGORIES = [
  'Conservation',
  'Community support',
  'Events',
  'Fundraising',
  'Training',
] as const;
const ACTIVITY_OUTCOMES = [
  'Completed',
  'Partly completed',
  'Cancelled: weather',
  'Cancelled: too few volunteers',
] as const;
const DISCLOSURE_TYPES = [
  {
    name: 'Enhanced DBS with barred list',
    description: 'For residential volunteers and anyone supervising others.',
    validityMonths: 36,
  },
  {
    name: 'Basic DBS',
    description: 'For volunteers who handle money or visit people at home.',
    validityMonths: 36,
  },
] as const;

/** The named rows of an organisation's lookup list, adding those it lacks (in `position` order after its own). */
async function ensureNamed(
  tx: Executor,
  table: typeof activityCategories | typeof activityOutcomes,
  organisationId: number,
  names: readonly string[],
): Promise<Map<string, number>> {
  const existing = await tx
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(eq(table.organisationId, organisationId));
  const byName = new Map(existing.map((row) => [row.name, row.id]));
  const missing = names.filter((name) => !byName.has(name));
  if (missing.length > 0) {
    const added = await tx
      .insert(table)
      .values(missing.map((name, index) => ({ organisationId, name, position: existing.length + index })))
      .returning({ id: table.id, name: table.name });
    for (const row of added) {
      byName.set(row.name, row.id);
    }
  }
  return byName;
}

/** The organisation's disclosure types, adding the two common checks when it has none. */
async function ensureDisclosureTypes(
  tx: Executor,
  organisationId: number,
): Promise<RecordLookups['disclosureTypes']> {
  let rows = await tx
    .select({
      id: disclosureTypes.id,
      name: disclosureTypes.name,
      validityMonths: disclosureTypes.validityMonths,
    })
    .from(disclosureTypes)
    .where(and(eq(disclosureTypes.organisationId, organisationId), eq(disclosureTypes.active, true)));
  if (rows.length === 0) {
    rows = await tx
      .insert(disclosureTypes)
      .values(DISCLOSURE_TYPES.map((type, position) => ({ organisationId, ...type, position })))
      .returning({
        id: disclosureTypes.id,
        name: disclosureTypes.name,
        validityMonths: disclosureTypes.validityMonths,
      });
  }
  return rows.map((row) => ({
    id: row.id,
    validityMonths: row.validityMonths,
    enhanced: /enhanced/i.test(row.name),
  }));
}

/** An id of a lookup list by name, else its first entry's, else null. */
function byName(rows: ReadonlyArray<{ id: number; name: string }>, name: string): number | null {
  return (rows.find((row) => row.name === name) ?? rows[0])?.id ?? null;
}

/**
 * Reads the organisation's lists the history draws on, adding the activity categories and
 * outcomes and the disclosure types it needs when the organisation lacks them.
 */
export async function loadHistoryLookups(tx: Executor, organisationId: number): Promise<HistoryLookups> {
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userEmailAddresses, eq(userEmailAddresses.userId, users.id))
    .where(
      and(
        eq(users.organisationId, organisationId),
        eq(sql`lower(${userEmailAddresses.email})`, DEMO_ACCOUNTS.admin),
      ),
    )
    .limit(1);
  const teamRows = await tx
    .select({ id: teams.id, name: teams.name, parentId: teams.parentId })
    .from(teams)
    .where(eq(teams.organisationId, organisationId));
  const roleRows = await tx
    .select({ id: roleProfiles.id, name: roleProfiles.displayName })
    .from(roleProfiles)
    .where(eq(roleProfiles.organisationId, organisationId));
  const opportunityRows = await tx
    .select({
      id: opportunities.id,
      slug: opportunities.slug,
      type: opportunities.type,
      teamId: opportunities.teamId,
      roleProfileId: opportunities.roleProfileId,
    })
    .from(opportunities)
    .where(and(eq(opportunities.organisationId, organisationId), eq(opportunities.published, true)));
  const changeovers = await tx
    .select({ teamId: teamChangeoverDays.teamId, dayOfWeek: teamChangeoverDays.dayOfWeek })
    .from(teamChangeoverDays)
    .where(eq(teamChangeoverDays.organisationId, organisationId));
  const changeoverOf = (teamId: number) =>
    changeovers.find((row) => row.teamId === teamId)?.dayOfWeek ?? DEMO_CHANGEOVER_DAY;

  const placements: Placement[] = opportunityRows.map((row) => {
    const residential = row.type === opportunityTypes.residentialShort;
    return {
      teamId: row.teamId,
      roleProfileId: row.roleProfileId,
      opportunityId: row.id,
      residential,
      changeoverDay: changeoverOf(row.teamId),
      weight: PLACEMENT_WEIGHTS[row.slug] ?? (residential ? 1.5 : 8),
    };
  });
  // Head office volunteers apply through the Community Hub's quick help, then help at the office.
  const headOffice = teamRows.find((team) => team.parentId === null);
  const quickHelp = opportunityRows.find((row) => row.slug === DEMO_OPPORTUNITY_SLUGS.quickHelp);
  if (headOffice && quickHelp) {
    placements.push({
      teamId: headOffice.id,
      roleProfileId: quickHelp.roleProfileId,
      opportunityId: quickHelp.id,
      residential: false,
      changeoverDay: DEMO_CHANGEOVER_DAY,
      weight: 8,
    });
  }
  if (placements.length === 0) {
    throw new Error(`organisation ${organisationId} has no published opportunity to draw a history from`);
  }

  const motivationRows = await tx
    .select({ id: motivations.id, public: motivations.public, position: motivations.position })
    .from(motivations)
    .where(eq(motivations.organisationId, organisationId))
    .orderBy(motivations.position, motivations.id);
  const reasonRows = await tx
    .select({ id: leavingReasons.id, name: leavingReasons.name })
    .from(leavingReasons)
    .where(and(eq(leavingReasons.organisationId, organisationId), eq(leavingReasons.active, true)));
  const supervisorRoleId = byName(
    roleRows.filter((row) => /supervisor/i.test(row.name)),
    'Volunteer Supervisor',
  );

  const moduleRows = await tx
    .select({
      id: inductionModules.id,
      compulsory: inductionModules.compulsory,
      selfCompletable: inductionModules.selfCompletable,
      validityMonths: inductionModules.validityMonths,
    })
    .from(inductionModules)
    .where(and(eq(inductionModules.organisationId, organisationId), eq(inductionModules.active, true)));
  const skillRows = await tx
    .select({ id: skills.id, name: skills.name, expires: skills.expires })
    .from(skills)
    .where(and(eq(skills.organisationId, organisationId), eq(skills.active, true)));
  const optionRows = await tx
    .select({ id: dynamicSkills.id, skillId: dynamicSkills.skillId })
    .from(dynamicSkills)
    .where(and(eq(dynamicSkills.organisationId, organisationId), eq(dynamicSkills.active, true)));
  const typeRows = await tx
    .select({ id: expenseTypes.id, name: expenseTypes.name })
    .from(expenseTypes)
    .where(eq(expenseTypes.organisationId, organisationId));
  const [mileage] = await tx
    .select({ id: expenseRates.id, pencePerUnit: expenseRates.pencePerUnit })
    .from(expenseRates)
    .where(
      and(
        eq(expenseRates.organisationId, organisationId),
        eq(expenseRates.unit, 'mile'),
        eq(expenseRates.active, true),
      ),
    )
    .orderBy(expenseRates.position, expenseRates.id)
    .limit(1);
  const touchpointRows = await tx
    .select({ id: touchpointTypes.id, name: touchpointTypes.name })
    .from(touchpointTypes)
    .where(eq(touchpointTypes.organisationId, organisationId));
  const cancelRows = await tx
    .select({ id: residentialCancelReasons.id })
    .from(residentialCancelReasons)
    .where(
      and(
        eq(residentialCancelReasons.organisationId, organisationId),
        eq(residentialCancelReasons.active, true),
      ),
    );
  const questionRows = await tx
    .select({
      id: diversityQuestions.id,
      text: diversityQuestions.questionText,
      multiple: diversityQuestions.isMultipleSelect,
    })
    .from(diversityQuestions)
    .where(eq(diversityQuestions.organisationId, organisationId))
    .orderBy(diversityQuestions.position, diversityQuestions.id);
  const questionIds = questionRows.map((row) => row.id);
  const questionOptionRows =
    questionIds.length === 0
      ? []
      : await tx
          .select({
            id: diversityQuestionOptions.id,
            questionId: diversityQuestionOptions.questionId,
            text: diversityQuestionOptions.optionText,
            isOther: diversityQuestionOptions.isOther,
          })
          .from(diversityQuestionOptions)
          .where(inArray(diversityQuestionOptions.questionId, questionIds))
          .orderBy(diversityQuestionOptions.position, diversityQuestionOptions.id);
  const dependencyRows = await tx
    .select({
      questionId: diversityQuestionDependencies.questionId,
      parentQuestionId: diversityQuestionDependencies.parentQuestionId,
      parentOptionId: diversityQuestionDependencies.parentOptionId,
    })
    .from(diversityQuestionDependencies)
    .where(eq(diversityQuestionDependencies.organisationId, organisationId));

  const travel = byName(typeRows, 'Travel');
  if (travel === null) {
    throw new Error(`organisation ${organisationId} has no expense types to draw a history from`);
  }
  const categories = await ensureNamed(tx, activityCategories, organisationId, ACTIVITY_CATEGORIES);
  const outcomes = await ensureNamed(tx, activityOutcomes, organisationId, ACTIVITY_OUTCOMES);
  const outcome = (name: (typeof ACTIVITY_OUTCOMES)[number]) => outcomes.get(name) ?? 0;
  const adminRef: Ref | null = admin ? { id: admin.id } : null;

  const programmes: Programme[] = opportunityRows.flatMap((row) => {
    const known = PROGRAMMES[row.slug];
    const team = teamRows.find((candidate) => candidate.id === row.teamId);
    if (known) {
      return [{ teamId: row.teamId, ...known }];
    }
    // The other residential teams hold a work party every four weeks.
    return row.type === opportunityTypes.residentialShort && team
      ? [
          {
            teamId: row.teamId,
            title: 'Work party',
            location: team.name,
            category: 'Conservation',
            everyDays: 28,
            weekday: 0,
            hours: 4,
            outdoors: true,
          },
        ]
      : [];
  });
  if (headOffice) {
    programmes.push(
      {
        teamId: headOffice.id,
        title: 'Volunteer training day',
        location: 'Head Office',
        category: 'Training',
        everyDays: 28,
        weekday: 2,
        hours: 2,
        outdoors: false,
      },
      {
        teamId: headOffice.id,
        title: 'Fundraising stall at the market',
        location: 'Market Square',
        category: 'Fundraising',
        everyDays: 56,
        weekday: 6,
        hours: 4,
        outdoors: true,
      },
      {
        teamId: headOffice.id,
        title: 'Volunteer social',
        location: 'Head Office',
        category: 'Events',
        everyDays: 91,
        weekday: 5,
        hours: 2,
        outdoors: false,
      },
    );
  }

  return {
    people: {
      placements,
      supervisorRoleId,
      motivations: motivationRows.map(
        (row, index) => [row.id, row.public ? Math.max(4, 30 - index * 5) : 4] as const,
      ),
      leavingReasons: reasonRows.map((row) => [row.id, LEAVING_REASON_WEIGHTS[row.name] ?? 6] as const),
    },
    records: {
      organisationId,
      admin: adminRef,
      supervisorRoleId,
      inductionModules: moduleRows,
      skills: skillRows.map((row) => ({
        ...row,
        optionIds: optionRows.filter((option) => option.skillId === row.id).map((option) => option.id),
      })),
      expenseTypes: {
        travel,
        meals: byName(typeRows, 'Meals') ?? travel,
        equipment: byName(typeRows, 'Equipment') ?? travel,
      },
      mileage: mileage ?? null,
      touchpointTypes: {
        call: byName(touchpointRows, 'Phone call'),
        supervision: byName(touchpointRows, 'Supervision'),
        thanks: byName(touchpointRows, 'Thank-you card'),
      },
      disclosureTypes: await ensureDisclosureTypes(tx, organisationId),
      cancelReasonIds: cancelRows.map((row) => row.id),
      diversityQuestions: questionRows.map((question) => {
        const dependency = dependencyRows.find((row) => row.questionId === question.id);
        return {
          ...question,
          options: questionOptionRows.filter((option) => option.questionId === question.id),
          dependsOn: dependency
            ? { questionId: dependency.parentQuestionId, optionId: dependency.parentOptionId }
            : null,
        };
      }),
    },
    community: {
      organisationId,
      admin: adminRef,
      programmes,
      categories,
      outcomes: {
        completed: outcome('Completed'),
        partly: outcome('Partly completed'),
        weather: outcome('Cancelled: weather'),
        tooFew: outcome('Cancelled: too few volunteers'),
      },
      newsTeamIds: teamRows
        .filter(
          (team) => team.parentId !== null && programmes.some((programme) => programme.teamId === team.id),
        )
        .map((team) => team.id),
    },
  };
}
