import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationFormResponse } from '@muster/contract';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { stagingDirOf } from './db/pglite-data-dir.js';
import {
  applications,
  applicationQuestionAnswers,
  applicationSubmissions,
  applicationTerms,
  applicationTimeslots,
  consentChangeLogs,
  opportunities,
  organisations,
  singleUseTokens,
  userAttributeValues,
  userConsentAnswers,
  userEmailAddresses,
  userPhoneNumbers,
  users,
} from './db/schema/index.js';
import { DEMO_ACCOUNTS, DEMO_OPPORTUNITY_SLUGS, seedDemo } from './db/seed/demo.js';
import { createTestDatabase } from './test/context.js';
import { newApplicantDetails } from './test/factories/application.js';
import { request, ServerProcess, sleep, waitForHealth, type HttpAnswer } from './test/server-process.js';
import { migrationsFolder } from './test/template.js';

/*
 * Issue 10, "Surviving a hard kill": the real server, in a child process, is SIGKILLed in the
 * middle of its work and started again on the same data, on PGlite (a data directory) and on
 * PostgreSQL (MUSTER_TEST_DATABASE_URL: a fresh database of this file's own).
 *
 * 1. New applicants submit quick-help applications, a few at once, while the server is killed at
 *    a random moment (after at least MIN_ACKS answers in that round); it must start again each
 *    time. Five kills. Then the submits whose answer was lost with the process are sent again with
 *    the same Idempotency-Key, as a client would: each must answer 201, a saved one with its first
 *    answer (never a second application or a 409). Then the server is killed once more, the
 *    database is opened directly and checked:
 *    - every submit answered 201 is there whole: its application (submitted, active, completed,
 *      with the `why` and Idempotency-Key sent), its 2 question answers, 1 term and 1 timeslot,
 *      its idempotency record pointing at it, and its new user with the email sent (primary), 1
 *      phone number, a password, 2 attribute values, 1 consent answer with 1 change-log entry,
 *      and 1 login link (the Finish button's);
 *    - nothing half-written is there: every user created since the load began is one of this
 *      test's applicants and whole as above, with exactly one application (whether or not its
 *      submit was answered before the kill); every application created since then belongs to
 *      one of them; every idempotency record points at an application with that key.
 * 2. The first start (creating the database, migrations, the demo seed) is killed three times at
 *    random moments spread over how long a first start takes; the next start must finish the
 *    set-up: it serves the demo, and its database holds exactly what a demo seed writes. The
 *    first start of (1) gives the length.
 */

/** Submits in flight at once. */
const IN_FLIGHT = 4;
const KILLS = 5;
/** Submits answered in a round before its kill may come, so every kill lands in the middle of load. */
const MIN_ACKS = 2;
/** The kill comes at a random moment up to this long after MIN_ACKS answers. */
const KILL_WINDOW_MS = 1_500;
const FIRST_START_KILLS = 3;
/** Generous bounds for a 2-core machine that is busy with other test files. */
const START_TIMEOUT_MS = 120_000;
const PASSWORD = 'Sunshine42';

const postgresAdminUrl = process.env.MUSTER_TEST_DATABASE_URL || undefined;
const dialect = postgresAdminUrl ? 'PostgreSQL' : 'PGlite';

/** Where a server keeps its data: a PGlite directory, or a PostgreSQL database (with a directory for the rest). */
type Store = {
  env: Record<string, string>;
  /** The embedded database's directory (PGlite), or beside which the uploads live (PostgreSQL). */
  dataDir: string;
  open: () => Promise<DatabaseHandle>;
  /** True once `server` has begun its database work (it has the database's files open, or is connected). */
  inUseBy: (server: ServerProcess) => Promise<boolean>;
  remove: () => Promise<void>;
};

let scratch: string;
const stores: Store[] = [];
const servers: ServerProcess[] = [];

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-hard-kill-'));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
  for (const store of stores) {
    await store.remove();
  }
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A new, empty store: a data directory that does not exist yet, or a new empty PostgreSQL database. */
async function newStore(name: string): Promise<Store> {
  const dataDir = path.join(scratch, name, 'db');
  if (!postgresAdminUrl) {
    const store: Store = {
      env: { DATA_DIR: dataDir },
      dataDir,
      open: () => openDatabase({ dataDir, migrationsFolder: migrationsFolder() }),
      inUseBy: async (server) => server.openFiles().some((file) => file.startsWith(`${path.dirname(dataDir)}${path.sep}`)),
      remove: async () => undefined,
    };
    stores.push(store);
    return store;
  }
  const database = `muster_test_hard_kill_${String(process.pid)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${database}`;
  const store: Store = {
    // The uploads directory and the like still live beside DATA_DIR.
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    dataDir,
    open: () => openDatabase({ databaseUrl: url.toString(), migrationsFolder: migrationsFolder() }),
    inUseBy: async () => {
      const connected = await admin.query('select 1 from pg_stat_activity where datname = $1', [database]);
      return (connected.rowCount ?? 0) > 0;
    },
    remove: async () => {
      try {
        await admin.query(`drop database if exists ${database} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
  stores.push(store);
  return store;
}

/** Starts the server on a store: development, with the demo seeded into an empty database. */
function startServer(store: Store): ServerProcess {
  const server = new ServerProcess({
    NODE_ENV: 'development',
    SEED_DEMO: 'auto',
    MUSTER_DEV_TOOLS: '0',
    WEB_DIST: path.join(scratch, 'no-web'),
    ...store.env,
  });
  servers.push(server);
  return server;
}

/** Starts the server and waits until it answers /api/health; answers its port and how long that took. */
async function startHealthy(store: Store): Promise<{ server: ServerProcess; port: number; ms: number }> {
  const server = startServer(store);
  const port = await server.listening(START_TIMEOUT_MS);
  await waitForHealth(port, 30_000);
  return { server, port, ms: Date.now() - server.startedAt };
}

/** Waits until `server` begins its database work (after loading its code); answers when (Date.now()). */
async function databaseWorkBegun(server: ServerProcess, store: Store): Promise<number> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await store.inUseBy(server))) {
    if (!server.running || server.listenedAt !== null || Date.now() > deadline) {
      throw new Error(`the server's database work was not seen beginning:\n${server.log}`);
    }
    await sleep(10);
  }
  return Date.now();
}

/**
 * How far a killed first start had come, read from what it left, for the report of where the
 * kills landed. An embedded database is not opened here: that would recover it, and the next
 * start must be the one to cope with what the kill left.
 */
async function setUpStageOf(store: Store): Promise<string> {
  if (!postgresAdminUrl) {
    if (fs.existsSync(path.join(store.dataDir, 'PG_VERSION'))) {
      return 'migrations or seed';
    }
    return fs.existsSync(stagingDirOf(store.dataDir)) ? 'creating the database' : 'before the database';
  }
  const database = await store.open();
  try {
    const [table] = await rows<{ total: number }>(
      database,
      sql`select count(*)::int as total from information_schema.tables
          where table_schema = 'drizzle' and table_name = '__drizzle_migrations'`,
    );
    if (!table?.total) {
      return 'before the migrations';
    }
    const [migrated] = await rows<{ total: number }>(
      database,
      sql`select count(*)::int as total from drizzle.__drizzle_migrations`,
    );
    if (!migrated?.total) {
      return 'during the migrations';
    }
    const [seeded] = await rows<{ total: number }>(database, sql`select count(*)::int as total from ${organisations}`);
    return seeded?.total ? 'after the seed' : 'during the seed';
  } finally {
    await database.close();
  }
}

/** Row counts of every table of the application and of the migrations' record. */
async function tableCounts(database: DatabaseHandle): Promise<Record<string, number>> {
  const tables = await rows<{ schema: string; name: string }>(
    database,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await rows<{ total: number }>(
      database,
      sql`select count(*)::int as total from ${sql.identifier(table.schema)}.${sql.identifier(table.name)}`,
    );
    counts[`${table.schema}.${table.name}`] = row?.total ?? -1;
  }
  return counts;
}

/** The rows of a raw query; both drivers answer `{ rows }`. */
async function rows<T>(database: DatabaseHandle, query: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** How long a first start's database work (creation, migrations, seed) took in this run, for timing the kills of another. */
let firstStartDatabaseMs: number | null = null;
const timings: string[] = [];

afterAll(() => {
  if (timings.length > 0) {
    console.info(`hard kill (${dialect}): ${timings.join('; ')}`);
  }
});

describe(`a hard kill (${dialect})`, () => {
  it(
    'loses no acknowledged application and keeps nothing half-written, through five kills in the middle of submits',
    { timeout: 300_000 },
    async () => {
      const store = await newStore('load');
      let server = startServer(store);
      const databaseWorkAt = await databaseWorkBegun(server, store);
      let port = await server.listening(START_TIMEOUT_MS);
      await waitForHealth(port, 30_000);
      let ms = Date.now() - server.startedAt;
      firstStartDatabaseMs = (server.listenedAt ?? Date.now()) - databaseWorkAt;
      timings.push(`first start ${String(ms)} ms, of which database work ${String(firstStartDatabaseMs)} ms`);
      const form = await quickHelpForm(port);

      type Attempt = { n: number; email: string; why: string; key: string };
      const sent: Attempt[] = [];
      const acknowledged: (Attempt & { applicationId: number })[] = [];
      const unanswered: Attempt[] = [];
      const failures: string[] = [];
      const since = new Date();
      const restarts: number[] = [];
      const submitsPerRound: number[] = [];
      const newAttempt = (): Attempt => {
        const n = sent.length + 1;
        const attempt = {
          n,
          email: `hard-kill-${String(n)}-${randomBytes(4).toString('hex')}@example.test`,
          why: `Hard-kill application ${String(n)}.`,
          key: randomUUID(),
        };
        sent.push(attempt);
        return attempt;
      };
      const submit = (attempt: Attempt): Promise<HttpAnswer> =>
        request(port, {
          method: 'POST',
          path: `/api/opportunities/${DEMO_OPPORTUNITY_SLUGS.quickHelp}/apply`,
          headers: { 'idempotency-key': attempt.key },
          body: form(attempt),
          // A client address of its own per applicant: the per-address submit limit counts people, not this test.
          localAddress: `127.0.0.${String(2 + (attempt.n % 250))}`,
        });
      const applicationIdOf = (answer: HttpAnswer): number =>
        (JSON.parse(answer.body) as { data: { application_id: number } }).data.application_id;

      for (let round = 1; round <= KILLS; round += 1) {
        let killed = false;
        const before = acknowledged.length;
        const worker = async () => {
          while (!killed && failures.length === 0) {
            const attempt = newAttempt();
            let answer: HttpAnswer;
            try {
              answer = await submit(attempt);
            } catch (error) {
              // No answer: expected once the server is killed (the submit may or may not have been saved).
              if (killed) {
                unanswered.push(attempt);
              } else {
                failures.push(`submit ${String(attempt.n)} got no answer before the kill: ${(error as Error).message}`);
              }
              return;
            }
            if (answer.status === 201) {
              acknowledged.push({ ...attempt, applicationId: applicationIdOf(answer) });
            } else {
              failures.push(`submit ${String(attempt.n)} answered ${String(answer.status)}: ${answer.body}`);
            }
          }
        };
        const workers = Array.from({ length: IN_FLIGHT }, worker);
        const deadline = Date.now() + 60_000;
        while (acknowledged.length - before < MIN_ACKS && failures.length === 0 && Date.now() < deadline) {
          await sleep(10);
        }
        expect(failures, server.log).toEqual([]);
        expect(acknowledged.length - before, 'submits answered in this round before the kill').toBeGreaterThanOrEqual(
          MIN_ACKS,
        );
        await sleep(randomInt(KILL_WINDOW_MS));
        killed = true;
        expect(server.running, server.log).toBe(true);
        await server.kill();
        await Promise.all(workers);
        expect(failures, server.log).toEqual([]);
        submitsPerRound.push(acknowledged.length - before);

        ({ server, port, ms } = await startHealthy(store));
        restarts.push(ms);
      }

      // Started again after the fifth kill, and taking applications: the first id given after it
      // tells a replayed answer (an earlier id) from a new save.
      const marker = newAttempt();
      const markerAnswer = await submit(marker);
      expect(markerAnswer.status, markerAnswer.body).toBe(201);
      const firstIdAfterKills = applicationIdOf(markerAnswer);
      acknowledged.push({ ...marker, applicationId: firstIdAfterKills });
      // The submits whose answer was lost with the process, sent again with the same key and body as
      // a client would: each answers 201 once, the saved ones with their first answer.
      let replayed = 0;
      for (let i = 0; i < unanswered.length; i += IN_FLIGHT) {
        await Promise.all(
          unanswered.slice(i, i + IN_FLIGHT).map(async (attempt) => {
            const answer = await submit(attempt);
            expect(answer.status, `retry of submit ${String(attempt.n)}: ${answer.body}`).toBe(201);
            const applicationId = applicationIdOf(answer);
            replayed += applicationId < firstIdAfterKills ? 1 : 0;
            acknowledged.push({ ...attempt, applicationId });
          }),
        );
      }
      expect(acknowledged).toHaveLength(sent.length);
      await server.kill();
      timings.push(
        `${String(sent.length)} submits sent, ${String(acknowledged.length - unanswered.length - 1)} answered 201 ` +
          `(per round ${submitsPerRound.join('/')}), restarts ${restarts.map(String).join('/')} ms; ` +
          `${String(unanswered.length)} without an answer, of which ${String(replayed)} had been saved (replayed on retry)`,
      );

      const database = await store.open();
      try {
        await checkApplications(database, { since, sent, acknowledged });
      } finally {
        await database.close();
      }
    },
  );

  it('finishes the set-up on the next start after the first start was killed three times', { timeout: 300_000 }, async () => {
    const reference = await demoReferenceCounts();
    // The kills land at random moments of the database work (creating the database, migrations,
    // the demo seed), spread over how long that took in the first start above (or here).
    if (firstStartDatabaseMs === null) {
      const measure = await newStore('measure');
      const server = startServer(measure);
      const begun = await databaseWorkBegun(server, measure);
      await server.listening(START_TIMEOUT_MS);
      firstStartDatabaseMs = (server.listenedAt ?? Date.now()) - begun;
      await server.kill();
    }
    let length = firstStartDatabaseMs;
    const store = await newStore('first-start');
    const kills: string[] = [];
    let landed = 0;
    for (let attempt = 0; landed < FIRST_START_KILLS && attempt < FIRST_START_KILLS + 3; attempt += 1) {
      const slice = length / FIRST_START_KILLS;
      const delay = Math.round(landed * slice + randomInt(Math.max(1, Math.round(slice))));
      const server = startServer(store);
      const begun = await databaseWorkBegun(server, store);
      await Promise.race([sleep(begun + delay - Date.now()), server.exited]);
      // A first start must not fail by itself (e.g. on what an earlier kill left).
      expect(server.running, server.log).toBe(true);
      await server.kill();
      if (server.listenedAt !== null) {
        // Quicker than the measured start: the kill came too late, so spread them over this one.
        length = server.listenedAt - begun;
        kills.push(`${String(delay)} ms (after it listened at ${String(length)} ms)`);
      } else {
        landed += 1;
        kills.push(`${String(delay)} ms (${await setUpStageOf(store)})`);
      }
    }
    expect(landed, kills.join(', ')).toBeGreaterThan(0);
    const { server, port, ms } = await startHealthy(store);
    timings.push(`first start killed at ${kills.join(', ')} into its database work; then started in ${String(ms)} ms`);

    const beachClean = await request(port, { path: `/api/opportunities/${DEMO_OPPORTUNITY_SLUGS.beachClean}` });
    expect(beachClean.status, beachClean.body).toBe(200);
    await server.kill();

    const database = await store.open();
    try {
      // Exactly what a demo seed writes: every migration, every reference and demo row, nothing twice.
      expect(await tableCounts(database)).toEqual(reference);
      const emails = await rows<{ email: string }>(
        database,
        sql`select lower(${userEmailAddresses.email}) as email from ${userEmailAddresses}`,
      );
      expect(emails.map((row) => row.email)).toEqual(expect.arrayContaining(Object.values(DEMO_ACCOUNTS)));
    } finally {
      await database.close();
    }
  });
});

/**
 * The quick-help form of a new applicant, as the web form sends it (JSON), with the demo's ids
 * for the consent option, motivation and timeslot read from the running server.
 */
async function quickHelpForm(port: number) {
  const json = async <T>(url: string): Promise<T> => {
    const answer = await request(port, { path: url });
    expect(answer.status, `${url}: ${answer.body}`).toBe(200);
    return JSON.parse(answer.body) as T;
  };
  const slug = DEMO_OPPORTUNITY_SLUGS.quickHelp;
  const sections = (await json<ApplicationFormResponse>(`/api/opportunities/${slug}/application-form`)).data;
  const consentOption = sections.find((section) => section.type === 'review-apply')?.consents[0]?.options[0]?.id;
  const motivation = (await json<{ data: { id: number }[] }>('/api/motivations/public?limit=999')).data[0]?.id;
  const opportunity = await json<{ data: { sub_locations: { timeslots: { id: number }[] }[] } }>(
    `/api/opportunities/${slug}`,
  );
  const timeslot = opportunity.data.sub_locations[0]?.timeslots[0]?.id;
  expect([consentOption, motivation, timeslot]).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
  return (attempt: { email: string; why: string }) => ({
    ...newApplicantDetails(attempt.email),
    why: attempt.why,
    motivation,
    special_requirements_bool: 'no',
    attributes: { occupation: 'Nurse', 'preferred-contact': 'email' },
    questions: { 'availability-notes': 'Weekday afternoons', 'heard-about-us': 'friend' },
    consents: [consentOption],
    terms: [true],
    new_password: PASSWORD,
    new_password_confirm: PASSWORD,
    timeslot_ids: [timeslot],
  });
}

/** Table row counts of a fresh database with the demo seeded in-process: what a finished first start holds. */
async function demoReferenceCounts(): Promise<Record<string, number>> {
  const { database, drop } = await createTestDatabase();
  try {
    await seedDemo(database.db);
    return await tableCounts(database);
  } finally {
    await drop();
  }
}

/** The invariants of the file's header comment, on the database after the last stop. */
async function checkApplications(
  database: DatabaseHandle,
  input: {
    since: Date;
    sent: { email: string; why: string; key: string }[];
    acknowledged: { email: string; why: string; key: string; applicationId: number }[];
  },
): Promise<void> {
  const since = sql`${input.since.toISOString()}::timestamptz`;
  const count = (table: SQL, where: SQL) => sql`(select count(*)::int from ${table} where ${where})`;
  const newUsers = await rows<{
    id: number;
    email: string | null;
    primaryEmails: number;
    hasPassword: boolean;
    phones: number;
    attributeValues: number;
    consentAnswers: number;
    consentLogs: number;
    loginLinks: number;
  }>(
    database,
    sql`select ${users.id} as "id",
      (select min(${userEmailAddresses.email}) from ${userEmailAddresses} where ${userEmailAddresses.userId} = ${users.id}) as "email",
      ${count(sql`${userEmailAddresses}`, sql`${userEmailAddresses.userId} = ${users.id} and ${userEmailAddresses.primary}`)} as "primaryEmails",
      ${users.passwordHash} is not null as "hasPassword",
      ${count(sql`${userPhoneNumbers}`, sql`${userPhoneNumbers.userId} = ${users.id}`)} as "phones",
      ${count(sql`${userAttributeValues}`, sql`${userAttributeValues.userId} = ${users.id}`)} as "attributeValues",
      ${count(sql`${userConsentAnswers}`, sql`${userConsentAnswers.userId} = ${users.id}`)} as "consentAnswers",
      ${count(sql`${consentChangeLogs}`, sql`${consentChangeLogs.userId} = ${users.id}`)} as "consentLogs",
      ${count(sql`${singleUseTokens}`, sql`${singleUseTokens.userId} = ${users.id} and ${singleUseTokens.kind} = 'login_link'`)} as "loginLinks"
    from ${users} where ${users.createdAt} >= ${since} order by ${users.id}`,
  );
  const newApplications = await rows<{
    id: number;
    userId: number;
    slug: string;
    status: string;
    active: boolean;
    completed: boolean;
    why: string | null;
    key: string | null;
    answers: number;
    terms: number;
    timeslots: number;
    submissions: number;
  }>(
    database,
    sql`select ${applications.id} as "id", ${applications.userId} as "userId", ${opportunities.slug} as "slug",
      ${applications.status} as "status", ${applications.active} as "active",
      ${applications.completedAt} is not null as "completed", ${applications.why} as "why",
      ${applications.idempotencyKey} as "key",
      ${count(sql`${applicationQuestionAnswers}`, sql`${applicationQuestionAnswers.applicationId} = ${applications.id}`)} as "answers",
      ${count(sql`${applicationTerms}`, sql`${applicationTerms.applicationId} = ${applications.id}`)} as "terms",
      ${count(sql`${applicationTimeslots}`, sql`${applicationTimeslots.applicationId} = ${applications.id}`)} as "timeslots",
      ${count(
        sql`${applicationSubmissions}`,
        sql`${applicationSubmissions.applicationId} = ${applications.id} and ${applicationSubmissions.idempotencyKey} = ${applications.idempotencyKey} and ${applicationSubmissions.statusCode} = 201`,
      )} as "submissions"
    from ${applications} join ${opportunities} on ${opportunities.id} = ${applications.opportunityId}
    where ${applications.createdAt} >= ${since} order by ${applications.id}`,
  );
  const submissions = await rows<{ key: string; applicationId: number | null; answered: number | null; appKey: string | null }>(
    database,
    sql`select ${applicationSubmissions.idempotencyKey} as "key", ${applicationSubmissions.applicationId} as "applicationId",
      (${applicationSubmissions.response} -> 'data' ->> 'application_id')::int as "answered",
      ${applications.idempotencyKey} as "appKey"
    from ${applicationSubmissions} left join ${applications} on ${applications.id} = ${applicationSubmissions.applicationId}
    where ${applicationSubmissions.createdAt} >= ${since}`,
  );

  const sentByEmail = new Map(input.sent.map((attempt) => [attempt.email, attempt]));
  const applicationsByUser = new Map<number, typeof newApplications>();
  for (const application of newApplications) {
    applicationsByUser.set(application.userId, [...(applicationsByUser.get(application.userId) ?? []), application]);
  }

  // Every user created since the load began is one of the applicants, whole, with one whole application.
  for (const user of newUsers) {
    const attempt = sentByEmail.get(user.email ?? '');
    expect(attempt, `user ${String(user.id)} (${String(user.email)}) was not created by this test's submits`).toBeDefined();
    expect(user, `user ${String(user.id)}`).toEqual({
      id: user.id,
      email: attempt?.email,
      primaryEmails: 1,
      hasPassword: true,
      phones: 1,
      attributeValues: 2,
      consentAnswers: 1,
      consentLogs: 1,
      loginLinks: 1,
    });
    const own = applicationsByUser.get(user.id) ?? [];
    expect(own, `applications of user ${String(user.id)}`).toEqual([
      {
        id: own[0]?.id,
        userId: user.id,
        slug: DEMO_OPPORTUNITY_SLUGS.quickHelp,
        status: 'submitted',
        active: true,
        completed: true,
        why: attempt?.why,
        key: attempt?.key,
        answers: 2,
        terms: 1,
        timeslots: 1,
        submissions: 1,
      },
    ]);
  }
  // No application without its new user.
  const newUserIds = new Set(newUsers.map((user) => user.id));
  expect(newApplications.filter((application) => !newUserIds.has(application.userId))).toEqual([]);
  // No idempotency record without its application.
  for (const submission of submissions) {
    expect(submission, `idempotency record ${submission.key}`).toEqual({
      key: submission.key,
      applicationId: expect.any(Number) as number,
      answered: submission.applicationId,
      appKey: submission.key,
    });
  }
  expect(submissions).toHaveLength(newApplications.length);

  // Every acknowledged submit is there, as answered.
  const byId = new Map(newApplications.map((application) => [application.id, application]));
  const emailOfUser = new Map(newUsers.map((user) => [user.id, user.email]));
  for (const ack of input.acknowledged) {
    const application = byId.get(ack.applicationId);
    expect(application, `acknowledged application ${String(ack.applicationId)} (${ack.email})`).toBeDefined();
    expect(application?.key).toBe(ack.key);
    expect(emailOfUser.get(application?.userId ?? -1)).toBe(ack.email);
  }
  expect(newUsers.length).toBeGreaterThanOrEqual(input.acknowledged.length);
  expect(newUsers.length).toBeLessThanOrEqual(input.sent.length);
}
