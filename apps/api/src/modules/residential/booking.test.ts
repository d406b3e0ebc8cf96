import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { residentialBookingLinkedApplicants, residentialBookings } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createTeam } from '../../test/factories/opportunity.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createBooking, createChangeoverDay, createRoom } from '../../test/factories/residential.js';
import { createUser } from '../../test/factories/user.js';
import {
  assertBookingRules,
  assertNoOverlap,
  type BookingPlace,
  type BookingRequest,
  takeBooking,
} from './booking.js';

let ctx: TestContext;
let organisationId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db)).id;
});
afterAll(() => ctx?.close());

/** A team with Saturday changeovers and `rooms` private rooms; stays of 7 or 14 nights in 2026-2027. */
async function place(rooms = 1): Promise<BookingPlace> {
  const team = await createTeam(ctx.db, organisationId);
  await createChangeoverDay(ctx.db, organisationId, team.id, 6, '2026-01-01');
  for (let i = 0; i < rooms; i += 1) {
    await createRoom(ctx.db, organisationId, team.id, { name: `Room ${i + 1}` });
  }
  return {
    organisationId,
    teamId: team.id,
    today: '2026-11-24',
    opportunityStart: null,
    opportunityEnd: '2027-05-31',
    minNights: 7,
    maxNights: 14,
  };
}

function request(
  start_date: string,
  end_date: string,
  overrides: Partial<BookingRequest> = {},
): BookingRequest {
  return {
    start_date,
    end_date,
    willingToShare: false,
    requirementsRadio: false,
    requirements: null,
    genderId: 3,
    linked: [],
    ...overrides,
  };
}

async function failureOf(
  promise: Promise<unknown>,
): Promise<{ status: number; errors: unknown; extra: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) {
      return { status: error.statusCode, errors: error.errors, extra: error.extra };
    }
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('assertBookingRules', () => {
  it('accepts a valid week and names the broken rule at its field otherwise', async () => {
    const where = await place();
    await expect(
      assertBookingRules(ctx.db, where, request('2026-12-05', '2026-12-12')),
    ).resolves.toBeUndefined();
    expect(
      (await failureOf(assertBookingRules(ctx.db, where, request('2026-12-06', '2026-12-13')))).errors,
    ).toEqual({
      'booking.start_date': ['Your stay must start on a Saturday.'],
    });
    expect(
      (await failureOf(assertBookingRules(ctx.db, where, request('2026-11-21', '2026-11-28')))).errors,
    ).toEqual({
      'booking.start_date': ['Your stay cannot start before 26/11/2026.'],
    });
  });

  it('reads the team’s capacity for the guest: a night taken by another guest is full', async () => {
    const where = await place();
    const guest = await createUser(ctx.db, organisationId);
    await createBooking(ctx.db, organisationId, {
      userId: guest.id,
      teamId: where.teamId,
      startDate: '2026-12-08',
      endDate: '2026-12-09',
    });
    const failure = await failureOf(assertBookingRules(ctx.db, where, request('2026-12-05', '2026-12-12')));
    expect(failure).toMatchObject({
      status: 422,
      errors: { 'booking.start_date': ['There is no space left on the night of 08/12/2026.'] },
    });
  });
});

describe('assertNoOverlap', () => {
  it('refuses a stay sharing a night with the user’s booking, answering that booking, but not one ending on arrival day', async () => {
    const where = await place(3);
    const guest = await createUser(ctx.db, organisationId);
    const existing = await createBooking(ctx.db, organisationId, {
      userId: guest.id,
      teamId: where.teamId,
      startDate: '2026-12-05',
      endDate: '2026-12-12',
    });
    const failure = await failureOf(
      assertNoOverlap(ctx.db, organisationId, guest.id, request('2026-11-28', '2026-12-19')),
    );
    expect(failure.errors).toEqual({
      'booking.start_date': ['You have an existing booking for the selected dates'],
    });
    expect(failure.extra).toEqual({
      existing_booking: {
        id: existing.id,
        start_date: '2026-12-05',
        end_date: '2026-12-12',
        team: { id: where.teamId, name: expect.any(String) as string },
      },
    });
    await expect(
      assertNoOverlap(ctx.db, organisationId, guest.id, request('2026-12-12', '2026-12-19')),
    ).resolves.toBeUndefined();
    await expect(
      assertNoOverlap(ctx.db, organisationId, guest.id, request('2026-11-28', '2026-12-05')),
    ).resolves.toBeUndefined();
  });
});

describe('takeBooking', () => {
  it('writes a pending booking with its linked names and takes its place', async () => {
    const where = await place(1);
    const guest = await createUser(ctx.db, organisationId);
    const id = await ctx.db.transaction((tx) =>
      takeBooking(tx, where, {
        userId: guest.id,
        applicationId: null,
        booking: request('2026-12-05', '2026-12-12', {
          requirementsRadio: true,
          requirements: 'Ground floor please',
          linked: ['Sam Lee', 'Alex Kay'],
        }),
      }),
    );
    const [row] = await ctx.db.select().from(residentialBookings).where(eq(residentialBookings.id, id));
    expect(row).toMatchObject({
      status: 'pending',
      startDate: '2026-12-05',
      endDate: '2026-12-12',
      genderId: 3,
      requirementsRadio: true,
      requirements: 'Ground floor please',
    });
    const linked = await ctx.db
      .select({
        name: residentialBookingLinkedApplicants.name,
        position: residentialBookingLinkedApplicants.position,
      })
      .from(residentialBookingLinkedApplicants)
      .where(eq(residentialBookingLinkedApplicants.bookingId, id));
    expect(linked).toEqual([
      { name: 'Sam Lee', position: 0 },
      { name: 'Alex Kay', position: 1 },
    ]);
    const other = await createUser(ctx.db, organisationId);
    const failure = await failureOf(
      ctx.db.transaction((tx) =>
        takeBooking(tx, where, {
          userId: other.id,
          applicationId: null,
          booking: request('2026-12-05', '2026-12-12'),
        }),
      ),
    );
    expect(failure.errors).toEqual({
      'booking.start_date': ['There is no space left on the night of 05/12/2026.'],
    });
  });

  it.skipIf(!process.env.MUSTER_TEST_DATABASE_URL)(
    'gives the last place to exactly one of two racing applicants (PostgreSQL: PGlite has a single connection)',
    async () => {
      const where = await place(1);
      const first = await createUser(ctx.db, organisationId);
      const second = await createUser(ctx.db, organisationId);
      const attempt = (userId: number) =>
        ctx.db.transaction((tx) =>
          takeBooking(tx, where, {
            userId,
            applicationId: null,
            booking: request('2026-12-05', '2026-12-12'),
          }),
        );
      const results = await Promise.allSettled([attempt(first.id), attempt(second.id)]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected');
      expect(refused?.reason).toBeInstanceOf(HttpError);
      expect((refused?.reason as HttpError).statusCode).toBe(422);
      const rows = await ctx.db
        .select({ id: residentialBookings.id })
        .from(residentialBookings)
        .where(and(eq(residentialBookings.teamId, where.teamId), eq(residentialBookings.status, 'pending')));
      expect(rows).toHaveLength(1);
    },
  );
});
