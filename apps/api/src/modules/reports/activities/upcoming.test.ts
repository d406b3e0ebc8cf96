import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitiesUpcomingRow } from '@muster/contract';
import { activityCategories } from '../../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  createActivityRow,
  createParticipantRow,
  createPlannedOrganisation,
  getReport,
  inFilters,
  londonDay,
  personOf,
  type PlannedOrganisation,
  type ReportAnswer,
  type RoleKey,
  type TeamKey,
} from '../../../test/factories/activities.js';
import { createTenant, type Caller } from '../../../test/tenant.js';
import { upcomingPeriod } from './upcoming.js';

/*
 * GET /analytics/activities/upcoming: activities are planned around today (noon UTC, some days
 * away), and the expected rows are worked out here from that plan in plain data.
 */

let ctx: TestContext;
let org: PlannedOrganisation;
let otherReader: Caller;
let categoryId = 0;

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const dayFrom = (offset: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
const noon = (offset: number) => `${dayFrom(offset)}T12:00:00.000Z`;

type Planned = {
  key: string;
  title: string;
  offset: number;
  team: TeamKey | null;
  category: boolean;
  guests: number;
  parts: { person: string; attended: boolean | null }[];
};

const PLAN: Planned[] = [
  {
    key: 'yesterday',
    title: 'Yesterday’s walk',
    offset: -1,
    team: 'north',
    category: false,
    guests: 0,
    parts: [],
  },
  {
    key: 'today',
    title: 'Today’s litter pick',
    offset: 0,
    team: 'north',
    category: true,
    guests: 4,
    parts: [
      { person: 'ann', attended: null },
      { person: 'fay', attended: null },
    ],
  },
  {
    key: 'soon',
    title: 'Riverbank survey',
    offset: 5,
    team: 'south',
    category: true,
    guests: 0,
    parts: [
      { person: 'ann', attended: null },
      { person: 'cat', attended: null },
      { person: 'fay', attended: false },
      { person: 'eve', attended: true },
    ],
  },
  { key: 'fair', title: 'Town fair', offset: 30, team: null, category: false, guests: 50, parts: [] },
  { key: 'later', title: 'Winter fair', offset: 31, team: 'south', category: false, guests: 0, parts: [] },
];
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createPlannedOrganisation(ctx.app);
  const [category] = await ctx.db
    .insert(activityCategories)
    .values({ organisationId: org.tenant.id, name: 'Conservation' })
    .returning();
  categoryId = category?.id ?? 0;
  for (const planned of PLAN) {
    const row = await createActivityRow(ctx.db, org.tenant.id, {
      title: planned.title,
      startsAt: noon(planned.offset),
      endsAt: `${dayFrom(planned.offset)}T15:00:00.000Z`,
      location: `Place ${planned.key}`,
      teamId: planned.team ? org.ids.team[planned.team] : null,
      categoryId: planned.category ? categoryId : null,
      guests: planned.guests,
    });
    ids[planned.key] = row.id;
    for (const part of planned.parts) {
      await createParticipantRow(ctx.db, org.tenant.id, row.id, org.ids.person[part.person] ?? 0, {
        attended: part.attended,
      });
    }
  }
  const other = await createTenant(ctx.app);
  otherReader = await other.person(['view-reports']);
  await createActivityRow(ctx.db, other.id, { title: 'Theirs', startsAt: noon(2) });
});
afterAll(() => ctx?.close());

function expected(
  from: string,
  to: string,
  teams: TeamKey[] = [],
  roles: RoleKey[] = [],
): ActivitiesUpcomingRow[] {
  return PLAN.filter((planned) => {
    const day = londonDay(noon(planned.offset));
    return (
      day >= from &&
      day <= to &&
      (teams.length === 0 || (planned.team !== null && teams.includes(planned.team)))
    );
  })
    .sort((x, y) => x.offset - y.offset)
    .map((planned) => ({
      id: ids[planned.key] ?? 0,
      label: planned.title,
      starts_at: noon(planned.offset),
      ends_at: `${dayFrom(planned.offset)}T15:00:00.000Z`,
      location: `Place ${planned.key}`,
      category_id: planned.category ? categoryId : null,
      category: planned.category ? 'Conservation' : null,
      team_id: planned.team ? org.ids.team[planned.team] : null,
      team: planned.team,
      signed_up: planned.parts.filter(
        (part) => part.attended !== false && inFilters(personOf(part.person), { from, to }, [], roles),
      ).length,
      guests: planned.guests,
    }));
}

const get = (who: Parameters<typeof getReport>[1], path: string) => getReport(ctx.app, who, `/api${path}`);
const answerOf = (response: Awaited<ReturnType<typeof get>>) =>
  response.json<ReportAnswer<ActivitiesUpcomingRow>>();

describe('GET /analytics/activities/upcoming', () => {
  it('lists the activities of the next 30 days from today, soonest first, with and without a trailing slash', async () => {
    for (const path of ['/analytics/activities/upcoming', '/analytics/activities/upcoming/']) {
      const response = await get(org.reader, path);
      expect(response.statusCode, response.body).toBe(200);
      const rows = expected(today, dayFrom(30));
      expect(answerOf(response)).toEqual({
        data: rows,
        meta: { from: today, to: dayFrom(30), team: [], role_profile: [], current_page: 1, per_page: 100, total: rows.length },
      });
    }
    expect(
      answerOf(await get(org.reader, '/analytics/activities/upcoming')).data.map((row) => row.label),
    ).toEqual(['Today’s litter pick', 'Riverbank survey', 'Town fair']);
  });

  it('takes a period: both edge days included, and a lone `from` or `to`', async () => {
    const exact = answerOf(
      await get(org.reader, `/analytics/activities/upcoming?from=${dayFrom(5)}&to=${dayFrom(31)}`),
    );
    expect(exact.data).toEqual(expected(dayFrom(5), dayFrom(31)));
    expect(exact.data.map((row) => row.label)).toEqual(['Riverbank survey', 'Town fair', 'Winter fair']);
    const past = answerOf(await get(org.reader, `/analytics/activities/upcoming?to=${dayFrom(-1)}`));
    expect(past.meta).toMatchObject({ from: dayFrom(-1), to: dayFrom(-1) });
    expect(past.data.map((row) => row.label)).toEqual(['Yesterday’s walk']);
    const fromOnly = answerOf(await get(org.reader, `/analytics/activities/upcoming?from=${dayFrom(1)}`));
    expect(fromOnly.meta).toMatchObject({ from: dayFrom(1), to: dayFrom(31) });
    expect(fromOnly.data).toEqual(expected(dayFrom(1), dayFrom(31)));
  });

  it('narrows the activities to the teams asked for, and the people signed up to role profiles', async () => {
    const { team, role } = org.ids;
    const south = answerOf(
      await get(org.reader, `/analytics/activities/upcoming?team=${team.south}&to=${dayFrom(40)}`),
    );
    expect(south.data).toEqual(expected(today, dayFrom(40), ['south']));
    expect(south.data.map((row) => row.label)).toEqual(['Riverbank survey', 'Winter fair']);
    const drivers = answerOf(
      await get(org.reader, `/analytics/activities/upcoming?role_profile=${role.driver}`),
    );
    expect(drivers.data).toEqual(expected(today, dayFrom(30), [], ['driver']));
    expect(drivers.data.find((row) => row.label === 'Riverbank survey')?.signed_up).toBe(2);
  });

  it('never lists another organisation’s activities', async () => {
    const theirs = answerOf(await get(otherReader, '/analytics/activities/upcoming'));
    expect(theirs.data.map((row) => row.label)).toEqual(['Theirs']);
  });

  it('401 without a session, 403 without view-reports, 422 for a bad query', async () => {
    expect((await get(org.tenant.anonymous, '/analytics/activities/upcoming')).statusCode).toBe(401);
    expect((await get(org.nobody, '/analytics/activities/upcoming')).statusCode).toBe(403);
    const reversed = await get(org.reader, '/analytics/activities/upcoming?from=2026-05-01&to=2026-04-30');
    expect(reversed.statusCode).toBe(422);
    expect(Object.keys(answerOf(reversed).errors)).toEqual(['querystring.to']);
  });
});

describe('upcomingPeriod', () => {
  it('looks ahead from today, or ends on a lone `to` in the past', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(upcomingPeriod({}, now)).toEqual({ from: '2026-11-25', to: '2026-12-25' });
    expect(upcomingPeriod({ from: '2027-01-10' }, now)).toEqual({ from: '2027-01-10', to: '2027-02-09' });
    expect(upcomingPeriod({ to: '2026-12-01' }, now)).toEqual({ from: '2026-11-25', to: '2026-12-01' });
    expect(upcomingPeriod({ to: '2026-11-01' }, now)).toEqual({ from: '2026-11-01', to: '2026-11-01' });
  });
});
