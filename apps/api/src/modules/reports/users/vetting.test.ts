import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUS } from '../../../db/seed/reference-data.js';
import type { VettingStatus } from '../../../db/schema/index.js';
import { createUser } from '../../../test/factories/user.js';
import { createDisclosureType, createVettingCheck } from '../../../test/factories/vetting.js';
import {
  createReportWorld,
  expectRefusals,
  inTeams,
  within,
  type Answer,
  type ReportWorld,
} from './report-test-support.js';

/*
 * The vetting reports (/reports/users/vetting, vetting/users, vetting-by-user/users) over
 * hand-built checks: the expected rows are worked out here from the plain data below.
 */

type PersonPlan = {
  key: string;
  first: string;
  last: string;
  created: string;
  status?: number;
  roles: { team: string; from: string; until?: string }[];
};
type CheckPlan = {
  person: string;
  type: 'enhanced' | 'basic';
  status: VettingStatus;
  requested: string;
  cleared: string | null;
  expires: string | null;
  reference: string | null;
};

const personPlans: PersonPlan[] = [
  {
    key: 'ada',
    first: 'Ada',
    last: 'Adams',
    created: '2025-01-01',
    roles: [{ team: 'north', from: '2025-01-01' }],
  },
  {
    key: 'ben',
    first: 'Ben',
    last: 'Brown',
    created: '2025-01-01',
    roles: [{ team: 'south', from: '2025-01-01' }],
  },
  {
    key: 'cat',
    first: 'Cat',
    last: 'Clark',
    created: '2025-01-01',
    roles: [{ team: 'north', from: '2025-01-01', until: '2025-12-31' }],
  },
  {
    key: 'dan',
    first: 'Dan',
    last: 'Dunn',
    created: '2025-01-01',
    status: USER_STATUS.left,
    roles: [{ team: 'south', from: '2025-01-01' }],
  },
  { key: 'eve', first: 'Eve', last: 'Evans', created: '2026-05-01', roles: [] },
  { key: 'fay', first: 'Fay', last: 'Ford', created: '2025-01-01', roles: [] },
];

const checks: CheckPlan[] = [
  {
    person: 'ada',
    type: 'enhanced',
    status: 'cleared',
    requested: '2025-11-01',
    cleared: '2026-01-01',
    expires: '2028-12-31',
    reference: 'E-001',
  },
  {
    person: 'ada',
    type: 'basic',
    status: 'expired',
    requested: '2022-01-01',
    cleared: '2022-02-01',
    expires: '2025-12-31',
    reference: 'B-001',
  },
  {
    person: 'ada',
    type: 'enhanced',
    status: 'requested',
    requested: '2026-06-01',
    cleared: null,
    expires: null,
    reference: null,
  },
  {
    person: 'ben',
    type: 'enhanced',
    status: 'in_progress',
    requested: '2026-03-31',
    cleared: null,
    expires: null,
    reference: 'E-002',
  },
  {
    person: 'ben',
    type: 'basic',
    status: 'rejected',
    requested: '2026-01-15',
    cleared: null,
    expires: null,
    reference: null,
  },
  // Still marked cleared after its last valid day: the dates say it has lapsed.
  {
    person: 'cat',
    type: 'enhanced',
    status: 'cleared',
    requested: '2025-05-01',
    cleared: '2025-06-01',
    expires: '2026-01-31',
    reference: 'E-003',
  },
  {
    person: 'cat',
    type: 'basic',
    status: 'requested',
    requested: '2025-12-31',
    cleared: null,
    expires: null,
    reference: null,
  },
  {
    person: 'dan',
    type: 'enhanced',
    status: 'cleared',
    requested: '2026-02-01',
    cleared: '2026-02-15',
    expires: null,
    reference: 'E-004',
  },
  {
    person: 'eve',
    type: 'enhanced',
    status: 'rejected',
    requested: '2026-05-02',
    cleared: null,
    expires: null,
    reference: null,
  },
];

const typePlans = [
  { key: 'basic', name: 'Basic DBS', position: 1 },
  { key: 'enhanced', name: 'Enhanced DBS', position: 0 },
  { key: 'unused', name: 'Overseas check', position: 2 },
] as const;

const today = new Date().toISOString().slice(0, 10);
let world: ReportWorld;
const personIds = new Map<string, number>();
const typeIds = new Map<string, number>();
const checkIds = new Map<CheckPlan, number>();
/** The callers, made today, without checks. */
const callers: { id: number; first: string; last: string }[] = [];

beforeAll(async () => {
  world = await createReportWorld();
  const { db } = world.ctx;
  const org = world.a.id;
  for (const type of typePlans) {
    typeIds.set(
      type.key,
      (await createDisclosureType(db, org, { name: type.name, position: type.position })).id,
    );
  }
  for (const person of personPlans) {
    const user = await createUser(db, org, {
      firstName: person.first,
      lastName: person.last,
      statusId: person.status ?? USER_STATUS.active,
      createdAt: new Date(`${person.created}T12:00:00Z`),
    });
    personIds.set(person.key, user.id);
    for (const role of person.roles) {
      await world.holdRole(org, user.id, role.team, role.from, role.until ?? null);
    }
  }
  for (const check of checks) {
    const row = await createVettingCheck(
      db,
      org,
      personIds.get(check.person) ?? 0,
      typeIds.get(check.type) ?? 0,
      {
        status: check.status,
        requestedOn: check.requested,
        clearedOn: check.cleared,
        expiresOn: check.expires,
        referenceNumber: check.reference,
      },
    );
    checkIds.set(check, row.id);
  }
  for (const caller of [world.reader, world.nobody]) {
    const row = await db.query.users.findFirst({ where: (users, { eq }) => eq(users.id, caller.id) });
    callers.push({ id: caller.id, first: row?.firstName ?? '', last: row?.lastName ?? '' });
  }
  // Another organisation's type, person and check: never counted.
  const otherType = await createDisclosureType(db, world.b.id, { name: 'Enhanced DBS' });
  const stranger = await createUser(db, world.b.id, { createdAt: new Date('2025-01-01T12:00:00Z') });
  await createVettingCheck(db, world.b.id, stranger.id, otherType.id, {
    status: 'cleared',
    requestedOn: '2026-01-02',
    clearedOn: '2026-01-03',
  });
}, 60_000);
afterAll(() => world?.ctx.close());

// ——— The expected answers, from the plain data ———

function keptBy(from: string, to: string, teamNames: string[]) {
  const roles = personPlans.flatMap((person) =>
    person.roles.map((role) => ({
      user: personIds.get(person.key) ?? 0,
      team: role.team,
      from: role.from,
      until: role.until ?? null,
    })),
  );
  const inTeam = inTeams(roles, teamNames, from, to);
  return (personKey: string) => teamNames.length === 0 || inTeam.has(personIds.get(personKey) ?? 0);
}

const validOn = (check: CheckPlan, day: string) =>
  check.cleared !== null && check.cleared <= day && (check.expires === null || check.expires >= day);

function expectedSummary(from: string, to: string, teamNames: string[] = []) {
  const kept = keptBy(from, to, teamNames);
  return [...typePlans]
    .sort((x, y) => x.position - y.position)
    .map((type) => {
      const of = checks.filter((check) => check.type === type.key && kept(check.person));
      return {
        id: typeIds.get(type.key),
        label: type.name,
        requested: of.filter((check) => within(check.requested, from, to)).length,
        cleared: of.filter((check) => within(check.cleared, from, to)).length,
        rejected: of.filter((check) => check.status === 'rejected' && within(check.requested, from, to))
          .length,
        expiring: of.filter((check) => check.cleared !== null && within(check.expires, from, to)).length,
        valid_at_end: new Set(of.filter((check) => validOn(check, to)).map((check) => check.person)).size,
      };
    });
}

const personOf = (key: string) => personPlans.find((person) => person.key === key);

/** Whether a check belongs to the period, as the vetting/users report defines it. */
function ofPeriod(check: CheckPlan, from: string, to: string) {
  const requestedIn = within(check.requested, from, to);
  const awaited =
    check.status !== 'rejected' && check.requested <= to && (check.cleared === null || check.cleared > to);
  const validSomeDay =
    check.cleared !== null && check.cleared <= to && (check.expires === null || check.expires >= from);
  return requestedIn || awaited || validSomeDay;
}

function expectedUsers(from: string, to: string, teamNames: string[] = []) {
  const kept = keptBy(from, to, teamNames);
  const order = (key: string) => personPlans.findIndex((person) => person.key === key);
  return checks
    .filter((check) => kept(check.person) && ofPeriod(check, from, to))
    .sort((x, y) => order(x.person) - order(y.person) || (x.requested < y.requested ? -1 : 1))
    .map((check) => ({
      check_id: checkIds.get(check),
      user_id: personIds.get(check.person),
      first_name: personOf(check.person)?.first,
      last_name: personOf(check.person)?.last,
      disclosure_type_id: typeIds.get(check.type),
      disclosure_type: typePlans.find((type) => type.key === check.type)?.name,
      reference_number: check.reference,
      status: check.status,
      requested_on: check.requested,
      cleared_on: check.cleared,
      expires_on: check.expires,
    }));
}

function expectedByUser(from: string, to: string, teamNames: string[] = []) {
  const kept = keptBy(from, to, teamNames);
  const rows = personPlans
    .filter(
      (person) =>
        person.status !== USER_STATUS.left &&
        person.status !== USER_STATUS.blocked &&
        person.created <= to &&
        kept(person.key),
    )
    .map((person) => {
      const mine = checks.filter((check) => check.person === person.key && check.requested <= to);
      const valid = mine.filter((check) => validOn(check, to));
      const standing =
        valid.length > 0
          ? 'cleared'
          : mine.some(
                (check) => check.status !== 'rejected' && (check.cleared === null || check.cleared > to),
              )
            ? 'awaiting'
            : mine.some(
                  (check) =>
                    check.cleared !== null &&
                    check.cleared <= to &&
                    check.expires !== null &&
                    check.expires < to,
                )
              ? 'expired'
              : mine.some((check) => check.status === 'rejected')
                ? 'rejected'
                : 'none';
      const ends = valid.map((check) => check.expires);
      return {
        user_id: personIds.get(person.key) ?? 0,
        first_name: person.first,
        last_name: person.last,
        standing,
        checks: mine.length,
        valid_until: valid.length === 0 || ends.includes(null) ? null : ([...ends].sort().at(-1) ?? null),
      };
    });
  if (today <= to && teamNames.length === 0) {
    rows.push(
      ...callers.map((caller) => ({
        user_id: caller.id,
        first_name: caller.first,
        last_name: caller.last,
        standing: 'none',
        checks: 0,
        valid_until: null,
      })),
    );
  }
  return rows.sort(
    (x, y) =>
      (x.last_name < y.last_name ? -1 : x.last_name > y.last_name ? 1 : 0) ||
      (x.first_name < y.first_name ? -1 : x.first_name > y.first_name ? 1 : 0) ||
      x.user_id - y.user_id,
  );
}

// ——— Calls ———

const PERIODS = [
  ['2026-01-01', '2026-12-31'],
  ['2025-01-01', '2025-12-31'],
  ['2026-01-01', '2026-01-31'],
  ['2026-01-31', '2026-03-31'],
  ['2026-02-01', '2026-02-28'],
  ['2022-01-01', '2022-12-31'],
] as const;

async function data<Row>(path: string, query: string) {
  const response = await world.get(world.reader, path, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer<Row>>().data;
}

type SummaryRow = {
  label: string;
  requested: number;
  cleared: number;
  rejected: number;
  expiring: number;
  valid_at_end: number;
};

describe('GET /reports/users/vetting', () => {
  it('counts checks requested, cleared, rejected and lapsing per disclosure type, and the people validly cleared at the end', async () => {
    for (const [from, to] of PERIODS) {
      expect(await data('/reports/users/vetting', `?from=${from}&to=${to}`), `${from}..${to}`).toEqual(
        expectedSummary(from, to),
      );
    }
    const year = await data<SummaryRow>('/reports/users/vetting', '?from=2026-01-01&to=2026-12-31');
    expect(
      year.map(({ label, requested, cleared, rejected, expiring, valid_at_end }) => [
        label,
        requested,
        cleared,
        rejected,
        expiring,
        valid_at_end,
      ]),
    ).toEqual([
      ['Enhanced DBS', 4, 2, 1, 1, 2],
      ['Basic DBS', 1, 0, 1, 0, 0],
      ['Overseas check', 0, 0, 0, 0, 0],
    ]);
  });

  it('includes both edge days', async () => {
    // Cat's enhanced check is valid to 31 January 2026 and lapses that day.
    const endsOnLast = await data<SummaryRow>('/reports/users/vetting', '?from=2026-01-01&to=2026-01-31');
    expect(endsOnLast[0]).toMatchObject({ label: 'Enhanced DBS', cleared: 1, expiring: 1, valid_at_end: 2 });
    const dayAfter = await data<SummaryRow>('/reports/users/vetting', '?from=2026-02-01&to=2026-02-01');
    expect(dayAfter[0]).toMatchObject({ expiring: 0, valid_at_end: 1 });
    const firstDay = await data<SummaryRow>('/reports/users/vetting', '?from=2026-01-15&to=2026-01-15');
    expect(firstDay[1]).toMatchObject({ label: 'Basic DBS', requested: 1, rejected: 1 });
  });

  it('narrows to the teams asked for', async () => {
    const north = await world.team(world.a.id, 'north');
    const south = await world.team(world.a.id, 'south');
    for (const [from, to] of PERIODS) {
      expect(await data('/reports/users/vetting', `?from=${from}&to=${to}&team=${north}`)).toEqual(
        expectedSummary(from, to, ['north']),
      );
      expect(await data('/reports/users/vetting', `?from=${from}&to=${to}&team=${south}`)).toEqual(
        expectedSummary(from, to, ['south']),
      );
    }
  });

  it('never counts another organisation’s types or checks', async () => {
    const other = await world.get(
      world.otherReader,
      '/reports/users/vetting',
      '?from=2026-01-01&to=2026-12-31',
    );
    expect(other.json<Answer<SummaryRow>>().data).toEqual([
      expect.objectContaining({ label: 'Enhanced DBS', requested: 1, cleared: 1, valid_at_end: 1 }),
    ]);
  });

  it('refuses the anonymous (401), the unpermitted (403) and a query it cannot read (422)', async () => {
    await expectRefusals(world, '/reports/users/vetting');
  });
});

describe('GET /reports/users/vetting/users', () => {
  it('lists the checks of the period: requested in it, awaited during it, or valid on some day of it', async () => {
    for (const [from, to] of PERIODS) {
      expect(await data('/reports/users/vetting/users', `?from=${from}&to=${to}`), `${from}..${to}`).toEqual(
        expectedUsers(from, to),
      );
    }
    const february = await data<{ first_name: string; reference_number: string | null; status: string }>(
      '/reports/users/vetting/users',
      '?from=2026-02-01&to=2026-02-28',
    );
    // Ada's valid enhanced check; Cat's basic one still awaited; Dan's cleared in February.
    // Ben's rejection belongs to January; Cat's enhanced check lapsed on 31 January.
    expect(february.map((row) => [row.first_name, row.reference_number, row.status])).toEqual([
      ['Ada', 'E-001', 'cleared'],
      ['Cat', null, 'requested'],
      ['Dan', 'E-004', 'cleared'],
    ]);
    const south = await world.team(world.a.id, 'south');
    expect(
      await data('/reports/users/vetting/users', `?from=2026-01-01&to=2026-12-31&team=${south}`),
    ).toEqual(expectedUsers('2026-01-01', '2026-12-31', ['south']));
    const other = await world.get(
      world.otherReader,
      '/reports/users/vetting/users',
      '?from=2026-01-01&to=2026-12-31',
    );
    expect(other.json<Answer<{ disclosure_type: string }>>().data).toHaveLength(1);
  });

  it('refuses the anonymous (401), the unpermitted (403) and a query it cannot read (422)', async () => {
    await expectRefusals(world, '/reports/users/vetting/users');
  });
});

describe('GET /reports/users/vetting-by-user/users', () => {
  it('gives each current person their standing on the period’s last day', async () => {
    for (const [from, to] of PERIODS) {
      expect(
        await data('/reports/users/vetting-by-user/users', `?from=${from}&to=${to}`),
        `${from}..${to}`,
      ).toEqual(expectedByUser(from, to));
    }
    const end = await data<{
      first_name: string;
      standing: string;
      checks: number;
      valid_until: string | null;
    }>('/reports/users/vetting-by-user/users', '?from=2026-01-01&to=2026-05-31');
    expect(end.map((row) => [row.first_name, row.standing, row.checks, row.valid_until])).toEqual([
      ['Ada', 'cleared', 2, '2028-12-31'],
      ['Ben', 'awaiting', 2, null],
      ['Cat', 'awaiting', 2, null],
      ['Eve', 'rejected', 1, null],
      ['Fay', 'none', 0, null],
    ]);
    const before = await data<{ first_name: string; standing: string }>(
      '/reports/users/vetting-by-user/users',
      '?from=2025-01-01&to=2025-12-31',
    );
    // On 31 December 2025 Ada's basic check is on its last valid day; Cat's enhanced one is valid.
    expect(before.map((row) => [row.first_name, row.standing])).toEqual([
      ['Ada', 'cleared'],
      ['Ben', 'none'],
      ['Cat', 'cleared'],
      ['Fay', 'none'],
    ]);
  });

  it('narrows to the teams asked for, and defaults to today, counting the people made today', async () => {
    const north = await world.team(world.a.id, 'north');
    for (const [from, to] of PERIODS) {
      expect(
        await data('/reports/users/vetting-by-user/users', `?from=${from}&to=${to}&team=${north}`),
      ).toEqual(expectedByUser(from, to, ['north']));
    }
    const response = await world.get(world.reader, '/reports/users/vetting-by-user/users', '');
    const { meta, data: rows } = response.json<Answer<unknown>>();
    expect(rows).toEqual(expectedByUser(meta.from, meta.to));
  });

  it('keeps to its organisation', async () => {
    const other = await world.get(
      world.otherReader,
      '/reports/users/vetting-by-user/users',
      '?to=2026-06-30',
    );
    expect(other.json<Answer<{ standing: string }>>().data).toEqual([
      expect.objectContaining({ standing: 'cleared', checks: 1, valid_until: null }),
    ]);
  });

  it('refuses the anonymous (401), the unpermitted (403) and a query it cannot read (422)', async () => {
    await expectRefusals(world, '/reports/users/vetting-by-user/users');
  });
});
