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
