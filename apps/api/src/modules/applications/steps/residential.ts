import { displayDate, type BookingRange, type SubmittedBooking } from '@muster/contract';
import type { Executor } from '../../../db/client.js';
import { listSubLocations } from '../../opportunities/repository.js';
import {
  assertBookingRules,
  assertNoOverlap,
  bookingDatesError,
  bookingPlaceOf,
  type BookingPlace,
  firstTimeslot,
  holdBooking,
  writeBooking,
} from '../../residential/booking.js';
import { findApplicationBooking, updateBookingAnswers } from '../../residential/repository.js';
import { replaceTimeslots } from '../repository.js';
import { ready } from '../../../db/write-batch.js';
import type { ApplicationStep, StepContext } from './step.js';

/*
 * The residential step (applicant-flow §2.8, §2.11, §5): the chosen time slots, and the booking
 * of a stay at the opportunity's team (docs/residential.md). `check` judges the booking rules
 * against the team's changeover days and availability and the applicant's own bookings before the
 * transaction (dry runs too); `lock` holds the place under the applicant's and the team's locks
 * and judges again; `write` records the booking, pending, with the application.
 *
 * An application key completes an application created ahead. When that application holds a
 * booking, the booking stands: the form (which offers no date picker then) may send its dates or
 * none, not others, and the applicant's answers (gender identity, anything else, linked names) are
 * written onto it. When it holds none, dates sent are booked as for anyone, and without dates the
 * application is completed without a stay, as before bookings were taken here.
 */

/** What a submit does with its booking. */
type BookingPlan =
  | { kind: 'book'; place: BookingPlace; range: BookingRange; booking: SubmittedBooking }
  | { kind: 'keep'; bookingId: number; booking: SubmittedBooking };

/** What this submit books, or keeps; null when the form has no residential step or there is nothing to book. */
async function planOf(db: Executor, context: StepContext): Promise<BookingPlan | null> {
  const { submission, applicant, organisation, opportunity, today } = context;
  const { booking } = submission;
  if (!booking) {
    return null;
  }
  if (applicant.kind === 'key') {
    const held = await findApplicationBooking(db, organisation.id, applicant.application.id);
    if (held) {
      const { range } = booking;
      if (range && (range.start_date !== held.start_date || range.end_date !== held.end_date)) {
        throw bookingDatesError(
          'start_date',
          `Your stay is already booked from ${displayDate(held.start_date)} to ${displayDate(held.end_date)}; these dates cannot be changed here.`,
        );
      }
      return { kind: 'keep', bookingId: held.id, booking };
    }
  }
  if (!booking.range) {
    return null;
  }
  const place = bookingPlaceOf({
    organisationId: organisation.id,
    opportunity,
    today,
    slot: firstTimeslot(await listSubLocations(db, opportunity.id)),
  });
  return { kind: 'book', place, range: booking.range, booking };
}

/** The stay and who will (or will not) share a room, as the rules judge it. */
function stayOf(plan: Extract<BookingPlan, { kind: 'book' }>) {
  return { ...plan.range, willingToShare: plan.booking.willingToShare };
}

/** The residential step: time slots, and the booking (see the file comment). */
export const residentialStep: ApplicationStep = {
  type: 'residential',

  async check(db, context) {
    const plan = await planOf(db, context);
    if (plan?.kind === 'book') {
      // Thrown 422s (at booking.start_date / booking.end_date) join the other steps' errors;
      // an overlap carries `existing_booking` for the existing-booking screen.
      if (context.existingUser) {
        await assertNoOverlap(db, context.organisation.id, context.existingUser.id, plan.range);
      }
      await assertBookingRules(db, plan.place, stayOf(plan));
    }
    return {};
  },

  async lock(batch, context) {
    if (!context.submission.booking) {
      return;
    }
    const tx = await ready(batch);
    const plan = await planOf(tx, context);
    if (plan?.kind === 'book') {
      await holdBooking(tx, plan.place, { userId: context.existingUser?.id ?? null, booking: stayOf(plan) });
    }
  },

  async write(batch, context) {
    const { organisation, applicant, applicationId, submission, userId } = context;
    // Completing by key without choosing keeps the slots chosen when the application was created.
    if (applicant.kind !== 'key' || submission.timeslotIds.length > 0) {
      // A new application (not one completed by its key) has no slots yet to replace.
      await replaceTimeslots(batch, organisation.id, applicationId, submission.timeslotIds, {
        created: applicant.kind !== 'key',
      });
    }
    if (!submission.booking) {
      return;
    }
    const tx = await ready(batch);
    const plan = await planOf(tx, context);
    if (!plan) {
      return;
    }
    const { booking } = plan;
    const answers = {
      genderId: booking.genderId,
      requirementsRadio: booking.requirementsRadio,
      requirements: booking.requirements,
      linked: booking.linked,
    };
    if (plan.kind === 'keep') {
      await updateBookingAnswers(tx, organisation.id, plan.bookingId, answers);
      return;
    }
    await writeBooking(tx, plan.place, {
      userId,
      applicationId,
      booking: { ...stayOf(plan), ...answers },
    });
  },
};
