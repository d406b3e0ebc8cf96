import {
  addDaysIso,
  canEndOn,
  canStartOn,
  checkBookingRange,
  type BookingContext,
  type BookingRange,
} from '@muster/contract';

/** The picker's value (applicant-flow §3.8 "Booking selection"): dates `YYYY-MM-DD`, or null while not chosen. */
export type BookingSelection = {
  start_date: string | null;
  end_date: string | null;
  willing_to_share: boolean;
};

/** What picking a day does: a start chosen (the end comes next), a range accepted, or a refusal. */
export type PickOutcome =
  | { kind: 'start'; start: string }
  | { kind: 'start-cleared' }
  | { kind: 'range'; range: BookingRange }
  | { kind: 'refused'; message: string };

/**
 * Picking `day` while `pendingStart` (or nothing) is chosen. A day after the pending start ends the
 * stay when the booking rules accept the range; any other day starts a stay when some allowed
 * duration from it passes the rules; picking the pending start again lets go of it. A refusal
 * carries the rules' own sentence.
 */
export function pickDay(day: string, pendingStart: string | null, context: BookingContext): PickOutcome {
  if (pendingStart !== null && day === pendingStart) {
    return { kind: 'start-cleared' };
  }
  if (pendingStart !== null && day > pendingStart) {
    const range = { start_date: pendingStart, end_date: day };
    const failure = checkBookingRange(range, context);
    return failure === null ? { kind: 'range', range } : { kind: 'refused', message: failure.message };
  }
  if (canStartOn(day, context)) {
    return { kind: 'start', start: day };
  }
  // Explain with the first duration: the one the applicant has chosen, as the picker passes only that.
  const nights = context.durations[0] ?? 0;
  const failure = checkBookingRange({ start_date: day, end_date: addDaysIso(day, nights) }, context);
  return {
    kind: 'refused',
    message: failure?.message ?? 'Your stay cannot start on this day.',
  };
}

/**
 * True when picking `day` now would be refused (see {@link pickDay}): as a start, or once a start is
 * chosen, as its end (or, before it, as a new start).
 */
export function isUnavailable(day: string, pendingStart: string | null, context: BookingContext): boolean {
  if (pendingStart !== null) {
    if (day === pendingStart) {
      return false;
    }
    // Before the chosen start a day can only begin a new stay; after it, only end this one.
    return day < pendingStart ? !canStartOn(day, context) : !canEndOn(pendingStart, day, context);
  }
  return !canStartOn(day, context);
}
