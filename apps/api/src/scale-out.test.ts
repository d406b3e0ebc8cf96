import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { generate } from 'otplib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, weekdayOf, type ApplicationFormResponse, type SignInResponse } from '@muster/contract';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import {
  applications,
  opportunities,
  organisations,
  residentialBookings,
  teamRooms,
  teamRoomUnavailablePeriods,
  userEmailAddresses,
} from './db/schema/index.js';
import {
  DEMO_ACCOUNTS,
  DEMO_CHANGEOVER_DAY,
  DEMO_OPPORTUNITY_SLUGS,
  DEMO_PASSWORD,
  DEMO_RESIDENTIAL_ROOMS,
  DEMO_TOTP_SECRET,
} from './db/seed/demo.js';
import { authLimitRules } from './modules/auth/limits.js';
import { newApplicantDetails } from './test/factories/application.js';
import { request, ServerProcess, waitForHealth, type HttpAnswer } from './test/server-process.js';
import { migrationsFolder } from './test/template.js';

/*
 * Issue 13 point 5, "Scale-out": two API processes on different ports, started together on one
 * fresh PostgreSQL database and one Redis (REDIS_URL, with a key prefix of this run so parallel
 * runs never share counters), stand for several processes behind a load balancer. Each property
 * is shown by a request to the first process and then one to the second (or both at once):
 *
 * - the per-account sign-in limit counts the failures of both processes together;
 * - a session token revoked through one (sign-out, renewal) is refused by the other;
 * - a permission taken away through one is refused by the other at once, and given back alike;
 * - an authenticator code accepted by one is refused by the other;
 * - the same Idempotency-Key gives one application, whichever process answers;
 * - a change to the application form made through one is served by the other at once;
 * - the last residential place, asked for through both at once, is given once.
 */

const postgresAdminUrl = process.env.MUSTER_TEST_DATABASE_URL || undefined;
const redisUrl = process.env.MUSTER_TEST_REDIS_URL || undefined;
const enabled = postgresAdminUrl !== undefined && redisUrl !== undefined;

/** Generous bounds for a 2-core machine busy with other test files. */
const START_TIMEOUT_MS = 120_000;
const PASSWORD = 'Sunshine42';

/** One of the two processes: its port and its name in failure messages. */
type Api = { name: string; port: number };

const run = `${String(process.pid)}_${randomBytes(4).toString('hex')}`;
const redisKeyPrefix = `muster-test-scale-out-${run}:`;
let scratch = '';
let databaseName = '';
let admin: pg.Client | null = null;
let database: DatabaseHandle | null = null;
const servers: ServerProcess[] = [];
let first: Api;
let second: Api;
let timing = '';

/** A client address of its own per call (127.x.y.z): per-address limits never join two properties. */
let addresses = 0;
function nextAddress(): string {
  addresses += 1;
  return `127.0.${String(10 + Math.floor(addresses / 250))}.${String(1 + (addresses % 250))}`;
}

/** A JSON request to one process; answers the status and the parsed body. */
async function call<T = unknown>(
  api: Api,
  input: {
    method?: string;
    path: string;
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    from?: string;
  },
): Promise<{ status: number; body: T; raw: HttpAnswer }> {
  const raw = await request(api.port, {
    method: input.method,
    path: input.path,
    body: input.body,
    localAddress: input.from ?? nextAddress(),
    headers: { ...(input.token ? { authorization: `Bearer ${input.token}` } : {}), ...input.headers },
  });
  let body: unknown = null;
  try {
    body = raw.body ? JSON.parse(raw.body) : null;
  } catch {
    body = raw.body;
  }
  return { status: raw.status, body: body as T, raw };
}

/** Password sign-in; answers the sign-in's status and body. */
function signIn(api: Api, email: string, password: string, from?: string) {
  return call<SignInResponse & { message?: string }>(api, {
    method: 'POST',
    path: '/api/auth/api/',
    body: { email, password },
    from,
  });
}

/** A session token for a demo account without two-factor, from `api`. */
async function sessionOf(api: Api, email: string): Promise<string> {
  const answer = await signIn(api, email, DEMO_PASSWORD);
  expect(answer.status, `${api.name}: ${answer.raw.body}`).toBe(200);
  expect(answer.body.two_factor).toBe(false);
  return answer.body.token;
}

/** The user id a session token names (its `sub`), read without verifying it. */
function userIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
  };
  return payload.sub;
}

/** A signed-in call that only succeeds with a live session: the user's own applications. */
function ownApplications(api: Api, token: string) {
  return call(api, { path: `/api/users/${userIdOf(token)}/applications/`, token });
}

function openedDatabase(): DatabaseHandle {
  if (!database) {
    throw new Error('the test database is not open');
  }
  return database;
}

beforeAll(async () => {
  if (!postgresAdminUrl || !redisUrl) {
    return;
  }
  const started = Date.now();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-scale-out-'));
  databaseName = `muster_test_scale_out_${run}`;
  admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${databaseName}`;
  // What every process of one install shares: the database, Redis, the signing secret, and the
  // directory beside which uploads and exports are kept.
  const shared = {
    NODE_ENV: 'development',
    SEED_DEMO: 'auto',
    MUSTER_DEV_TOOLS: '0',
    DATABASE_URL: url.toString(),
    DATA_DIR: path.join(scratch, 'data', 'db'),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    WEB_DIST: path.join(scratch, 'no-web'),
  };
  // Started together on the empty database, as a process manager starts them: both run the
  // migrations and the first-start seed at once.
  const processes = [new ServerProcess(shared), new ServerProcess(shared)];
  servers.push(...processes);
  const ports = await Promise.all(processes.map((server) => server.listening(START_TIMEOUT_MS)));
  await Promise.all(ports.map((port) => waitForHealth(port, 30_000)));
  first = { name: 'first process', port: ports[0] ?? 0 };
  second = { name: 'second process', port: ports[1] ?? 0 };
  database = await openDatabase({ databaseUrl: url.toString(), migrationsFolder: migrationsFolder() });
  timing = `both processes started and healthy in ${String(Date.now() - started)} ms`;
}, START_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
  await database?.close();
  if (admin) {
    try {
      await admin.query(`drop database if exists ${databaseName} with (force)`);
    } finally {
      await admin.end();
    }
  }
  if (redisUrl && enabled) {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    try {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${redisKeyPrefix}*`, 'COUNT', 1000);
        cursor = next;
        keys.push(...found);
      } while (cursor !== '0');
      if (keys.length > 0) {
        await redis.del(...keys);
      }
    } finally {
      redis.disconnect();
    }
  }
  if (scratch) {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  if (timing) {
    console.info(`scale-out: ${timing}`);
  }
});

describe.skipIf(!enabled)(
  `several API processes on one database and one Redis${enabled ? '' : ' (skipped: set MUSTER_TEST_DATABASE_URL and MUSTER_TEST_REDIS_URL)'}`,
  () => {
    it('both processes started together on an empty database serve the one demo organisation', async () => {
      for (const server of servers) {
        expect(server.running, server.log).toBe(true);
      }
      for (const api of [first, second]) {
        const answer = await call<{ data: { slug: string } }>(api, {
          path: `/api/opportunities/${DEMO_OPPORTUNITY_SLUGS.quickHelp}`,
        });
        expect(answer.status, `${api.name}: ${answer.raw.body}`).toBe(200);
      }
      const [organisationCount] = await openedDatabase().db.select({ total: count() }).from(organisations);
      expect(organisationCount?.total).toBe(1);
    });

    it('counts failed sign-ins of one account across both processes', async () => {
      const rule = authLimitRules.signInAccount;
      const email = DEMO_ACCOUNTS.account;
      // One client address throughout: under its own limit, so only the account's limit can bite.
      const from = nextAddress();
      for (let attempt = 1; attempt <= rule.max; attempt += 1) {
        const api = attempt % 2 === 1 ? first : second;
        const answer = await signIn(api, email, `wrong-${String(attempt)}`, from);
        expect(answer.status, `attempt ${String(attempt)} on the ${api.name}: ${answer.raw.body}`).toBe(401);
      }
      // Each process saw only half the failures; together they reach the limit.
      for (const api of [first, second]) {
        const refused = await signIn(api, email, DEMO_PASSWORD, from);
        expect(refused.status, `${api.name}: ${refused.raw.body}`).toBe(429);
        expect(refused.body.message).toMatch(/^You have tried too many times, please wait for \d+ seconds/);
      }
    });

    it('refuses on one process a token revoked through the other', async () => {
      // Signed out through the first.
      const token = await sessionOf(first, DEMO_ACCOUNTS.applicant);
      expect((await ownApplications(second, token)).status).toBe(200);
      const signOut = await call(first, {
        method: 'POST',
        path: '/auth/logout',
        body: { token, return: '/' },
      });
      expect(signOut.status, signOut.raw.body).toBe(303);
      expect((await ownApplications(second, token)).status).toBe(401);
      expect((await ownApplications(first, token)).status).toBe(401);

      // Renewed through the second: the old token is revoked, the new one works on the first.
      const old = await sessionOf(first, DEMO_ACCOUNTS.applicant);
      const renewed = await call<{ token: string }>(second, {
        method: 'POST',
        path: '/api/auth/api/refresh',
        body: { token: old },
      });
      expect(renewed.status, renewed.raw.body).toBe(200);
      expect((await ownApplications(first, old)).status).toBe(401);
      expect((await ownApplications(first, renewed.body.token)).status).toBe(200);
      // A second renewal of the revoked token, through the other process, is refused.
      const replayed = await call(first, {
        method: 'POST',
        path: '/api/auth/api/refresh',
        body: { token: old },
      });
      expect(replayed.status, replayed.raw.body).not.toBe(200);
    });

    it('refuses on one process a permission taken away through the other, and gives it back at once', async () => {
      const db = openedDatabase().db;
      const idOf = async (email: string) => {
        const [row] = await db
          .select({ userId: userEmailAddresses.userId })
          .from(userEmailAddresses)
          .where(eq(userEmailAddresses.email, email));
        expect(row, email).toBeDefined();
        return row?.userId ?? 0;
      };
      const supervisorId = await idOf(DEMO_ACCOUNTS.supervisor);
      const applicantId = await idOf(DEMO_ACCOUNTS.applicant);
      const supervisor = await sessionOf(first, DEMO_ACCOUNTS.supervisor);
      const admin = await sessionOf(second, DEMO_ACCOUNTS.admin);
      // Another person's profile needs `view-users`, which the supervisor's role grants.
      const profileOn = (api: Api) => call(api, { path: `/api/users/${String(applicantId)}`, token: supervisor });
      // Both processes have read the supervisor's permissions (anything they keep is warm).
      expect((await profileOn(first)).status).toBe(200);
      expect((await profileOn(second)).status).toBe(200);

      const denied = await call<{ data: { id: number } }>(first, {
        method: 'POST',
        path: `/api/users/${String(supervisorId)}/denied-permissions`,
        token: admin,
        body: { permission_id: 'view-users' },
      });
      expect(denied.status, denied.raw.body).toBe(201);
      const refused = await profileOn(second);
      expect(refused.status, refused.raw.body).toBe(403);
      expect((await profileOn(first)).status).toBe(403);

      // Given back through the second: the first serves it again at once.
      const restored = await call(second, {
        method: 'DELETE',
        path: `/api/users/${String(supervisorId)}/denied-permissions/${String(denied.body.data.id)}`,
        token: admin,
      });
      expect(restored.status, restored.raw.body).toBeLessThan(300);
      expect((await profileOn(first)).status).toBe(200);
      expect((await profileOn(second)).status).toBe(200);
    });

    it('refuses on one process an authenticator code accepted by the other', async () => {
      const code = await generate({ secret: DEMO_TOTP_SECRET });
      const interimOn = async (api: Api) => {
        const answer = await signIn(api, DEMO_ACCOUNTS.app2fa, DEMO_PASSWORD);
        expect(answer.status, answer.raw.body).toBe(200);
        expect(answer.body).toMatchObject({ two_factor: true, method: 'auth_app' });
        return answer.body.token;
      };
      const accepted = await call<{ token: string; two_factor: boolean }>(first, {
        method: 'POST',
        path: '/api/auth/api/token',
        body: { token: await interimOn(first), key: code },
      });
      expect(accepted.status, accepted.raw.body).toBe(200);
      expect(accepted.body.two_factor).toBe(false);
      const replayed = await call<{ message: string }>(second, {
        method: 'POST',
        path: '/api/auth/api/token',
        body: { token: await interimOn(second), key: code },
      });
      expect(replayed.status, replayed.raw.body).toBe(401);
      expect(replayed.body.message).toBe('Invalid code, please try again');
    });

    it('gives one application for one Idempotency-Key, whichever process answers', async () => {
      const form = await quickHelpForm(first);
      const submit = (api: Api, key: string, body: Record<string, unknown>) =>
        call<{ data: { application_id: number } }>(api, {
          method: 'POST',
          path: `/api/opportunities/${DEMO_OPPORTUNITY_SLUGS.quickHelp}/apply`,
          headers: { 'idempotency-key': key },
          body,
        });

      // The first process, then the second (a client's retry landing elsewhere).
      const email = `scale-out-${run}-retry@example.test`;
      const key = randomUUID();
      const body = form(email);
      const answered = await submit(first, key, body);
      expect(answered.status, answered.raw.body).toBe(201);
      const retried = await submit(second, key, body);
      expect(retried.status, retried.raw.body).toBe(201);
      expect(retried.body.data.application_id).toBe(answered.body.data.application_id);

      // Both at once.
      const racingEmail = `scale-out-${run}-race@example.test`;
      const racingKey = randomUUID();
      const racingBody = form(racingEmail);
      const both = await Promise.all([
        submit(first, racingKey, racingBody),
        submit(second, racingKey, racingBody),
      ]);
      expect(
        both.map((answer) => answer.status),
        both.map((answer) => answer.raw.body).join('\n'),
      ).toEqual([201, 201]);
      expect(both[1]?.body.data.application_id).toBe(both[0]?.body.data.application_id);

      const db = openedDatabase().db;
      for (const [sentKey, sentEmail, id] of [
        [key, email, answered.body.data.application_id],
        [racingKey, racingEmail, both[0]?.body.data.application_id],
      ] as const) {
        const saved = await db
          .select({ id: applications.id, email: userEmailAddresses.email })
          .from(applications)
          .innerJoin(userEmailAddresses, eq(userEmailAddresses.userId, applications.userId))
          .where(eq(applications.idempotencyKey, sentKey));
        expect(saved).toEqual([{ id, email: sentEmail }]);
        const [people] = await db
          .select({ total: count() })
          .from(userEmailAddresses)
          .where(eq(userEmailAddresses.email, sentEmail));
        expect(people?.total).toBe(1);
      }
    });

    it('serves on one process a form changed through the other, at once', async () => {
      const formPath = `/api/opportunities/${DEMO_OPPORTUNITY_SLUGS.quickHelp}/application-form`;
      const termsOn = async (api: Api) => {
        const answer = await call<ApplicationFormResponse>(api, { path: formPath });
        expect(answer.status, answer.raw.body).toBe(200);
        return answer.body.data.flatMap((section) => section.terms);
      };
      // Both have served the form before the change (anything they keep is warm).
      const before = await termsOn(second);
      expect(await termsOn(first)).toEqual(before);
      const term = before[0];
      expect(term).toBeDefined();
      if (!term) {
        return;
      }
      const token = await sessionOf(first, DEMO_ACCOUNTS.admin);
      for (const [through, servedBy, name] of [
        [first, second, `Volunteer agreement (${run}, first change)`],
        [second, first, `Volunteer agreement (${run}, second change)`],
      ] as const) {
        const changed = await call(through, {
          method: 'PUT',
          path: `/api/organisation/terms/${String(term.id)}`,
          token,
          body: { name, link: term.link },
        });
        expect(changed.status, changed.raw.body).toBe(200);
        const expected = before.map((shown) => (shown.id === term.id ? { ...shown, name } : shown));
        expect(await termsOn(servedBy), `served by the ${servedBy.name}`).toEqual(expected);
        expect(await termsOn(through), `served by the ${through.name}`).toEqual(expected);
      }
    });

    it('gives the last residential place once when both processes are asked at once', async () => {
      const slug = DEMO_OPPORTUNITY_SLUGS.residentialWeek;
      const db = openedDatabase().db;
      const [opportunity] = await db
        .select({ teamId: opportunities.teamId, organisationId: opportunities.organisationId })
        .from(opportunities)
        .where(eq(opportunities.slug, slug));
      const teamId = opportunity?.teamId;
      expect(teamId).toEqual(expect.any(Number));
      if (!opportunity || !teamId) {
        return;
      }
      // A changeover day three weeks or more ahead: clear of the demo's closed weeks (eight weeks on).
      const from = addDaysIso(new Date().toISOString().slice(0, 10), 21);
      const start = addDaysIso(from, (DEMO_CHANGEOVER_DAY - weekdayOf(from) + 7) % 7);
      const end = addDaysIso(start, 7);
      const nights = Array.from({ length: 7 }, (_, i) => addDaysIso(start, i));
      // All private rooms but one closed that week: one place for a guest who will not share.
      const privateRooms = await db
        .select({ id: teamRooms.id })
        .from(teamRooms)
        .where(and(eq(teamRooms.teamId, teamId), eq(teamRooms.shared, false)));
      expect(privateRooms).toHaveLength(DEMO_RESIDENTIAL_ROOMS.private.length);
      await db.insert(teamRoomUnavailablePeriods).values(
        privateRooms.slice(1).map((room) => ({
          organisationId: opportunity.organisationId,
          roomId: room.id,
          fromDate: start,
          toDate: nights[nights.length - 1] ?? start,
          reason: 'Scale-out test',
        })),
      );
      const placesOn = async (api: Api) => {
        const answer = await call<{ data: { data: Record<string, { available_capacity: number }> } }>(api, {
          path: `/api/residential-availability/team/${String(teamId)}?willing_to_share=0&start_date=${start}&end_date=${nights[6] ?? start}`,
        });
        expect(answer.status, answer.raw.body).toBe(200);
        return nights.map((night) => answer.body.data.data[night]?.available_capacity);
      };
      const openPrivateRooms = DEMO_RESIDENTIAL_ROOMS.private.length - (privateRooms.length - 1);
      expect(await placesOn(first)).toEqual(nights.map(() => openPrivateRooms));
      expect(await placesOn(second)).toEqual(nights.map(() => openPrivateRooms));

      const form = await residentialForm(first);
      const stay = {
        start_date: start,
        end_date: end,
        willing_to_share: false,
        gender_id: '2',
        requirements_radio: 'no',
      };
      const answers = await Promise.all(
        [first, second].map((api, i) =>
          call<{ data?: { application_id: number }; errors?: Record<string, string[]> }>(api, {
            method: 'POST',
            path: `/api/opportunities/${slug}/apply`,
            body: { ...form(`scale-out-${run}-stay-${String(i)}@example.test`), booking: stay },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, answers.map((answer) => answer.raw.body).join('\n')).toEqual([201, 422]);
      const refused = answers.find((answer) => answer.status === 422);
      expect(Object.keys(refused?.body.errors ?? {})).toEqual(['booking.start_date']);

      expect(await placesOn(first)).toEqual(nights.map(() => 0));
      expect(await placesOn(second)).toEqual(nights.map(() => 0));
      const holding = await db
        .select({ applicationId: residentialBookings.applicationId })
        .from(residentialBookings)
        .where(
          and(
            eq(residentialBookings.teamId, teamId),
            inArray(residentialBookings.status, ['pending', 'confirmed']),
            lt(residentialBookings.startDate, end),
            gt(residentialBookings.endDate, start),
          ),
        );
      const given = answers.find((answer) => answer.status === 201);
      expect(holding).toEqual([{ applicationId: given?.body.data?.application_id }]);
    });
  },
);

/** Reads one JSON document from a process, expecting 200. */
async function read<T>(api: Api, url: string): Promise<T> {
  const answer = await call<T>(api, { path: url });
  expect(answer.status, `${url}: ${answer.raw.body}`).toBe(200);
  return answer.body;
}

/** The consent option of an opportunity's review step (the first one), read from a process. */
async function consentOptionOf(api: Api, slug: string): Promise<number | undefined> {
  const sections = (await read<ApplicationFormResponse>(api, `/api/opportunities/${slug}/application-form`))
    .data;
  return sections.find((section) => section.type === 'review-apply')?.consents[0]?.options[0]?.id;
}

/** A new applicant's quick-help form (JSON, as the web form sends it), given the email. */
async function quickHelpForm(api: Api) {
  const slug = DEMO_OPPORTUNITY_SLUGS.quickHelp;
  const consentOption = await consentOptionOf(api, slug);
  const motivation = (await read<{ data: { id: number }[] }>(api, '/api/motivations/public?limit=999'))
    .data[0]?.id;
  const opportunity = await read<{ data: { sub_locations: { timeslots: { id: number }[] }[] } }>(
    api,
    `/api/opportunities/${slug}`,
  );
  const timeslot = opportunity.data.sub_locations[0]?.timeslots[0]?.id;
  expect([consentOption, motivation, timeslot]).toEqual([
    expect.any(Number),
    expect.any(Number),
    expect.any(Number),
  ]);
  return (email: string): Record<string, unknown> => ({
    ...newApplicantDetails(email),
    why: 'To help across processes.',
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

/** A new applicant's residential-week form without the stay, given the email. */
async function residentialForm(api: Api) {
  const consentOption = await consentOptionOf(api, DEMO_OPPORTUNITY_SLUGS.residentialWeek);
  expect(consentOption).toEqual(expect.any(Number));
  return (email: string): Record<string, unknown> => ({
    ...newApplicantDetails(email),
    consents: [consentOption],
    terms: [true],
    new_password: PASSWORD,
    new_password_confirm: PASSWORD,
  });
}
