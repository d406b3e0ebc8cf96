import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream/promises';
import { fakerEN_GB } from '@faker-js/faker';
import { MultiBar, Presets, type SingleBar } from 'cli-progress';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { hashPassword } from '../../modules/auth/passwords.js';
import { migrationsFolderOf, openDatabase } from '../client.js';
import { opportunityTypes } from '../schema/index.js';
import { seedDemo } from './demo.js';
import { loadHistoryLookups } from './history.js';
import { addMonths, dayOf, isoDay, weekdayOf, type Day } from './history-random.js';
import { seedReferenceData, USER_STATUS } from './reference-data.js';

/*
 * Issue 13 §3, "Large data": the demo organisation with a million volunteers, for the load bench
 * (`npm run bench -- --large`). The database is made as the server's first start makes it
 * (migrations, reference data, the demo), then every bulk table is streamed in with COPY, one
 * generated line at a time, so memory stays flat whatever the size. Each person's attributes are
 * a pure function of their index and the seed: the passes over users, memberships, roles and the
 * rest agree without keeping anyone in memory.
 */

/** Applications and residential bookings per generated user (200,000 and 50,000 at a million). */
const APPLICATIONS_PER_USER = 1 / 5;
const BOOKINGS_PER_USER = 1 / 20;

/** How many years of history the generated people cover, back from today. */
const HISTORY_YEARS = 3;

/** Lines per chunk written to a COPY stream: large enough to keep the round trips few. */
const CHUNK_LINES = 2000;

export type LargeDataOptions = {
  /** The database to (re)create: dropped and created again on its server. */
  databaseUrl: string;
  /** Generated users added to the demo organisation. */
  users: number;
  /** Seed of the draws: the same seed, size and day give the same data. */
  seed?: number;
  /** The history's last day; today when absent. */
  today?: Date;
  /** Draws a progress bar per table on the terminal. */
  progress?: boolean;
  /** Told as each table is done (for a log when there is no terminal to draw bars on). */
  onTable?: (table: string, rows: number, ms: number) => void;
};

export type LargeDataResult = {
  organisationId: number;
  /** Rows written by COPY, by table. */
  rows: Record<string, number>;
  /** Milliseconds for the whole run, and for the demo set-up before the bulk tables. */
  ms: number;
  setupMs: number;
};

/** The lists of the demo organisation the generated rows point at. */
type Lookups = {
  organisationId: number;
  placements: ReadonlyArray<{
    opportunityId: number;
    teamId: number;
    roleProfileId: number;
    residential: boolean;
    changeoverDay: number;
  }>;
  consents: ReadonlyArray<{ id: number; optionIds: readonly number[] }>;
  leavingReasonIds: readonly number[];
  motivationIds: readonly number[];
  moduleIds: ReadonlyArray<{ id: number; validityMonths: number | null }>;
  disclosureTypeIds: readonly number[];
  expenseTypeIds: readonly number[];
  cancelReasonIds: readonly number[];
  adminId: number | null;
};

/** Names, streets and towns drawn once with Faker, then combined per person (Faker per row is too slow). */
type Pools = {
  firstNames: readonly string[];
  lastNames: readonly string[];
  streets: readonly string[];
  cities: readonly string[];
  counties: readonly string[];
  postcodes: readonly string[];
  userAgents: readonly string[];
};

/** A small fast seeded generator (mulberry32): uniform floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Draws for one person and one purpose: the same index and salt always give the same draws. */
function drawsFor(seed: number, index: number, salt: number) {
  const float = mulberry32(Math.imul(seed ^ Math.imul(index + 1, 0x9e3779b1), 0x85ebca6b) ^ salt);
  const int = (min: number, max: number) => min + Math.floor(float() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(float() * items.length)];
    if (item === undefined) {
      throw new Error('pick from an empty list');
    }
    return item;
  };
  return { float, int, pick, chance: (p: number) => float() < p };
}

function makePools(seed: number): Pools {
  fakerEN_GB.seed(seed);
  const many = (count: number, make: () => string) =>
    [...new Set(Array.from({ length: count }, make))].filter((value) => value.length > 0);
  return {
    firstNames: many(800, () => fakerEN_GB.person.firstName()),
    lastNames: many(800, () => fakerEN_GB.person.lastName()),
    streets: many(600, () => fakerEN_GB.location.street()),
    cities: many(300, () => fakerEN_GB.location.city()),
    counties: many(60, () => fakerEN_GB.location.county()),
    postcodes: many(3000, () => fakerEN_GB.location.zipCode()),
    userAgents: many(40, () => fakerEN_GB.internet.userAgent()),
  };
}

/** What one generated person is: everything the other tables agree on. */
type Person = {
  id: number;
  firstName: string;
  lastName: string;
  createdDay: Day;
  /** Their one period of volunteering, or null for someone who only holds an account. */
  membership: { joined: Day; left: Day | null; reasonId: number | null } | null;
  placementIndex: number;
  statusId: number;
  /** Index of their application among the generated ones, or null. */
  application: number | null;
  residential: boolean;
};

/**
 * The person at `index`. Every fifth has an application, every twentieth is a residential
 * volunteer (so bookings and applications scale with the users); six in ten volunteer, and of
 * those three in ten have left, with a reason.
 */
function personAt(
  index: number,
  context: { seed: number; baseUserId: number; pools: Pools; lookups: Lookups; from: Day; today: Day },
): Person {
  const { pools, lookups, from, today } = context;
  const draw = drawsFor(context.seed, index, 1);
  const hasApplication = index % Math.round(1 / APPLICATIONS_PER_USER) === 0;
  const residentialPlacements = lookups.placements.filter((placement) => placement.residential);
  const residential = index % Math.round(1 / BOOKINGS_PER_USER) === 0 && residentialPlacements.length > 0;
  const placementIndex = residential
    ? lookups.placements.indexOf(draw.pick(residentialPlacements))
    : draw.int(0, lookups.placements.length - 1);
  // Accounts made before the history began (older volunteers) and during it.
  const createdDay = draw.chance(0.3) ? from - draw.int(1, 3 * 365) : draw.int(from, today - 1);
  const volunteers = residential || draw.chance(0.6);
  let membership: Person['membership'] = null;
  if (volunteers) {
    const joined = Math.min(today, Math.max(createdDay, from - 365) + draw.int(3, 60));
    const leaves = draw.chance(0.3) && joined < today - 30;
    const left = leaves ? draw.int(joined + 14, today - 1) : null;
    membership = {
      joined,
      left,
      reasonId:
        left !== null && lookups.leavingReasonIds.length > 0 ? draw.pick(lookups.leavingReasonIds) : null,
    };
  }
  const statusId =
    membership === null
      ? draw.chance(0.9)
        ? USER_STATUS.applicant
        : USER_STATUS.inactive
      : membership.left === null
        ? USER_STATUS.active
        : USER_STATUS.left;
  return {
    id: context.baseUserId + index + 1,
    firstName: draw.pick(pools.firstNames),
    lastName: draw.pick(pools.lastNames),
    createdDay,
    membership,
    placementIndex,
    statusId,
    application: hasApplication ? index / Math.round(1 / APPLICATIONS_PER_USER) : null,
    residential,
  };
}

/** One value of a COPY text-format line: `\N` for null, with the format's escapes. */
function field(value: string | number | boolean | null): string {
  if (value === null) {
    return '\\N';
  }
  if (typeof value !== 'string') {
    return String(value);
  }
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;
}

function line(values: ReadonlyArray<string | number | boolean | null>): string {
  return `${values.map(field).join('\t')}\n`;
}

/** `YYYY-MM-DDTHH:MM:00Z` of `minutes` after midnight of `day`. */
function stamp(day: Day, minutes: number): string {
  return new Date(day * 86_400_000 + minutes * 60_000).toISOString();
}

/** A table to fill: its columns and, per source item (a person), the lines it gets. */
type TableFill = {
  table: string;
  columns: readonly string[];
  /** How many source items the bar counts (the users, mostly). */
  items: number;
  lines: (item: number) => string[];
};

/** Streams the table's lines into COPY, with backpressure; answers the rows written. */
async function copyTable(client: pg.Client, fill: TableFill, bar: SingleBar | null): Promise<number> {
  let rows = 0;
  function* chunks(): Generator<string> {
    let buffer: string[] = [];
    for (let item = 0; item < fill.items; item += 1) {
      const lines = fill.lines(item);
      rows += lines.length;
      buffer.push(...lines);
      if (buffer.length >= CHUNK_LINES) {
        yield buffer.join('');
        buffer = [];
        bar?.update(item + 1, { rows });
      }
    }
    if (buffer.length > 0) {
      yield buffer.join('');
    }
    bar?.update(fill.items, { rows });
  }
  const statement = `copy ${fill.table} (${fill.columns.join(', ')}) from stdin`;
  await pipeline(Readable.from(chunks()), client.query(copyFrom(statement)));
  return rows;
}

async function loadLookups(client: pg.Client, organisationId: number): Promise<Lookups> {
  const ids = async (text: string) =>
    (await client.query<{ id: number }>(text, [organisationId])).rows.map((row) => row.id);
  const placements = (
    await client.query<{
      id: number;
      team_id: number;
      role_profile_id: number;
      type: string;
      dow: number | null;
    }>(
      `select o.id, o.team_id, o.role_profile_id, o.type,
              (select c.day_of_week from team_changeover_days c where c.team_id = o.team_id order by c.start_date desc limit 1) as dow
         from opportunities o where o.organisation_id = $1 and o.published order by o.id`,
      [organisationId],
    )
  ).rows.map((row) => ({
    opportunityId: row.id,
    teamId: row.team_id,
    roleProfileId: row.role_profile_id,
    residential: row.type === opportunityTypes.residentialShort,
    changeoverDay: row.dow ?? 6,
  }));
  if (placements.length === 0) {
    throw new Error(`organisation ${organisationId} has no published opportunity`);
  }
  const consentRows = await client.query<{ id: number; option_ids: number[] }>(
    `select c.id, array_agg(o.id order by o.position, o.id) as option_ids
       from consents c join consent_options o on o.consent_id = c.id
      where c.organisation_id = $1 group by c.id order by c.id`,
    [organisationId],
  );
  const modules = await client.query<{ id: number; validity_months: number | null }>(
    'select id, validity_months from induction_modules where organisation_id = $1 and active order by position, id',
    [organisationId],
  );
  const admin = await client.query<{ id: number }>(
    `select u.id from users u join user_email_addresses e on e.user_id = u.id
      where u.organisation_id = $1 and lower(e.email) = 'admin@example.org' limit 1`,
    [organisationId],
  );
  return {
    organisationId,
    placements,
    consents: consentRows.rows.map((row) => ({ id: row.id, optionIds: row.option_ids })),
    leavingReasonIds: await ids(
      'select id from leaving_reasons where organisation_id = $1 and active order by id',
    ),
    motivationIds: await ids('select id from motivations where organisation_id = $1 order by id'),
    moduleIds: modules.rows.map((row) => ({ id: row.id, validityMonths: row.validity_months })),
    disclosureTypeIds: await ids(
      'select id from disclosure_types where organisation_id = $1 and active order by id',
    ),
    expenseTypeIds: await ids('select id from expense_types where organisation_id = $1 order by id'),
    cancelReasonIds: await ids(
      'select id from residential_cancel_reasons where organisation_id = $1 and active order by id',
    ),
    adminId: admin.rows[0]?.id ?? null,
  };
}

/** The next free id of a serial table, its sequence moved past the `count` ids taken here. */
async function reserveIds(client: pg.Client, table: string, count: number): Promise<number> {
  const result = await client.query<{ base: number }>(
    `select coalesce(max(id), 0)::int as base from ${table}`,
  );
  const base = result.rows[0]?.base ?? 0;
  await client.query(`select setval(pg_get_serial_sequence($1, 'id'), $2::bigint)`, [
    table,
    base + count + 1,
  ]);
  return base;
}

/** Drops and creates the database the URL names, through the server's `postgres` database. */
async function recreateDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    throw new Error(`database name "${name}" must be lower-case letters, digits and underscores`);
  }
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/**
 * (Re)creates the database, sets it up as the server's first start does (migrations, reference
 * data, the demo organisation) and adds `users` generated people to the demo with their emails,
 * addresses, roles, consent answers, applications, residential stays and three years of report
 * history, each table streamed in with COPY; then gathers planner statistics.
 */
export async function buildLargeData(options: LargeDataOptions): Promise<LargeDataResult> {
  const started = performance.now();
  const seed = options.seed ?? 20_261_125;
  await recreateDatabase(options.databaseUrl);
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    // This file sits in apps/api/src/db/seed.
    migrationsFolder: migrationsFolderOf(fileURLToPath(new URL('../../..', import.meta.url))),
  });
  let organisationId: number;
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    ({ organisationId } = await seedDemo(database.db, options.today ? { today: options.today } : {}));
    // Adds the disclosure types and activity lists the demo's history would add, when missing:
    // the vetting rows below need a type to point at.
    await loadHistoryLookups(database.db, organisationId);
  } finally {
    await database.close();
  }
  const setupMs = performance.now() - started;

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const multibar = options.progress
    ? new MultiBar(
        {
          format: '{table} |{bar}| {percentage}% | {value}/{total} | {rows} rows | {duration}s',
          hideCursor: true,
          clearOnComplete: false,
        },
        Presets.shades_classic,
      )
    : null;
  try {
    // Bulk loading into a throw-away bench database: a lost tail on a crash costs nothing.
    await client.query('set synchronous_commit = off');
    const rows = await fillDemo(client, {
      organisationId,
      users: options.users,
      seed,
      today: options.today,
      multibar,
      onTable: options.onTable,
    });
    multibar?.stop();
    // Vacuum as well as analyse: it sets the hint bits and the visibility map that the first
    // reads after a bulk load would otherwise write (and that index-only scans need).
    await client.query('vacuum (analyze)');
    // And write the load's dirty pages out now: left to the checkpointer, about 2 GB of them went
    // to disk over the next minutes, and the first rows of a large bench run right after
    // answered half as fast as the same rows a few minutes later (health, which reads nothing
    // that grows, at 0.74 of its small-data figure).
    await client.query('checkpoint');
    return { organisationId, rows, ms: performance.now() - started, setupMs };
  } finally {
    multibar?.stop();
    await client.end();
  }
}

/** Adds the generated people and their records to the organisation; answers rows by table. */
async function fillDemo(
  client: pg.Client,
  options: {
    organisationId: number;
    users: number;
    seed: number;
    today: Date | undefined;
    multibar: MultiBar | null;
    onTable: LargeDataOptions['onTable'];
  },
): Promise<Record<string, number>> {
  const { organisationId, users: count, seed } = options;
  const now = options.today ?? new Date();
  const today = dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())));
  const from = addMonths(today, -12 * HISTORY_YEARS) + 1;
  const lookups = await loadLookups(client, organisationId);
  const pools = makePools(seed);
  // One hash of a secret nobody keeps: the generated people have a login, yet nobody can sign in
  // as them; a million argon2 hashes would take days.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const applicationCount = Math.ceil(count * APPLICATIONS_PER_USER);
  const claimCount = count;

  const baseUserId = await reserveIds(client, 'users', count);
  const baseApplicationId = await reserveIds(client, 'applications', applicationCount);
  const baseClaimId = await reserveIds(client, 'claims', claimCount);
  const context = { seed, baseUserId, pools, lookups, from, today };
  const person = (index: number) => personAt(index, context);
  const placementOf = (someone: Person) => {
    const placement = lookups.placements[someone.placementIndex];
    if (!placement) {
      throw new Error('placement out of range');
    }
    return placement;
  };
  const org = organisationId;

  const fills: TableFill[] = [
    {
      table: 'users',
      columns: [
        'id',
        'organisation_id',
        'first_name',
        'last_name',
        'dob',
        'status_id',
        'password_hash',
        'credentials_changed_at',
        'last_activity_at',
        'created_at',
        'updated_at',
      ],
      items: count,
      lines: (index) => {
        const p = person(index);
        const draw = drawsFor(seed, index, 2);
        const dob = isoDay(today - draw.int(18 * 365, 80 * 365));
        const created = stamp(p.createdDay, draw.int(420, 1320));
        const lastActive = p.statusId === USER_STATUS.active ? stamp(today - draw.int(0, 60), 1200) : null;
        return [
          line([
            p.id,
            org,
            p.firstName,
            p.lastName,
            dob,
            p.statusId,
            passwordHash,
            created,
            lastActive,
            created,
            created,
          ]),
        ];
      },
    },
    {
      table: 'user_email_addresses',
      columns: ['organisation_id', 'user_id', 'email', '"primary"', 'created_at', 'updated_at'],
      items: count,
      lines: (index) => {
        const p = person(index);
        const local = `${p.firstName}.${p.lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
        const created = stamp(p.createdDay, 600);
        // The index makes each address unique; the domain keeps them apart from the demo's own.
        return [line([org, p.id, `${local}.${index}@volunteers.example.net`, true, created, created])];
      },
    },
    {
      table: 'user_phone_numbers',
      columns: [
        'organisation_id',
        'user_id',
        'phone_number',
        '"primary"',
        'default_sms',
        'created_at',
        'updated_at',
      ],
      items: count,
      lines: (index) => {
        const draw = drawsFor(seed, index, 3);
        if (!draw.chance(0.7)) {
          return [];
        }
        const p = person(index);
        const created = stamp(p.createdDay, 600);
        const number = `+4477009${String(draw.int(0, 99_999)).padStart(5, '0')}`;
        return [line([org, p.id, number, true, true, created, created])];
      },
    },
    {
      table: 'user_addresses',
      columns: [
        'organisation_id',
        'user_id',
        'street',
        'city',
        'county',
        'postcode',
        'from_date',
        'created_at',
        'updated_at',
      ],
      items: count,
      lines: (index) => {
        const draw = drawsFor(seed, index, 4);
        const p = person(index);
        const created = stamp(p.createdDay, 600);
        return [
          line([
            org,
            p.id,
            `${draw.int(1, 240)} ${draw.pick(pools.streets)}`,
            draw.pick(pools.cities),
            draw.chance(0.6) ? draw.pick(pools.counties) : null,
            draw.pick(pools.postcodes),
            isoDay(p.createdDay - draw.int(30, 3000)),
            created,
            created,
          ]),
        ];
      },
    },
    {
      table: 'user_consent_answers',
      columns: ['organisation_id', 'user_id', 'consent_id', 'consent_option_id', 'created_at'],
      items: count,
      lines: (index) => {
        const draw = drawsFor(seed, index, 5);
        if (!draw.chance(0.85)) {
          return [];
        }
        const p = person(index);
        const created = stamp(p.createdDay, 610);
        return lookups.consents.map((consent) =>
          line([org, p.id, consent.id, draw.pick(consent.optionIds), created]),
        );
      },
    },
    {
      table: 'applications',
      columns: [
        'id',
        'organisation_id',
        'opportunity_id',
        'user_id',
        'application_key',
        'status',
        'active',
        'completed_at',
        'motivation_id',
        'right_to_volunteer',
        'created_at',
        'updated_at',
      ],
      items: count,
      lines: (index) => {
        const p = person(index);
        if (p.application === null) {
          return [];
        }
        const draw = drawsFor(seed, index, 6);
        const status =
          p.membership !== null
            ? 'accepted'
            : draw.pick(['submitted', 'submitted', 'declined', 'withdrawn'] as const);
        const day =
          p.membership !== null
            ? Math.max(p.createdDay, p.membership.joined - draw.int(1, 20))
            : p.createdDay;
        const completed = stamp(Math.min(day, today), draw.int(480, 1320));
        const id = baseApplicationId + p.application + 1;
        return [
          line([
            id,
            org,
            placementOf(p).opportunityId,
            p.id,
            `large-${seed}-${id}`,
            status,
            status === 'submitted' || status === 'accepted',
            completed,
            lookups.motivationIds.length > 0 ? draw.pick(lookups.motivationIds) : null,
            'yes',
            completed,
            completed,
          ]),
        ];
      },
    },
    {
      table: 'user_memberships',
      columns: [
        'organisation_id',
        'user_id',
        'joined_on',
        'left_on',
        'leaving_reason_id',
        'motivation_id',
        'created_at',
        'updated_at',
      ],
      items: count,
      lines: (index) => {
        const p = person(index);
        if (p.membership === null) {
          return [];
        }
        const draw = drawsFor(seed, index, 7);
        const { joined, left, reasonId } = p.membership;
        const created = stamp(joined, 540);
        return [
          line([
            org,
            p.id,
            isoDay(joined),
            left === null ? null : isoDay(left),
            reasonId,
            lookups.motivationIds.length > 0 && draw.chance(0.8) ? draw.pick(lookups.motivationIds) : null,
            created,
            created,
          ]),
        ];
      },
    },
    {
      table: 'user_roles',
      columns: [
        'organisation_id',
        'user_id',
        'team_id',
        'role_profile_id',
        'end_date',
        'created_at',
        'updated_at',
      ],
      items: count,
      lines: (index) => {
        const p = person(index);
        if (p.membership === null) {
          return [];
        }
        const placement = placementOf(p);
        const created = stamp(p.membership.joined, 540);
        const end = p.membership.left === null ? null : isoDay(p.membership.left);
        return [line([org, p.id, placement.teamId, placement.roleProfileId, end, created, created])];
      },
    },
    {
      table: 'residential_bookings',
      columns: [
        'organisation_id',
        'user_id',
        'application_id',
        'team_id',
        'start_date',
        'end_date',
        'willing_to_share',
        'gender_id',
        'status',
        'cancel_reason_id',
        'cancelled_at',
        'cancelled_by_user_id',
        'created_at',
        'updated_at',
      ],
      items: count,
      lines: (index) => {
        const p = person(index);
        if (!p.residential || p.membership === null) {
          return [];
        }
        const draw = drawsFor(seed, index, 8);
        const placement = placementOf(p);
        const nights = draw.chance(0.7) ? 7 : 14;
        // Every stay ended before today, so none takes a night the demo offers.
        const first = Math.max(p.membership.joined, from);
        const last = Math.min(p.membership.left ?? today - 1, today - 1) - nights;
        const pickDay = draw.int(Math.min(first, last), last);
        const start = pickDay - ((weekdayOf(pickDay) - placement.changeoverDay + 7) % 7);
        const cancelled = lookups.cancelReasonIds.length > 0 && draw.chance(0.1);
        const created = stamp(start - draw.int(14, 60), 700);
        return [
          line([
            org,
            p.id,
            p.application === null ? null : baseApplicationId + p.application + 1,
            placement.teamId,
            isoDay(start),
            isoDay(start + nights),
            draw.chance(0.5),
            draw.pick([3, 3, 2, 2, 4, 1]),
            cancelled ? 'cancelled' : 'confirmed',
            cancelled ? draw.pick(lookups.cancelReasonIds) : null,
            cancelled ? stamp(start - draw.int(3, 13), 700) : null,
            cancelled ? p.id : null,
            created,
            created,
          ]),
        ];
      },
    },
    {
      table: 'security_log',
      columns: [
        'organisation_id',
        'user_id',
        'event',
        'outcome',
        'factor',
        'ip',
        'user_agent',
        'details',
        'created_at',
      ],
      items: count,
      lines: (index) => {
        const p = person(index);
        const draw = drawsFor(seed, index, 9);
        const start = Math.max(p.membership?.joined ?? p.createdDay, from);
        const end = Math.min(p.membership?.left ?? today, today);
        const signIns =
          p.membership === null
            ? p.application === null
              ? 0
              : 1
            : p.membership.left === null
              ? draw.int(1, 4)
              : 1;
        const userAgent = draw.pick(pools.userAgents);
        const ip = `198.51.100.${draw.int(1, 254)}`;
        const out: string[] = [];
        for (let n = 0; n < signIns && start <= end; n += 1) {
          const failed = draw.chance(0.05);
          out.push(
            line([
              org,
              p.id,
              'sign_in',
              failed ? 'failure' : 'success',
              'password',
              ip,
              userAgent,
              failed ? '{"reason":"wrong_password"}' : null,
              stamp(draw.int(start, end), draw.int(420, 1380)),
            ]),
          );
        }
        return out;
      },
    },
    {
      table: 'user_inductions',
      columns: [
        'organisation_id',
        'user_id',
        'module_id',
        'status',
        'completed_at',
        'completed_by',
        'expires_on',
        'created_at',
        'updated_at',
      ],
      items: count,
      lines: (index) => {
        const p = person(index);
        if (p.membership === null || lookups.moduleIds.length === 0) {
          return [];
        }
        const draw = drawsFor(seed, index, 10);
        const taken = lookups.moduleIds.slice(0, draw.int(1, Math.min(2, lookups.moduleIds.length)));
        return taken.map((module, position) => {
          const joined = p.membership?.joined ?? today;
          const completedDay = Math.min(today, joined + draw.int(1, 40));
          const completed = position === 0 || draw.chance(0.6);
          const expires =
            completed && module.validityMonths !== null
              ? isoDay(addMonths(completedDay, module.validityMonths))
              : null;
          const created = stamp(joined, 600);
          return line([
            org,
            p.id,
            module.id,
            completed ? 'completed' : 'in_progress',
            completed ? stamp(completedDay, 700) : null,
            completed ? lookups.adminId : null,
            expires,
            created,
            created,
          ]);
        });
      },
    },
    {
      table: 'vetting_checks',
      columns: [
        'organisation_id',
        'user_id',
        'disclosure_type_id',
        'reference_number',
        'status',
        'requested_on',
        'cleared_on',
        'expires_on',
        'created_by',
        'created_at',
        'updated_at',
      ],
      items: count,
      lines: (index) => {
        const p = person(index);
        if (p.membership === null || lookups.disclosureTypeIds.length === 0 || index % 4 !== 1) {
          return [];
        }
        const draw = drawsFor(seed, index, 11);
        const requested = Math.min(today, p.membership.joined + draw.int(0, 20));
        const clearedDay = requested + draw.int(5, 40);
        const cleared = clearedDay <= today && draw.chance(0.85);
        const expiresDay = addMonths(clearedDay, 36);
        const status = cleared ? (expiresDay < today ? 'expired' : 'cleared') : 'requested';
        const created = stamp(requested, 600);
        return [
          line([
            org,
            p.id,
            draw.pick(lookups.disclosureTypeIds),
            `LD${String(index).padStart(9, '0')}`,
            status,
            isoDay(requested),
            cleared ? isoDay(clearedDay) : null,
            cleared ? isoDay(expiresDay) : null,
            lookups.adminId,
            created,
            created,
          ]),
        ];
      },
    },
    {
      table: 'claims',
      columns: [
        'id',
        'organisation_id',
        'user_id',
        'title',
        'status',
        'submitted_at',
        'decided_by',
        'decided_at',
        'paid_at',
        'created_by',
        'created_at',
        'updated_at',
      ],
      items: count,
      lines: (index) => claimLines(index),
    },
    {
      table: 'expenses',
      columns: [
        'organisation_id',
        'user_id',
        'claim_id',
        'type_id',
        'amount_pence',
        'spent_on',
        'description',
        'status',
        'created_by',
        'created_at',
        'updated_at',
      ],
      items: count,
      lines: (index) => expenseLines(index),
    },
  ];

  /** Every tenth volunteer with a claim: its submitted day and decision. */
  function claimOf(index: number) {
    const p = person(index);
    if (p.membership === null || lookups.expenseTypeIds.length === 0 || index % 10 !== 3) {
      return null;
    }
    const draw = drawsFor(seed, index, 12);
    const end = Math.min(p.membership.left ?? today, today);
    const submitted = draw.int(Math.min(Math.max(p.membership.joined, from), end), end);
    const status =
      submitted > today - 14 ? 'submitted' : draw.pick(['approved', 'paid', 'paid', 'rejected'] as const);
    return { p, draw, submitted, status, id: baseClaimId + index + 1 };
  }

  function claimLines(index: number): string[] {
    const claim = claimOf(index);
    if (claim === null) {
      return [];
    }
    const { p, submitted, status, id } = claim;
    const at = stamp(submitted, 720);
    const decided = status === 'submitted' ? null : stamp(Math.min(today, submitted + 5), 600);
    return [
      line([
        id,
        org,
        p.id,
        `Expenses ${isoDay(submitted).slice(0, 7)}`,
        status,
        at,
        decided === null ? null : lookups.adminId,
        decided,
        status === 'paid' ? decided : null,
        p.id,
        at,
        decided ?? at,
      ]),
    ];
  }

  function expenseLines(index: number): string[] {
    const claim = claimOf(index);
    if (claim === null) {
      return [];
    }
    const { p, draw, submitted, status, id } = claim;
    const expenseStatus = status === 'submitted' ? 'pending' : status;
    const items = draw.int(1, 3);
    const out: string[] = [];
    for (let n = 0; n < items; n += 1) {
      const spent = submitted - draw.int(0, 20);
      out.push(
        line([
          org,
          p.id,
          id,
          draw.pick(lookups.expenseTypeIds),
          draw.int(150, 6000),
          isoDay(spent),
          draw.pick(['Train fare', 'Bus fare', 'Lunch on the day', 'Gloves and bin bags', 'Parking']),
          expenseStatus,
          p.id,
          stamp(spent, 900),
          stamp(submitted, 720),
        ]),
      );
    }
    return out;
  }

  const rows: Record<string, number> = {};
  for (const fill of fills) {
    const bar = options.multibar?.create(fill.items, 0, { table: fill.table.padEnd(22), rows: 0 }) ?? null;
    const tableStarted = performance.now();
    rows[fill.table] = await copyTable(client, fill, bar);
    options.onTable?.(fill.table, rows[fill.table] ?? 0, performance.now() - tableStarted);
  }
  // The sequences were moved past the reserved ranges; bring them to the ids actually used.
  for (const table of ['users', 'applications', 'claims']) {
    await client.query(
      `select setval(pg_get_serial_sequence($1, 'id'), (select coalesce(max(id), 0) + 1 from ${table}), false)`,
      [table],
    );
  }
  return rows;
}
