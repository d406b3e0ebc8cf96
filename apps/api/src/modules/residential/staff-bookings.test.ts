import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminBookingListResponseSchema,
  adminBookingResponseSchema,
  type AdminBooking,
} from '@muster/contract';
import { residentialBookingLinkedApplicants, residentialBookings } from '../../db/schema/index.js';
import type { TestContext } from '../../test/context.js';
import { createApplication } from '../../test/factories/application.js';
import { createAccount, sessionTokenFor } from '../../test/factories/auth.js';
import { createTeamRow } from '../../test/factories/catalogue.js';
import { createOpportunity } from '../../test/factories/opportunity.js';
import {
  createBooking,
  createCancelReason,
  createChangeoverDay,
  createRoom,
} from '../../test/factories/residential.js';
import {
  callAs,
  errorsOf,
  inDays,
  residentialTenant,
  residentialWorld,
  type CallArgs,
  type Reply,
  type ResidentialTenant,
} from './test-support.js';

/*
 * Every booking of the organisation for the staff (`/residential-bookings/`) and a person's stays
 * booked and cancelled by staff (`/users/{userId}/residential-bookings/`): docs/residential.md
 * "Running residential stays".
 */

let ctx: TestContext;
let a: ResidentialTenant;
let b: ResidentialTenant;

beforeAll(async () => {
  ({ ctx, a, b } = await residentialWorld());
});
afterAll(() => ctx?.close());

const call = (...args: CallArgs) => callAs(ctx.app, ...args);
const bookingOf = (reply: Reply): AdminBooking => adminBookingResponseSchema.parse(reply.json()).data;

/** A team of the organisation with `rooms` private rooms. */
async function lodge(organisationId: number, rooms = 1) {
  const team = await createTeamRow(ctx.db, organisationId);
  for (let index = 0; index < rooms; index += 1) {
    await createRoom(ctx.db, organisationId, team.id);
  }
  return team;
}

/** A pending stay of a new person, 10 to 12 days ahead, at a new one-room team of the organisation. */
async function pendingStay(organisationId: number) {
  const team = await lodge(organisationId, 1);
  const guest = await createAccount(ctx.db, organisationId);
  const booking = await createBooking(ctx.db, organisationId, {
    userId: guest.id,
    teamId: team.id,
    startDate: inDays(10),
    endDate: inDays(12),
  });
  return { team, guest, booking };
}

async function stored(id: number) {
  const [row] = await ctx.db.select().from(residentialBookings).where(eq(residentialBookings.id, id));
  return row;
}

describe('booking a stay for someone', () => {
  it('writes a pending stay for the person with the answers given, and it takes its place', async () => {
    const team = await lodge(a.id);
    const guest = await createAccount(ctx.db, a.id, { firstName: 'Sam', lastName: 'Guest' });
    const reply = await call('POST', '/api/residential-bookings', a.manager, {
      user_id: guest.id,
      team_id: team.id,
      start_date: inDays(10),
      end_date: inDays(13),
      willing_to_share: true,
      gender_id: 3,
      requirements: 'Vegetarian',
      linked: ['Alex Guest'],
    });
    expect(reply.statusCode).toBe(201);
    const booking = bookingOf(reply);
    expect(booking).toMatchObject({
      user_id: guest.id,
      user: { id: guest.id, name: 'Sam Guest' },
      team: { id: team.id },
      status: 'pending',
      start_date: inDays(10),
      end_date: inDays(13),
      nights: 3,
      willing_to_share: true,
      gender_id: 3,
      requirements: 'Vegetarian',
      linked: ['Alex Guest'],
      application_id: null,
      cancellable: true,
      cancellation: null,
    });
    expect(await stored(booking.id)).toMatchObject({
      organisationId: a.id,
      userId: guest.id,
      requirementsRadio: true,
    });
    // The room is taken: another stay on those nights finds no place.
    const other = await createAccount(ctx.db, a.id);
    const full = await call('POST', `/api/users/${other.id}/residential-bookings`, a.manager, {
      team_id: team.id,
      start_date: inDays(11),
      end_date: inDays(12),
    });
    expect(full.statusCode).toBe(422);
    expect(errorsOf(full).start_date?.[0]).toMatch(/^There is no space left on the night of /);
  });

  it('books under the person’s path, confirmed when asked, with their application', async () => {
    const team = await lodge(a.id);
    const guest = await createAccount(ctx.db, a.id);
    const opportunity = await createOpportunity(ctx.db, a.id, { teamId: team.id });
    const application = await createApplication(ctx.db, a.id, {
      userId: guest.id,
      opportunityId: opportunity.id,
    });
    const reply = await call('POST', `/api/users/${guest.id}/residential-bookings`, a.manager, {
      team_id: team.id,
      start_date: inDays(5),
      end_date: inDays(6),
      status: 'confirmed',
      application_id: application.id,
    });
    expect(reply.statusCode).toBe(201);
    expect(bookingOf(reply)).toMatchObject({
      status: 'confirmed',
      application_id: application.id,
      gender_id: 1,
      linked: [],
    });
    const foreign = await createAccount(ctx.db, a.id);
    const notTheirs = await call('POST', `/api/users/${foreign.id}/residential-bookings`, a.manager, {
      team_id: team.id,
      start_date: inDays(20),
      end_date: inDays(21),
      application_id: application.id,
    });
    expect(errorsOf(notTheirs)).toEqual({
      application_id: ['The application must be one of this person’s.'],
    });
  });

  it('judges the stay as an application’s: changeover days, no past arrival, no overlap with the person’s stays', async () => {
    const team = await lodge(a.id, 2);
    await createChangeoverDay(ctx.db, a.id, team.id, 6);
    const guest = await createAccount(ctx.db, a.id);
    // The first Saturday at least three days ahead, and the last one before today (today itself
    // may be a Saturday, so a week before the first is not always past).
    const saturdayFrom = (from: number, step: 1 | -1) => {
      for (let day = from; ; day += step) {
        if (new Date(`${inDays(day)}T00:00:00Z`).getUTCDay() === 6) {
          return day;
        }
      }
    };
    const saturday = saturdayFrom(3, 1);
    const pastSaturday = saturdayFrom(-1, -1);
    const url = `/api/users/${guest.id}/residential-bookings`;
    const wrongDay = await call('POST', url, a.manager, {
      team_id: team.id,
      start_date: inDays(saturday + 1),
      end_date: inDays(saturday + 7),
    });
    expect(errorsOf(wrongDay)).toEqual({ start_date: ['Your stay must start on a Saturday.'] });
    const past = await call('POST', url, a.manager, {
      team_id: team.id,
      start_date: inDays(pastSaturday),
      end_date: inDays(pastSaturday + 7),
    });
    expect(errorsOf(past)).toEqual({ start_date: ['A stay cannot start before today.'] });
    const first = await call('POST', url, a.manager, {
      team_id: team.id,
      start_date: inDays(saturday),
      end_date: inDays(saturday + 7),
    });
    expect(first.statusCode).toBe(201);
    const overlap = await call('POST', url, a.manager, {
      team_id: team.id,
      start_date: inDays(saturday + 7 - 7),
      end_date: inDays(saturday + 14),
    });
    expect(overlap.statusCode).toBe(422);
    expect(errorsOf(overlap)).toEqual({
      start_date: ['You have an existing booking for the selected dates'],
    });
    expect(overlap.json()).toMatchObject({ existing_booking: { id: bookingOf(first).id } });
  });

  it('is 401, 403 for readers, 422 keyed by field and for another organisation’s person or team; 404 for a person of another organisation by path', async () => {
    const team = await lodge(a.id);
    const guest = await createAccount(ctx.db, a.id);
    const body = { user_id: guest.id, team_id: team.id, start_date: inDays(30), end_date: inDays(31) };
    expect((await call('POST', '/api/residential-bookings', a.anonymous, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/residential-bookings', a.reader, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/residential-bookings', a.nobody, {})).statusCode).toBe(403);
    // The person themself does not book outside an application.
    const self = await sessionTokenFor(ctx.app, a.id, guest.id);
    expect(
      (
        await call(
          'POST',
          `/api/users/${guest.id}/residential-bookings`,
          { host: a.host, authorization: `Bearer ${self}` },
          body,
        )
      ).statusCode,
    ).toBe(403);
    const bad = await call('POST', '/api/residential-bookings', a.manager, {
      team_id: 'one',
      start_date: '2031-02-30',
      gender_id: 9,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual([
      'end_date',
      'gender_id',
      'start_date',
      'team_id',
      'user_id',
    ]);
    const reversed = await call('POST', '/api/residential-bookings', a.manager, {
      ...body,
      end_date: inDays(30),
    });
    expect(errorsOf(reversed)).toEqual({ end_date: ['Your stay must end after the day it starts.'] });
    const theirGuest = await createAccount(ctx.db, b.id);
    const theirTeam = await lodge(b.id);
    expect(
      errorsOf(
        await call('POST', '/api/residential-bookings', a.manager, { ...body, user_id: theirGuest.id }),
      ),
    ).toEqual({
      user_id: ['The person must be a user of this organisation.'],
    });
    expect(
      errorsOf(
        await call('POST', '/api/residential-bookings', a.manager, { ...body, team_id: theirTeam.id }),
      ),
    ).toEqual({
      team_id: ['Please choose a team of this organisation.'],
    });
    const { user_id: _user, ...perUser } = body;
    expect(
      (await call('POST', `/api/users/${theirGuest.id}/residential-bookings`, a.manager, perUser)).statusCode,
    ).toBe(404);
    expect(
      (await ctx.db.select().from(residentialBookings).where(eq(residentialBookings.userId, guest.id)))
        .length,
    ).toBe(0);
  });
});

describe('every booking', () => {
  it('lists the organisation’s bookings a page at a time, filtered, and shows one', async () => {
    const c = await residentialTenant(ctx.app);
    const team = await lodge(c.id, 3);
    const other = await lodge(c.id, 1);
    const sam = await createAccount(ctx.db, c.id, { firstName: 'Sam', lastName: 'One' });
    const kim = await createAccount(ctx.db, c.id, { firstName: 'Kim', lastName: 'Two' });
    const first = await createBooking(ctx.db, c.id, {
      userId: sam.id,
      teamId: team.id,
      startDate: '2031-06-01',
      endDate: '2031-06-08',
      linked: ['Pat'],
    });
    const second = await createBooking(ctx.db, c.id, {
      userId: kim.id,
      teamId: team.id,
      startDate: '2031-07-01',
      endDate: '2031-07-08',
      status: 'confirmed',
    });
    const third = await createBooking(ctx.db, c.id, {
      userId: kim.id,
      teamId: other.id,
      startDate: '2031-08-01',
      endDate: '2031-08-08',
      status: 'cancelled',
    });
    const theirs = await createAccount(ctx.db, b.id);
    await createBooking(ctx.db, b.id, {
      userId: theirs.id,
      teamId: (await lodge(b.id)).id,
      startDate: '2031-06-01',
      endDate: '2031-06-02',
    });

    const all = adminBookingListResponseSchema.parse(
      (await call('GET', '/api/residential-bookings', c.reader)).json(),
    );
    expect(all.data.map((booking) => booking.id)).toEqual([first.id, second.id, third.id]);
    expect(all.meta).toEqual({ current_page: 1, per_page: 25, total: 3 });
    expect(all.data[0]).toMatchObject({ user: { name: 'Sam One' }, linked: ['Pat'], cancellable: false });
    const page = adminBookingListResponseSchema.parse(
      (await call('GET', '/api/residential-bookings?per_page=1&page=2', c.manager)).json(),
    );
    expect(page).toMatchObject({
      data: [{ id: second.id }],
      meta: { current_page: 2, per_page: 1, total: 3 },
    });
    const filtered = async (query: string) =>
      adminBookingListResponseSchema
        .parse((await call('GET', `/api/residential-bookings?${query}`, c.reader)).json())
        .data.map((row) => row.id);
    expect(await filtered(`team_id=${team.id}`)).toEqual([first.id, second.id]);
    expect(await filtered(`user_id=${kim.id}&status=pending,confirmed`)).toEqual([second.id]);
    expect(await filtered('from=2031-07-05&to=2031-08-01')).toEqual([second.id]);

    const shown = await call('GET', `/api/residential-bookings/${second.id}`, c.reader);
    expect(bookingOf(shown)).toMatchObject({ id: second.id, status: 'confirmed', user: { id: kim.id } });
  });

  it('is 401, 403 without either permission, 422 for a bad filter, 404 for another organisation’s booking', async () => {
    const guest = await createAccount(ctx.db, b.id);
    const theirs = await createBooking(ctx.db, b.id, {
      userId: guest.id,
      teamId: (await lodge(b.id)).id,
      startDate: '2031-06-01',
      endDate: '2031-06-02',
    });
    expect((await call('GET', '/api/residential-bookings', a.anonymous)).statusCode).toBe(401);
    expect((await call('GET', '/api/residential-bookings', a.nobody)).statusCode).toBe(403);
    expect((await call('GET', `/api/residential-bookings/${theirs.id}`, a.nobody)).statusCode).toBe(403);
    const bad = await call('GET', '/api/residential-bookings?status=lost&from=never&per_page=500', a.reader);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual([
      'querystring.from',
      'querystring.per_page',
      'querystring.status',
    ]);
    expect((await call('GET', `/api/residential-bookings/${theirs.id}`, a.reader)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/residential-bookings/${theirs.id}`, a.manager, { status: 'confirmed' }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/residential-bookings/${theirs.id}`, a.manager)).statusCode).toBe(404);
    expect((await stored(theirs.id))?.status).toBe('pending');
  });
});

describe('changing a booking', () => {
  it('confirms it, moves it with capacity judged without itself, and changes the answers', async () => {
    const { team, booking } = await pendingStay(a.id);
    const url = `/api/residential-bookings/${booking.id}`;
    expect(bookingOf(await call('PUT', url, a.manager, { status: 'confirmed' }))).toMatchObject({
      status: 'confirmed',
    });
    // One room: moving the stay by a night is judged as if it were not there already.
    const moved = await call('PUT', url, a.manager, {
      start_date: inDays(11),
      end_date: inDays(14),
      linked: ['Jo'],
      requirements: 'Late arrival',
    });
    expect(moved.statusCode).toBe(200);
    expect(bookingOf(moved)).toMatchObject({
      start_date: inDays(11),
      end_date: inDays(14),
      status: 'confirmed',
      linked: ['Jo'],
      requirements: 'Late arrival',
    });
    expect(await stored(booking.id)).toMatchObject({ startDate: inDays(11), endDate: inDays(14) });
    const names = await ctx.db
      .select()
      .from(residentialBookingLinkedApplicants)
      .where(eq(residentialBookingLinkedApplicants.bookingId, booking.id));
    expect(names.map((row) => row.name)).toEqual(['Jo']);

    // Another stay holds the nights it would move onto.
    const other = await createAccount(ctx.db, a.id);
    await createBooking(ctx.db, a.id, {
      userId: other.id,
      teamId: team.id,
      startDate: inDays(20),
      endDate: inDays(22),
    });
    const full = await call('PUT', url, a.manager, { start_date: inDays(19), end_date: inDays(21) });
    expect(full.statusCode).toBe(422);
    expect(errorsOf(full).start_date?.[0]).toMatch(/^There is no space left on the night of /);
    // To another team with a free room.
    const elsewhere = await lodge(a.id, 1);
    expect(
      bookingOf(
        await call('PUT', url, a.manager, {
          team_id: elsewhere.id,
          start_date: inDays(19),
          end_date: inDays(21),
        }),
      ),
    ).toMatchObject({
      team: { id: elsewhere.id },
    });
  });

  it('cancels with status cancelled, and does not reopen a cancelled stay', async () => {
    const { booking } = await pendingStay(a.id);
    const reason = await createCancelReason(ctx.db, a.id, { name: 'Illness' });
    const cancelled = await call('PUT', `/api/residential-bookings/${booking.id}`, a.manager, {
      status: 'cancelled',
      cancel_reason_id: reason.id,
      note: 'Phoned in',
    });
    expect(bookingOf(cancelled)).toMatchObject({
      status: 'cancelled',
      cancellation: { reason: { id: reason.id, name: 'Illness' }, note: 'Phoned in' },
    });
    const reopen = await call('PUT', `/api/residential-bookings/${booking.id}`, a.manager, {
      status: 'pending',
    });
    expect(reopen.statusCode).toBe(422);
    expect(errorsOf(reopen)).toEqual({
      status: ['A cancelled stay cannot be reopened; book the stay again instead.'],
    });
  });

  it('is 401, 403 for readers, 422 keyed by field and for another organisation’s team', async () => {
    const { team, booking } = await pendingStay(a.id);
    const url = `/api/residential-bookings/${booking.id}`;
    expect((await call('PUT', url, a.anonymous, { status: 'confirmed' })).statusCode).toBe(401);
    expect((await call('PUT', url, a.reader, { status: 'confirmed' })).statusCode).toBe(403);
    const bad = await call('PUT', url, a.manager, {
      status: 'lost',
      start_date: 'soon',
      willing_to_share: 'maybe',
    });
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['start_date', 'status', 'willing_to_share']);
    const theirTeam = await lodge(b.id);
    expect(errorsOf(await call('PUT', url, a.manager, { team_id: theirTeam.id }))).toEqual({
      team_id: ['Please choose a team of this organisation.'],
    });
    expect((await stored(booking.id))?.teamId).toBe(team.id);
  });
});

describe('cancelling a stay (delete)', () => {
  it('keeps the record, cancelled by whom and when, and frees its places; again changes nothing', async () => {
    const { team, booking } = await pendingStay(a.id);
    const deleted = await call('DELETE', `/api/residential-bookings/${booking.id}`, a.manager);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const row = await stored(booking.id);
    expect(row).toMatchObject({ status: 'cancelled', cancelReasonId: null });
    expect(row?.cancelledAt).toBeInstanceOf(Date);
    expect(row?.cancelledByUserId).toEqual(expect.any(Number));
    // Its room is free again.
    const other = await createAccount(ctx.db, a.id);
    expect(
      (
        await call('POST', `/api/users/${other.id}/residential-bookings`, a.manager, {
          team_id: team.id,
          start_date: inDays(10),
          end_date: inDays(12),
        })
      ).statusCode,
    ).toBe(201);
    expect((await call('DELETE', `/api/residential-bookings/${booking.id}`, a.manager)).statusCode).toBe(204);
    expect((await stored(booking.id))?.cancelledAt).toEqual(row?.cancelledAt);
  });

  it('under the person’s path: the person with an offered reason, staff with or without one; not once started', async () => {
    const team = await lodge(a.id, 2);
    const guest = await createAccount(ctx.db, a.id);
    const self = { host: a.host, authorization: `Bearer ${await sessionTokenFor(ctx.app, a.id, guest.id)}` };
    const reason = await createCancelReason(ctx.db, a.id);
    const retired = await createCancelReason(ctx.db, a.id, { active: false });
    const mine = await createBooking(ctx.db, a.id, {
      userId: guest.id,
      teamId: team.id,
      startDate: inDays(10),
      endDate: inDays(12),
    });
    const url = `/api/users/${guest.id}/residential-bookings/${mine.id}`;
    expect(errorsOf(await call('DELETE', url, self))).toEqual({
      cancel_reason_id: ['Please choose a reason for cancelling.'],
    });
    expect(errorsOf(await call('DELETE', url, self, { cancel_reason_id: retired.id }))).toEqual({
      cancel_reason_id: ['Please choose one of the reasons in the list.'],
    });
    expect((await call('DELETE', url, self, { cancel_reason_id: reason.id, note: 'Sorry' })).statusCode).toBe(
      204,
    );
    expect(await stored(mine.id)).toMatchObject({
      status: 'cancelled',
      cancelReasonId: reason.id,
      cancelNote: 'Sorry',
      cancelledByUserId: guest.id,
    });

    const started = await createBooking(ctx.db, a.id, {
      userId: guest.id,
      teamId: team.id,
      startDate: inDays(0),
      endDate: inDays(3),
    });
    const late = await call('DELETE', `/api/users/${guest.id}/residential-bookings/${started.id}`, a.manager);
    expect(late.statusCode).toBe(422);
    expect(errorsOf(late)).toEqual({
      status: ['This stay has already started, so it can no longer be cancelled.'],
    });

    const staffs = await createBooking(ctx.db, a.id, {
      userId: guest.id,
      teamId: team.id,
      startDate: inDays(20),
      endDate: inDays(22),
    });
    expect(
      (
        await call('DELETE', `/api/users/${guest.id}/residential-bookings/${staffs.id}`, a.manager, {
          cancel_reason_id: retired.id,
        })
      ).statusCode,
    ).toBe(204);
    expect((await stored(staffs.id))?.cancelReasonId).toBe(retired.id);
  });

  it('is 401, 403 for someone else and for readers, 404 for another person’s or organisation’s booking', async () => {
    const { guest, booking } = await pendingStay(a.id);
    const stranger = await createAccount(ctx.db, a.id);
    const strangerCaller = {
      host: a.host,
      authorization: `Bearer ${await sessionTokenFor(ctx.app, a.id, stranger.id)}`,
    };
    const url = `/api/users/${guest.id}/residential-bookings/${booking.id}`;
    expect((await call('DELETE', url, a.anonymous)).statusCode).toBe(401);
    expect((await call('DELETE', url, strangerCaller)).statusCode).toBe(403);
    expect((await call('DELETE', url, a.reader)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/residential-bookings/${booking.id}`, a.reader)).statusCode).toBe(403);
    expect(
      (await call('DELETE', `/api/users/${stranger.id}/residential-bookings/${booking.id}`, a.manager))
        .statusCode,
    ).toBe(404);
    const bad = await call('DELETE', url, a.manager, { note: 'x'.repeat(1001) });
    expect(errorsOf(bad)).toEqual({ note: ['The note may be at most 1000 characters.'] });
    const { guest: theirGuest, booking: theirs } = await pendingStay(b.id);
    expect(
      (await call('DELETE', `/api/users/${theirGuest.id}/residential-bookings/${theirs.id}`, a.manager))
        .statusCode,
    ).toBe(404);
    expect((await stored(booking.id))?.status).toBe('pending');
    expect((await stored(theirs.id))?.status).toBe('pending');
  });
});
