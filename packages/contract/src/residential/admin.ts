import { z } from 'zod';
import { paginatedResponseSchema, paginationQuerySchema } from '../catalogue/pagination.js';
import { rowIdParam } from '../ids.js';
import { optionalText, requiredText, rowReference, writeDate } from '../resources/fields.js';
import { errorResponseSchema } from '../api.js';
import { residentialBookingSummarySchema } from './api.js';
import { userBookingSchema, RESIDENTIAL_BOOKING_STATUSES } from './user-booking.js';

/*
 * The residential settings and the staff calls of platform-foundation §7 "Residential"
 * (docs/residential.md "Running residential stays"): rooms and their closures, changeover days,
 * capacity limits, every booking of the organisation, and residential opportunities with the
 * places they are in. Wire names are snake_case; dates are `YYYY-MM-DD`.
 */

const id = z.number().int().positive().describe('Identifier.');

// ——— Rooms and their closures ———

export const MAX_ROOM_BEDS = 100;

export const teamRoomSchema = z
  .object({
    id,
    name: z.string().describe('What staff call the room, e.g. "Room 4" or "Dormitory".'),
    beds: z.number().int().describe('Beds in the room.'),
    shared: z
      .boolean()
      .describe(
        'Each bed goes to a different guest willing to share; otherwise the room goes whole to one guest.',
      ),
  })
  .describe('Room at a residential team');
export type TeamRoom = z.infer<typeof teamRoomSchema>;

export const teamRoomBodySchema = z.object({
  name: requiredText('a name', 255).describe('What staff call the room.'),
  beds: z
    .number({ error: 'The number of beds must be a whole number.' })
    .int({ error: 'The number of beds must be a whole number.' })
    .min(1, { error: 'A room has at least 1 bed.' })
    .max(MAX_ROOM_BEDS, { error: `A room may have at most ${MAX_ROOM_BEDS} beds.` })
    .describe('Beds in the room.'),
  shared: z
    .boolean({ error: 'Shared must be true or false.' })
    .optional()
    .describe('Each bed goes to a different guest willing to share (default false: a private room).'),
});

export const roomUnavailablePeriodSchema = z
  .object({
    id,
    room_id: z.number().int().describe('The room closed.'),
    from_date: z.string().describe('First night closed (YYYY-MM-DD).'),
    to_date: z.string().describe('Last night closed (YYYY-MM-DD), included.'),
    reason: z.string().nullable().describe('Why, for staff (maintenance, a private hire).'),
  })
  .describe('Nights a room cannot be used');
export type RoomUnavailablePeriod = z.infer<typeof roomUnavailablePeriodSchema>;

export const roomUnavailablePeriodBodySchema = z.object({
  from_date: writeDate('first night').describe('First night closed (YYYY-MM-DD).'),
  to_date: writeDate('last night').describe('Last night closed (YYYY-MM-DD), included.'),
  reason: optionalText('reason', 1000).describe('Why, for staff.'),
});

// ——— Changeover days ———

export const changeoverDayRowSchema = z
  .object({
    id,
    start_date: z.string().describe('First date the changeover day applies to (YYYY-MM-DD).'),
    end_date: z.string().nullable().describe('Last date it applies to (YYYY-MM-DD); null: open-ended.'),
    day_of_week: z.number().int().describe('The changeover weekday, 0 Sunday … 6 Saturday.'),
  })
  .describe('Changeover day of a residential team');
export type ChangeoverDayRow = z.infer<typeof changeoverDayRowSchema>;

export const changeoverDayBodySchema = z.object({
  start_date: writeDate('first date').describe('First date the changeover day applies to.'),
  end_date: writeDate('last date')
    .nullable()
    .optional()
    .describe('Last date it applies to; null: open-ended.'),
  day_of_week: z
    .number({ error: 'The weekday must be a whole number from 0 (Sunday) to 6 (Saturday).' })
    .int({ error: 'The weekday must be a whole number from 0 (Sunday) to 6 (Saturday).' })
    .min(0, { error: 'The weekday must be a whole number from 0 (Sunday) to 6 (Saturday).' })
    .max(6, { error: 'The weekday must be a whole number from 0 (Sunday) to 6 (Saturday).' })
    .describe('Stays start and end on this weekday, 0 Sunday … 6 Saturday.'),
});

// ——— Capacity limits ———

export const MAX_LIMIT_GUESTS = 10_000;

export const capacityLimitSchema = z
  .object({
    id,
    team_id: z.number().int().describe('The residential team.'),
    from_date: z.string().describe('First night limited (YYYY-MM-DD).'),
    to_date: z.string().describe('Last night limited (YYYY-MM-DD), included.'),
    max_guests: z.number().int().describe('At most this many guests a night; 0 closes the team.'),
    reason: z.string().nullable().describe('Why, for staff.'),
  })
  .describe('Capacity limit of a residential team');
export type CapacityLimit = z.infer<typeof capacityLimitSchema>;

const maxGuests = z
  .number({ error: 'The most guests must be a whole number.' })
  .int({ error: 'The most guests must be a whole number.' })
  .min(0, { error: 'The most guests must be 0 or more.' })
  .max(MAX_LIMIT_GUESTS, { error: `The most guests may be at most ${MAX_LIMIT_GUESTS}.` })
  .describe('At most this many guests a night; 0 closes the team.');

export const capacityLimitBodySchema = z.object({
  team_id: rowReference('Please choose a team of this organisation.').describe('The residential team.'),
  from_date: writeDate('first night').describe('First night limited (YYYY-MM-DD).'),
  to_date: writeDate('last night').describe('Last night limited (YYYY-MM-DD), included.'),
  max_guests: maxGuests,
  reason: optionalText('reason', 1000).describe('Why, for staff.'),
});

/** The longest window the availability board and a limit set by team may cover, in nights (about a year). */
export const LIMIT_WINDOW_MAX_NIGHTS = 400;

function endNotBeforeStart<T extends { from_date?: string; to_date?: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.from_date && value.to_date && value.to_date < value.from_date) {
    ctx.addIssue({
      code: 'custom',
      path: ['to_date'],
      message: 'The last night must not be before the first.',
    });
  }
}

/** `PUT /residential-availability/team/{teamId}`: the team's limit on these nights, replacing any other there. */
export const teamCapacityBodySchema = z
  .object({
    from_date: writeDate('first night').describe('First night (YYYY-MM-DD).'),
    to_date: writeDate('last night').describe('Last night (YYYY-MM-DD), included.'),
    max_guests: maxGuests,
    reason: optionalText('reason', 1000).describe('Why, for staff.'),
  })
  .superRefine(endNotBeforeStart);

/** `POST /residential-availability/team`: as the PUT, with the team in the body. */
export const teamCapacityStoreBodySchema = z
  .object({
    team_id: rowReference('Please choose a team of this organisation.').describe('The residential team.'),
    from_date: writeDate('first night').describe('First night (YYYY-MM-DD).'),
    to_date: writeDate('last night').describe('Last night (YYYY-MM-DD), included.'),
    max_guests: maxGuests,
    reason: optionalText('reason', 1000).describe('Why, for staff.'),
  })
  .superRefine(endNotBeforeStart);

/** `DELETE /residential-availability/team/{teamId}?from_date&to_date`: both or neither (every limit). */
export const teamCapacityClearQuerySchema = z
  .object({
    from_date: writeDate('first night').optional().describe('First night to clear (YYYY-MM-DD).'),
    to_date: writeDate('last night').optional().describe('Last night to clear (YYYY-MM-DD), included.'),
  })
  .superRefine((value, ctx) => {
    if ((value.from_date === undefined) !== (value.to_date === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.from_date === undefined ? 'from_date' : 'to_date'],
        message: 'Give both the first and the last night, or neither to clear every limit.',
      });
    }
    endNotBeforeStart(value, ctx);
  });

export const teamCapacityResponseSchema = z.object({
  data: z.object({
    team: z.object({ id: z.number().int(), name: z.string() }),
    limits: z
      .array(capacityLimitSchema)
      .describe('The team’s limits that meet the nights set, by first night.'),
  }),
});

/** `GET /residential-availability/team?start_date&end_date&willing_to_share`: the board of every team with rooms. */
export const availabilityBoardQuerySchema = paginationQuerySchema().extend({
  willing_to_share: z
    .enum(['0', '1'], { error: 'Willing to share must be 0 or 1.' })
    .default('0')
    .transform((value) => value === '1')
    .describe('1: places for a guest who will share a room (default 0).'),
  start_date: writeDate('first night').describe('First night of the window (YYYY-MM-DD).'),
  end_date: writeDate('last night').describe('Last night of the window (YYYY-MM-DD), included.'),
});

export const availabilityBoardItemSchema = z.object({
  team: z.object({ id: z.number().int(), name: z.string() }),
  rooms: z.object({
    private_rooms: z.number().int().describe('Rooms that go whole to one guest.'),
    shared_beds: z.number().int().describe('Beds in shared rooms.'),
  }),
  nights: z
    .record(
      z.string(),
      z.object({
        available_capacity: z.number().int().describe('Places still free that night for this guest.'),
        guests: z.number().int().describe('Stays (pending or confirmed) that hold the night.'),
      }),
    )
    .describe('Every night of the window, keyed YYYY-MM-DD.'),
  limits: z.array(capacityLimitSchema).describe('Capacity limits meeting the window.'),
});
export const availabilityBoardResponseSchema = paginatedResponseSchema(availabilityBoardItemSchema);
export type AvailabilityBoardResponse = z.infer<typeof availabilityBoardResponseSchema>;

// ——— Every booking (staff) ———

export const adminBookingSchema = userBookingSchema
  .extend({
    user: z.object({ id: z.number().int(), name: z.string() }).describe('Whose stay it is.'),
    gender_id: z.number().int().describe('Gender identity: 1 Prefer not to say, 2 Man, 3 Woman, 4 Other.'),
  })
  .describe('Residential booking');
export type AdminBooking = z.infer<typeof adminBookingSchema>;
export const adminBookingResponseSchema = z.object({ data: adminBookingSchema });
export const adminBookingListResponseSchema = paginatedResponseSchema(adminBookingSchema);

const statusList = z
  .string()
  .max(100)
  .refine(
    (value) =>
      value
        .split(',')
        .every((part) => (RESIDENTIAL_BOOKING_STATUSES as readonly string[]).includes(part.trim())),
    { error: 'The status must be pending, confirmed or cancelled (comma-separated for several).' },
  )
  .transform(
    (value) =>
      value.split(',').map((part) => part.trim()) as Array<(typeof RESIDENTIAL_BOOKING_STATUSES)[number]>,
  );

const queryId = (message: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((value) => value >= 1 && value <= 2_147_483_647, { error: message });

export const adminBookingsQuerySchema = paginationQuerySchema().extend({
  team_id: queryId('A team is named by its number.').optional().describe('Only stays at this team.'),
  user_id: queryId('A user is named by their number.').optional().describe('Only this person’s stays.'),
  status: statusList.optional().describe('Only these statuses, comma-separated (default: every status).'),
  from: writeDate('from date').optional().describe('Only stays that end after this date (YYYY-MM-DD).'),
  to: writeDate('to date').optional().describe('Only stays that start before this date (YYYY-MM-DD).'),
});
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuerySchema>;

export const BOOKING_ADMIN_MESSAGES = {
  reopen: 'A cancelled stay cannot be reopened; book the stay again instead.',
  past: 'A stay cannot start before today.',
  user: 'The person must be a user of this organisation.',
  team: 'Please choose a team of this organisation.',
  application: 'The application must be one of this person’s.',
} as const;

const genderId = z
  .number({ error: 'Please choose a gender identity (1 to 4).' })
  .int({ error: 'Please choose a gender identity (1 to 4).' })
  .min(1, { error: 'Please choose a gender identity (1 to 4).' })
  .max(4, { error: 'Please choose a gender identity (1 to 4).' })
  .describe('1 Prefer not to say (default), 2 Man, 3 Woman, 4 Other.');

const linkedNames = z
  .array(requiredText('a name', 255), { error: 'Linked applications must be a list of names.' })
  .max(20, { error: 'At most 20 linked applications can be added' })
  .describe('People they will stay with, by name, in order (at most 20).');

const stayFields = {
  team_id: rowReference(BOOKING_ADMIN_MESSAGES.team).describe('The residential team.'),
  start_date: writeDate('arrival date').describe('Arrival (YYYY-MM-DD).'),
  end_date: writeDate('departure date').describe('Departure (YYYY-MM-DD); the night before is the last.'),
  willing_to_share: z
    .boolean({ error: 'Willing to share must be true or false.' })
    .optional()
    .describe('Will share a room with people they do not know (default false).'),
  gender_id: genderId.optional(),
  requirements: optionalText('requirements', 5000).describe(
    'Anything else staff should know; null for nothing.',
  ),
  linked: linkedNames.optional(),
};

/** 422 of a staff booking: with the person's stay in the way when the dates share a night with it. */
export const staffBookingValidationErrorSchema = errorResponseSchema.extend({
  existing_booking: residentialBookingSummarySchema
    .optional()
    .describe(
      'With `You have an existing booking for the selected dates` at start_date: the stay in the way.',
    ),
});

/** `POST /users/{userId}/residential-bookings`: a stay booked by staff for the person of the path. */
export const userBookingStoreBodySchema = z.object({
  ...stayFields,
  status: z
    .enum(['pending', 'confirmed'], { error: 'A new stay is pending or confirmed.' })
    .optional()
    .describe('pending (default) or confirmed.'),
  application_id: rowReference(BOOKING_ADMIN_MESSAGES.application)
    .nullable()
    .optional()
    .describe('The person’s application the stay belongs to, if any.'),
});
export type UserBookingStoreBody = z.infer<typeof userBookingStoreBodySchema>;

/** `POST /residential-bookings`: as the per-user store, with the person in the body. */
export const adminBookingStoreBodySchema = userBookingStoreBodySchema.extend({
  user_id: rowReference(BOOKING_ADMIN_MESSAGES.user).describe('Whose stay it is.'),
});
export type AdminBookingStoreBody = z.infer<typeof adminBookingStoreBodySchema>;

const cancelFields = {
  cancel_reason_id: rowReference('Please choose one of the reasons in the list.')
    .nullable()
    .optional()
    .describe('Why, from `/organisation/residential-cancel-reasons` (staff may leave it out).'),
  note: z
    .string({ error: 'The note must be text.' })
    .trim()
    .max(1000, { error: 'The note may be at most 1000 characters.' })
    .optional()
    .describe('Anything to add (at most 1000 characters).'),
};

/** `PUT /residential-bookings/{id}`: any of these; dates, team and sharing are judged again. */
export const adminBookingUpdateBodySchema = z.object({
  team_id: stayFields.team_id.optional(),
  start_date: stayFields.start_date.optional(),
  end_date: stayFields.end_date.optional(),
  willing_to_share: stayFields.willing_to_share,
  gender_id: stayFields.gender_id,
  requirements: stayFields.requirements,
  linked: stayFields.linked,
  status: z
    .enum(RESIDENTIAL_BOOKING_STATUSES, { error: 'The status must be pending, confirmed or cancelled.' })
    .optional()
    .describe('pending, confirmed, or cancelled (as the delete; a cancelled stay is not reopened).'),
  ...cancelFields,
});
export type AdminBookingUpdateBody = z.infer<typeof adminBookingUpdateBodySchema>;

/** The optional body of `DELETE …/residential-bookings/{id}`: why the stay is cancelled. */
export const bookingDeleteBodySchema = z.object(cancelFields).nullish();
export type BookingDeleteBody = z.infer<typeof bookingDeleteBodySchema>;

export const bookingIdParamsSchema = z.object({
  id: rowIdParam('A booking is named by its number.').describe('Booking id.'),
});
export const userBookingItemParamsSchema = z.object({
  userId: rowIdParam('A user is named by their number.').describe('User id.'),
  id: rowIdParam('A booking is named by its number.').describe('Booking id.'),
});

// ——— Residential opportunities ———

export const residentialOpportunitySchema = z
  .object({
    id: z.number().int().describe('Opportunity id.'),
    slug: z.string().describe('URL name: the form is at `/apply/{slug}`.'),
    display_name: z.string().describe('Name of the opportunity.'),
    type: z.string().describe('The residential type, e.g. `Residential-short`.'),
    description: z.string().nullable(),
    public_url: z.string().nullable().describe('Where it is advertised.'),
    published: z.boolean().describe('Listed by the finder and open to applications.'),
    team: z.object({ id: z.number().int(), name: z.string() }).describe('Where the stays are.'),
    role_profile_id: z.number().int().describe('The role a volunteer takes on.'),
    start_date: z.string().nullable().describe('First date a stay may start (YYYY-MM-DD).'),
    end_date: z.string().nullable().describe('Last date of a stay (YYYY-MM-DD).'),
    country: z.object({ region: z.string(), name: z.string() }).nullable(),
    county: z.string().nullable(),
    min_nights: z.number().int().nullable().describe('Shortest stay in nights (null: 7).'),
    max_nights: z.number().int().nullable().describe('Longest stay in nights (null: 14).'),
    durations: z.array(z.number().int()).describe('The lengths a stay may have, in nights.'),
    changeover_days: z
      .array(
        z.object({ start_date: z.string(), end_date: z.string().nullable(), day_of_week: z.number().int() }),
      )
      .describe('The team’s changeover days.'),
    rooms: z
      .object({ private_rooms: z.number().int(), shared_beds: z.number().int() })
      .describe('The team’s rooms.'),
  })
  .describe('Residential opportunity');
export type ResidentialOpportunity = z.infer<typeof residentialOpportunitySchema>;
export const residentialOpportunityResponseSchema = z.object({ data: residentialOpportunitySchema });

const nights = (label: string) =>
  z
    .number({ error: `The ${label} stay must be a whole number of nights.` })
    .int({ error: `The ${label} stay must be a whole number of nights.` })
    .min(1, { error: `The ${label} stay must be at least 1 night.` })
    .max(365, { error: `The ${label} stay may be at most 365 nights.` })
    .nullable()
    .optional();

const COUNTRY = /^[A-Z]{2}$/;
const countryCode = z
  .string({ error: 'The country must be a two-letter code, e.g. GB.' })
  .trim()
  .toUpperCase()
  .regex(COUNTRY, { error: 'The country must be a two-letter code, e.g. GB.' });

export const residentialOpportunityBodySchema = z.object({
  display_name: requiredText('a name', 255).describe('Name of the opportunity.'),
  slug: z
    .string({ error: 'The slug must be text.' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'The slug may hold letters, digits and single hyphens.' })
    .max(120, { error: 'The slug may be at most 120 characters.' })
    .optional()
    .describe('URL name (default: made from the name).'),
  team_id: rowReference('Please choose a team of this organisation.').describe('Where the stays are.'),
  role_profile_id: rowReference('Please choose a role profile of this organisation.').describe(
    'The role a volunteer takes on.',
  ),
  description: optionalText('description', 20_000),
  public_url: z
    .url({ error: 'The public address must be a web address.' })
    .max(2000, { error: 'The public address may be at most 2000 characters.' })
    .nullable()
    .optional()
    .describe('Where it is advertised.'),
  published: z.boolean({ error: 'Published must be true or false.' }).optional().describe('Default false.'),
  start_date: writeDate('start date').nullable().optional().describe('First date a stay may start.'),
  end_date: writeDate('end date').nullable().optional().describe('Last date of a stay.'),
  country: countryCode.nullable().optional().describe('Two-letter code of the country it is in.'),
  county: optionalText('county', 255).describe('County within the country.'),
  min_nights: nights('shortest').describe('Shortest stay in nights (null: 7).'),
  max_nights: nights('longest').describe('Longest stay in nights (null: 14).'),
});
export type ResidentialOpportunityBody = z.infer<typeof residentialOpportunityBodySchema>;
export const residentialOpportunityUpdateBodySchema = residentialOpportunityBodySchema.partial();
export type ResidentialOpportunityUpdateBody = z.infer<typeof residentialOpportunityUpdateBodySchema>;

export const residentialOpportunityParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,120}$/, 'An opportunity is named by its number or its slug.')
    .describe('Numeric id or slug.'),
});

// ——— Countries and counties of residential opportunities ———

export const residentialCountrySchema = z.object({
  region: z.string().describe('Two-letter code.'),
  name: z.string(),
  opportunities: z.number().int().describe('Published residential opportunities there that have not ended.'),
  counties: z
    .array(z.object({ name: z.string(), opportunities: z.number().int() }))
    .describe('Its counties with published residential opportunities, by name.'),
});
export const residentialCountryResponseSchema = z.object({ data: residentialCountrySchema });

export const residentialCountryParamsSchema = z.object({
  id: countryCode.describe('Two-letter code of the country.'),
});

const opportunityIds = z
  .array(rowReference('Each opportunity must be named by its id.'), {
    error: 'Please list the opportunities by id.',
  })
  .min(1, { error: 'Please choose at least one opportunity.' })
  .max(500, { error: 'At most 500 opportunities at a time.' })
  .describe('Residential opportunities of the organisation to place there.');

/** `POST /residential-opportunities/countries`: places these opportunities in the country. */
export const residentialCountryStoreBodySchema = z.object({
  region: countryCode.describe('Two-letter code of the country.'),
  opportunity_ids: opportunityIds,
});
/** `PUT /residential-opportunities/countries/{region}`: moves every residential opportunity there to another country. */
export const residentialCountryUpdateBodySchema = z.object({
  region: countryCode.describe('The country they are really in.'),
});

export const residentialCountySchema = z.object({
  name: z.string(),
  country: z.object({ region: z.string(), name: z.string() }),
  opportunities: z.number().int().describe('Published residential opportunities there that have not ended.'),
});
export const residentialCountyResponseSchema = z.object({ data: residentialCountySchema });

export const residentialCountyParamsSchema = z.object({
  id: z.string().trim().min(1).max(255).describe('County name (any case).'),
});
export const residentialCountyQuerySchema = z.object({
  country: countryCode.describe('Two-letter code of the county’s country.'),
});

/** `POST /residential-opportunities/counties/`: places these opportunities in the county. */
export const residentialCountyStoreBodySchema = z.object({
  country: countryCode.describe('Two-letter code of the country.'),
  name: requiredText('a county', 255).describe('County name.'),
  opportunity_ids: opportunityIds,
});
/** `PUT /residential-opportunities/counties/{name}?country`: renames the county on every residential opportunity. */
export const residentialCountyUpdateBodySchema = z.object({
  name: requiredText('a county', 255).describe('The name to use.'),
});
