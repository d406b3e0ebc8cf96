import { SegmentedInput, type SegmentedFieldProps } from './segmented-input';
import {
  DATE_PART_LENGTH,
  MIN_DATE_YEAR,
  checkDateParts,
  datePartsFromIso,
  datePartsFromText,
  digitsOnly,
  isoFromDateParts,
  maxDateYear,
  type DatePart,
  type DateParts,
} from './date-parts';

/** The hint under the legend (applicant-flow §9: dates display as DD/MM/YYYY). */
export const DATE_INPUT_HINT = 'For example, 27/11/1989';

/** The value is `YYYY-MM-DD` (or ''); the day box is the first box. */
export type DateInputProps = SegmentedFieldProps & {
  /** Something is being checked against the date (e.g. overlapping bookings): shows a spinner. */
  busy?: boolean;
  busyLabel?: string;
  /** Asks the browser to offer the user's birthday (`bday-*` autocomplete). */
  dateOfBirth?: boolean;
  minYear?: number;
  maxYear?: number;
};

const partOrder: DatePart[] = ['day', 'month', 'year'];
const partLabels: Record<DatePart, string> = { day: 'Day', month: 'Month', year: 'Year' };
const placeholders: Record<DatePart, string> = { day: 'dd', month: 'mm', year: 'YYYY' };
const birthdayAutocomplete: Record<DatePart, string> = { day: 'bday-day', month: 'bday-month', year: 'bday-year' };

/**
 * A date as three boxes (day, month, year) in a fieldset. Shows DD/MM/YYYY, holds and emits
 * `YYYY-MM-DD`, or '' while the date is incomplete or not a real date in range; the reason is
 * shown next to the field once the user leaves it. Works standalone or as a react-hook-form
 * controlled field (`value`, `onChange`, `onBlur`, `name`, `ref`, `error`).
 */
export function DateInput({
  hint = DATE_INPUT_HINT,
  busyLabel = 'Checking the date…',
  dateOfBirth = false,
  minYear = MIN_DATE_YEAR,
  maxYear,
  ...field
}: DateInputProps) {
  const range = { minYear, maxYear: maxYear ?? maxDateYear() };
  const { label } = field;
  return (
    <SegmentedInput<DatePart>
      {...field}
      hint={hint}
      busyLabel={busyLabel}
      idPrefix="date"
      parts={partOrder}
      partLabels={partLabels}
      placeholders={placeholders}
      autoComplete={dateOfBirth ? birthdayAutocomplete : undefined}
      segmentsFromValue={datePartsFromIso}
      valueFromSegments={(parts: DateParts) => isoFromDateParts(parts, label, range)}
      check={(parts: DateParts) => checkDateParts(parts, label, range)}
      clean={(part, raw) => digitsOnly(raw, DATE_PART_LENGTH[part])}
      segmentsFromPaste={datePartsFromText}
      separatorParts={partOrder}
      flagReadOnly
    />
  );
}
