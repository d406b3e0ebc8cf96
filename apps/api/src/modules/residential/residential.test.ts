import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { residentialBookings, teamRoomUnavailablePeriods, teams, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAccount, sessionTokenFor } from '../../test/factories/auth.js';
import { createTeam } from '../../test/factories/opportunity.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import {
  closeRoom,
  createBooking,
  createChangeoverDay,
  createRoom,
} from '../../test/factories/residential.js';
import { createUser } from '../../test/factories/user.js';

let ctx: TestContext;
let organisation: Awaited<ReturnType<typeof createOrganisation>>;
let other: Awaited<ReturnType<typeof createOrganisation>>;

beforeAll(async () => {
  ctx = await createTestContext();
  organisation = await createOrganisation(ctx.db);
  other = await createOrganisation(ctx.db);
});
afterAll(() => ctx?.close());

type Reply = Awaited<ReturnType<typeof get>>;
type NightsBody = { data: { data: Record<string, { available_capacity: number }> } };
const errorsOf = (reply: Reply) => reply.json<{ errors: Record<string, string[]> }>().errors;
const nightsOf = (reply: Reply) => reply.json<NightsBody>().data.data;
const bookingsOf = (reply: Reply) => reply.json<{ data: Array<{ id: number }> }>().data;

function get(url: string, options: { token?: string; host?: string } = {}) {
  return ctx.app.inject({
    url,
    headers: {
      host: options.host ?? organisation.hosts[0],
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  });
}

describe('GET /api/teams/{teamId}/residential/changeover-days/', () => {
  it('answers the team’s changeover days under data.data, to anyone', async () => {
    const team = await createTeam(ctx.db, organisation.id);
    await createChangeoverDay(ctx.db, organisation.id, team.id, 0, '2027-01-01');
    await createChangeoverDay(ctx.db, organisation.id, team.id, 6, '2026-01-01', '2026-12-31');
    const response = await get(`/api/teams/${team.id}/residential/changeover-days/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        data: [
          { start_date: '2026-01-01', end_date: '2026-12-31', day_of_week: 6 },
          { start_date: '2027-01-01', end_date: null, day_of_week: 0 },
        ],
      },
    });
    const withoutSlash = await get(`/api/teams/${team.id}/residential/changeover-days`);
    expect(withoutSlash.statusCode).toBe(200);
  });

  it('answers an empty list for a team without changeover days', async () => {
    const team = await createTeam(ctx.db, organisation.id);
    const response = await get(`/api/teams/${team.id}/residential/changeover-days/`);
    expect(response.json()).toEqual({ data: { data: [] } });
  });

  it('is 404 for another organisation’s team or an unknown one, and 422 for a bad id', async () => {
    const theirs = await createTeam(ctx.db, other.id);
    await createChangeoverDay(ctx.db, other.id, theirs.id, 6);
    expect((await get(`/api/teams/${theirs.id}/residential/changeover-days/`)).statusCode).toBe(404);
    expect((await get(`/api/teams/99999999/residential/changeover-days/`)).statusCode).toBe(404);
    const bad = await get(`/api/teams/lakeside/residential/changeover-days/`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad))).toEqual(['params.teamId']);
  });
});

describe('GET /api/residential-availability/team/{teamId}', () => {
  const url = (teamId: number, query: string) => `/api/residential-availability/team/${teamId}?${query}`;

  it('offers every open private room to someone who will not share, and shared beds too to someone who will', async () => {
    const team = await createTeam(ctx.db, organisation.id);
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Heron', beds: 2 });
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Kingfisher', beds: 1 });
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Dorm', beds: 4, shared: true });
    const alone = await get(url(team.id, 'willing_to_share=0&start_date=2026-12-05&end_date=2026-12-07'));
    expect(alone.statusCode).toBe(200);
    expect(alone.json()).toEqual({
      data: {
        data: {
          '2026-12-05': { available_capacity: 2 },
          '2026-12-06': { available_capacity: 2 },
          '2026-12-07': { available_capacity: 2 },
        },
      },
    });
    const sharing = await get(url(team.id, 'willing_to_share=1&start_date=2026-12-05&end_date=2026-12-05'));
    expect(sharing.json()).toEqual({ data: { data: { '2026-12-05': { available_capacity: 6 } } } });
    const byDefault = await get(url(team.id, 'start_date=2026-12-05&end_date=2026-12-05'));
    expect(nightsOf(byDefault)['2026-12-05']).toEqual({ available_capacity: 2 });
  });

  it('takes away closed rooms and the nights of pending and confirmed bookings, not cancelled ones', async () => {
    const team = await createTeam(ctx.db, organisation.id);
    const heron = await createRoom(ctx.db, organisation.id, team.id, { name: 'Heron', beds: 2 });
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Kingfisher' });
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Otter' });
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Dorm', beds: 3, shared: true });
    const guest = await createUser(ctx.db, organisation.id);
    await closeRoom(ctx.db, organisation.id, heron.id, '2026-12-06', '2026-12-06');
    // Nights of 05 and 06 December: the departure day is free again.
    await createBooking(ctx.db, organisation.id, {
      userId: guest.id,
      teamId: team.id,
      startDate: '2026-12-05',
      endDate: '2026-12-07',
    });
    await createBooking(ctx.db, organisation.id, {
      userId: guest.id,
      teamId: team.id,
      startDate: '2026-12-04',
      endDate: '2026-12-06',
      status: 'confirmed',
    });
    await createBooking(ctx.db, organisation.id, {
      userId: guest.id,
      teamId: team.id,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      status: 'cancelled',
    });
    const alone = await get(url(team.id, 'willing_to_share=0&start_date=2026-12-04&end_date=2026-12-07'));
    expect(nightsOf(alone)).toEqual({
      '2026-12-04': { available_capacity: 2 },
      '2026-12-05': { available_capacity: 1 },
      '2026-12-06': { available_capacity: 1 },
      '2026-12-07': { available_capacity: 3 },
    });
    const sharing = await get(url(team.id, 'willing_to_share=1&start_date=2026-12-04&end_date=2026-12-07'));
    expect(nightsOf(sharing)).toEqual({
      '2026-12-04': { available_capacity: 5 },
      '2026-12-05': { available_capacity: 4 },
      '2026-12-06': { available_capacity: 4 },
      '2026-12-07': { available_capacity: 6 },
    });
  });

  it('puts guests who will share into shared beds first, then into private rooms', async () => {
    const team = await createTeam(ctx.db, organisation.id);
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Heron' });
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Kingfisher' });
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Dorm', beds: 2, shared: true });
    const guest = await createUser(ctx.db, organisation.id);
    const night = {
      teamId: team.id,
      userId: guest.id,
      startDate: '2026-12-05',
      endDate: '2026-12-06',
      willingToShare: true,
    };
    await createBooking(ctx.db, organisation.id, night);
    await createBooking(ctx.db, organisation.id, night);
    const check = async (sharing: 0 | 1) =>
      (
        await get(url(team.id, `willing_to_share=${sharing}&start_date=2026-12-05&end_date=2026-12-05`))
      ).json<NightsBody>().data.data['2026-12-05']?.available_capacity;
    // Two sharers fill the dorm: both private rooms are still free.
    expect(await check(0)).toBe(2);
    expect(await check(1)).toBe(2);
    // A third sharer overflows into a private room.
    await createBooking(ctx.db, organisation.id, night);
    expect(await check(0)).toBe(1);
    expect(await check(1)).toBe(1);
    await createBooking(ctx.db, organisation.id, { ...night, willingToShare: false });
    expect(await check(0)).toBe(0);
    expect(await check(1)).toBe(0);
  });

  it('never answers below zero, even when a room closes after it was booked', async () => {
    const team = await createTeam(ctx.db, organisation.id);
    const room = await createRoom(ctx.db, organisation.id, team.id);
    const guest = await createUser(ctx.db, organisation.id);
    await createBooking(ctx.db, organisation.id, {
      userId: guest.id,
      teamId: team.id,
      startDate: '2026-12-05',
      endDate: '2026-12-06',
    });
    await closeRoom(ctx.db, organisation.id, room.id, '2026-12-01', '2026-12-31');
    const response = await get(url(team.id, 'willing_to_share=1&start_date=2026-12-05&end_date=2026-12-05'));
    expect(nightsOf(response)).toEqual({ '2026-12-05': { available_capacity: 0 } });
  });

  it('counts only this team’s rooms and bookings', async () => {
    const team = await createTeam(ctx.db, organisation.id);
    const neighbour = await createTeam(ctx.db, organisation.id);
    await createRoom(ctx.db, organisation.id, team.id);
    await createRoom(ctx.db, organisation.id, neighbour.id, { beds: 9, shared: true });
    const guest = await createUser(ctx.db, organisation.id);
    await createBooking(ctx.db, organisation.id, {
      userId: guest.id,
      teamId: neighbour.id,
      startDate: '2026-12-05',
      endDate: '2026-12-06',
    });
    const response = await get(url(team.id, 'willing_to_share=1&start_date=2026-12-05&end_date=2026-12-05'));
    expect(nightsOf(response)).toEqual({ '2026-12-05': { available_capacity: 1 } });
  });

  it('refuses a window longer than six months, bad dates and reversed dates, keyed by parameter', async () => {
    const team = await createTeam(ctx.db, organisation.id);
    const long = await get(url(team.id, 'willing_to_share=0&start_date=2026-01-01&end_date=2026-07-06'));
    expect(long.statusCode).toBe(422);
    expect(errorsOf(long)['querystring.end_date']).toEqual([
      'Availability can be asked for at most 186 nights at a time.',
    ]);
    const longest = await get(url(team.id, 'willing_to_share=0&start_date=2026-01-01&end_date=2026-07-05'));
    expect(longest.statusCode).toBe(200);
    expect(Object.keys(nightsOf(longest))).toHaveLength(186);
    const bad = await get(url(team.id, 'willing_to_share=0&start_date=2026-02-30&end_date=2026-03-05'));
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)['querystring.start_date']).toEqual(['Please enter a valid date (YYYY-MM-DD).']);
    const reversed = await get(url(team.id, 'willing_to_share=0&start_date=2026-03-05&end_date=2026-03-01'));
    expect(errorsOf(reversed)['querystring.end_date']).toEqual([
      'The end date must not be before the start date.',
    ]);
    const missing = await get(url(team.id, 'willing_to_share=0'));
    expect(Object.keys(errorsOf(missing)).sort()).toEqual(['querystring.end_date', 'querystring.start_date']);
    const sharing = await get(url(team.id, 'willing_to_share=yes&start_date=2026-03-01&end_date=2026-03-01'));
    expect(errorsOf(sharing)['querystring.willing_to_share']).toEqual(['Willing to share must be 0 or 1.']);
  });

  it('is 404 for another organisation’s team', async () => {
    const theirs = await createTeam(ctx.db, other.id);
    await createRoom(ctx.db, other.id, theirs.id);
    const response = await get(
      url(theirs.id, 'willing_to_share=0&start_date=2026-12-05&end_date=2026-12-05'),
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/users/{userId}/residential-bookings', () => {
  it('answers the user’s own bookings that are not cancelled and end after `from`, with their team', async () => {
    const account = await createAccount(ctx.db, organisation.id);
    const token = await sessionTokenFor(ctx.app, organisation.id, account.id);
    const team = await createTeam(ctx.db, organisation.id, 'Lakeside Lodge');
    const booking = (startDate: string, endDate: string, status?: 'pending' | 'confirmed' | 'cancelled') =>
      createBooking(ctx.db, organisation.id, {
        userId: account.id,
        teamId: team.id,
        startDate,
        endDate,
        ...(status ? { status } : {}),
      });
    const past = await booking('2026-11-14', '2026-11-21');
    const endingOnFrom = await booking('2026-11-21', '2026-11-28');
    const later = await booking('2026-12-05', '2026-12-12', 'confirmed');
    await booking('2026-12-12', '2026-12-19', 'cancelled');
    const current = await booking('2026-11-28', '2026-12-05');
    const response = await get(`/api/users/${account.id}/residential-bookings?from=2026-11-28&include=team`, {
      token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          id: current.id,
          start_date: '2026-11-28',
          end_date: '2026-12-05',
          status: 'pending',
          team: { id: team.id, name: 'Lakeside Lodge' },
        },
        {
          id: later.id,
          start_date: '2026-12-05',
          end_date: '2026-12-12',
          status: 'confirmed',
          team: { id: team.id, name: 'Lakeside Lodge' },
        },
      ],
    });
    const all = await get(`/api/users/${account.id}/residential-bookings`, { token });
    expect(bookingsOf(all).map((row: { id: number }) => row.id)).toEqual([
      past.id,
      endingOnFrom.id,
      current.id,
      later.id,
    ]);
    expect(bookingsOf(all)[0]).not.toHaveProperty('team');
    const withCancelled = await get(
      `/api/users/${account.id}/residential-bookings?from=2026-11-28&include_cancelled=1`,
      { token },
    );
    expect(
      withCancelled
        .json<{ data: Array<{ start_date: string; status: string }> }>()
        .data.map((row) => `${row.start_date} ${row.status}`),
    ).toEqual(['2026-11-28 pending', '2026-12-05 confirmed', '2026-12-12 cancelled']);
  });

  it('is 401 anonymous, 403 for someone else without view-users, and answers a holder of view-users', async () => {
    const owner = await createAccount(ctx.db, organisation.id);
    const stranger = await createAccount(ctx.db, organisation.id);
    const staff = await createAccount(ctx.db, organisation.id, { permissions: ['view-users'] });
    const team = await createTeam(ctx.db, organisation.id);
    await createBooking(ctx.db, organisation.id, {
      userId: owner.id,
      teamId: team.id,
      startDate: '2026-12-05',
      endDate: '2026-12-12',
    });
    const path = `/api/users/${owner.id}/residential-bookings?from=2026-11-01`;
    expect((await get(path)).statusCode).toBe(401);
    const forbidden = await get(path, {
      token: await sessionTokenFor(ctx.app, organisation.id, stranger.id),
    });
    expect(forbidden.statusCode).toBe(403);
    const allowed = await get(path, { token: await sessionTokenFor(ctx.app, organisation.id, staff.id) });
    expect(allowed.statusCode).toBe(200);
    expect(bookingsOf(allowed)).toHaveLength(1);
  });

  it('is 422 for a bad `from` or include, and 401 before 422 when anonymous', async () => {
    const account = await createAccount(ctx.db, organisation.id);
    const token = await sessionTokenFor(ctx.app, organisation.id, account.id);
    const bad = await get(`/api/users/${account.id}/residential-bookings?from=28/11/2026`, { token });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)['querystring.from']).toEqual(['Please enter a valid date (YYYY-MM-DD).']);
    const include = await get(`/api/users/${account.id}/residential-bookings?include=roles`, { token });
    expect(include.statusCode).toBe(422);
    expect(errorsOf(include)['querystring.include']).toEqual(['Only team can be included.']);
    const cancelled = await get(`/api/users/${account.id}/residential-bookings?include_cancelled=yes`, {
      token,
    });
    expect(cancelled.statusCode).toBe(422);
    expect(errorsOf(cancelled)['querystring.include_cancelled']).toEqual([
      'Include cancelled must be 0 or 1.',
    ]);
    expect((await get(`/api/users/${account.id}/residential-bookings?from=nope`)).statusCode).toBe(401);
  });

  it('is 404 for a user of another organisation, even with view-users', async () => {
    const staff = await createAccount(ctx.db, organisation.id, { permissions: ['view-users'] });
    const outsider = await createUser(ctx.db, other.id);
    const response = await get(`/api/users/${outsider.id}/residential-bookings`, {
      token: await sessionTokenFor(ctx.app, organisation.id, staff.id),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the kept availability (issue 13)', () => {
  const window = 'willing_to_share=0&start_date=2026-12-05&end_date=2026-12-06';
  const key = (organisationId: number, teamId: number) =>
    `residential-availability:${organisationId}:${teamId}:0:2026-12-05:2026-12-06`;
  const capacity = async (teamId: number, host?: string) => {
    const reply = await get(`/api/residential-availability/team/${teamId}?${window}`, { host });
    expect(reply.statusCode, reply.body).toBe(200);
    return Object.values(nightsOf(reply)).map((night) => night.available_capacity);
  };

  it('is answered from the cache once built, per organisation, team and window', async () => {
    const team = await createTeam(ctx.db, organisation.id);
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Heron' });
    expect(await capacity(team.id)).toEqual([1, 1]);
    const kept = await ctx.app.answerCache.remember(key(organisation.id, team.id), () => {
      throw new Error('the availability was not kept');
    });
    expect(JSON.parse(String(kept))).toEqual({
      data: { data: { '2026-12-05': { available_capacity: 1 }, '2026-12-06': { available_capacity: 1 } } },
    });
    // Another organisation asking for the same team id is still refused.
    const elsewhere = await get(`/api/residential-availability/team/${team.id}?${window}`, {
      host: other.hosts[0],
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('answers a booking, a cancellation, a closed room and a new room at once', async () => {
    const team = await createTeam(ctx.db, organisation.id);
    const heron = await createRoom(ctx.db, organisation.id, team.id, { name: 'Heron' });
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Otter' });
    const guest = await createUser(ctx.db, organisation.id);
    expect(await capacity(team.id)).toEqual([2, 2]);
    const booking = await createBooking(ctx.db, organisation.id, {
      userId: guest.id,
      teamId: team.id,
      startDate: '2026-12-05',
      endDate: '2026-12-06',
    });
    expect(await capacity(team.id)).toEqual([1, 2]);
    await ctx.db
      .update(residentialBookings)
      .set({ status: 'cancelled' })
      .where(eq(residentialBookings.id, booking.id));
    expect(await capacity(team.id)).toEqual([2, 2]);
    await closeRoom(ctx.db, organisation.id, heron.id, '2026-12-06', '2026-12-06');
    expect(await capacity(team.id)).toEqual([2, 1]);
    await ctx.db.delete(teamRoomUnavailablePeriods).where(eq(teamRoomUnavailablePeriods.roomId, heron.id));
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Kingfisher' });
    expect(await capacity(team.id)).toEqual([3, 3]);
    // Deleting the guest deletes their booking by cascade, unseen by the write watch but for `users`.
    await createBooking(ctx.db, organisation.id, {
      userId: guest.id,
      teamId: team.id,
      startDate: '2026-12-06',
      endDate: '2026-12-07',
    });
    expect(await capacity(team.id)).toEqual([3, 2]);
    await ctx.db.delete(users).where(eq(users.id, guest.id));
    expect(await capacity(team.id)).toEqual([3, 3]);
  });

  it('is 404 at once when the team is deleted', async () => {
    const team = await createTeam(ctx.db, organisation.id);
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Heron' });
    expect(await capacity(team.id)).toEqual([1, 1]);
    await ctx.db.delete(teams).where(eq(teams.id, team.id));
    expect((await get(`/api/residential-availability/team/${team.id}?${window}`)).statusCode).toBe(404);
  });
});
