import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUS } from '../../../db/seed/reference-data.js';
import { userAddresses, userEmailAddresses } from '../../../db/schema/index.js';
import { createUser } from '../../../test/factories/user.js';
import { callAs, type Caller } from '../../../test/tenant.js';
import {
  createReportWorld,
  expectRefusals,
  inTeams,
  type Answer,
  type ReportWorld,
} from './report-test-support.js';

/*
 * GET /reports/users/missing-data and /missing-data/users over hand-built profiles: which details
 * each person lacks is written down here in plain data, and the counts and lists follow from it.
 */

const FIELDS = ['email', 'phone', 'address', 'date_of_birth', 'emergency_contact'] as const;
type Field = (typeof FIELDS)[number];
const today = new Date().toISOString().slice(0, 10);

/** A person as the test builds them: what they have, not what they lack. */
type Profile = {
  first: string;
  last: string;
  created: string;
  status?: number;
  /** The first is the primary address, added after the others. */
  emails?: string[];
  phone?: boolean;
  address?: 'current' | 'historical';
  dob?: boolean;
  emergencyContact?: boolean;
  teams?: { team: string; from: string; until?: string }[];
};

const profiles: Profile[] = [
  {
    first: 'Ada',
    last: 'Adams',
    created: '2025-01-05',
    emails: ['ada@example.test'],
    phone: true,
    address: 'current',
    dob: true,
    emergencyContact: true,
    teams: [{ team: 'north', from: '2025-01-05' }],
  },
  {
    first: 'Ben',
    last: 'Brown',
    created: '2025-02-01',
    phone: true,
    address: 'historical',
    dob: true,
    teams: [{ team: 'south', from: '2025-02-01' }],
  },
  {
    first: 'Cat',
    last: 'Clark',
    created: '2025-03-01',
    // The primary address is the one listed, though the other was added first.
    emails: ['cat@example.test', 'cat.second@example.test'],
    address: 'current',
    teams: [{ team: 'north', from: '2025-03-01', until: '2025-12-31' }],
  },
  { first: 'Dan', last: 'Dunn', created: '2025-01-01', status: USER_STATUS.left },
  { first: 'Gus', last: 'Green', created: '2025-01-01', status: USER_STATUS.blocked },
  {
    first: 'Eve',
    last: 'Evans',
    created: '2026-06-01',
    emails: ['eve@example.test'],
    address: 'current',
    dob: true,
    emergencyContact: true,
  },
  // The same last name as Ada: ordered by first name.
  { first: 'Abe', last: 'Adams', created: '2025-01-05', emails: ['abe@example.test'], dob: true },
];

let world: ReportWorld;
let manager: Caller;
const ids = new Map<Profile, number>();
const primaryEmail = new Map<Profile, string>();
/** The callers, made today, with a primary email and a date of birth and nothing else. */
const callers: { id: number; last: string; first: string; email: string | null }[] = [];

async function addEmergencyContact(caller: Caller, userId: number) {
  const response = await callAs(
    world.ctx.app,
    caller.headers,
    'POST',
    `/api/users/${userId}/emergency-contacts/`,
    {
      name: 'Grace Hopper',
      relationship: 'mother',
      phone: '+447700900123',
    },
  );
  expect(response.statusCode, response.body).toBe(201);
}

beforeAll(async () => {
  world = await createReportWorld();
  manager = await world.a.person(['manage-users', 'view-users']);
  const { db } = world.ctx;
  for (const profile of profiles) {
    const [firstEmail, ...otherEmails] = profile.emails ?? [];
    const user = await createUser(db, world.a.id, {
      firstName: profile.first,
      lastName: profile.last,
      statusId: profile.status ?? USER_STATUS.active,
      createdAt: new Date(`${profile.created}T12:00:00Z`),
      email: null,
      dob: profile.dob ? '1990-05-05' : null,
      phoneNumber: profile.phone ? '+447700900456' : null,
    });
    ids.set(profile, user.id);
    for (const email of otherEmails) {
      await db.insert(userEmailAddresses).values({ organisationId: world.a.id, userId: user.id, email });
    }
    if (firstEmail) {
      await db
        .insert(userEmailAddresses)
        .values({ organisationId: world.a.id, userId: user.id, email: firstEmail, primary: true });
      primaryEmail.set(profile, firstEmail);
    }
    if (profile.address) {
      await db.insert(userAddresses).values({
        organisationId: world.a.id,
        userId: user.id,
        street: '1 High Street',
        city: 'Truro',
        postcode: 'TR1 1AA',
        historical: profile.address === 'historical',
      });
    }
    if (profile.emergencyContact) {
      await addEmergencyContact(manager, user.id);
    }
    for (const held of profile.teams ?? []) {
      await world.holdRole(world.a.id, user.id, held.team, held.from, held.until ?? null);
    }
  }
  for (const caller of [world.reader, world.nobody, manager]) {
    const [row] = await db.query.users.findMany({ where: (users, { eq }) => eq(users.id, caller.id) });
    const [email] = await db.query.userEmailAddresses.findMany({
      where: (emails, { eq }) => eq(emails.userId, caller.id),
    });
    callers.push({
      id: caller.id,
      first: row?.firstName ?? '',
      last: row?.lastName ?? '',
      email: email?.email ?? null,
    });
  }
  // Another organisation: someone missing everything, and an emergency contact of theirs.
  const bManager = await world.b.person(['manage-users']);
  const stranger = await createUser(db, world.b.id, {
    email: null,
    dob: null,
    createdAt: new Date('2025-01-01'),
  });
  await addEmergencyContact(bManager, stranger.id);
}, 60_000);
afterAll(() => world?.ctx.close());

/** What a profile lacks, in the report's order. */
function lacks(profile: Profile): Field[] {
  const has: Record<Field, boolean> = {
    email: (profile.emails ?? []).length > 0,
    phone: profile.phone === true,
    address: profile.address === 'current',
    date_of_birth: profile.dob === true,
    emergency_contact: profile.emergencyContact === true,
  };
  return FIELDS.filter((field) => !has[field]);
}

type Checked = {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  missing: Field[];
};

/** The current people of the period with what they lack, in the report's order. */
function checked(from: string, to: string, teamNames: string[] = []): Checked[] {
  const roles = profiles.flatMap((profile) =>
    (profile.teams ?? []).map((held) => ({
      user: ids.get(profile) ?? 0,
      team: held.team,
      from: held.from,
      until: held.until ?? null,
    })),
  );
  const kept = inTeams(roles, teamNames, from, to);
  const people: Checked[] = profiles
    .filter(
      (profile) =>
        profile.status !== USER_STATUS.left &&
        profile.status !== USER_STATUS.blocked &&
        profile.created <= to &&
        (teamNames.length === 0 || kept.has(ids.get(profile) ?? 0)),
    )
    .map((profile) => ({
      user_id: ids.get(profile) ?? 0,
      first_name: profile.first,
      last_name: profile.last,
      email: primaryEmail.get(profile) ?? null,
      missing: lacks(profile),
    }));
  if (today <= to && teamNames.length === 0) {
    people.push(
      ...callers.map((caller) => ({
        user_id: caller.id,
        first_name: caller.first,
        last_name: caller.last,
        email: caller.email,
        missing: ['phone', 'address', 'emergency_contact'] as Field[],
      })),
    );
  }
  return people.sort(
    (x, y) =>
      (x.last_name < y.last_name ? -1 : x.last_name > y.last_name ? 1 : 0) ||
      (x.first_name < y.first_name ? -1 : x.first_name > y.first_name ? 1 : 0) ||
      x.user_id - y.user_id,
  );
}

function expectedSummary(from: string, to: string, teamNames: string[] = []) {
  const people = checked(from, to, teamNames);
  return {
    data: FIELDS.map((field) => ({
      field,
      count: people.filter((person) => person.missing.includes(field)).length,
    })),
    totals: {
      people: people.length,
      missing_any: people.filter((person) => person.missing.length > 0).length,
    },
  };
}

type Row = { field: Field; label: string; count: number };
type Totals = { people: number; missing_any: number };

const summary = async (query: string) => {
  const response = await world.get(world.reader, '/reports/users/missing-data', query);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<Answer<Row, Totals>>();
  return { data: answer.data.map(({ field, count }) => ({ field, count })), totals: answer.totals };
};
const list = async (query: string) => {
  const response = await world.get(world.reader, '/reports/users/missing-data/users', query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer<Checked>>().data;
};

describe('GET /reports/users/missing-data', () => {
  it('counts the current people lacking each detail, in a fixed order with labels', async () => {
    const response = await world.get(
      world.reader,
      '/reports/users/missing-data',
      '?from=2026-01-01&to=2026-03-31',
    );
    expect(response.json<Answer<Row, Totals>>().data.map((row) => row.label)).toEqual([
      'Email address',
      'Phone number',
      'Postal address',
      'Date of birth',
      'Emergency contact',
    ]);
    expect(await summary('?from=2026-01-01&to=2026-03-31')).toEqual(
      expectedSummary('2026-01-01', '2026-03-31'),
    );
    // Ada, Abe, Ben and Cat: Dan left, Gus is blocked, Eve came later.
    expect(await summary('?from=2026-01-01&to=2026-03-31')).toEqual({
      data: [
        { field: 'email', count: 1 },
        { field: 'phone', count: 2 },
        { field: 'address', count: 2 },
        { field: 'date_of_birth', count: 1 },
        { field: 'emergency_contact', count: 3 },
      ],
      totals: { people: 4, missing_any: 3 },
    });
  });

  it('takes people whose account was made by the period’s last day, that day included', async () => {
    for (const [from, to] of [
      ['2026-05-01', '2026-05-31'],
      ['2026-06-01', '2026-06-01'],
      ['2025-01-01', '2025-01-04'],
      ['2025-01-05', '2025-01-05'],
    ] as const) {
      expect(await summary(`?from=${from}&to=${to}`), `${from}..${to}`).toEqual(expectedSummary(from, to));
    }
    expect((await summary('?from=2026-06-01&to=2026-06-01')).totals.people).toBe(5);
    expect((await summary('?from=2026-05-01&to=2026-05-31')).totals.people).toBe(4);
  });

  it('narrows to the teams asked for', async () => {
    const north = await world.team(world.a.id, 'north');
    const south = await world.team(world.a.id, 'south');
    for (const [from, to] of [
      ['2026-01-01', '2026-03-31'],
      ['2025-06-01', '2025-12-31'],
      ['2026-01-01', '2026-01-01'],
    ] as const) {
      expect(await summary(`?from=${from}&to=${to}&team=${north}`)).toEqual(
        expectedSummary(from, to, ['north']),
      );
      expect(await summary(`?from=${from}&to=${to}&team=${south}`)).toEqual(
        expectedSummary(from, to, ['south']),
      );
      expect(await list(`?from=${from}&to=${to}&team=${north}&team=${south}`)).toEqual(
        checked(from, to, ['north', 'south']).filter((person) => person.missing.length > 0),
      );
    }
    // Cat's role in the north ended on the last day of 2025.
    expect((await summary(`?from=2025-12-31&to=2026-03-31&team=${north}`)).totals.people).toBe(2);
    expect((await summary(`?from=2026-01-01&to=2026-03-31&team=${north}`)).totals.people).toBe(1);
  });

  it('defaults to the twelve months to today, counting the people made today', async () => {
    const response = await world.get(world.reader, '/reports/users/missing-data', '');
    const { meta } = response.json<Answer<Row, Totals>>();
    expect(meta.to).toBe(today);
    expect(await summary('')).toEqual(expectedSummary(meta.from, meta.to));
  });

  it('never counts another organisation’s people', async () => {
    const response = await world.get(
      world.otherReader,
      '/reports/users/missing-data',
      '?from=2026-01-01&to=2026-03-31',
    );
    expect(response.json<Answer<Row, Totals>>().totals).toEqual({ people: 1, missing_any: 1 });
    expect(response.json<Answer<Row, Totals>>().data.map((row) => row.count)).toEqual([1, 1, 1, 1, 0]);
  });

  it('refuses the anonymous (401), the unpermitted (403) and a query it cannot read (422)', async () => {
    await expectRefusals(world, '/reports/users/missing-data');
  });
});

describe('GET /reports/users/missing-data/users', () => {
  it('lists each current person lacking a detail, with what they lack, by name', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-03-31'],
      ['2026-06-01', '2026-06-30'],
      ['2025-01-01', '2025-01-04'],
    ] as const) {
      expect(await list(`?from=${from}&to=${to}`)).toEqual(
        checked(from, to).filter((person) => person.missing.length > 0),
      );
    }
    const abe = profiles.find((profile) => profile.first === 'Abe');
    const cat = profiles.find((profile) => profile.first === 'Cat');
    expect(await list('?from=2026-01-01&to=2026-03-31')).toEqual([
      {
        user_id: abe ? ids.get(abe) : 0,
        first_name: 'Abe',
        last_name: 'Adams',
        email: 'abe@example.test',
        missing: ['phone', 'address', 'emergency_contact'],
      },
      expect.objectContaining({
        first_name: 'Ben',
        email: null,
        missing: ['email', 'address', 'emergency_contact'],
      }),
      {
        user_id: cat ? ids.get(cat) : 0,
        first_name: 'Cat',
        last_name: 'Clark',
        email: 'cat@example.test',
        missing: ['phone', 'date_of_birth', 'emergency_contact'],
      },
    ]);
  });

  it('defaults to the twelve months to today, and keeps to its organisation', async () => {
    const response = await world.get(world.reader, '/reports/users/missing-data/users', '');
    const { meta, data } = response.json<Answer<Checked>>();
    expect(data).toEqual(checked(meta.from, meta.to).filter((person) => person.missing.length > 0));
    const other = await world.get(world.otherReader, '/reports/users/missing-data/users', '?to=2026-03-31');
    expect(other.json<Answer<Checked>>().data).toEqual([
      expect.objectContaining({ email: null, missing: ['email', 'phone', 'address', 'date_of_birth'] }),
    ]);
  });

  it('refuses the anonymous (401), the unpermitted (403) and a query it cannot read (422)', async () => {
    await expectRefusals(world, '/reports/users/missing-data/users');
  });
});
