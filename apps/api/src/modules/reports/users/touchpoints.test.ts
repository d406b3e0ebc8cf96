import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTouchpoint, createTouchpointType } from '../../../test/factories/people-work.js';
import { createUser } from '../../../test/factories/user.js';
import {
  createReportWorld,
  expectRefusals,
  inTeams,
  localDayOf,
  within,
  type Answer,
  type ReportWorld,
} from './report-test-support.js';

/*
 * GET /reports/users/touchpoints over hand-built contacts: the expected rows are worked out here
 * from the plain data below.
 */

const PATH = '/reports/users/touchpoints';

const typePlans = [
  { key: 'call', name: 'Phone call', position: 1 },
  { key: 'supervision', name: 'Supervision', position: 0 },
  { key: 'card', name: 'Thank-you card', position: 2, active: false },
] as const;
type TypeKey = (typeof typePlans)[number]['key'];

const personPlans = [
  { key: 'ada', roles: [{ team: 'north', from: '2025-01-01', until: null }] },
  { key: 'ben', roles: [{ team: 'south', from: '2025-01-01', until: null }] },
  { key: 'cat', roles: [{ team: 'north', from: '2025-01-01', until: '2026-01-31' }] },
] as const;
type PersonKey = (typeof personPlans)[number]['key'];

type ContactPlan = { person: PersonKey; type: TypeKey | null; at: string; followUpOf?: number };
const contacts: ContactPlan[] = [
  { person: 'ada', type: 'call', at: '2026-01-01T00:15:00Z' },
  { person: 'ada', type: 'call', at: '2026-01-20T10:00:00Z' },
  // A follow-up of Ada's first call: a contact of its own.
  { person: 'ada', type: 'supervision', at: '2026-02-01T10:00:00Z', followUpOf: 0 },
  { person: 'ben', type: 'call', at: '2025-12-31T23:45:00Z' },
  { person: 'ben', type: null, at: '2026-03-31T23:00:00Z' },
  { person: 'cat', type: 'supervision', at: '2026-01-31T12:00:00Z' },
  { person: 'cat', type: 'card', at: '2026-02-14T12:00:00Z' },
  { person: 'cat', type: null, at: '2025-06-01T12:00:00Z' },
];

let world: ReportWorld;
const typeIds = new Map<TypeKey, number>();
const personIds = new Map<PersonKey, number>();

beforeAll(async () => {
  world = await createReportWorld();
  const { db } = world.ctx;
  const org = world.a.id;
  for (const type of typePlans) {
    const row = await createTouchpointType(db, org, {
      name: type.name,
      position: type.position,
      active: 'active' in type ? type.active : true,
    });
    typeIds.set(type.key, row.id);
  }
  for (const person of personPlans) {
    const user = await createUser(db, org);
    personIds.set(person.key, user.id);
    for (const role of person.roles) {
      await world.holdRole(org, user.id, role.team, role.from, role.until);
    }
  }
  const made: number[] = [];
  for (const contact of contacts) {
    const parent = contact.followUpOf === undefined ? null : (made[contact.followUpOf] ?? null);
    const row = await createTouchpoint(db, org, personIds.get(contact.person) ?? 0, {
      typeId: contact.type ? (typeIds.get(contact.type) ?? null) : null,
      occurredAt: contact.at,
      parentId: parent,
    });
    made.push(row.id);
  }
  // Another organisation's type and contact: never counted.
  const otherType = await createTouchpointType(world.ctx.db, world.b.id, { name: 'Phone call' });
  const stranger = await createUser(world.ctx.db, world.b.id);
  await createTouchpoint(world.ctx.db, world.b.id, stranger.id, {
    typeId: otherType.id,
    occurredAt: '2026-01-10T10:00:00Z',
  });
}, 60_000);
afterAll(() => world?.ctx.close());

function expected(from: string, to: string, teamNames: string[] = []) {
  const roles = personPlans.flatMap((person) =>
    person.roles.map((role) => ({ ...role, user: personIds.get(person.key) ?? 0 })),
  );
  const inTeam = inTeams(roles, teamNames, from, to);
  const counted = contacts.filter(
    (contact) =>
      within(localDayOf(contact.at), from, to) &&
      (teamNames.length === 0 || inTeam.has(personIds.get(contact.person) ?? 0)),
  );
  const row = (id: number | null, label: string, of: ContactPlan[]) => ({
    id,
    label,
    count: of.length,
    people: new Set(of.map((contact) => contact.person)).size,
  });
  const untyped = counted.filter((contact) => contact.type === null);
  return [
    ...[...typePlans]
      .sort((x, y) => x.position - y.position)
      .map((type) =>
        row(
          typeIds.get(type.key) ?? 0,
          type.name,
          counted.filter((contact) => contact.type === type.key),
        ),
      ),
    ...(untyped.length > 0 ? [row(null, 'No type', untyped)] : []),
  ];
}

type Row = { id: number | null; label: string; count: number; people: number };
const rows = async (query: string) => {
  const response = await world.get(world.reader, PATH, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer<Row>>().data;
};

const PERIODS = [
  ['2026-01-01', '2026-12-31'],
  ['2025-01-01', '2025-12-31'],
  ['2026-01-01', '2026-01-31'],
  ['2026-02-01', '2026-03-31'],
  ['2026-04-01', '2026-04-30'],
] as const;

describe('GET /reports/users/touchpoints', () => {
  it('counts the contacts of each type in the period and the people they were with', async () => {
    for (const [from, to] of PERIODS) {
      expect(await rows(`?from=${from}&to=${to}`), `${from}..${to}`).toEqual(expected(from, to));
    }
    expect(
      (await rows('?from=2026-01-01&to=2026-12-31')).map(({ label, count, people }) => [
        label,
        count,
        people,
      ]),
    ).toEqual([
      ['Supervision', 2, 2],
      ['Phone call', 2, 1],
      ['Thank-you card', 1, 1],
      ['No type', 1, 1],
    ]);
  });

  it('includes both edge days, in the organisation’s calendar', async () => {
    // Ada's first call at 00:15 on New Year's Day; Ben's at 23:45 on New Year's Eve (winter: London is on UTC).
    expect(
      (await rows('?from=2026-01-01&to=2026-01-01')).find((row) => row.label === 'Phone call')?.count,
    ).toBe(1);
    expect(
      (await rows('?from=2025-12-31&to=2025-12-31')).find((row) => row.label === 'Phone call')?.count,
    ).toBe(1);
  });

  it('reads 23:00 UTC on 31 March as 1 April, the day it was in London (summer time), not 31 March', async () => {
    // Ben's untyped contact at 23:00 UTC on 31 March was at midnight on 1 April in London.
    expect(localDayOf('2026-03-31T23:00:00Z')).toBe('2026-04-01');
    expect(await rows('?from=2026-03-31&to=2026-03-31')).toEqual(expected('2026-03-31', '2026-03-31'));
    expect((await rows('?from=2026-03-31&to=2026-03-31')).some((row) => row.id === null)).toBe(false);
    expect(await rows('?from=2026-04-01&to=2026-04-30')).toEqual(expected('2026-04-01', '2026-04-30'));
    expect((await rows('?from=2026-04-01&to=2026-04-30')).at(-1)).toEqual({
      id: null,
      label: 'No type',
      count: 1,
      people: 1,
    });
  });

  it('narrows to the teams asked for', async () => {
    const north = await world.team(world.a.id, 'north');
    const south = await world.team(world.a.id, 'south');
    for (const [from, to] of PERIODS) {
      expect(await rows(`?from=${from}&to=${to}&team=${north}`)).toEqual(expected(from, to, ['north']));
      expect(await rows(`?from=${from}&to=${to}&team=${south}`)).toEqual(expected(from, to, ['south']));
    }
    // Cat left the north at the end of January: her February card is not the north's.
    expect(
      (await rows(`?from=2026-02-01&to=2026-02-28&team=${north}`)).find(
        (row) => row.label === 'Thank-you card',
      )?.count,
    ).toBe(0);
  });

  it('never counts another organisation’s types or contacts', async () => {
    const other = await world.get(world.otherReader, PATH, '?from=2026-01-01&to=2026-12-31');
    expect(other.json<Answer<Row>>().data).toEqual([
      expect.objectContaining({ label: 'Phone call', count: 1, people: 1 }),
    ]);
  });

  it('refuses the anonymous (401), the unpermitted (403) and a query it cannot read (422)', async () => {
    await expectRefusals(world, PATH);
  });
});
