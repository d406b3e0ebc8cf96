import { randomInt } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDaysIso, displayDate, weekdayOf, todayIn } from '@muster/contract';
import {
  applications,
  residentialBookingLinkedApplicants,
  residentialBookings,
  userEmailAddresses,
} from '../../../db/schema/index.js';
import { createOrganisationTestContext, type TestContext } from '../../../test/context.js';
import {
  applicantEmail,
  applicationFormData,
  createApplication,
  newApplicantDetails,
} from '../../../test/factories/application.js';
import { createAccount, sessionTokenFor } from '../../../test/factories/auth.js';
import { createOpportunity, createTeam } from '../../../test/factories/opportunity.js';
import type { TestOrganisation } from '../../../test/factories/organisation.js';
import {
  closeRoom,
  createBooking,
  createChangeoverDay,
  createRoom,
} from '../../../test/factories/residential.js';
import { reviewApplyStep } from './review-apply.js';

/*
 * The residential step through the submit route (applicant-flow §2.8, §2.11, §5;
 * docs/residential.md): the booking rules one by one, the applicant's own bookings, the dry run,
 * nothing half-written, returning applicants, application keys and racing submits.
 */

let ctx: TestContext;
let organisation: TestOrganisation;
let host: string;
/** A Saturday three weeks or more from today: the first stay of every test. */
let base: string;
const PASSWORD = 'Sunshine42';

beforeAll(async () => {
  ({ ctx, organisation, host } = await createOrganisationTestContext());
  const from = addDaysIso(todayIn(organisation.timezone), 21);
  base = addDaysIso(from, (6 - weekdayOf(from) + 7) % 7);
});
afterAll(() => ctx?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** The Saturday `weeks` weeks after the base Saturday (plus `days`). */
const week = (weeks: number, days = 0) => addDaysIso(base, weeks * 7 + days);

type Stay = Awaited<ReturnType<typeof residentialOpportunity>>;

/**
 * A Residential-short opportunity at a team of its own with Saturday changeovers: basic details,
 * the stay, review and apply. `rooms` private rooms and a shared room of `sharedBeds` beds.
 */
async function residentialOpportunity(
  options: {
    rooms?: number;
    sharedBeds?: number;
    minNights?: number;
    maxNights?: number;
    startDate?: string | null;
    endDate?: string | null;
  } = {},
) {
  const team = await createTeam(ctx.db, organisation.id);
  await createChangeoverDay(ctx.db, organisation.id, team.id, 6);
  const rooms = [];
  for (let i = 0; i < (options.rooms ?? 1); i += 1) {
    rooms.push(await createRoom(ctx.db, organisation.id, team.id, { name: `Room ${i + 1}` }));
  }
  if (options.sharedBeds) {
    rooms.push(
      await createRoom(ctx.db, organisation.id, team.id, {
        name: 'Dormitory',
        beds: options.sharedBeds,
        shared: true,
      }),
    );
  }
  const opportunity = await createOpportunity(ctx.db, organisation.id, {
    type: 'Residential-short',
    teamId: team.id,
    startDate: options.startDate ?? null,
    endDate: options.endDate ?? null,
    subLocations: [
      {
        name: team.name,
        timeslots: [{ minDuration: options.minNights ?? 7, maxDuration: options.maxNights ?? 14 }],
      },
    ],
    sections: [{ type: 'basic-details' }, { type: 'residential' }, { type: 'review-apply' }],
  });
  return { team, rooms, opportunity, slug: opportunity.slug };
}

/** A booking as the web form sends it. */
function booking(start_date: string, end_date: string, overrides: Record<string, unknown> = {}) {
  return {
    start_date,
    end_date,
    willing_to_share: false,
    gender_id: '2',
    requirements_radio: 'no',
    ...overrides,
  };
}

/** A new applicant's form, as multipart. */
function newApplicantForm(stay: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return applicationFormData({
    ...newApplicantDetails(),
    new_password: PASSWORD,
    new_password_confirm: PASSWORD,
    booking: stay,
    ...extra,
  });
}

/** A client address of its own per call, so that the submit limit per address never counts across tests. */
function clientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

function apply(slug: string, payload: FormData | Record<string, unknown>, token?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/opportunities/${slug}/apply/`,
    remoteAddress: clientAddress(),
    headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: payload as never,
  });
}

type Reply = Awaited<ReturnType<typeof apply>>;
type Refusal = {
  message: string;
  errors: Record<string, string[]>;
  existing_booking?: { id: number; start_date: string; end_date: string; team: { id: number; name: string } };
};
const refusalOf = (reply: Reply) => reply.json<Refusal>();

async function bookingsAt(teamId: number) {
  return ctx.db
    .select()
    .from(residentialBookings)
    .where(eq(residentialBookings.teamId, teamId))
    .orderBy(residentialBookings.id);
}

/** An account signed in as itself. */
async function signedIn() {
  const account = await createAccount(ctx.db, organisation.id);
  return { account, token: await sessionTokenFor(ctx.app, organisation.id, account.id) };
}

/** Books `stay` for a new applicant and expects it taken. */
async function bookAsNewApplicant(place: Stay, start: string, end: string) {
  const reply = await apply(place.slug, newApplicantForm(booking(start, end)));
  expect(reply.statusCode, reply.body).toBe(201);
  return reply;
}

describe('the booking on submit', () => {
  it('books a new applicant’s stay, pending, with the application, the answers and the linked names', async () => {
    const place = await residentialOpportunity();
    const reply = await apply(
      place.slug,
      newApplicantForm(
        booking(week(0), week(1), {
          gender_id: '3',
          requirements_radio: 'yes',
          requirements: 'I use a wheelchair',
          linked: [' Sam Lee ', 'Alex Kay'],
        }),
      ),
    );
    expect(reply.statusCode, reply.body).toBe(201);
    const applicationId = reply.json<{ data: { application_id: number } }>().data.application_id;
    const [application] = await ctx.db.select().from(applications).where(eq(applications.id, applicationId));
    const [row, ...others] = await bookingsAt(place.team.id);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      userId: application?.userId,
      applicationId,
      startDate: week(0),
      endDate: week(1),
      status: 'pending',
      willingToShare: false,
      genderId: 3,
      requirementsRadio: true,
      requirements: 'I use a wheelchair',
    });
    const linked = await ctx.db
      .select({ name: residentialBookingLinkedApplicants.name })
      .from(residentialBookingLinkedApplicants)
      .where(eq(residentialBookingLinkedApplicants.bookingId, row?.id ?? 0))
      .orderBy(residentialBookingLinkedApplicants.position);
    expect(linked.map((entry) => entry.name)).toEqual(['Sam Lee', 'Alex Kay']);
  });

  it('requires the booking on a residential form, at the fields the page shows', async () => {
    const place = await residentialOpportunity();
    const reply = await apply(place.slug, newApplicantForm({}));
    expect(reply.statusCode).toBe(422);
    expect(refusalOf(reply).errors).toEqual({
      'booking.start_date': ['Please choose the date your stay starts'],
      'booking.end_date': ['Please choose the date your stay ends'],
      'booking.gender_id': ['Please select an option'],
      'booking.requirements_radio': ['Please select an option'],
    });
    expect(await bookingsAt(place.team.id)).toEqual([]);
  });
});

describe('the booking rules, one by one (422 at the dates with the rule’s sentence)', () => {
  async function refusal(place: Stay, start: string, end: string, overrides: Record<string, unknown> = {}) {
    const reply = await apply(place.slug, newApplicantForm(booking(start, end, overrides)));
    expect(reply.statusCode, reply.body).toBe(422);
    expect(await bookingsAt(place.team.id)).toEqual([]);
    return refusalOf(reply).errors;
  }

  it('refuses a stay starting or ending on another weekday than the changeover day', async () => {
    const place = await residentialOpportunity();
    expect(await refusal(place, week(0, 1), week(1, 1))).toEqual({
      'booking.start_date': ['Your stay must start on a Saturday.'],
    });
    expect(await refusal(place, week(0), week(1, 1))).toEqual({
      'booking.end_date': ['Your stay must end on a Saturday.'],
    });
  });

  it('refuses a stay through a full night, naming the night', async () => {
    const place = await residentialOpportunity();
    const room = place.rooms[0];
    await closeRoom(ctx.db, organisation.id, room?.id ?? 0, week(1, 3), week(1, 3));
    expect(await refusal(place, week(0), week(2))).toEqual({
      'booking.start_date': [`There is no space left on the night of ${displayDate(week(1, 3))}.`],
    });
    await bookAsNewApplicant(place, week(0), week(1));
  });

  it('refuses stays too short or too long for the time slot', async () => {
    const place = await residentialOpportunity({ minNights: 14, maxNights: 21 });
    expect(await refusal(place, week(0), week(1))).toEqual({
      'booking.end_date': ['Your stay must be 14 or 21 nights.'],
    });
    expect(await refusal(place, week(0), week(4))).toEqual({
      'booking.end_date': ['Your stay must be 14 or 21 nights.'],
    });
    expect(await refusal(place, week(0), week(0))).toEqual({
      'booking.end_date': ['Your stay must end after the day it starts.'],
    });
  });

  it('refuses a stay before the opportunity’s first date or after its last', async () => {
    const place = await residentialOpportunity({ startDate: week(1), endDate: week(2, 3) });
    expect(await refusal(place, week(0), week(1))).toEqual({
      'booking.start_date': [`Your stay cannot start before ${displayDate(week(1))}.`],
    });
    expect(await refusal(place, week(2), week(3))).toEqual({
      'booking.end_date': [`Your stay must end by ${displayDate(week(2, 3))}.`],
    });
    expect(await refusal(place, week(3), week(4))).toEqual({
      'booking.start_date': [`Your stay cannot start after ${displayDate(week(2, 3))}.`],
    });
    await bookAsNewApplicant(place, week(1), week(2));
  });

  it('refuses a stay whose place a previous submit took', async () => {
    const place = await residentialOpportunity({ rooms: 1 });
    await bookAsNewApplicant(place, week(0), week(1));
    const reply = await apply(place.slug, newApplicantForm(booking(week(0), week(2))));
    expect(reply.statusCode).toBe(422);
    expect(refusalOf(reply).errors).toEqual({
      'booking.start_date': [`There is no space left on the night of ${displayDate(week(0))}.`],
    });
    expect(await bookingsAt(place.team.id)).toHaveLength(1);
    // The week after is free.
    await bookAsNewApplicant(place, week(1), week(2));
  });

  it('offers shared beds only to someone willing to share a room', async () => {
    const place = await residentialOpportunity({ rooms: 0, sharedBeds: 2 });
    const alone = await apply(place.slug, newApplicantForm(booking(week(0), week(1))));
    expect(alone.statusCode).toBe(422);
    expect(refusalOf(alone).errors).toEqual({
      'booking.start_date': [`There is no space left on the night of ${displayDate(week(0))}.`],
    });
    const sharing = await apply(
      place.slug,
      newApplicantForm(booking(week(0), week(1), { willing_to_share: true })),
    );
    expect(sharing.statusCode, sharing.body).toBe(201);
    expect(await bookingsAt(place.team.id)).toMatchObject([{ willingToShare: true, startDate: week(0) }]);
  });
});

describe('the applicant’s own bookings', () => {
  it('refuses an overlapping or enclosed stay with the existing booking in the answer, and takes a separate one', async () => {
    const place = await residentialOpportunity({ rooms: 3, maxNights: 21 });
    const { account, token } = await signedIn();
    const existing = await createBooking(ctx.db, organisation.id, {
      userId: account.id,
      teamId: place.team.id,
      startDate: week(1),
      endDate: week(3),
    });
    const answer = {
      message: 'The given data was invalid.',
      errors: { 'booking.start_date': ['You have an existing booking for the selected dates'] },
      existing_booking: {
        id: existing.id,
        start_date: week(1),
        end_date: week(3),
        team: { id: place.team.id, name: place.team.name },
      },
    };
    // Overlapping its first week, inside it, and holding it whole.
    for (const [start, end] of [
      [week(0), week(2)],
      [week(2), week(3)],
      [week(0), week(3)],
    ] as const) {
      const reply = await apply(place.slug, { booking: booking(start, end) }, token);
      expect(reply.statusCode, `${start} to ${end}`).toBe(422);
      expect(reply.json()).toEqual(answer);
    }
    // Arriving the day the other stay departs shares no night.
    const after = await apply(place.slug, { booking: booking(week(3), week(4)) }, token);
    expect(after.statusCode, after.body).toBe(201);
    expect((await bookingsAt(place.team.id)).map((row) => [row.startDate, row.userId])).toEqual([
      [week(1), account.id],
      [week(3), account.id],
    ]);
  });

  it('lets a returning applicant book a second, separate stay, and refuses a third that overlaps', async () => {
    const place = await residentialOpportunity();
    const { account, token } = await signedIn();
    const first = await apply(place.slug, { booking: booking(week(0), week(1)) }, token);
    expect(first.statusCode, first.body).toBe(201);
    const second = await apply(place.slug, { booking: booking(week(2), week(4)) }, token);
    expect(second.statusCode, second.body).toBe(201);
    const third = await apply(place.slug, { booking: booking(week(3), week(4)) }, token);
    expect(third.statusCode).toBe(422);
    expect(refusalOf(third).existing_booking).toMatchObject({ start_date: week(2), end_date: week(4) });
    const rows = await bookingsAt(place.team.id);
    expect(rows.map((row) => [row.startDate, row.endDate])).toEqual([
      [week(0), week(1)],
      [week(2), week(4)],
    ]);
    const ids = [first, second].map(
      (reply) => reply.json<{ data: { application_id: number } }>().data.application_id,
    );
    expect(rows.map((row) => row.applicationId)).toEqual(ids);
    const active = await ctx.db
      .select({ total: count() })
      .from(applications)
      .where(and(eq(applications.userId, account.id), eq(applications.active, true)));
    expect(active[0]?.total).toBe(2);
  });
});

describe('dry runs and failures', () => {
  it('judges a validateOnly dry run like a submit (the overlap included) and books nothing', async () => {
    const place = await residentialOpportunity();
    const valid = await apply(place.slug, newApplicantForm(booking(week(0), week(1)), { validateOnly: '1' }));
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json()).toEqual({ data: { valid: true } });
    const wrongDay = await apply(
      place.slug,
      newApplicantForm(booking(week(0, 2), week(1, 2)), { validateOnly: '1' }),
    );
    expect(refusalOf(wrongDay).errors).toEqual({
      'booking.start_date': ['Your stay must start on a Saturday.'],
    });
    const { account, token } = await signedIn();
    await createBooking(ctx.db, organisation.id, {
      userId: account.id,
      teamId: place.team.id,
      startDate: week(0),
      endDate: week(1),
    });
    const overlap = await apply(place.slug, { booking: booking(week(0), week(1)), validateOnly: '1' }, token);
    expect(overlap.statusCode).toBe(422);
    expect(refusalOf(overlap).existing_booking?.start_date).toBe(week(0));
    expect(await bookingsAt(place.team.id)).toHaveLength(1);
  });

  it('answers the booking’s refusal together with the other steps’ errors', async () => {
    const place = await residentialOpportunity();
    const { account, token } = await signedIn();
    await createBooking(ctx.db, organisation.id, {
      userId: account.id,
      teamId: place.team.id,
      startDate: week(0),
      endDate: week(1),
    });
    // The schema passes, so every step's check runs; the residential one refuses.
    const reply = await apply(
      place.slug,
      { booking: booking(week(0), week(1)), validateOnly: 'true' },
      token,
    );
    expect(Object.keys(refusalOf(reply).errors)).toEqual(['booking.start_date']);
  });

  it('leaves no half-written booking when the submit fails after writing it', async () => {
    const place = await residentialOpportunity();
    const linkedBefore = await ctx.db.select({ total: count() }).from(residentialBookingLinkedApplicants);
    // The review step writes after the booking: its failure must take the booking back too.
    const failing = vi.spyOn(reviewApplyStep, 'write').mockRejectedValueOnce(new Error('the disk is full'));
    const email = applicantEmail('rollback');
    const reply = await apply(
      place.slug,
      applicationFormData({
        ...newApplicantDetails(email),
        new_password: PASSWORD,
        new_password_confirm: PASSWORD,
        booking: booking(week(0), week(1), { linked: ['Sam Lee'] }),
      }),
    );
    expect(failing).toHaveBeenCalledTimes(1);
    expect(reply.statusCode).toBe(500);
    expect(await bookingsAt(place.team.id)).toEqual([]);
    const linkedAfter = await ctx.db.select({ total: count() }).from(residentialBookingLinkedApplicants);
    expect(linkedAfter).toEqual(linkedBefore);
    const [applied] = await ctx.db
      .select({ total: count() })
      .from(applications)
      .where(eq(applications.opportunityId, place.opportunity.id));
    const emails = await ctx.db.select().from(userEmailAddresses).where(eq(userEmailAddresses.email, email));
    expect({ applied: applied?.total, emails: emails.length }).toEqual({ applied: 0, emails: 0 });
    // And the place is still free.
    await bookAsNewApplicant(place, week(0), week(1));
  });
});

/** How many linked names `name` the bookings of a team hold. */
async function linkedNamesOfTeam(teamId: number, name: string): Promise<number> {
  const rows = await ctx.db
    .select({ id: residentialBookingLinkedApplicants.id })
    .from(residentialBookingLinkedApplicants)
    .innerJoin(residentialBookings, eq(residentialBookings.id, residentialBookingLinkedApplicants.bookingId))
    .where(and(eq(residentialBookings.teamId, teamId), eq(residentialBookingLinkedApplicants.name, name)));
  return rows.length;
}

describe('completing by application key', () => {
  async function keyed(place: Stay) {
    const person = await createAccount(ctx.db, organisation.id, { password: null });
    const application = await createApplication(ctx.db, organisation.id, {
      opportunityId: place.opportunity.id,
      userId: person.id,
    });
    const form = (stay: Record<string, unknown>) => ({
      application_key: application.applicationKey,
      email: person.email,
      new_password: PASSWORD,
      new_password_confirm: PASSWORD,
      booking: stay,
    });
    return { person, application, form };
  }

  it('keeps the booking the application holds: its dates or none may be sent, not others; the answers are written onto it', async () => {
    const place = await residentialOpportunity();
    const { person, application, form } = await keyed(place);
    const held = await createBooking(ctx.db, organisation.id, {
      userId: person.id,
      teamId: place.team.id,
      startDate: week(0),
      endDate: week(1),
    });
    await ctx.db
      .update(residentialBookings)
      .set({ applicationId: application.id })
      .where(eq(residentialBookings.id, held.id));
    const other = await apply(place.slug, form(booking(week(2), week(3))));
    expect(other.statusCode).toBe(422);
    expect(refusalOf(other).errors).toEqual({
      'booking.start_date': [
        `Your stay is already booked from ${displayDate(week(0))} to ${displayDate(week(1))}; these dates cannot be changed here.`,
      ],
    });
    const reply = await apply(
      place.slug,
      form(
        booking('', '', {
          gender_id: '4',
          requirements_radio: 'yes',
          requirements: 'Vegan',
          linked: ['Kim'],
        }),
      ),
    );
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await bookingsAt(place.team.id)).toMatchObject([
      { id: held.id, startDate: week(0), genderId: 4, requirementsRadio: true, requirements: 'Vegan' },
    ]);
    expect(await linkedNamesOfTeam(place.team.id, 'Kim')).toBe(1);
  });

  it('books dates sent for an application holding no booking, and completes one without dates as before', async () => {
    const place = await residentialOpportunity();
    const withDates = await keyed(place);
    const booked = await apply(place.slug, withDates.form(booking(week(0), week(1))));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await bookingsAt(place.team.id)).toMatchObject([
      { userId: withDates.person.id, applicationId: withDates.application.id, startDate: week(0) },
    ]);
    const withoutDates = await keyed(place);
    const completed = await apply(place.slug, withoutDates.form(booking('', '')));
    expect(completed.statusCode, completed.body).toBe(201);
    expect(await bookingsAt(place.team.id)).toHaveLength(1);
  });
});

describe('racing submits', () => {
  it.skipIf(!process.env.MUSTER_TEST_DATABASE_URL)(
    'gives the last place to exactly one of two concurrent submits; the other is refused at the dates (PostgreSQL: PGlite has a single connection)',
    async () => {
      const place = await residentialOpportunity({ rooms: 1 });
      const replies = await Promise.all([
        apply(place.slug, newApplicantForm(booking(week(0), week(1)))),
        apply(place.slug, newApplicantForm(booking(week(0), week(1)))),
      ]);
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 422]);
      const refused = replies.find((reply) => reply.statusCode === 422);
      expect(refused && refusalOf(refused).errors).toEqual({
        'booking.start_date': [`There is no space left on the night of ${displayDate(week(0))}.`],
      });
      expect(await bookingsAt(place.team.id)).toHaveLength(1);
      const [applied] = await ctx.db
        .select({ total: count() })
        .from(applications)
        .where(eq(applications.opportunityId, place.opportunity.id));
      expect(applied?.total).toBe(1);
    },
  );

  it.skipIf(!process.env.MUSTER_TEST_DATABASE_URL)(
    'books only one of two concurrent overlapping stays of the same person at two teams (PostgreSQL)',
    async () => {
      const here = await residentialOpportunity({ rooms: 2 });
      const there = await residentialOpportunity({ rooms: 2 });
      const { token } = await signedIn();
      const replies = await Promise.all([
        apply(here.slug, { booking: booking(week(0), week(1)) }, token),
        apply(there.slug, { booking: booking(week(0), week(1)) }, token),
      ]);
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 422]);
      const refused = replies.find((reply) => reply.statusCode === 422);
      expect(refused && refusalOf(refused).errors).toEqual({
        'booking.start_date': ['You have an existing booking for the selected dates'],
      });
      expect([...(await bookingsAt(here.team.id)), ...(await bookingsAt(there.team.id))]).toHaveLength(1);
    },
  );
});

describe('OpenAPI', () => {
  it('documents the existing booking a 422 of the submit may carry', async () => {
    const response = await ctx.app.inject({ url: '/api/openapi.json', headers: { host } });
    type Schema = { properties?: Record<string, { description?: string }> };
    const apply = response.json<{
      paths: Record<
        string,
        {
          post?: {
            responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
          };
        }
      >;
    }>().paths['/api/opportunities/{opportunityId}/apply']?.post;
    const refusal = apply?.responses['422']?.content?.['application/json']?.schema;
    expect(refusal?.properties?.existing_booking?.description).toMatch(/the booking in the way/);
  });
});
