import { SegmentedInput, type SegmentedFieldProps, type Segments } from '../date-input/segmented-input';
import {
  checkMonthYearParts,
  cleanMonth,
  cleanYear,
  monthYearPartsFromValue,
  settleYear,
  valueFromMonthYearParts,
  type MonthYearPart,
  type MonthYearParts,
} from './month-year-parts';

/** The hint under the legend. */
export const MONTH_YEAR_HINT = 'For example, 11/2019';

/** The value is `YYYY-MM` (or ''); the month box is the first box. */
export type MonthYearInputProps = SegmentedFieldProps & {
  /** Caps the year at the current year. */
  pastOnly?: boolean;
};

const partOrder: MonthYearPart[] = ['month', 'year'];
const partLabels: Record<MonthYearPart, string> = { month: 'Month', year: 'Year' };
const placeholders: Record<MonthYearPart, string> = { month: 'mm', year: 'YYYY' };
// Only the month box moves on at a separator; in the year box it is typed and cleaned away.
const separatorParts: MonthYearPart[] = ['month'];

function clean(part: MonthYearPart, raw: string, pastOnly: boolean): string {
  return part === 'month' ? cleanMonth(raw) : cleanYear(raw, pastOnly);
}

function partsFromPaste(text: string, pastOnly: boolean): MonthYearParts | null {
  const match = /^\s*(\d{1,2})[/.\-\s](\d{4})\s*$/.exec(text);
  return match ? { month: cleanMonth(match[1] ?? ''), year: cleanYear(match[2] ?? '', pastOnly) } : null;
}

/** Leaving the year box replaces a non-positive year; the same object back means nothing changed. */
function settle(part: MonthYearPart, parts: Segments<MonthYearPart>): Segments<MonthYearPart> {
  const year = part === 'year' ? settleYear(parts.year) : parts.year;
  return year === parts.year ? parts : { ...parts, year };
}

/**
 * A month and a year as two boxes in a fieldset; emits `YYYY-MM`. The year takes four digits;
 * in past-only mode it is capped at the current year, and a non-positive year is replaced by
 * the current year when the user leaves the year box (applicant-flow §5).
 */
export function MonthYearInput({ hint = MONTH_YEAR_HINT, pastOnly = false, ...field }: MonthYearInputProps) {
  const { label } = field;
  const hintText = pastOnly ? `${hint}. The year cannot be later than ${new Date().getFullYear()}` : hint;
  return (
    <SegmentedInput<MonthYearPart>
      {...field}
      hint={hintText}
      idPrefix="month-year"
      parts={partOrder}
      partLabels={partLabels}
      placeholders={placeholders}
      segmentsFromValue={monthYearPartsFromValue}
      valueFromSegments={(parts) => valueFromMonthYearParts(parts, label)}
      check={(parts) => checkMonthYearParts(parts, label)}
      clean={(part, raw) => clean(part, raw, pastOnly)}
      segmentsFromPaste={(text) => partsFromPaste(text, pastOnly)}
      separatorParts={separatorParts}
      settle={settle}
      className="month-year-input"
    />
  );
}
