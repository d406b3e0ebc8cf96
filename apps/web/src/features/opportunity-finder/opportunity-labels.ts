import type { OpportunityListItem } from '@muster/contract';

/** How the known opportunity types read on a card; other types read as the organisation named them. */
const TYPE_LABELS: Record<string, string> = {
  'One-off': 'One-off',
  'Residential-short': 'Residential, short stay',
};

/** The type of an opportunity as a visitor reads it. */
export function typeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type;
}

/** A calendar day (`YYYY-MM-DD`) in the default date format, DD/MM/YYYY (applicant-flow §9). */
export function formatDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/** When an opportunity takes place: one day, a range, an open end, or flexible. */
export function datesLabel(opportunity: Pick<OpportunityListItem, 'start_date' | 'end_date'>): string {
  const { start_date: start, end_date: end } = opportunity;
  if (start && end) {
    return start === end ? formatDay(start) : `${formatDay(start)} to ${formatDay(end)}`;
  }
  if (start) {
    return `From ${formatDay(start)}`;
  }
  if (end) {
    return `Until ${formatDay(end)}`;
  }
  return 'Flexible dates';
}

/** Where an opportunity takes place (`Cumbria, United Kingdom`), or null when it does not say. */
export function placeLabel(opportunity: Pick<OpportunityListItem, 'country' | 'county'>): string | null {
  if (!opportunity.country) {
    return null;
  }
  return opportunity.county ? `${opportunity.county}, ${opportunity.country.name}` : opportunity.country.name;
}
