import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataEnvelope,
  errorResponseSchema,
  paginatedResponseSchema,
  repeatingShiftSchema,
  rotaDaySchema,
  rotaListResponseSchema,
  rotaTeamListResponseSchema,
  rotaTeamSchema,
  rotaTeamsResponseSchema,
  rotaTimeslotListResponseSchema,
  shiftPatternSchema,
  shiftSchema,
  signupSchema,
  todayIn,
} from '@muster/contract';
import { rotas, rotaTeams, rotaTimeslots, shifts, signups } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createTeamRow, createTenant } from '../../test/factories/catalogue.js';
import { createUser } from '../../test/factories/user.js';
import { addDays, occurrenceDates } from './service.js';
import { createRota, createShift, createSignup, createTimeslot, linkRotaTeam } from './test-factories.js';

/*
 * The rotas module: the named calls of `/organisation/rotas/` and `/rota/` and the checked stores
 * and updates of rota teams, rota days, shifts, repeating shifts and signups, through the routes
 * on a real database. The PDF has its own file (pdf.test.ts).
 */

/** The field errors of a 422 answer. */
function errorsOf(response: { json: () => unknown }): Record<string, string[]> {
  return errorResponseSchema.parse(response.json()).errors ?? {};
}

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const EVERY_PERMISSION = [
  'view-rotas',
  'manage-rotas',
  'view-rota',
  'manage-rota',
  'view-shifts',
  'manage-shifts',
  'view-repeating-shifts',
  'manage-repeating-shifts',
  'view-signups',
  'manage-signups',
];

async function tenant() {
  return createTenant(ctx.app, {
    manager: EVERY_PERMISSION,
    viewer: EVERY_PERMISSION.filter((name) => name.startsWith('view-')),
    nobody: [],
  });
}
type Tenant = Awaited<ReturnType<typeof tenant>>;
type Caller = { host: string; authorization: string };

function call(
  t: { host: string },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  caller?: Caller,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { host: t.host, ...(caller ? { authorization: caller.authorization } : {}) },
    ...(payload ? { payload } : {}),
  });
}

/** 401 without a token and 403 with the view permissions only (for writes) or none (for reads). */
async function expectGuarded(
  t: Tenant,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  expect((await call(t, method, url, undefined, payload)).statusCode).toBe(401);
  expect((await call(t, method, url, t.nobody, payload)).statusCode).toBe(403);
  if (method !== 'GET') {
    expect((await call(t, method, url, t.viewer, payload)).statusCode).toBe(403);
  }
}

describe('PUT /organisation/rotas/bulk', () => {
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    a = await tenant();
    b = await tenant();
  });

  it('changes several rotas in one go and leaves the others alone', async () => {
    const team = await createTeamRow(ctx.db, a.id, { name: 'Shop team' });
    const shop = await createRota(ctx.db, a.id, { name: 'Shop' });
    const helpline = await createRota(ctx.db, a.id, { name: 'Helpline' });
    const café = await createRota(ctx.db, a.id, { name: 'Café' });
    const response = await call(a, 'PUT', '/api/organisation/rotas/bulk', a.manager, {
      rotas: [
        { id: shop.id, active: false, team_id: team.id },
        { id: helpline.id, name: 'Helpline (evenings)', description: 'Calls after 6pm' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(rotaListResponseSchema.parse(response.json()).data).toEqual([
      { id: shop.id, name: 'Shop', description: null, team_id: team.id, active: false },
      {
        id: helpline.id,
        name: 'Helpline (evenings)',
        description: 'Calls after 6pm',
        team_id: null,
        active: true,
      },
    ]);
    const [untouched] = await ctx.db.select().from(rotas).where(eq(rotas.id, café.id));
    expect(untouched).toMatchObject({ name: 'Café', active: true, teamId: null });
  });

  it('changes nothing when one rota is another organisation’s or unknown (422 keyed by position)', async () => {
    const mine = await createRota(ctx.db, a.id, { name: 'Mine' });
    const theirs = await createRota(ctx.db, b.id, { name: 'Theirs' });
    const theirTeam = await createTeamRow(ctx.db, b.id);
    const response = await call(a, 'PUT', '/api/organisation/rotas/bulk', a.manager, {
      rotas: [
        { id: mine.id, name: 'Renamed' },
        { id: theirs.id, active: false },
        { id: mine.id, team_id: theirTeam.id },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({
      'rotas.1.id': ['The rota must be a rota of this organisation.'],
      'rotas.2.id': ['Each rota may be listed once.'],
      'rotas.2.team_id': ['The team must be a team of this organisation.'],
    });
    const names = await ctx.db
      .select({ name: rotas.name, active: rotas.active })
      .from(rotas)
      .where(eq(rotas.id, mine.id));
    expect(names).toEqual([{ name: 'Mine', active: true }]);
    const [other] = await ctx.db.select({ active: rotas.active }).from(rotas).where(eq(rotas.id, theirs.id));
    expect(other?.active).toBe(true);
  });

  it('answers 401, 403 and 422 for bad bodies, guards first', async () => {
    const rota = await createRota(ctx.db, a.id);
    await expectGuarded(a, 'PUT', '/api/organisation/rotas/bulk', { rotas: [{ id: rota.id, name: 'x' }] });
    await expectGuarded(a, 'PUT', '/api/organisation/rotas/bulk', { rotas: [] });
    const empty = await call(a, 'PUT', '/api/organisation/rotas/bulk', a.manager, { rotas: [] });
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty)).toEqual({ rotas: ['Please list at least one rota to change.'] });
    const blank = await call(a, 'PUT', '/api/organisation/rotas/bulk', a.manager, {
      rotas: [{ id: rota.id, name: ' ' }],
    });
    expect(blank.statusCode).toBe(422);
    expect(errorsOf(blank)).toEqual({ 'rotas.0.name': ['Please enter a rota name.'] });
  });
});

describe('POST /organisation/rotas/replace', () => {
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    a = await tenant();
    b = await tenant();
  });

  it('makes the rota’s teams exactly the ones listed', async () => {
    const [north, south, east] = await Promise.all(
      ['North', 'South', 'East'].map((name) => createTeamRow(ctx.db, a.id, { name })),
    );
    if (!north || !south || !east) {
      throw new Error('teams');
    }
    const rota = await createRota(ctx.db, a.id);
    const other = await createRota(ctx.db, a.id);
    await linkRotaTeam(ctx.db, a.id, rota.id, north.id);
    const kept = await linkRotaTeam(ctx.db, a.id, rota.id, south.id);
    await linkRotaTeam(ctx.db, a.id, other.id, north.id);

    const response = await call(a, 'POST', '/api/organisation/rotas/replace', a.manager, {
      rota_id: rota.id,
      team_ids: [east.id, south.id, east.id],
    });
    expect(response.statusCode).toBe(200);
    const data = rotaTeamListResponseSchema.parse(response.json()).data;
    expect(data.map((link) => link.team_id).sort()).toEqual([south.id, east.id].sort());
    // The link that stayed is the same row.
    expect(data.find((link) => link.team_id === south.id)?.id).toBe(kept.id);
    const otherLinks = await ctx.db.select().from(rotaTeams).where(eq(rotaTeams.rotaId, other.id));
    expect(otherLinks.map((link) => link.teamId)).toEqual([north.id]);

    const cleared = await call(a, 'POST', '/api/organisation/rotas/replace', a.manager, {
      rota_id: rota.id,
      team_ids: [],
    });
    expect(cleared.statusCode).toBe(200);
    expect(await ctx.db.select().from(rotaTeams).where(eq(rotaTeams.rotaId, rota.id))).toEqual([]);
  });

  it('refuses another organisation’s rota or team with 422 and changes nothing', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    const theirTeam = await createTeamRow(ctx.db, b.id);
    const rota = await createRota(ctx.db, a.id);
    await linkRotaTeam(ctx.db, a.id, rota.id, team.id);
    const theirRota = await createRota(ctx.db, b.id);

    const foreignTeam = await call(a, 'POST', '/api/organisation/rotas/replace', a.manager, {
      rota_id: rota.id,
      team_ids: [theirTeam.id],
    });
    expect(foreignTeam.statusCode).toBe(422);
    expect(errorsOf(foreignTeam)).toEqual({
      'team_ids.0': ['The team must be a team of this organisation.'],
    });
    const links = await ctx.db.select().from(rotaTeams).where(eq(rotaTeams.rotaId, rota.id));
    expect(links.map((link) => link.teamId)).toEqual([team.id]);

    const foreignRota = await call(a, 'POST', '/api/organisation/rotas/replace', a.manager, {
      rota_id: theirRota.id,
      team_ids: [team.id],
    });
    expect(foreignRota.statusCode).toBe(422);
    expect(errorsOf(foreignRota)).toEqual({ rota_id: ['The rota must be a rota of this organisation.'] });
  });

  it('answers 401, 403 and 422', async () => {
    const rota = await createRota(ctx.db, a.id);
    await expectGuarded(a, 'POST', '/api/organisation/rotas/replace', { rota_id: rota.id, team_ids: [] });
    await expectGuarded(a, 'POST', '/api/organisation/rotas/replace', { rota_id: 'x' });
    const bad = await call(a, 'POST', '/api/organisation/rotas/replace', a.manager, { rota_id: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['rota_id', 'team_ids']);
  });
});

describe('PUT /rota/{rotaId}/timeslots', () => {
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    a = await tenant();
    b = await tenant();
  });

  it('keeps listed slots, adds new ones, removes the rest, and updates later shifts when asked', async () => {
    const rota = await createRota(ctx.db, a.id);
    const morning = await createTimeslot(ctx.db, a.id, rota.id, { name: 'Morning', position: 0 });
    const afternoon = await createTimeslot(ctx.db, a.id, rota.id, {
      name: 'Afternoon',
      startTime: '13:00',
      endTime: '17:00',
      position: 1,
    });
    const past = await createShift(ctx.db, a.id, rota.id, {
      timeslotId: afternoon.id,
      date: '2030-01-01',
      startTime: '13:00',
      endTime: '17:00',
    });
    const later = await createShift(ctx.db, a.id, rota.id, {
      timeslotId: afternoon.id,
      date: '2030-02-01',
      startTime: '13:00',
      endTime: '17:00',
    });
    const onMorning = await createShift(ctx.db, a.id, rota.id, {
      timeslotId: morning.id,
      date: '2030-02-01',
    });

    const response = await call(
      a,
      'PUT',
      `/api/rota/${rota.id}/timeslots?update_shifts_from=2030-01-15`,
      a.manager,
      {
        timeslots: [
          { name: 'Evening', start_time: '22:00', end_time: '06:00', capacity: null },
          {
            id: afternoon.id,
            name: 'Late afternoon',
            start_time: '14:00',
            end_time: '18:00:00',
            capacity: 2,
          },
        ],
      },
    );
    expect(response.statusCode).toBe(200);
    const slots = rotaTimeslotListResponseSchema.parse(response.json()).data;
    expect(slots.map(({ id: _id, ...slot }) => slot)).toEqual([
      {
        rota_id: rota.id,
        name: 'Evening',
        start_time: '22:00',
        end_time: '06:00',
        capacity: null,
        position: 0,
      },
      {
        rota_id: rota.id,
        name: 'Late afternoon',
        start_time: '14:00',
        end_time: '18:00',
        capacity: 2,
        position: 1,
      },
    ]);
    expect(slots[1]?.id).toBe(afternoon.id);
    expect(await ctx.db.select().from(rotaTimeslots).where(eq(rotaTimeslots.id, morning.id))).toEqual([]);

    const shiftRows = new Map(
      (await ctx.db.select().from(shifts).where(eq(shifts.rotaId, rota.id))).map((row) => [row.id, row]),
    );
    // Before the date asked: unchanged. From it: the slot's new name, times and places.
    expect(shiftRows.get(past.id)).toMatchObject({
      startTime: '13:00',
      endTime: '17:00',
      capacity: 3,
      name: null,
    });
    expect(shiftRows.get(later.id)).toMatchObject({
      startTime: '14:00',
      endTime: '18:00',
      capacity: 2,
      name: 'Late afternoon',
    });
    // A removed slot's shifts stay, with their own times and no slot.
    expect(shiftRows.get(onMorning.id)).toMatchObject({
      timeslotId: null,
      startTime: '09:00',
      endTime: '13:00',
    });
  });

  it('is 404 for another organisation’s rota and 422 for a slot of another rota', async () => {
    const rota = await createRota(ctx.db, a.id);
    const otherRota = await createRota(ctx.db, a.id);
    const foreignSlot = await createTimeslot(ctx.db, a.id, otherRota.id);
    const theirs = await createRota(ctx.db, b.id);
    const body = { timeslots: [{ name: 'Morning', start_time: '09:00', end_time: '12:00' }] };
    expect((await call(a, 'PUT', `/api/rota/${theirs.id}/timeslots`, a.manager, body)).statusCode).toBe(404);
    expect((await call(a, 'PUT', '/api/rota/nope/timeslots', a.manager, body)).statusCode).toBe(404);
    const wrong = await call(a, 'PUT', `/api/rota/${rota.id}/timeslots`, a.manager, {
      timeslots: [{ id: foreignSlot.id, name: 'Morning', start_time: '09:00', end_time: '12:00' }],
    });
    expect(wrong.statusCode).toBe(422);
    expect(errorsOf(wrong)).toEqual({
      'timeslots.0.id': ['The timeslot must be one of the rota’s timeslots.'],
    });
    const [kept] = await ctx.db.select().from(rotaTimeslots).where(eq(rotaTimeslots.id, foreignSlot.id));
    expect(kept?.rotaId).toBe(otherRota.id);
  });

  it('answers 401, 403 and 422 with sentences keyed by field', async () => {
    const rota = await createRota(ctx.db, a.id);
    const url = `/api/rota/${rota.id}/timeslots`;
    await expectGuarded(a, 'PUT', url, { timeslots: [] });
    const bad = await call(a, 'PUT', url, a.manager, {
      timeslots: [
        { name: 'Same', start_time: '09:00', end_time: '09:00' },
        { name: '', start_time: '9am', end_time: '12:00', capacity: -1 },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toMatchObject({
      'timeslots.0.end_time': ['The end time must differ from the start time.'],
      'timeslots.1.name': ['Please enter a timeslot name.'],
      'timeslots.1.start_time': ['Please enter the start time as a time of day, e.g. 09:30.'],
      'timeslots.1.capacity': ['The number of places must be a whole number from 0 to 10000.'],
    });
    const badQuery = await call(a, 'PUT', `${url}?update_shifts_from=2030-02-30`, a.manager, {
      timeslots: [],
    });
    expect(badQuery.statusCode).toBe(422);
    expect(errorsOf(badQuery)).toEqual({
      'querystring.update_shifts_from': [
        'Please enter the date to update shifts from as a date, e.g. 2026-05-01.',
      ],
    });
  });
});

describe('GET /rota/teams', () => {
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    a = await tenant();
    b = await tenant();
  });

  it('lists the teams running or staffing rotas, and with a date those with shifts that day', async () => {
    const [kitchen, garden, office, idle] = await Promise.all(
      ['Kitchen', 'Garden', 'Office', 'Idle'].map((name) => createTeamRow(ctx.db, a.id, { name })),
    );
    if (!kitchen || !garden || !office || !idle) {
      throw new Error('teams');
    }
    const café = await createRota(ctx.db, a.id, { name: 'Café', teamId: kitchen.id });
    const grounds = await createRota(ctx.db, a.id, { name: 'Grounds' });
    const retired = await createRota(ctx.db, a.id, { name: 'Retired', teamId: office.id, active: false });
    await linkRotaTeam(ctx.db, a.id, grounds.id, garden.id);
    await linkRotaTeam(ctx.db, a.id, café.id, garden.id);
    await createTeamRow(ctx.db, b.id, { name: 'Theirs' });
    await createShift(ctx.db, a.id, café.id, { date: '2030-03-04' });
    await createShift(ctx.db, a.id, café.id, { date: '2030-03-04', startTime: '14:00', endTime: '16:00' });
    await createShift(ctx.db, a.id, grounds.id, { date: '2030-03-04', teamId: garden.id });
    await createShift(ctx.db, a.id, grounds.id, { date: '2030-03-05', teamId: garden.id });
    await createShift(ctx.db, a.id, retired.id, { date: '2030-03-04' });

    const all = await call(a, 'GET', '/api/rota/teams', a.viewer);
    expect(all.statusCode).toBe(200);
    expect(rotaTeamsResponseSchema.parse(all.json()).data).toEqual([
      {
        id: garden.id,
        name: 'Garden',
        rota_ids: [café.id, grounds.id].sort((x, y) => x - y),
        shift_count: 0,
      },
      { id: kitchen.id, name: 'Kitchen', rota_ids: [café.id], shift_count: 0 },
    ]);

    const onDay = await call(a, 'GET', '/api/rota/teams/?date=2030-03-04', a.viewer);
    expect(onDay.statusCode).toBe(200);
    expect(rotaTeamsResponseSchema.parse(onDay.json()).data).toEqual([
      { id: garden.id, name: 'Garden', rota_ids: [grounds.id], shift_count: 1 },
      { id: kitchen.id, name: 'Kitchen', rota_ids: [café.id], shift_count: 2 },
    ]);

    const inactive = await call(a, 'GET', '/api/rota/teams?active=false', a.viewer);
    expect(rotaTeamsResponseSchema.parse(inactive.json()).data.map((team) => team.name)).toEqual(['Office']);

    const oneRota = await call(a, 'GET', `/api/rota/teams?rota_id=${grounds.id}`, a.viewer);
    expect(rotaTeamsResponseSchema.parse(oneRota.json()).data.map((team) => team.name)).toEqual(['Garden']);
  });

  it('answers 401, 403 and 422', async () => {
    await expectGuarded(a, 'GET', '/api/rota/teams');
    const bad = await call(a, 'GET', '/api/rota/teams?date=tomorrow&rota_id=x', a.viewer);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['querystring.date', 'querystring.rota_id']);
  });
});

describe('/rota/{date}/{rotaId}/', () => {
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    a = await tenant();
    b = await tenant();
  });

  it('lists a rota’s shifts of the day, changes and deletes one of them', async () => {
    const rota = await createRota(ctx.db, a.id);
    const other = await createRota(ctx.db, a.id);
    const late = await createShift(ctx.db, a.id, rota.id, {
      date: '2030-04-01',
      startTime: '18:00',
      endTime: '21:00',
    });
    const early = await createShift(ctx.db, a.id, rota.id, {
      date: '2030-04-01',
      startTime: '07:00',
      endTime: '09:00',
    });
    const nextDay = await createShift(ctx.db, a.id, rota.id, { date: '2030-04-02' });
    await createShift(ctx.db, a.id, other.id, { date: '2030-04-01' });
    const person = await createUser(ctx.db, a.id);
    await createSignup(ctx.db, a.id, late.id, person.id);

    const listed = await call(a, 'GET', `/api/rota/2030-04-01/${rota.id}`, a.viewer);
    expect(listed.statusCode).toBe(200);
    const page = paginatedResponseSchema(shiftSchema).parse(listed.json());
    expect(page.data.map((shift) => shift.id)).toEqual([early.id, late.id]);
    expect(page.meta).toEqual({ current_page: 1, per_page: 25, total: 2 });

    const changed = await call(a, 'PUT', `/api/rota/2030-04-01/${rota.id}/${late.id}`, a.manager, {
      end_time: '22:00',
      notes: 'Bring a torch',
    });
    expect(changed.statusCode).toBe(200);
    expect(dataEnvelope(shiftSchema).parse(changed.json()).data).toMatchObject({
      id: late.id,
      start_time: '18:00',
      end_time: '22:00',
      notes: 'Bring a torch',
    });
    // A shift of another day is not this day's.
    expect(
      (await call(a, 'PUT', `/api/rota/2030-04-01/${rota.id}/${nextDay.id}`, a.manager, { notes: 'x' }))
        .statusCode,
    ).toBe(404);

    expect(
      (await call(a, 'DELETE', `/api/rota/2030-04-01/${rota.id}/${late.id}`, a.manager)).statusCode,
    ).toBe(204);
    expect(await ctx.db.select().from(shifts).where(eq(shifts.id, late.id))).toEqual([]);
    expect(await ctx.db.select().from(signups).where(eq(signups.shiftId, late.id))).toEqual([]);
    expect(
      (await call(a, 'DELETE', `/api/rota/2030-04-01/${rota.id}/${late.id}`, a.manager)).statusCode,
    ).toBe(404);
  });

  it('is 404 for another organisation’s rota and shift, and guards with 401, 403 and 422', async () => {
    const theirs = await createRota(ctx.db, b.id);
    const theirShift = await createShift(ctx.db, b.id, theirs.id, { date: '2030-04-01' });
    expect((await call(a, 'GET', `/api/rota/2030-04-01/${theirs.id}`, a.viewer)).statusCode).toBe(404);
    expect(
      (await call(a, 'PUT', `/api/rota/2030-04-01/${theirs.id}/${theirShift.id}`, a.manager, { notes: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(a, 'DELETE', `/api/rota/2030-04-01/${theirs.id}/${theirShift.id}`, a.manager)).statusCode,
    ).toBe(404);
    expect(await ctx.db.select().from(shifts).where(eq(shifts.id, theirShift.id))).toHaveLength(1);

    const rota = await createRota(ctx.db, a.id);
    const shift = await createShift(ctx.db, a.id, rota.id, { date: '2030-04-01' });
    await expectGuarded(a, 'GET', `/api/rota/2030-04-01/${rota.id}`);
    await expectGuarded(a, 'PUT', `/api/rota/2030-04-01/${rota.id}/${shift.id}`, { start_time: 'x' });
    await expectGuarded(a, 'DELETE', `/api/rota/2030-04-01/${rota.id}/${shift.id}`);
    const badDate = await call(a, 'GET', `/api/rota/2030-13-01/${rota.id}`, a.viewer);
    expect(badDate.statusCode).toBe(422);
    expect(errorsOf(badDate)).toEqual({
      'params.date': ['Please enter the date as a date, e.g. 2026-05-01.'],
    });
    const badBody = await call(a, 'PUT', `/api/rota/2030-04-01/${rota.id}/${shift.id}`, a.manager, {
      start_time: '25:00',
    });
    expect(badBody.statusCode).toBe(422);
    expect(errorsOf(badBody)).toEqual({
      start_time: ['Please enter the start time as a time of day, e.g. 09:30.'],
    });
    const same = await call(a, 'PUT', `/api/rota/2030-04-01/${rota.id}/${shift.id}`, a.manager, {
      end_time: '09:00',
    });
    expect(same.statusCode).toBe(422);
    expect(errorsOf(same)).toEqual({ end_time: ['The end time must differ from the start time.'] });
  });
});

describe('routes under /rota/ that look alike', () => {
  it('reach their own handlers', async () => {
    const a = await tenant();
    const rota = await createRota(ctx.db, a.id, { name: 'Front desk' });
    const team = await createTeamRow(ctx.db, a.id, { name: 'Desk team' });
    await linkRotaTeam(ctx.db, a.id, rota.id, team.id);
    await createShift(ctx.db, a.id, rota.id, { date: '2030-05-06', teamId: team.id });

    const teamsAnswer = await call(a, 'GET', '/api/rota/teams', a.viewer);
    expect(rotaTeamsResponseSchema.parse(teamsAnswer.json()).data.map((entry) => entry.name)).toEqual([
      'Desk team',
    ]);

    const pdf = await call(a, 'GET', '/api/rota/2030-05-06/pdf', a.viewer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const dayShifts = await call(a, 'GET', `/api/rota/2030-05-06/${rota.id}`, a.viewer);
    expect(paginatedResponseSchema(shiftSchema).parse(dayShifts.json()).meta.total).toBe(1);

    const stored = await call(a, 'POST', '/api/rota', a.manager, {
      rota_id: rota.id,
      date: '2030-05-06',
      closed: true,
    });
    expect(stored.statusCode).toBe(201);
    const day = dataEnvelope(rotaDaySchema).parse(stored.json()).data;
    const changed = await call(a, 'PUT', `/api/rota/${day.id}?include=teams`, a.manager, {
      notes: 'Fire drill',
    });
    expect(changed.statusCode).toBe(200);
    expect(dataEnvelope(rotaDaySchema).parse(changed.json()).data).toEqual({
      id: day.id,
      rota_id: rota.id,
      date: '2030-05-06',
      closed: true,
      notes: 'Fire drill',
    });

    const slots = await call(a, 'PUT', `/api/rota/${rota.id}/timeslots`, a.manager, {
      timeslots: [{ name: 'All day', start_time: '09:00', end_time: '17:00' }],
    });
    expect(rotaTimeslotListResponseSchema.parse(slots.json()).data.map((slot) => slot.name)).toEqual([
      'All day',
    ]);
  });
});

describe('rota teams, rota days, shifts and signups: checked writes', () => {
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    a = await tenant();
    b = await tenant();
  });

  it('staffs a rota from each team once (422 for a second time or another organisation’s team)', async () => {
    const rota = await createRota(ctx.db, a.id);
    const team = await createTeamRow(ctx.db, a.id);
    const second = await createTeamRow(ctx.db, a.id);
    const theirTeam = await createTeamRow(ctx.db, b.id);
    const url = `/api/organisation/rota/${rota.id}/teams`;
    const created = await call(a, 'POST', url, a.manager, { team_id: team.id });
    expect(created.statusCode).toBe(201);
    const link = dataEnvelope(rotaTeamSchema).parse(created.json()).data;
    expect(link).toEqual({ id: link.id, rota_id: rota.id, team_id: team.id });

    const again = await call(a, 'POST', url, a.manager, { team_id: team.id });
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({ team_id: ['The team already staffs this rota.'] });
    const foreign = await call(a, 'POST', url, a.manager, { team_id: theirTeam.id });
    expect(errorsOf(foreign)).toEqual({ team_id: ['The team must be a team of this organisation.'] });

    const secondLink = await call(a, 'POST', url, a.manager, { team_id: second.id });
    const secondId = dataEnvelope(rotaTeamSchema).parse(secondLink.json()).data.id;
    const clash = await call(a, 'PUT', `${url}/${secondId}`, a.manager, { team_id: team.id });
    expect(clash.statusCode).toBe(422);

    const theirRota = await createRota(ctx.db, b.id);
    expect(
      (await call(a, 'POST', `/api/organisation/rota/${theirRota.id}/teams`, a.manager, { team_id: team.id }))
        .statusCode,
    ).toBe(404);
    await expectGuarded(a, 'POST', url, { team_id: 'x' });
  });

  it('keeps one entry per rota and day', async () => {
    const rota = await createRota(ctx.db, a.id);
    const first = await call(a, 'POST', '/api/rota', a.manager, {
      rota_id: rota.id,
      date: '2030-06-01',
      notes: 'Open day',
    });
    expect(first.statusCode).toBe(201);
    const second = await call(a, 'POST', '/api/rota', a.manager, { rota_id: rota.id, date: '2030-06-01' });
    expect(second.statusCode).toBe(422);
    expect(errorsOf(second)).toEqual({
      date: ['The rota already has an entry for that day; change that one instead.'],
    });
    const other = await call(a, 'POST', '/api/rota', a.manager, { rota_id: rota.id, date: '2030-06-02' });
    const otherId = dataEnvelope(rotaDaySchema).parse(other.json()).data.id;
    const moved = await call(a, 'PUT', `/api/rota/${otherId}`, a.manager, { date: '2030-06-01' });
    expect(moved.statusCode).toBe(422);
    const theirRota = await createRota(ctx.db, b.id);
    const foreign = await call(a, 'POST', '/api/rota', a.manager, {
      rota_id: theirRota.id,
      date: '2030-06-01',
    });
    expect(errorsOf(foreign)).toEqual({ rota_id: ['The rota must be a rota of this organisation.'] });
    const theirDay = await call(b, 'POST', '/api/rota', b.manager, {
      rota_id: theirRota.id,
      date: '2030-06-01',
    });
    const theirDayId = dataEnvelope(rotaDaySchema).parse(theirDay.json()).data.id;
    expect((await call(a, 'PUT', `/api/rota/${theirDayId}`, a.manager, { notes: 'x' })).statusCode).toBe(404);
    await expectGuarded(a, 'POST', '/api/rota', { rota_id: rota.id, date: 'x' });
  });

  it('plans a shift from a timeslot of its own rota only', async () => {
    const rota = await createRota(ctx.db, a.id);
    const other = await createRota(ctx.db, a.id);
    const slot = await createTimeslot(ctx.db, a.id, rota.id, {
      name: 'Lunch',
      startTime: '11:30',
      endTime: '14:30',
      capacity: 5,
    });
    const otherSlot = await createTimeslot(ctx.db, a.id, other.id);

    const fromSlot = await call(a, 'POST', '/api/shifts', a.manager, {
      rota_id: rota.id,
      date: '2030-07-01',
      timeslot_id: slot.id,
    });
    expect(fromSlot.statusCode).toBe(201);
    expect(dataEnvelope(shiftSchema).parse(fromSlot.json()).data).toMatchObject({
      name: 'Lunch',
      start_time: '11:30',
      end_time: '14:30',
      capacity: 5,
      timeslot_id: slot.id,
    });
    const ownTimes = await call(a, 'POST', '/api/shifts', a.manager, {
      rota_id: rota.id,
      date: '2030-07-01',
      timeslot_id: slot.id,
      start_time: '12:00',
      capacity: null,
    });
    expect(dataEnvelope(shiftSchema).parse(ownTimes.json()).data).toMatchObject({
      start_time: '12:00',
      end_time: '14:30',
      capacity: null,
    });

    const wrongSlot = await call(a, 'POST', '/api/shifts', a.manager, {
      rota_id: rota.id,
      date: '2030-07-01',
      timeslot_id: otherSlot.id,
    });
    expect(wrongSlot.statusCode).toBe(422);
    expect(errorsOf(wrongSlot)).toEqual({
      timeslot_id: ['The timeslot must be one of the rota’s timeslots.'],
      start_time: ['Please enter the start time, or choose a timeslot that gives it.'],
      end_time: ['Please enter the end time, or choose a timeslot that gives it.'],
    });

    const shift = dataEnvelope(shiftSchema).parse(fromSlot.json()).data;
    const moved = await call(a, 'PUT', `/api/shifts/${shift.id}`, a.manager, { rota_id: other.id });
    expect(moved.statusCode).toBe(422);
    expect(errorsOf(moved)).toEqual({ timeslot_id: ['The timeslot must be one of the rota’s timeslots.'] });
    const movedClean = await call(a, 'PUT', `/api/shifts/${shift.id}`, a.manager, {
      rota_id: other.id,
      timeslot_id: otherSlot.id,
    });
    expect(dataEnvelope(shiftSchema).parse(movedClean.json()).data).toMatchObject({
      rota_id: other.id,
      timeslot_id: otherSlot.id,
      name: 'Morning',
      start_time: '09:00',
      end_time: '13:00',
    });

    const inactive = await createRota(ctx.db, a.id, { active: false });
    const onInactive = await call(a, 'POST', '/api/shifts', a.manager, {
      rota_id: inactive.id,
      date: '2030-07-01',
      start_time: '09:00',
      end_time: '10:00',
    });
    expect(errorsOf(onInactive)).toEqual({
      rota_id: ['The rota is no longer active; make it active again to plan shifts on it.'],
    });
    const theirRota = await createRota(ctx.db, b.id);
    const theirShift = await createShift(ctx.db, b.id, theirRota.id);
    expect((await call(a, 'PUT', `/api/shifts/${theirShift.id}`, a.manager, { notes: 'x' })).statusCode).toBe(
      404,
    );
    await expectGuarded(a, 'POST', '/api/shifts', { rota_id: 'x' });
  });

  it('puts a person on a shift once and only into a free place', async () => {
    const rota = await createRota(ctx.db, a.id);
    const shift = await createShift(ctx.db, a.id, rota.id, { capacity: 1 });
    const [first, second] = [await createUser(ctx.db, a.id), await createUser(ctx.db, a.id)];
    const stranger = await createUser(ctx.db, b.id);

    const signedUp = await call(a, 'POST', '/api/organisation/signups', a.manager, {
      shift_id: shift.id,
      user_id: first.id,
    });
    expect(signedUp.statusCode).toBe(201);
    const signup = dataEnvelope(signupSchema).parse(signedUp.json()).data;
    expect(signup).toMatchObject({ shift_id: shift.id, user_id: first.id, status: 'signed-up', notes: null });

    const twice = await call(a, 'POST', '/api/organisation/signups', a.manager, {
      shift_id: shift.id,
      user_id: first.id,
    });
    expect(errorsOf(twice)).toEqual({
      user_id: ['This person is already on this shift; change their signup instead.'],
    });
    const full = await call(a, 'POST', '/api/organisation/signups', a.manager, {
      shift_id: shift.id,
      user_id: second.id,
    });
    expect(full.statusCode).toBe(422);
    expect(errorsOf(full)).toEqual({ shift_id: ['This shift is full.'] });
    const waiting = await call(a, 'POST', '/api/organisation/signups', a.manager, {
      shift_id: shift.id,
      user_id: second.id,
      status: 'cancelled',
    });
    expect(waiting.statusCode).toBe(201);
    const waitingId = dataEnvelope(signupSchema).parse(waiting.json()).data.id;
    expect(
      (await call(a, 'PUT', `/api/organisation/signups/${waitingId}`, a.manager, { status: 'confirmed' }))
        .statusCode,
    ).toBe(422);

    expect(
      (await call(a, 'PUT', `/api/organisation/signups/${signup.id}`, a.manager, { status: 'cancelled' }))
        .statusCode,
    ).toBe(200);
    const confirmed = await call(a, 'PUT', `/api/organisation/signups/${waitingId}`, a.manager, {
      status: 'confirmed',
    });
    expect(confirmed.statusCode).toBe(200);
    const rows = await ctx.db
      .select({ userId: signups.userId, status: signups.status })
      .from(signups)
      .where(eq(signups.shiftId, shift.id));
    expect(rows.sort((x, y) => x.userId - y.userId)).toEqual([
      { userId: first.id, status: 'cancelled' },
      { userId: second.id, status: 'confirmed' },
    ]);

    const foreign = await call(a, 'POST', '/api/organisation/signups', a.manager, {
      shift_id: shift.id,
      user_id: stranger.id,
    });
    expect(errorsOf(foreign)).toEqual({ user_id: ['The person must be a user of this organisation.'] });
    const theirRota = await createRota(ctx.db, b.id);
    const theirShift = await createShift(ctx.db, b.id, theirRota.id);
    const foreignShift = await call(a, 'POST', '/api/organisation/signups', a.manager, {
      shift_id: theirShift.id,
      user_id: first.id,
    });
    expect(errorsOf(foreignShift)).toEqual({ shift_id: ['The shift must be a shift of this organisation.'] });
    const theirSignup = await createSignup(ctx.db, b.id, theirShift.id, stranger.id);
    expect(
      (await call(a, 'PUT', `/api/organisation/signups/${theirSignup.id}`, a.manager, { notes: 'x' }))
        .statusCode,
    ).toBe(404);
    await expectGuarded(a, 'POST', '/api/organisation/signups', { shift_id: 'x' });
    const badStatus = await call(a, 'POST', '/api/organisation/signups', a.manager, {
      shift_id: shift.id,
      user_id: first.id,
      status: 'maybe',
    });
    expect(errorsOf(badStatus)).toEqual({
      status: ['The status must be signed-up, confirmed, cancelled, attended or no-show.'],
    });
  });
});

describe('repeating shifts', () => {
  it('counts its dates from the first matching weekday, every so many weeks', () => {
    const rule = { weekday: 1, everyWeeks: 2, startDate: '2030-01-02', endDate: '2030-02-28' };
    // 2030-01-02 is a Wednesday: the first Monday is 2030-01-07, then every other Monday.
    expect(occurrenceDates(rule, '2030-01-01', '2030-12-31')).toEqual([
      '2030-01-07',
      '2030-01-21',
      '2030-02-04',
      '2030-02-18',
    ]);
    expect(occurrenceDates(rule, '2030-01-22', '2030-02-10')).toEqual(['2030-02-04']);
    expect(occurrenceDates({ ...rule, endDate: null, everyWeeks: 1 }, '2030-03-01', '2030-03-15')).toEqual([
      '2030-03-04',
      '2030-03-11',
    ]);
  });

  it('plans its dates as shifts, plans again when changed, and takes its unclaimed shifts when deleted', async () => {
    const a = await tenant();
    const rota = await createRota(ctx.db, a.id);
    const today = todayIn('Europe/London');
    const created = await call(a, 'POST', '/api/repeating-shifts', a.manager, {
      rota_id: rota.id,
      weekday: new Date(`${today}T00:00:00Z`).getUTCDay(),
      start_date: today,
      end_date: addDays(today, 27),
      start_time: '10:00',
      end_time: '12:00',
      capacity: 2,
      name: 'Weekly',
    });
    expect(created.statusCode).toBe(201);
    const rule = dataEnvelope(repeatingShiftSchema).parse(created.json()).data;
    const planned = () =>
      ctx.db
        .select()
        .from(shifts)
        .where(and(eq(shifts.repeatingShiftId, rule.id)))
        .then((rows) => rows.sort((x, y) => x.date.localeCompare(y.date)));
    expect((await planned()).map((shift) => [shift.date, shift.startTime, shift.capacity])).toEqual(
      [0, 7, 14, 21].map((days) => [addDays(today, days), '10:00', 2]),
    );

    // Someone is on the second date: that shift stays as it is when the rule changes.
    const person = await createUser(ctx.db, a.id);
    const claimed = (await planned())[1];
    if (!claimed) {
      throw new Error('planned');
    }
    await createSignup(ctx.db, a.id, claimed.id, person.id);
    const changed = await call(a, 'PUT', `/api/repeating-shifts/${rule.id}`, a.manager, {
      start_time: '11:00',
      end_date: addDays(today, 13),
    });
    expect(changed.statusCode).toBe(200);
    expect((await planned()).map((shift) => [shift.date, shift.startTime])).toEqual([
      [today, '11:00'],
      [addDays(today, 7), '10:00'],
    ]);

    const badDates = await call(a, 'PUT', `/api/repeating-shifts/${rule.id}`, a.manager, {
      end_date: addDays(today, -1),
    });
    expect(badDates.statusCode).toBe(422);
    expect(errorsOf(badDates)).toEqual({ end_date: ['The end date must not be before the start date.'] });

    expect((await call(a, 'DELETE', `/api/repeating-shifts/${rule.id}`, a.manager)).statusCode).toBe(204);
    const left = await ctx.db.select().from(shifts).where(eq(shifts.rotaId, rota.id));
    expect(left.map((shift) => [shift.id, shift.repeatingShiftId])).toEqual([[claimed.id, null]]);

    const b = await tenant();
    const theirRota = await createRota(ctx.db, b.id);
    const foreign = await call(a, 'POST', '/api/repeating-shifts', a.manager, {
      rota_id: theirRota.id,
      weekday: 1,
      start_date: today,
      start_time: '10:00',
      end_time: '12:00',
    });
    expect(errorsOf(foreign)).toEqual({ rota_id: ['The rota must be a rota of this organisation.'] });
    await expectGuarded(a, 'POST', '/api/repeating-shifts', { weekday: 9 });
    await expectGuarded(a, 'DELETE', `/api/repeating-shifts/${rule.id}`);
  });
});

describe('the generic operations of this area’s bindings', () => {
  it('store shift patterns with validated days, list shifts, and refuse to delete a rota in use', async () => {
    const a = await tenant();
    const manager = await createTenant(ctx.app, {
      all: [...EVERY_PERMISSION, 'view-shift-patterns', 'manage-shift-patterns'],
    });
    const patterns = '/api/organisation/shift-patterns';
    const created = await call(manager, 'POST', patterns, manager.all, {
      name: 'Weekend afternoons',
      days: [
        { weekday: 6, start_time: '13:00', end_time: '17:00', capacity: 3 },
        { weekday: 0, start_time: '13:00', end_time: '17:00' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const pattern = dataEnvelope(shiftPatternSchema).parse(created.json()).data;
    expect(pattern.days).toEqual([
      { weekday: 6, start_time: '13:00', end_time: '17:00', capacity: 3 },
      { weekday: 0, start_time: '13:00', end_time: '17:00', capacity: null },
    ]);
    const shown = await call(manager, 'GET', `${patterns}/${pattern.id}`, manager.all);
    expect(dataEnvelope(shiftPatternSchema).parse(shown.json()).data).toEqual(pattern);
    const bad = await call(manager, 'POST', patterns, manager.all, {
      name: 'Broken',
      days: [{ weekday: 7, start_time: '13:00', end_time: '13:00' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual({
      'days.0.weekday': ['The day of the week must be a whole number from 0 (Sunday) to 6 (Saturday).'],
      'days.0.end_time': ['The end time must differ from the start time.'],
    });

    const rota = await createRota(ctx.db, a.id);
    const shift = await createShift(ctx.db, a.id, rota.id);
    const listed = await call(a, 'GET', '/api/shifts', a.viewer);
    expect(listed.statusCode).toBe(200);
    expect(
      paginatedResponseSchema(shiftSchema)
        .parse(listed.json())
        .data.map((row) => row.id),
    ).toEqual([shift.id]);
    const inUse = await call(a, 'DELETE', `/api/organisation/rotas/${rota.id}`, a.manager);
    expect(inUse.statusCode).toBe(409);
    expect((await call(a, 'DELETE', `/api/shifts/${shift.id}`, a.manager)).statusCode).toBe(204);
    expect((await call(a, 'DELETE', `/api/organisation/rotas/${rota.id}`, a.manager)).statusCode).toBe(204);
  });
});
