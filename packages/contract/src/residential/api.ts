import { z } from 'zod';
import { rowIdParam } from '../ids.js';
import { isIsoDate, nightsBetween } from './booking-rules.js';
import { residentialBookingStatusSchema } from './user-booking.js';

/**
 * Requests and answers of the residential routes the application form calls (applicant-flow §7,
 * platform-foundation §7 "Files used by form widgets"): a team's changeover days, a team's
 * availability, and a user's bookings.
 */

/** The longest availability window one request may ask for, in nights (about six months). */
export const AVAILABILITY_MAX_NIGHTS = 186;

const DATE_MESSAGE = 'Please enter a valid date (YYYY-MM-DD).';

/** A calendar date written `YYYY-MM-DD`. */
export const isoDateSchema = z.string().refine(isIsoDate, { error: DATE_MESSAGE });

export const teamParamsSchema = z.object({
  teamId: rowIdParam('A team is named by its number.').describe('Team id.'),
});

export const changeoverDaySchema = z.object({
  start_date: z.string().describe('First date the changeover day applies to (YYYY-MM-DD).'),
  end_date: z.string().nullable().describe('Last date it applies to (YYYY-MM-DD); null: open-ended.'),
  day_of_week: z.number().int().min(0).max(6).describe('The changeover weekday, 0 Sunday … 6 Saturday.'),
});

/** `GET /teams/{teamId}/residential/changeover-days/`: `data.data[]`. */
export const changeoverDaysResponseSchema = z.object({
  data: z.object({
    data: z.array(changeoverDaySchema).describe('The team’s changeover days, oldest first.'),
  }),
});
export type ChangeoverDaysResponse = z.infer<typeof changeoverDaysResponseSchema>;

/** `?willing_to_share&start_date&end_date` of a team's availability; both dates are nights, both included. */
export const availabilityQuerySchema = z
  .object({
    willing_to_share: z
      .enum(['0', '1'], { error: 'Willing to share must be 0 or 1.' })
      .default('0')
      .transform((value) => value === '1')
      .describe('1: the guest will share a room with people they do not know (default 0).'),
    start_date: isoDateSchema.describe('First night of the window (YYYY-MM-DD).'),
    end_date: isoDateSchema.describe('Last night of the window (YYYY-MM-DD), included.'),
  })
  .superRefine((query, ctx) => {
    const nights = nightsBetween(query.start_date, query.end_date);
    if (nights < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'The end date must not be before the start date.',
      });
    } else if (nights + 1 > AVAILABILITY_MAX_NIGHTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: `Availability can be asked for at most ${AVAILABILITY_MAX_NIGHTS} nights at a time.`,
      });
    }
  });
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

/** `GET /residential-availability/team/{teamId}`: `data.data` keyed by night. */
export const availabilityResponseSchema = z.object({
  data: z.object({
    data: z
      .record(
        z.string(),
        z.object({
          available_capacity: z
            .number()
            .int()
            .min(0)
            .describe('Places still free that night for this guest.'),
        }),
      )
      .describe('Every night of the window, keyed YYYY-MM-DD.'),
  }),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

export const userBookingsQuerySchema = z.object({
  from: isoDateSchema.optional().describe('Only bookings ending after this date (YYYY-MM-DD).'),
  include: z
    .string()
    .max(100)
    .optional()
    .refine(
      (value) => value === undefined || value.split(',').every((part) => ['', 'team'].includes(part.trim())),
      {
        error: 'Only team can be included.',
      },
    )
    .transform((value) => (value ?? '').split(',').some((part) => part.trim() === 'team'))
    .describe('team: add each booking’s team.'),
  include_cancelled: z
    .enum(['0', '1'], { error: 'Include cancelled must be 0 or 1.' })
    .default('0')
    .transform((value) => value === '1')
    .describe('1: list cancelled bookings too (the portal lists every stay); default 0.'),
});

/** A residential booking as the form shows it (applicant-flow §3.7). */
export const residentialBookingSummarySchema = z.object({
  id: z.number().int(),
  start_date: z.string().describe('Arrival (YYYY-MM-DD).'),
  end_date: z.string().describe('Departure (YYYY-MM-DD).'),
  team: z.object({ id: z.number().int(), name: z.string() }).optional().describe('With include=team.'),
  status: residentialBookingStatusSchema
    .optional()
    .describe('pending, confirmed or cancelled; the API always answers it.'),
});
export type ResidentialBookingSummary = z.infer<typeof residentialBookingSummarySchema>;

/**
 * `GET /users/{userId}/residential-bookings`: the user's bookings that are not cancelled (all of
 * them with include_cancelled=1), earliest first.
 */
export const userBookingsResponseSchema = z.object({
  data: z.array(residentialBookingSummarySchema),
});
export type UserBookingsResponse = z.infer<typeof userBookingsResponseSchema>;
