import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/config.js';
import { migrationsFolderOf, openDatabase } from '../client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo.js';
import { buildLargeData, type LargeDataResult } from './large-data.js';

/*
 * The large-data filler (issue 13 §3) with a few hundred users on a fresh PostgreSQL database:
 * COPY and the database it recreates exist only there, so without MUSTER_TEST_DATABASE_URL the
 * file is skipped.
 */

const postgresAdminUrl = process.env.MUSTER_TEST_DATABASE_URL || undefined;
const USERS = 300;

describe.skipIf(postgresAdminUrl === undefined)('large data filler (PostgreSQL)', () => {
  const name = `muster_test_large_${process.pid}_${randomBytes(4).toString('hex')}`;
  const url = new URL(postgresAdminUrl ?? 'postgres://localhost/postgres');
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  let result: LargeDataResult;
  let client: pg.Client;
  let checkpointsBefore: number;

  /** Checkpoints asked for on the server so far (PostgreSQL 15 and 16 count them here). */
  const requestedCheckpoints = async (on: pg.Client): Promise<number> =>
    Number((await on.query<{ n: string }>('select checkpoints_req as n from pg_stat_bgwriter')).rows[0]?.n);

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    checkpointsBefore = await requestedCheckpoints(admin);
    await admin.end();
    result = await buildLargeData({ databaseUrl, users: USERS, seed: 7 });
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
  }, 60_000);

  afterAll(async () => {
    await client?.end();
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const count = async (text: string): Promise<number> =>
    Number((await client.query<{ n: string }>(text, [result.organisationId])).rows[0]?.n);

  it('adds the users and scales applications and bookings with them', async () => {
    expect(result.rows.users).toBe(USERS);
    expect(result.rows.user_email_addresses).toBe(USERS);
    expect(result.rows.user_addresses).toBe(USERS);
    expect(result.rows.applications).toBe(USERS / 5);
    expect(result.rows.residential_bookings).toBe(USERS / 20);
    for (const table of [
      'user_roles',
      'user_memberships',
      'user_consent_answers',
      'security_log',
      'user_inductions',
    ]) {
      expect(result.rows[table], table).toBeGreaterThan(0);
    }
    // What COPY reported is what the tables hold, beside the demo's own rows.
    const generated = await count(
      `select count(*) as n from user_email_addresses where organisation_id = $1 and email like '%@volunteers.example.net'`,
    );
    expect(generated).toBe(USERS);
    const leavers = await count(
      'select count(*) as n from user_memberships where organisation_id = $1 and left_on is not null and leaving_reason_id is not null',
    );
    expect(leavers).toBeGreaterThan(0);
  });

  it('ends with a checkpoint, so that a bench run next does not pay for the load’s writes', async () => {
    expect(await requestedCheckpoints(client)).toBeGreaterThan(checkpointsBefore);
  });

  it('gives every user a unique email and keeps rows inside the organisation', async () => {
    expect(
      await count(
        'select count(*) - count(distinct lower(email)) as n from user_email_addresses where organisation_id = $1',
      ),
    ).toBe(0);
    // Foreign keys and checks were enforced by COPY itself; these are the links a foreign key
    // cannot see: a row pointing at another organisation's team, opportunity or user.
    const strays = [
      'select count(*) as n from user_roles r join teams t on t.id = r.team_id where r.organisation_id = $1 and t.organisation_id <> r.organisation_id',
      'select count(*) as n from user_roles r join role_profiles p on p.id = r.role_profile_id where r.organisation_id = $1 and p.organisation_id <> r.organisation_id',
      'select count(*) as n from applications a join opportunities o on o.id = a.opportunity_id where a.organisation_id = $1 and o.organisation_id <> a.organisation_id',
      'select count(*) as n from applications a join users u on u.id = a.user_id where a.organisation_id = $1 and u.organisation_id <> a.organisation_id',
      'select count(*) as n from residential_bookings b join applications a on a.id = b.application_id where b.organisation_id = $1 and a.user_id <> b.user_id',
      'select count(*) as n from user_consent_answers c join consents k on k.id = c.consent_id where c.organisation_id = $1 and k.organisation_id <> c.organisation_id',
      'select count(*) as n from security_log l join users u on u.id = l.user_id where l.organisation_id = $1 and u.organisation_id <> l.organisation_id',
    ];
    for (const text of strays) {
      expect(await count(text), text).toBe(0);
    }
    // The sequences continue after the ids taken by COPY: the next insert gets a free id.
    const next = await client.query<{ id: number }>(
      `select nextval(pg_get_serial_sequence('users', 'id'))::int as id`,
    );
    expect(next.rows[0]?.id).toBeGreaterThan(
      await count('select max(id) as n from users where organisation_id = $1'),
    );
  });

  it('lets a demo user sign in as before', async () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-test-'));
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl },
      { webDist: '/nonexistent', dataDir: path.join(scratch, 'db') },
    );
    const database = await openDatabase({
      databaseUrl,
      migrationsFolder: migrationsFolderOf(config.apiRoot),
    });
    const app = await buildApp({ config, database });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/api/',
        headers: { host: 'localhost' },
        payload: { email: DEMO_ACCOUNTS.applicant, password: DEMO_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ token: string }>().token).toEqual(expect.any(String));
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
