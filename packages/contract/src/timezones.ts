import { z } from 'zod';
import { dataEnvelope } from './api.js';

/** The time zone a new form starts with unless the organisation overrides it (platform-foundation §9). */
export const DEFAULT_TIMEZONE = 'Europe/London';

/** One IANA time zone offered by the timezone picker. */
export const timezoneSchema = z.object({
  name: z.string().describe('IANA time zone name, e.g. `Europe/London`; the value a form stores.'),
  display_text: z.string().describe('What the picker shows, e.g. `(GMT+00:00) London`.'),
});
export type Timezone = z.infer<typeof timezoneSchema>;

/** `GET /api/organisation/timezones/`: every time zone, in display order. */
export const timezoneListResponseSchema = dataEnvelope(z.array(timezoneSchema)).describe('Time zones');
export type TimezoneListResponse = z.infer<typeof timezoneListResponseSchema>;

/**
 * Whether `name` is an IANA time zone name the runtime knows (`Europe/London`, `UTC`): shaped as
 * one (area and location, no offsets or abbreviations with colons) and accepted by `Intl`.
 */
export function isIanaTimezone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name, checked against the time zone database. */
export const ianaTimezoneSchema = z
  .string()
  .trim()
  .max(64, 'Please choose a time zone')
  .refine(isIanaTimezone, 'Please choose a time zone from the list')
  .describe('IANA time zone name, e.g. `Europe/London`.');

/** `PUT /api/organisation/timezones/{organisationId}`: the organisation's time zone. */
export const organisationTimezoneBodySchema = z.object({
  timezone: ianaTimezoneSchema,
});
export type OrganisationTimezoneBody = z.infer<typeof organisationTimezoneBodySchema>;
