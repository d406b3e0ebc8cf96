import { format, parseISO } from 'date-fns';

/** A calendar day (`YYYY-MM-DD`) as people read it, e.g. `1 June 2030`. */
export function formatDay(isoDay: string): string {
  return format(parseISO(isoDay), 'd MMMM yyyy');
}

/** An instant (ISO 8601) as the day it fell on in the visitor's time zone, e.g. `1 June 2030`. */
export function formatInstantDay(instant: string): string {
  return format(new Date(instant), 'd MMMM yyyy');
}
