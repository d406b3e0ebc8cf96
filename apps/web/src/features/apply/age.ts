import { parseIsoDate } from '@muster/contract';
import { differenceInYears } from 'date-fns';

/**
 * Whole years between a `YYYY-MM-DD` date of birth and `today`, or null while the date is not a
 * real date (the date input emits '' until it is).
 */
export function ageOn(dob: string | null | undefined, today: Date = new Date()): number | null {
  const born = dob ? parseIsoDate(dob) : null;
  if (!born) {
    return null;
  }
  // From the start of the birthday, so that the years are whole on the day itself.
  born.setHours(0, 0, 0, 0);
  return differenceInYears(today, born);
}

/** Under the organisation's minor age: the parent or guardian block is needed (applicant-flow §5). */
export function isMinor(dob: string | null | undefined, minorAge: number | null | undefined, today?: Date): boolean {
  const age = ageOn(dob, today);
  return age !== null && typeof minorAge === 'number' && age < minorAge;
}

/** Under the step's minimum age: the applicant is warned, never stopped (applicant-flow §5). */
export function isBelowMinimumAge(
  dob: string | null | undefined,
  minimumAge: number | null | undefined,
  today?: Date,
): boolean {
  const age = ageOn(dob, today);
  return age !== null && typeof minimumAge === 'number' && minimumAge > 0 && age < minimumAge;
}

/** The minimum-age warning of applicant-flow §5, word for word. */
export function minimumAgeWarning(minimumAge: number): string {
  return `Sorry, you have to be at least ${minimumAge} for this opportunity. Are you sure you want to apply?`;
}
