import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  residentialCapacityLimits,
  teamChangeoverDays,
  teamRooms,
  teamRoomUnavailablePeriods,
} from '../../db/schema/index.js';
import type { TestContext } from '../../test/context.js';
import { createTeamRow } from '../../test/factories/catalogue.js';
import { closeRoom, createBooking, createRoom } from '../../test/factories/residential.js';
import { createAccount } from '../../test/factories/auth.js';
import {
  callAs,
  errorsOf,
  residentialTenant,
  residentialWorld,
  type CallArgs,
  type Reply,
  type ResidentialTenant,
} from './test-support.js';

/*
 * The residential settings (docs/residential.md "Running residential stays"): rooms, their
 * closures, changeover days under both paths, capacity limits (records, and set or cleared by
 * team) and the availability board.
 */

let ctx: TestContext;
let a: ResidentialTenant;
let b: ResidentialTenant;

beforeAll(async () => {
  ({ ctx, a, b } = await residentialWorld());
});
afterAll(() => ctx?.close());

const call = (...args: CallArgs) => callAs(ctx.app, ...args);
const dataOf = <T = Record<string, unknown>>(reply: Reply) => reply.json<{ data: T }>().data;

async function availability(teamId: number, first: string, last: string, share = 0) {
  const reply = await call(
    'GET',
    `/api/residential-availability/team/${teamId}?willing_to_share=${share}&start_date=${first}&end_date=${last}`,
    { host: a.host },
  );
  expect(reply.statusCode).toBe(200);
  return reply.json<{ data: { data: Record<string, { available_capacity: number }> } }>().data.data;
}

describe('rooms', () => {
  it('creates, lists, shows, changes and deletes a team’s rooms, and availability follows', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    const base = `/api/organisation/teams/${team.id}/residential/rooms`;
    const created = await call('POST', base, a.manager, { name: ' Dormitory ', beds: 4, shared: true });
    expect(created.statusCode).toBe(201);
    const room = dataOf<{ id: number }>(created);
    expect(room).toEqual({ id: room.id, name: 'Dormitory', beds: 4, shared: true });
    const [stored] = await ctx.db.select().from(teamRooms).where(eq(teamRooms.id, room.id));
    expect(stored).toMatchObject({ organisationId: a.id, teamId: team.id, beds: 4, shared: true });
    expect((await availability(team.id, '2031-01-01', '2031-01-01', 1))['2031-01-01']).toEqual({
      available_capacity: 4,
    });

    await call('POST', base, a.manager, { name: 'Attic', beds: 2 });
    const listed = await call('GET', `${base}?per_page=1`, a.manager);
    expect(listed.json()).toMatchObject({
      data: [{ name: 'Attic', shared: false }],
      meta: { current_page: 1, per_page: 1, total: 2 },
    });
    expect(dataOf(await call('GET', `${base}/${room.id}`, a.manager))).toMatchObject({ name: 'Dormitory' });

    const changed = await call('PUT', `${base}/${room.id}`, a.manager, { beds: 6 });
    expect(dataOf(changed)).toMatchObject({ name: 'Dormitory', beds: 6, shared: true });
    expect((await availability(team.id, '2031-01-01', '2031-01-01', 1))['2031-01-01']).toEqual({
      available_capacity: 7,
    });

    expect((await call('DELETE', `${base}/${room.id}`, a.manager)).statusCode).toBe(204);
    expect(await ctx.db.select().from(teamRooms).where(eq(teamRooms.id, room.id))).toEqual([]);
    expect((await availability(team.id, '2031-01-01', '2031-01-01', 1))['2031-01-01']).toEqual({
      available_capacity: 1,
    });
  });

  it('is 401 anonymous, 403 without manage-residential (reads too), 422 keyed by field, 404 for another organisation’s team', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    const base = `/api/organisation/teams/${team.id}/residential/rooms`;
    expect((await call('POST', base, a.anonymous, { name: 'X', beds: 1 })).statusCode).toBe(401);
    expect((await call('GET', base, a.anonymous)).statusCode).toBe(401);
    expect((await call('POST', base, a.reader, { name: 'X', beds: 1 })).statusCode).toBe(403);
    expect((await call('GET', base, a.nobody)).statusCode).toBe(403);
    // 403 before 422: who may not write learns nothing of the rules.
    expect((await call('POST', base, a.nobody, { beds: 0 })).statusCode).toBe(403);
    const bad = await call('POST', base, a.manager, { name: '', beds: 0, shared: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['beds', 'name', 'shared']);
    const theirs = await createTeamRow(ctx.db, b.id);
    expect(
      (await call('GET', `/api/organisation/teams/${theirs.id}/residential/rooms`, a.manager)).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/organisation/teams/${theirs.id}/residential/rooms`, a.manager, {
          name: 'X',
          beds: 1,
        })
      ).statusCode,
    ).toBe(404);
    const theirRoom = await createRoom(ctx.db, b.id, theirs.id);
    expect((await call('GET', `${base}/${theirRoom.id}`, a.manager)).statusCode).toBe(404);
    expect(
      (
        await call(
          'DELETE',
          `/api/organisation/teams/${theirs.id}/residential/rooms/${theirRoom.id}`,
          a.manager,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('a room’s unavailable periods', () => {
  it('closes a room for some nights, lists, shows, moves and reopens it, and availability follows', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    const room = await createRoom(ctx.db, a.id, team.id);
    const base = `/api/organisation/teams/${team.id}/residential/rooms/${room.id}/unavailable-periods`;
    const created = await call('POST', base, a.manager, {
      from_date: '2031-02-01',
      to_date: '2031-02-03',
      reason: ' Painting ',
    });
    expect(created.statusCode).toBe(201);
    const period = dataOf<{ id: number }>(created);
    expect(period).toEqual({
      id: period.id,
      room_id: room.id,
      from_date: '2031-02-01',
      to_date: '2031-02-03',
      reason: 'Painting',
    });
    expect(await availability(team.id, '2031-01-31', '2031-02-04')).toEqual({
      '2031-01-31': { available_capacity: 1 },
      '2031-02-01': { available_capacity: 0 },
      '2031-02-02': { available_capacity: 0 },
      '2031-02-03': { available_capacity: 0 },
      '2031-02-04': { available_capacity: 1 },
    });
    expect((await call('GET', base, a.manager)).json()).toMatchObject({
      data: [{ id: period.id }],
      meta: { total: 1 },
    });
    expect(dataOf(await call('GET', `${base}/${period.id}`, a.manager))).toMatchObject({
      reason: 'Painting',
    });

    const moved = await call('PUT', `${base}/${period.id}`, a.manager, { to_date: '2031-02-01', reason: '' });
    expect(dataOf(moved)).toMatchObject({ from_date: '2031-02-01', to_date: '2031-02-01', reason: null });
    expect((await availability(team.id, '2031-02-02', '2031-02-02'))['2031-02-02']).toEqual({
      available_capacity: 1,
    });
    const reversed = await call('PUT', `${base}/${period.id}`, a.manager, { to_date: '2031-01-01' });
    expect(reversed.statusCode).toBe(422);
    expect(errorsOf(reversed)).toEqual({ to_date: ['The last night must not be before the first.'] });

    expect((await call('DELETE', `${base}/${period.id}`, a.manager)).statusCode).toBe(204);
    expect(
      await ctx.db
        .select()
        .from(teamRoomUnavailablePeriods)
        .where(eq(teamRoomUnavailablePeriods.id, period.id)),
    ).toEqual([]);
    expect((await call('DELETE', `${base}/${period.id}`, a.manager)).statusCode).toBe(404);
  });

  it('is 401, 403 and 422 as it should be, and 404 for a room of another team or organisation', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    const room = await createRoom(ctx.db, a.id, team.id);
    const base = `/api/organisation/teams/${team.id}/residential/rooms/${room.id}/unavailable-periods`;
    const body = { from_date: '2031-02-01', to_date: '2031-02-03' };
    expect((await call('POST', base, a.anonymous, body)).statusCode).toBe(401);
    expect((await call('POST', base, a.reader, body)).statusCode).toBe(403);
    expect((await call('GET', base, a.nobody)).statusCode).toBe(403);
    const bad = await call('POST', base, a.manager, { from_date: '2031-02-31', to_date: 'soon' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['from_date', 'to_date']);
    const reversed = await call('POST', base, a.manager, { from_date: '2031-02-03', to_date: '2031-02-01' });
    expect(errorsOf(reversed)).toEqual({ to_date: ['The last night must not be before the first.'] });

    const otherTeam = await createTeamRow(ctx.db, a.id);
    expect(
      (
        await call(
          'GET',
          `/api/organisation/teams/${otherTeam.id}/residential/rooms/${room.id}/unavailable-periods`,
          a.manager,
        )
      ).statusCode,
    ).toBe(404);
    const theirs = await createTeamRow(ctx.db, b.id);
    const theirRoom = await createRoom(ctx.db, b.id, theirs.id);
    await closeRoom(ctx.db, b.id, theirRoom.id, '2031-01-01', '2031-01-02');
    expect(
      (
        await call(
          'POST',
          `/api/organisation/teams/${theirs.id}/residential/rooms/${theirRoom.id}/unavailable-periods`,
          a.manager,
          body,
        )
      ).statusCode,
    ).toBe(404);
    const [theirPeriod] = await ctx.db
      .select()
      .from(teamRoomUnavailablePeriods)
      .where(eq(teamRoomUnavailablePeriods.roomId, theirRoom.id));
    expect((await call('GET', `${base}/${theirPeriod?.id ?? 0}`, a.manager)).statusCode).toBe(404);
  });
});

describe('changeover days', () => {
  it('are written under /organisation and under the public path, and the form’s list and picker follow', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    const admin = `/api/organisation/teams/${team.id}/residential/changeover-days`;
    const open = `/api/teams/${team.id}/residential/changeover-days`;
    const created = await call('POST', admin, a.manager, { start_date: '2031-01-01', day_of_week: 6 });
    expect(created.statusCode).toBe(201);
    const day = dataOf<{ id: number }>(created);
    expect(day).toEqual({ id: day.id, start_date: '2031-01-01', end_date: null, day_of_week: 6 });
    const second = dataOf<{ id: number }>(
      await call('POST', open, a.manager, {
        start_date: '2032-01-01',
        end_date: '2032-12-31',
        day_of_week: 0,
      }),
    );
    expect((await call('GET', admin, a.manager)).json()).toMatchObject({ meta: { total: 2 } });
    // The form's list (public) and one day (public too) read the same rows.
    expect((await call('GET', open, a.anonymous)).json()).toEqual({
      data: {
        data: [
          { start_date: '2031-01-01', end_date: null, day_of_week: 6 },
          { start_date: '2032-01-01', end_date: '2032-12-31', day_of_week: 0 },
        ],
      },
    });
    expect(dataOf(await call('GET', `${open}/${second.id}`, a.anonymous))).toMatchObject({ day_of_week: 0 });

    const changed = await call('PUT', `${open}/${day.id}`, a.manager, { day_of_week: 5 });
    expect(dataOf(changed)).toMatchObject({ day_of_week: 5 });
    const [stored] = await ctx.db.select().from(teamChangeoverDays).where(eq(teamChangeoverDays.id, day.id));
    expect(stored?.dayOfWeek).toBe(5);
    expect((await call('DELETE', `${admin}/${second.id}`, a.manager)).statusCode).toBe(204);
    expect((await call('DELETE', `${open}/${day.id}`, a.manager)).statusCode).toBe(204);
    expect(
      await ctx.db.select().from(teamChangeoverDays).where(eq(teamChangeoverDays.teamId, team.id)),
    ).toEqual([]);
  });

  it('needs manage-residential to write (and to read under /organisation), refuses bad input and other organisations’ teams', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    const admin = `/api/organisation/teams/${team.id}/residential/changeover-days`;
    const open = `/api/teams/${team.id}/residential/changeover-days`;
    const body = { start_date: '2031-01-01', day_of_week: 6 };
    expect((await call('POST', open, a.anonymous, body)).statusCode).toBe(401);
    expect((await call('POST', open, a.reader, body)).statusCode).toBe(403);
    expect((await call('GET', admin, a.anonymous)).statusCode).toBe(401);
    expect((await call('GET', admin, a.reader)).statusCode).toBe(403);
    const bad = await call('POST', admin, a.manager, { start_date: 'Monday', day_of_week: 7 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['day_of_week', 'start_date']);
    const reversed = await call('POST', admin, a.manager, { ...body, end_date: '2030-01-01' });
    expect(errorsOf(reversed)).toEqual({ end_date: ['The last date must not be before the first.'] });
    const theirs = await createTeamRow(ctx.db, b.id);
    expect(
      (await call('POST', `/api/teams/${theirs.id}/residential/changeover-days`, a.manager, body)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/organisation/teams/${theirs.id}/residential/changeover-days`, a.manager))
        .statusCode,
    ).toBe(404);
  });
});

describe('capacity limits', () => {
  it('are records of /residential-availability/ that cap a team’s availability', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    for (let index = 0; index < 3; index += 1) {
      await createRoom(ctx.db, a.id, team.id);
    }
    const guest = await createAccount(ctx.db, a.id);
    await createBooking(ctx.db, a.id, {
      userId: guest.id,
      teamId: team.id,
      startDate: '2031-03-02',
      endDate: '2031-03-03',
    });
    const created = await call('POST', '/api/residential-availability', a.manager, {
      team_id: team.id,
      from_date: '2031-03-02',
      to_date: '2031-03-03',
      max_guests: 2,
      reason: 'Half the staff away',
    });
    expect(created.statusCode).toBe(201);
    const limit = dataOf<{ id: number }>(created);
    expect(limit).toMatchObject({ team_id: team.id, max_guests: 2, reason: 'Half the staff away' });
    // Three rooms, one guest; the limit of two leaves one place on its nights.
    expect(await availability(team.id, '2031-03-01', '2031-03-04')).toEqual({
      '2031-03-01': { available_capacity: 3 },
      '2031-03-02': { available_capacity: 1 },
      '2031-03-03': { available_capacity: 2 },
      '2031-03-04': { available_capacity: 3 },
    });
    expect(
      (await call('GET', `/api/residential-availability?team_id=${team.id}`, a.manager)).json(),
    ).toMatchObject({
      data: [{ id: limit.id }],
      meta: { total: 1 },
    });
    expect(
      dataOf(await call('PUT', `/api/residential-availability/${limit.id}`, a.manager, { max_guests: 0 })),
    ).toMatchObject({
      max_guests: 0,
    });
    expect((await availability(team.id, '2031-03-03', '2031-03-03'))['2031-03-03']).toEqual({
      available_capacity: 0,
    });
    expect(dataOf(await call('GET', `/api/residential-availability/${limit.id}`, a.manager))).toMatchObject({
      max_guests: 0,
    });
    expect((await call('DELETE', `/api/residential-availability/${limit.id}`, a.manager)).statusCode).toBe(
      204,
    );
    expect((await availability(team.id, '2031-03-03', '2031-03-03'))['2031-03-03']).toEqual({
      available_capacity: 3,
    });
  });

  it('is 401, 403, 422 (another organisation’s team too) and 404 for another organisation’s limit', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    const body = { team_id: team.id, from_date: '2031-03-02', to_date: '2031-03-03', max_guests: 2 };
    expect((await call('POST', '/api/residential-availability', a.anonymous, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/residential-availability', a.reader, body)).statusCode).toBe(403);
    expect((await call('GET', '/api/residential-availability', a.nobody)).statusCode).toBe(403);
    const bad = await call('POST', '/api/residential-availability', a.manager, {
      ...body,
      max_guests: -1,
      to_date: '2031-02-30',
    });
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['max_guests', 'to_date']);
    const theirs = await createTeamRow(ctx.db, b.id);
    const foreign = await call('POST', '/api/residential-availability', a.manager, {
      ...body,
      team_id: theirs.id,
    });
    expect(foreign.statusCode).toBe(422);
    expect(errorsOf(foreign)).toEqual({ team_id: ['Please choose a team of this organisation.'] });
    const reversed = await call('POST', '/api/residential-availability', a.manager, {
      ...body,
      to_date: '2031-03-01',
    });
    expect(errorsOf(reversed)).toEqual({ to_date: ['The last night must not be before the first.'] });
    const theirLimit = dataOf<{ id: number }>(
      await call('POST', '/api/residential-availability', b.manager, { ...body, team_id: theirs.id }),
    );
    expect((await call('GET', `/api/residential-availability/${theirLimit.id}`, a.manager)).statusCode).toBe(
      404,
    );
    expect(
      (await call('DELETE', `/api/residential-availability/${theirLimit.id}`, a.manager)).statusCode,
    ).toBe(404);
  });

  it('are set and cleared by team night by night, trimming and splitting the limits in the way', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    await createRoom(ctx.db, a.id, team.id, { beds: 5, shared: true });
    const base = `/api/residential-availability/team/${team.id}`;
    const stored = async () =>
      (
        await ctx.db
          .select({
            from: residentialCapacityLimits.fromDate,
            to: residentialCapacityLimits.toDate,
            max: residentialCapacityLimits.maxGuests,
          })
          .from(residentialCapacityLimits)
          .where(
            and(
              eq(residentialCapacityLimits.organisationId, a.id),
              eq(residentialCapacityLimits.teamId, team.id),
            ),
          )
      ).sort((x, y) => x.from.localeCompare(y.from));

    const set = await call('POST', '/api/residential-availability/team', a.manager, {
      team_id: team.id,
      from_date: '2031-04-01',
      to_date: '2031-04-10',
      max_guests: 3,
    });
    expect(set.statusCode).toBe(201);
    expect(dataOf(set)).toMatchObject({
      team: { id: team.id },
      limits: [{ from_date: '2031-04-01', to_date: '2031-04-10', max_guests: 3 }],
    });
    // A limit inside another splits it.
    const inner = await call('PUT', base, a.manager, {
      from_date: '2031-04-04',
      to_date: '2031-04-05',
      max_guests: 0,
      reason: 'Event',
    });
    expect(inner.statusCode).toBe(200);
    expect(await stored()).toEqual([
      { from: '2031-04-01', to: '2031-04-03', max: 3 },
      { from: '2031-04-04', to: '2031-04-05', max: 0 },
      { from: '2031-04-06', to: '2031-04-10', max: 3 },
    ]);
    expect(await availability(team.id, '2031-04-03', '2031-04-06', 1)).toEqual({
      '2031-04-03': { available_capacity: 3 },
      '2031-04-04': { available_capacity: 0 },
      '2031-04-05': { available_capacity: 0 },
      '2031-04-06': { available_capacity: 3 },
    });
    // Clearing a range trims the limits reaching into it.
    expect(
      (await call('DELETE', `${base}?from_date=2031-04-03&to_date=2031-04-06`, a.manager)).statusCode,
    ).toBe(204);
    expect(await stored()).toEqual([
      { from: '2031-04-01', to: '2031-04-02', max: 3 },
      { from: '2031-04-07', to: '2031-04-10', max: 3 },
    ]);
    expect((await availability(team.id, '2031-04-04', '2031-04-04', 1))['2031-04-04']).toEqual({
      available_capacity: 5,
    });
    expect((await call('DELETE', base, a.manager)).statusCode).toBe(204);
    expect(await stored()).toEqual([]);
  });

  it('by team: 401, 403, 422 keyed by field, 404 for another organisation’s team (422 in a body)', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    const base = `/api/residential-availability/team/${team.id}`;
    const body = { from_date: '2031-04-01', to_date: '2031-04-10', max_guests: 3 };
    expect((await call('PUT', base, a.anonymous, body)).statusCode).toBe(401);
    expect((await call('PUT', base, a.reader, body)).statusCode).toBe(403);
    expect((await call('DELETE', base, a.reader)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/residential-availability/team', a.nobody, { ...body, team_id: team.id }))
        .statusCode,
    ).toBe(403);
    const reversed = await call('PUT', base, a.manager, { ...body, to_date: '2031-03-01' });
    expect(errorsOf(reversed)).toEqual({ to_date: ['The last night must not be before the first.'] });
    const half = await call('DELETE', `${base}?from_date=2031-04-01`, a.manager);
    expect(half.statusCode).toBe(422);
    expect(Object.keys(errorsOf(half))).toEqual(['querystring.to_date']);
    const theirs = await createTeamRow(ctx.db, b.id);
    expect(
      (await call('PUT', `/api/residential-availability/team/${theirs.id}`, a.manager, body)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/residential-availability/team/${theirs.id}`, a.manager)).statusCode,
    ).toBe(404);
    const foreign = await call('POST', '/api/residential-availability/team', a.manager, {
      ...body,
      team_id: theirs.id,
    });
    expect(errorsOf(foreign)).toEqual({ team_id: ['Please choose a team of this organisation.'] });
  });

  it('shows the board of every team with rooms: places, stays and limits per night (readers of bookings)', async () => {
    const c = await residentialTenant(ctx.app);
    const lodge = await createTeamRow(ctx.db, c.id, { name: 'Lodge' });
    await createRoom(ctx.db, c.id, lodge.id);
    await createRoom(ctx.db, c.id, lodge.id, { beds: 4, shared: true });
    await createTeamRow(ctx.db, c.id, { name: 'No rooms' });
    const guest = await createAccount(ctx.db, c.id);
    await createBooking(ctx.db, c.id, {
      userId: guest.id,
      teamId: lodge.id,
      startDate: '2031-05-01',
      endDate: '2031-05-02',
    });
    await call('PUT', `/api/residential-availability/team/${lodge.id}`, c.manager, {
      from_date: '2031-05-02',
      to_date: '2031-05-02',
      max_guests: 1,
    });
    const board = await call(
      'GET',
      '/api/residential-availability/team?start_date=2031-05-01&end_date=2031-05-02',
      c.reader,
    );
    expect(board.statusCode).toBe(200);
    expect(board.json()).toEqual({
      data: [
        {
          team: { id: lodge.id, name: 'Lodge' },
          rooms: { private_rooms: 1, shared_beds: 4 },
          nights: {
            '2031-05-01': { available_capacity: 0, guests: 1 },
            '2031-05-02': { available_capacity: 1, guests: 0 },
          },
          limits: [expect.objectContaining({ from_date: '2031-05-02', max_guests: 1 })],
        },
      ],
      meta: { current_page: 1, per_page: 25, total: 1 },
    });
    expect(
      (
        await call(
          'GET',
          '/api/residential-availability/team?start_date=2031-05-01&end_date=2031-05-02',
          c.anonymous,
        )
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await call(
          'GET',
          '/api/residential-availability/team?start_date=2031-05-01&end_date=2031-05-02',
          c.nobody,
        )
      ).statusCode,
    ).toBe(403);
    const bad = await call(
      'GET',
      '/api/residential-availability/team?start_date=2031-05-01&end_date=2030-05-02',
      c.manager,
    );
    expect(bad.statusCode).toBe(422);
  });
});
