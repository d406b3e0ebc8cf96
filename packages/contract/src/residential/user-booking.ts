import { z } from 'zod';

/**
 * One of a user's residential bookings, as its portal page shows it
 * (`/portal/residential/bookings/{id}`), and its cancellation (docs/residential.md "Cancelling a
 * stay"): `GET` and `PUT /users/{userId}/residential-bookings/{id}` (platform-foundation §7,
 * per-user `residential-bookings/`).
 */

/** Statuses of a booking (applicant-flow §3.7): pending and confirmed hold their nights, cancelled does not. */
export const RESIDENTIAL_BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;
export type ResidentialBookingStatus = (typeof RESIDENTIAL_BOOKING_STATUSES)[number];

export const residentialBookingStatusSchema = z
  .enum(RESIDENTIAL_BOOKING_STATUSES)
  .describe('pending or confirmed (the stay holds its nights), or cancelled.');

/** The sentences of a refused cancellation, keyed by the field they are shown at. */
export const BOOKING_CANCEL_MESSAGES = {
  reason: 'Please choose a reason for cancelling.',
  unknownReason: 'Please choose one of the reasons in the list.',
  status: 'A booking can only be changed here by cancelling it.',
  note: 'The note may be at most 1000 characters.',
  alreadyCancelled: 'This stay is already cancelled.',
  started: 'This stay has already started, so it can no longer be cancelled.',
} as const;

export const userBookingParamsSchema = z.object({
  userId: z
    .string()
    .regex(/^\d{1,10}$/, 'A user is named by their number.')
    .describe('User id.'),
  bookingId: z
    .string()
    .regex(/^\d{1,10}$/, 'A booking is named by its number.')
    .describe('Booking id.'),
});

export const bookingCancellationSchema = z.object({
  reason: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .describe('The reason chosen; null when the stay was cancelled without one (by staff).'),
  note: z.string().nullable().describe('What the volunteer added, if anything.'),
  cancelled_at: z.string().nullable().describe('When it was cancelled (ISO 8601); null when not recorded.'),
  cancelled_by: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .describe('Who cancelled it; null when not recorded.'),
});
export type BookingCancellation = z.infer<typeof bookingCancellationSchema>;

/** A booking with what the volunteer asked for (applicant-flow §2.8). */
export const userBookingSchema = z.object({
  id: z.number().int().describe('Booking id.'),
  user_id: z.number().int().describe('Whose stay it is.'),
  status: residentialBookingStatusSchema,
  team: z.object({ id: z.number().int(), name: z.string() }).describe('Where the stay is.'),
  start_date: z.string().describe('Arrival (YYYY-MM-DD).'),
  end_date: z.string().describe('Departure (YYYY-MM-DD); the night before is the last one.'),
  nights: z.number().int().positive().describe('Nights of the stay.'),
  willing_to_share: z.boolean().describe('Willing to share a room with people they do not know.'),
  requirements: z
    .string()
    .nullable()
    .describe('"Is there anything else we should know?" answered yes: what they said; null otherwise.'),
  linked: z.array(z.string()).describe('People they asked to stay with (linked applications), in order.'),
  application_id: z.number().int().nullable().describe('The application the stay was booked with, if any.'),
  created_at: z.string().describe('When it was booked (ISO 8601).'),
  cancellable: z
    .boolean()
    .describe('The caller may cancel it now: pending or confirmed, and its arrival day is still ahead.'),
  cancellation: bookingCancellationSchema.nullable().describe('Set once cancelled.'),
});
export type UserBooking = z.infer<typeof userBookingSchema>;

export const userBookingResponseSchema = z.object({ data: userBookingSchema });
export type UserBookingResponse = z.infer<typeof userBookingResponseSchema>;

/**
 * `PUT /users/{userId}/residential-bookings/{id}`: the one change a booking takes there is its
 * cancellation, with a reason from `/organisation/residential-cancel-reasons`. The portal's form
 * resolves with it too (the select gives the reason id as text).
 */
export const bookingCancelBodySchema = z.object({
  status: z
    .literal('cancelled', { error: BOOKING_CANCEL_MESSAGES.status })
    .describe('cancelled: the only change made to a booking through this call.'),
  cancel_reason_id: z.coerce
    .number({ error: BOOKING_CANCEL_MESSAGES.reason })
    .int({ error: BOOKING_CANCEL_MESSAGES.reason })
    .positive({ error: BOOKING_CANCEL_MESSAGES.reason })
    .max(2_147_483_647, { error: BOOKING_CANCEL_MESSAGES.unknownReason })
    .describe('An active reason of `/organisation/residential-cancel-reasons`.'),
  note: z
    .string({ error: 'The note must be text.' })
    .trim()
    .max(1000, { error: BOOKING_CANCEL_MESSAGES.note })
    .optional()
    .describe('Anything else the volunteer wants to say (optional, at most 1000 characters).'),
});
export type BookingCancelInput = z.input<typeof bookingCancelBodySchema>;
export type BookingCancelBody = z.output<typeof bookingCancelBodySchema>;
