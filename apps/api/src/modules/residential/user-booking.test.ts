import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBookingResponseSchema, type UserBooking, todayIn } from '@muster/contract';
import { residentialBookings } from '../../db/schema/index.js';
import { createOrganisationTestContext, type TestContext } from '../../test/context.js';
import { createApplication } from '../../test/factories/application.js';
import { createAccount, sessionTokenFor } from '../../test/factories/auth.js';
import { createOpportunity, createTeam } from '../../test/factories/opportunity.js';
import { createOrganisation, type TestOrganisation } from '../../test/factories/organisation.js';
import { createBooking, createCancelReason, createRoom } from '../../test/factories/residential.js';

let ctx: TestContext;
let organisation: TestOrganisation;
let other: TestOrganisation;

beforeAll(async () => {
  ({ ctx, organisation } = await createOrganisationTestContext());
  other = await createOrganisation(ctx.db);
});
afterAll(() => ctx?.close());

/** A date `days` after today in the organisation's time zone (Europe/London). */
function inDays(days: number): string {
  const date = new Date(`${todayIn('Europe/London')}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function call(
  method: 'GET' | 'PUT',
  url: string,
  options: { token?: string; payload?: unknown; host?: string } = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      host: options.host ?? organisation.hosts[0],
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

type Reply = Awaited<ReturnType<typeof call>>;
const bookingOf = (reply: Reply): UserBooking => userBookingResponseSchema.parse(reply.json()).data;
const errorsOf = (reply: Reply) => reply.json<{ errors: Record<string, string[]> }>().errors;

/** A volunteer signed in, with a stay three weeks ahead at a team of their own. */
async function volunteerWithStay(
  options: { startInDays?: number; status?: 'pending' | 'confirmed' | 'cancelled' } = {},
) {
  const account = await createAccount(ctx.db, organisation.id, { firstName: 'Robin', lastName: 'Stayer' });
  const token = await sessionTokenFor(ctx.app, organisation.id, account.id);
  const team = await createTeam(ctx.db, organisation.id, 'Lakeside Lodge');
  const start = inDays(options.startInDays ?? 21);
  const booking = await createBooking(ctx.db, organisation.id, {
    userId: account.id,
    teamId: team.id,
    startDate: start,
    endDate: addDays(start, 7),
    ...(options.status ? { status: options.status } : {}),
  });
  return {
    account,
    token,
    team,
    booking,
    path: `/api/users/${account.id}/residential-bookings/${booking.id}`,
  };
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function signedIn(permissions: string[] = []) {
  const account = await createAccount(ctx.db, organisation.id, {
    permissions,
    firstName: 'Sam',
    lastName: 'Staff',
  });
  return { account, token: await sessionTokenFor(ctx.app, organisation.id, account.id) };
}

describe('GET /api/users/{userId}/residential-bookings/{id}', () => {
  it('answers the owner the stay: team, dates, nights, sharing, requirements, linked names and status', async () => {
    const account = await createAccount(ctx.db, organisation.id);
    const token = await sessionTokenFor(ctx.app, organisation.id, account.id);
    const team = await createTeam(ctx.db, organisation.id, 'Lakeside Lodge');
    const opportunity = await createOpportunity(ctx.db, organisation.id);
    const application = await createApplication(ctx.db, organisation.id, {
      opportunityId: opportunity.id,
      userId: account.id,
      status: 'submitted',
    });
    const start = inDays(28);
    const booking = await createBooking(ctx.db, organisation.id, {
      userId: account.id,
      teamId: team.id,
      startDate: start,
      endDate: addDays(start, 14),
      willingToShare: true,
      status: 'confirmed',
      applicationId: application.id,
      requirements: 'I am vegetarian.',
      linked: ['Sam Stayer', 'Kim Stayer'],
    });
    const response = await call('GET', `/api/users/${account.id}/residential-bookings/${booking.id}`, {
      token,
    });
    expect(response.statusCode).toBe(200);
    expect(bookingOf(response)).toEqual({
      id: booking.id,
      user_id: account.id,
      status: 'confirmed',
      team: { id: team.id, name: 'Lakeside Lodge' },
      start_date: start,
      end_date: addDays(start, 14),
      nights: 14,
      willing_to_share: true,
      requirements: 'I am vegetarian.',
      linked: ['Sam Stayer', 'Kim Stayer'],
      application_id: application.id,
      created_at: booking.createdAt.toISOString(),
      cancellable: true,
      cancellation: null,
    });
  });

  it('says a stay that has started, or starts today, can no longer be cancelled', async () => {
    for (const startInDays of [0, -3]) {
      const { token, path } = await volunteerWithStay({ startInDays });
      const booking = bookingOf(await call('GET', path, { token }));
      expect(booking.cancellable, String(startInDays)).toBe(false);
      expect(booking.status).toBe('pending');
    }
    const { token, path } = await volunteerWithStay({ startInDays: 1 });
    expect(bookingOf(await call('GET', path, { token })).cancellable).toBe(true);
  });

  it('is 401 signed out, 403 for another volunteer, and answers holders of view-residential-bookings', async () => {
    const { path, account, booking } = await volunteerWithStay();
    expect((await call('GET', path)).statusCode).toBe(401);
    const stranger = await signedIn();
    const forbidden = await call('GET', path, { token: stranger.token });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'You do not have permission to do that.' });
    // Asked under their own id (as the portal page does), someone else's booking does not exist.
    const underOwnId = await call(
      'GET',
      `/api/users/${stranger.account.id}/residential-bookings/${booking.id}`,
      {
        token: stranger.token,
      },
    );
    expect(underOwnId.statusCode).toBe(404);
    expect(underOwnId.json()).toEqual({ message: 'This booking does not exist.' });
    // view-users alone lists bookings but does not open one.
    const viewUsers = await signedIn(['view-users']);
    expect((await call('GET', path, { token: viewUsers.token })).statusCode).toBe(403);
    const viewer = await signedIn(['view-residential-bookings']);
    const seen = await call('GET', path, { token: viewer.token });
    expect(seen.statusCode).toBe(200);
    expect(bookingOf(seen)).toMatchObject({ user_id: account.id, cancellable: false });
    const manager = await signedIn(['manage-residential']);
    expect(bookingOf(await call('GET', path, { token: manager.token })).cancellable).toBe(true);
  });

  it('is 404 for an unknown booking or one of another organisation, and 422 for a bad id (401 first)', async () => {
    const { token, account } = await volunteerWithStay();
    expect(
      (await call('GET', `/api/users/${account.id}/residential-bookings/99999999`, { token })).statusCode,
    ).toBe(404);
    const outsider = await createAccount(ctx.db, other.id);
    const theirTeam = await createTeam(ctx.db, other.id);
    const theirs = await createBooking(ctx.db, other.id, {
      userId: outsider.id,
      teamId: theirTeam.id,
      startDate: inDays(21),
      endDate: inDays(28),
    });
    const manager = await signedIn(['view-residential-bookings']);
    const crossing = await call('GET', `/api/users/${outsider.id}/residential-bookings/${theirs.id}`, {
      token: manager.token,
    });
    expect(crossing.statusCode).toBe(404);
    expect(crossing.json()).toEqual({ message: 'This user does not exist.' });
    for (const method of ['GET', 'PUT'] as const) {
      const beyond = await call(method, `/api/users/${account.id}/residential-bookings/2147483648`, {
        token,
        payload: method === 'PUT' ? { status: 'cancelled', cancel_reason_id: 1 } : undefined,
      });
      expect(beyond.statusCode, method).toBe(404);
    }
    const bad = await call('GET', `/api/users/${account.id}/residential-bookings/first`, { token });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual({ 'params.bookingId': ['A booking is named by its number.'] });
    expect((await call('GET', `/api/users/${account.id}/residential-bookings/first`)).statusCode).toBe(401);
  });
});

describe('PUT /api/users/{userId}/residential-bookings/{id} (cancel)', () => {
  const availability = async (teamId: number, night: string) => {
    const response = await call(
      'GET',
      `/api/residential-availability/team/${teamId}?willing_to_share=0&start_date=${night}&end_date=${night}`,
    );
    return response.json<{ data: { data: Record<string, { available_capacity: number }> } }>().data.data[
      night
    ]?.available_capacity;
  };

  it('cancels the owner’s stay with a reason and a note, records who and when, and frees its places', async () => {
    const { token, team, booking, path, account } = await volunteerWithStay();
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Heron' });
    await createRoom(ctx.db, organisation.id, team.id, { name: 'Kingfisher' });
    const reason = await createCancelReason(ctx.db, organisation.id, { name: 'Illness' });
    expect(await availability(team.id, booking.startDate)).toBe(1);

    const before = new Date();
    const response = await call('PUT', path, {
      token,
      payload: { status: 'cancelled', cancel_reason_id: reason.id, note: '  Broke my ankle.  ' },
    });
    expect(response.statusCode).toBe(200);
    const cancelled = bookingOf(response);
    expect(cancelled).toMatchObject({
      id: booking.id,
      status: 'cancelled',
      cancellable: false,
      cancellation: {
        reason: { id: reason.id, name: 'Illness' },
        note: 'Broke my ankle.',
        cancelled_by: { id: account.id, name: 'Robin Stayer' },
      },
    });
    const at = new Date(cancelled.cancellation?.cancelled_at ?? '');
    expect(at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

    const [stored] = await ctx.db
      .select()
      .from(residentialBookings)
      .where(eq(residentialBookings.id, booking.id));
    expect(stored).toMatchObject({
      status: 'cancelled',
      cancelReasonId: reason.id,
      cancelNote: 'Broke my ankle.',
      cancelledByUserId: account.id,
    });
    // The stay no longer holds its nights: both rooms are free again.
    expect(await availability(team.id, booking.startDate)).toBe(2);
    expect(bookingOf(await call('GET', path, { token })).status).toBe('cancelled');

    // The portal's list shows it with its status; the form's list (without include_cancelled) does not.
    const list = await call('GET', `/api/users/${account.id}/residential-bookings?include_cancelled=1`, {
      token,
    });
    expect(list.json()).toEqual({
      data: [
        { id: booking.id, start_date: booking.startDate, end_date: booking.endDate, status: 'cancelled' },
      ],
    });
    const holding = await call('GET', `/api/users/${account.id}/residential-bookings`, { token });
    expect(holding.json()).toEqual({ data: [] });
  });

  it('cancels a confirmed stay without a note, and a manager may cancel anyone’s', async () => {
    const reason = await createCancelReason(ctx.db, organisation.id);
    const own = await volunteerWithStay({ status: 'confirmed' });
    const mine = await call('PUT', own.path, {
      token: own.token,
      payload: { status: 'cancelled', cancel_reason_id: reason.id },
    });
    expect(mine.statusCode).toBe(200);
    expect(bookingOf(mine).cancellation).toMatchObject({ note: null, reason: { id: reason.id } });

    const theirs = await volunteerWithStay();
    const manager = await signedIn(['manage-residential']);
    const cancelled = await call('PUT', theirs.path, {
      token: manager.token,
      payload: { status: 'cancelled', cancel_reason_id: reason.id, note: '' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(bookingOf(cancelled).cancellation).toMatchObject({
      note: null,
      cancelled_by: { id: manager.account.id, name: 'Sam Staff' },
    });
  });

  it('is 401 signed out (before 422), 403 for another volunteer or a holder of view-residential-bookings', async () => {
    const { path, booking } = await volunteerWithStay();
    const reason = await createCancelReason(ctx.db, organisation.id);
    const payload = { status: 'cancelled', cancel_reason_id: reason.id };
    expect((await call('PUT', path, { payload })).statusCode).toBe(401);
    expect((await call('PUT', path, { payload: { status: 'kept' } })).statusCode).toBe(401);
    for (const permissions of [[], ['view-residential-bookings', 'view-users']]) {
      const caller = await signedIn(permissions);
      const refused = await call('PUT', path, { token: caller.token, payload });
      expect(refused.statusCode, permissions.join()).toBe(403);
      const unread = await call('PUT', path, { token: caller.token, payload: {} });
      expect(unread.statusCode, 'authorisation comes before validation').toBe(403);
    }
    const [stored] = await ctx.db
      .select()
      .from(residentialBookings)
      .where(eq(residentialBookings.id, booking.id));
    expect(stored?.status).toBe('pending');
  });

  it('is 422 without a reason, with another change, or with a note that is too long, keyed by field', async () => {
    const { path, token } = await volunteerWithStay();
    const reason = await createCancelReason(ctx.db, organisation.id);
    const missing = await call('PUT', path, { token, payload: { status: 'cancelled' } });
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)).toEqual({ cancel_reason_id: ['Please choose a reason for cancelling.'] });
    const blank = await call('PUT', path, { token, payload: { status: 'cancelled', cancel_reason_id: '' } });
    expect(errorsOf(blank)).toEqual({ cancel_reason_id: ['Please choose a reason for cancelling.'] });
    const confirm = await call('PUT', path, {
      token,
      payload: { status: 'confirmed', cancel_reason_id: reason.id },
    });
    expect(confirm.statusCode).toBe(422);
    expect(errorsOf(confirm)).toEqual({ status: ['A booking can only be changed here by cancelling it.'] });
    const long = await call('PUT', path, {
      token,
      payload: { status: 'cancelled', cancel_reason_id: reason.id, note: 'x'.repeat(1001) },
    });
    expect(errorsOf(long)).toEqual({ note: ['The note may be at most 1000 characters.'] });
    expect(bookingOf(await call('GET', path, { token })).status).toBe('pending');
  });

  it('is 422 for a reason that is retired or another organisation’s', async () => {
    const { path, token } = await volunteerWithStay();
    const retired = await createCancelReason(ctx.db, organisation.id, { active: false });
    const foreign = await createCancelReason(ctx.db, other.id);
    for (const reason of [retired, foreign]) {
      const refused = await call('PUT', path, {
        token,
        payload: { status: 'cancelled', cancel_reason_id: reason.id },
      });
      expect(refused.statusCode).toBe(422);
      expect(errorsOf(refused)).toEqual({
        cancel_reason_id: ['Please choose one of the reasons in the list.'],
      });
    }
    expect(bookingOf(await call('GET', path, { token })).status).toBe('pending');
  });

  it('is 422 for a stay that has started or starts today, and for one already cancelled', async () => {
    const reason = await createCancelReason(ctx.db, organisation.id);
    const payload = { status: 'cancelled', cancel_reason_id: reason.id };
    for (const startInDays of [0, -2]) {
      const { path, token } = await volunteerWithStay({ startInDays });
      const refused = await call('PUT', path, { token, payload });
      expect(refused.statusCode, String(startInDays)).toBe(422);
      expect(errorsOf(refused)).toEqual({
        status: ['This stay has already started, so it can no longer be cancelled.'],
      });
    }
    const { path, token } = await volunteerWithStay({ status: 'cancelled' });
    const again = await call('PUT', path, { token, payload });
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({ status: ['This stay is already cancelled.'] });
  });

  it('is 404 for someone else’s booking under one’s own id, or an unknown one', async () => {
    const { booking } = await volunteerWithStay();
    const stranger = await signedIn();
    const reason = await createCancelReason(ctx.db, organisation.id);
    const payload = { status: 'cancelled', cancel_reason_id: reason.id };
    const response = await call(
      'PUT',
      `/api/users/${stranger.account.id}/residential-bookings/${booking.id}`,
      {
        token: stranger.token,
        payload,
      },
    );
    expect(response.statusCode).toBe(404);
    const unknown = await call('PUT', `/api/users/${stranger.account.id}/residential-bookings/99999999`, {
      token: stranger.token,
      payload,
    });
    expect(unknown.statusCode).toBe(404);
    const [stored] = await ctx.db
      .select()
      .from(residentialBookings)
      .where(eq(residentialBookings.id, booking.id));
    expect(stored?.status).toBe('pending');
  });

  it('cancels once when two cancellations race: the other is told it is already cancelled', async () => {
    const { path, token } = await volunteerWithStay();
    const reason = await createCancelReason(ctx.db, organisation.id);
    const payload = { status: 'cancelled', cancel_reason_id: reason.id };
    const answers = await Promise.all([
      call('PUT', path, { token, payload }),
      call('PUT', path, { token, payload }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
  });
});
