import { z } from 'zod';
import { requiredText, optionalText, rowReference, writeDate } from './fields.js';

/**
 * Rotas, their teams, timeslots and days, shifts, repeating shifts, shift patterns and signups
 * (platform-foundation §7 "Roles, risk, rotas and shifts"; fields chosen in docs/catalogue.md
 * "Rotas and shifts"), and the bodies and answers of the named calls under `/organisation/rotas/`
 * and `/rota/`. Wire names are snake_case; dates are `YYYY-MM-DD`, times of day `HH:MM` (24-hour,
 * an end at or before the start runs overnight). Write schemas carry no defaults, so a store
 * leaves an omitted field to the database default and an update leaves it unchanged.
 */

export const SIGNUP_STATUSES = ['signed-up', 'confirmed', 'cancelled', 'attended', 'no-show'] as const;
export type SignupStatusName = (typeof SIGNUP_STATUSES)[number];

/** Most rotas one bulk update may change. */
export const ROTA_BULK_MAX = 100;
/** Most teams a rota may be staffed from through one replace. */
export const ROTA_TEAMS_MAX = 200;
/** Most timeslots one rota may have. */
export const ROTA_TIMESLOTS_MAX = 48;
/** Most days one shift pattern may list. */
export const SHIFT_PATTERN_DAYS_MAX = 50;
/** Largest number of places one shift or timeslot may offer. */
export const SHIFT_MAX_CAPACITY = 10_000;

const id = z.number().int().positive().describe('Identifier.');
const dateField = (what: string) => z.iso.date().describe(`${what} (YYYY-MM-DD).`);
const timeField = (what: string) => z.string().describe(`${what} (HH:MM, 24-hour).`);

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d(:00)?$/;

/** A time of day as `HH:MM` (24-hour); `HH:MM:00` is taken too and stored without the seconds. */
function writeTime(label: string) {
  const message = `Please enter the ${label} as a time of day, e.g. 09:30.`;
  return z
    .string({ error: message })
    .regex(TIME_OF_DAY, { error: message })
    .transform((value) => value.slice(0, 5));
}

function capacity(what: string) {
  const message = `The number of places must be a whole number from 0 to ${SHIFT_MAX_CAPACITY}.`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(SHIFT_MAX_CAPACITY, { error: message })
    .nullable()
    .optional()
    .describe(`How many people the ${what} needs; null for no limit.`);
}

// Rotas (`/organisation/rotas/`, and `/organisation/rota/` for the same rows).
export const rotaSchema = z
  .object({
    id,
    name: z.string().describe('What the rota is called, e.g. "Shop floor".'),
    description: z.string().nullable().describe('What the rota covers, for the people on it; null for none.'),
    team_id: z
      .number()
      .int()
      .nullable()
      .describe('The team that runs the rota; null for the whole organisation.'),
    active: z.boolean().describe('Offered for new shifts; an inactive rota keeps its history.'),
  })
  .describe('Rota');
export type Rota = z.infer<typeof rotaSchema>;

export const rotaBodySchema = z.object({
  name: requiredText('a rota name', 255).describe('What the rota is called.'),
  description: optionalText('description', 5000).describe('What the rota covers; null for none.'),
  team_id: rowReference('The team must be a team id.')
    .nullable()
    .optional()
    .describe('The team that runs the rota (a team of the same organisation); null for none.'),
  active: z
    .boolean({ error: 'Active must be true or false.' })
    .optional()
    .describe('Offered for new shifts (default true).'),
});
export type RotaBody = z.infer<typeof rotaBodySchema>;

// Rota teams (`/organisation/rota/{rotaId}/teams/`).
export const rotaTeamSchema = z
  .object({
    id,
    rota_id: z.number().int().describe('The rota.'),
    team_id: z.number().int().describe('A team whose people staff the rota.'),
  })
  .describe('Rota team');
export type RotaTeam = z.infer<typeof rotaTeamSchema>;

export const rotaTeamBodySchema = z.object({
  team_id: rowReference('The team must be a team id.').describe(
    'A team of the same organisation whose people staff the rota; each team once per rota.',
  ),
});
export type RotaTeamBody = z.infer<typeof rotaTeamBodySchema>;

// Rota timeslots (set through PUT `/rota/{rotaId}/timeslots`).
export const rotaTimeslotSchema = z
  .object({
    id,
    rota_id: z.number().int().describe('The rota.'),
    name: z.string().describe('What the slot is called, e.g. "Morning".'),
    start_time: timeField('When the slot starts'),
    end_time: timeField('When the slot ends; at or before the start, it ends the next day'),
    capacity: z.number().int().nullable().describe('How many people the slot needs; null for no limit.'),
    position: z.number().int().describe('Order within the rota’s day, smallest first.'),
  })
  .describe('Rota timeslot');
export type RotaTimeslot = z.infer<typeof rotaTimeslotSchema>;

// Rota days (`/rota/`).
export const rotaDaySchema = z
  .object({
    id,
    rota_id: z.number().int().describe('The rota.'),
    date: dateField('The day'),
    closed: z.boolean().describe('The rota does not run that day (a bank holiday, a closure).'),
    notes: z.string().nullable().describe('The day’s note for everyone on the rota; null for none.'),
  })
  .describe('Rota day');
export type RotaDay = z.infer<typeof rotaDaySchema>;

export const rotaDayBodySchema = z.object({
  rota_id: rowReference('The rota must be a rota id.').describe('A rota of the same organisation.'),
  date: writeDate('day').describe('The day (YYYY-MM-DD); one entry per rota and day.'),
  closed: z
    .boolean({ error: 'Closed must be true or false.' })
    .optional()
    .describe('The rota does not run that day (default false).'),
  notes: optionalText('notes', 5000).describe('The day’s note for everyone on the rota; null for none.'),
});
export type RotaDayBody = z.infer<typeof rotaDayBodySchema>;

// Shifts (`/shifts/`).
export const shiftSchema = z
  .object({
    id,
    rota_id: z.number().int().describe('The rota the shift is on.'),
    timeslot_id: z
      .number()
      .int()
      .nullable()
      .describe('The rota timeslot it follows; null for a one-off time.'),
    team_id: z.number().int().nullable().describe('The team it draws on; null for the rota’s own.'),
    repeating_shift_id: z
      .number()
      .int()
      .nullable()
      .describe('The repeating shift that planned it; null when made by hand.'),
    name: z.string().nullable().describe('What the shift is called; null to show the times only.'),
    date: dateField('The day of the shift'),
    start_time: timeField('When it starts'),
    end_time: timeField('When it ends; at or before the start, it ends the next day'),
    capacity: z.number().int().nullable().describe('How many people it needs; null for no limit.'),
    notes: z.string().nullable().describe('Notes for the people on it; null for none.'),
  })
  .describe('Shift');
export type Shift = z.infer<typeof shiftSchema>;

/** Fields of a shift a manager may set on a given day of a given rota (`/rota/{date}/{rotaId}/{id}`). */
const shiftDayFields = {
  timeslot_id: rowReference('The timeslot must be a timeslot id.')
    .nullable()
    .optional()
    .describe(
      'A timeslot of the shift’s rota; its name, times and places fill whatever the body leaves out. Null for none.',
    ),
  team_id: rowReference('The team must be a team id.')
    .nullable()
    .optional()
    .describe('The team it draws on (a team of the same organisation); null for the rota’s own.'),
  name: optionalText('shift name', 255).describe('What the shift is called; null to show the times only.'),
  start_time: writeTime('start time')
    .optional()
    .describe('When it starts (HH:MM); needed unless a timeslot gives it.'),
  end_time: writeTime('end time')
    .optional()
    .describe('When it ends (HH:MM), not equal to the start; needed unless a timeslot gives it.'),
  capacity: capacity('shift'),
  notes: optionalText('notes', 5000).describe('Notes for the people on it; null for none.'),
};

export const shiftBodySchema = z.object({
  rota_id: rowReference('The rota must be a rota id.').describe('A rota of the same organisation.'),
  date: writeDate('shift date').describe('The day of the shift (YYYY-MM-DD).'),
  ...shiftDayFields,
});
export type ShiftBody = z.infer<typeof shiftBodySchema>;

/** A shift's change through its day's route: neither its rota nor its date moves there. */
export const rotaDayShiftBodySchema = z.object(shiftDayFields);
export type RotaDayShiftBody = z.infer<typeof rotaDayShiftBodySchema>;

// Repeating shifts (`/repeating-shifts/`).
export const repeatingShiftSchema = z
  .object({
    id,
    rota_id: z.number().int().describe('The rota its shifts are on.'),
    timeslot_id: z
      .number()
      .int()
      .nullable()
      .describe('The rota timeslot it follows; null for its own times.'),
    team_id: z.number().int().nullable().describe('The team its shifts draw on; null for the rota’s own.'),
    name: z.string().nullable().describe('What its shifts are called; null to show the times only.'),
    weekday: z.number().int().describe('The day of the week: 0 Sunday to 6 Saturday.'),
    every_weeks: z.number().int().describe('Repeats every this many weeks (1 weekly, 2 fortnightly).'),
    start_date: dateField('The first day it may fall on'),
    end_date: dateField('The last day it may fall on')
      .nullable()
      .describe('The last day it may fall on; null for open-ended.'),
    start_time: timeField('When its shifts start'),
    end_time: timeField('When its shifts end'),
    capacity: z.number().int().nullable().describe('How many people each shift needs; null for no limit.'),
    notes: z.string().nullable().describe('Notes copied onto each shift; null for none.'),
  })
  .describe('Repeating shift');
export type RepeatingShift = z.infer<typeof repeatingShiftSchema>;

export const repeatingShiftBodySchema = z.object({
  rota_id: rowReference('The rota must be a rota id.').describe('A rota of the same organisation.'),
  timeslot_id: shiftDayFields.timeslot_id,
  team_id: shiftDayFields.team_id,
  name: optionalText('shift name', 255).describe('What its shifts are called; null to show the times only.'),
  weekday: z
    .number({ error: 'The day of the week must be a whole number from 0 (Sunday) to 6 (Saturday).' })
    .int({ error: 'The day of the week must be a whole number from 0 (Sunday) to 6 (Saturday).' })
    .min(0, { error: 'The day of the week must be a whole number from 0 (Sunday) to 6 (Saturday).' })
    .max(6, { error: 'The day of the week must be a whole number from 0 (Sunday) to 6 (Saturday).' })
    .describe('The day of the week: 0 Sunday to 6 Saturday.'),
  every_weeks: z
    .number({ error: 'Repeat every 1 to 52 weeks.' })
    .int({ error: 'Repeat every 1 to 52 weeks.' })
    .min(1, { error: 'Repeat every 1 to 52 weeks.' })
    .max(52, { error: 'Repeat every 1 to 52 weeks.' })
    .optional()
    .describe('Repeats every this many weeks, 1 to 52 (default 1).'),
  start_date: writeDate('start date').describe('The first day it may fall on (YYYY-MM-DD).'),
  end_date: writeDate('end date')
    .nullable()
    .optional()
    .describe('The last day it may fall on, not before the start date; null for open-ended.'),
  start_time: writeTime('start time')
    .optional()
    .describe('When its shifts start (HH:MM); needed unless a timeslot gives it.'),
  end_time: writeTime('end time')
    .optional()
    .describe('When its shifts end (HH:MM), not equal to the start; needed unless a timeslot gives it.'),
  capacity: capacity('each shift'),
  notes: optionalText('notes', 5000).describe('Notes copied onto each shift; null for none.'),
});
export type RepeatingShiftBody = z.infer<typeof repeatingShiftBodySchema>;

// Shift patterns (`/organisation/shift-patterns/`).
const shiftPatternDaySchema = z
  .object({
    weekday: z.number().int().describe('The day of the week: 0 Sunday to 6 Saturday.'),
    start_time: timeField('When the shift starts'),
    end_time: timeField('When the shift ends'),
    capacity: z.number().int().nullable().describe('How many people it needs; null for no limit.'),
  })
  .describe('One shift of a weekly pattern');

export const shiftPatternSchema = z
  .object({
    id,
    name: z.string().describe('What the pattern is called, e.g. "Weekday mornings".'),
    description: z.string().nullable().describe('What the pattern is for; null for none.'),
    days: z.array(shiftPatternDaySchema).describe('The shifts of one week, by weekday and time.'),
  })
  .describe('Shift pattern');
export type ShiftPattern = z.infer<typeof shiftPatternSchema>;

const weekdayMessage = 'The day of the week must be a whole number from 0 (Sunday) to 6 (Saturday).';

/** A pattern's days as written: each a weekday and a start and end that differ. */
export const shiftPatternDaysSchema = z
  .array(
    z
      .object({
        weekday: z
          .number({ error: weekdayMessage })
          .int({ error: weekdayMessage })
          .min(0, { error: weekdayMessage })
          .max(6, { error: weekdayMessage })
          .describe('The day of the week: 0 Sunday to 6 Saturday.'),
        start_time: writeTime('start time').describe('When the shift starts (HH:MM).'),
        end_time: writeTime('end time').describe(
          'When the shift ends (HH:MM); at or before the start, the next day.',
        ),
        capacity: capacity('shift').transform((value) => value ?? null),
      })
      .refine((day) => day.start_time !== day.end_time, {
        error: 'The end time must differ from the start time.',
        path: ['end_time'],
      }),
    { error: 'Please list the pattern’s shifts.' },
  )
  .max(SHIFT_PATTERN_DAYS_MAX, { error: `A pattern may have at most ${SHIFT_PATTERN_DAYS_MAX} shifts.` });

export const shiftPatternBodySchema = z.object({
  name: requiredText('a pattern name', 255).describe('What the pattern is called.'),
  description: optionalText('description', 5000).describe('What the pattern is for; null for none.'),
  days: shiftPatternDaysSchema
    .optional()
    .describe(
      `The shifts of one week (at most ${SHIFT_PATTERN_DAYS_MAX}): weekday 0–6, start_time and end_time (HH:MM), capacity (null for no limit).`,
    ),
});
export type ShiftPatternBody = z.infer<typeof shiftPatternBodySchema>;

// Signups (`/organisation/signups/`).
export const signupSchema = z
  .object({
    id,
    shift_id: z.number().int().describe('The shift.'),
    user_id: z.number().int().describe('The person on it.'),
    status: z
      .enum(SIGNUP_STATUSES)
      .describe('signed-up, confirmed, cancelled, attended or no-show; cancelled and no-show take no place.'),
    notes: z.string().nullable().describe('A note about this person on this shift; null for none.'),
  })
  .describe('Signup');
export type Signup = z.infer<typeof signupSchema>;

export const signupBodySchema = z.object({
  shift_id: rowReference('The shift must be a shift id.').describe('A shift of the same organisation.'),
  user_id: rowReference('The person must be a user id.').describe(
    'A person of the same organisation; once per shift.',
  ),
  status: z
    .enum(SIGNUP_STATUSES, {
      error: 'The status must be signed-up, confirmed, cancelled, attended or no-show.',
    })
    .optional()
    .describe('signed-up, confirmed, cancelled, attended or no-show (default signed-up).'),
  notes: optionalText('notes', 2000).describe('A note about this person on this shift; null for none.'),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

// Named calls.

/** PUT `/organisation/rotas/bulk`: several rotas changed at once, all or none. */
export const rotaBulkBodySchema = z.object({
  rotas: z
    .array(
      rotaBodySchema.partial().extend({
        id: rowReference('Each rota must be named by its id.').describe('The rota to change.'),
      }),
      { error: 'Please list the rotas to change.' },
    )
    .min(1, { error: 'Please list at least one rota to change.' })
    .max(ROTA_BULK_MAX, { error: `At most ${ROTA_BULK_MAX} rotas at a time.` })
    .describe('Each rota by id with the fields to change; omitted fields keep their value.'),
});
export type RotaBulkBody = z.infer<typeof rotaBulkBodySchema>;

/** POST `/organisation/rotas/replace`: a rota's teams become exactly these. */
export const rotaReplaceBodySchema = z.object({
  rota_id: rowReference('The rota must be a rota id.').describe('A rota of the same organisation.'),
  team_ids: z
    .array(rowReference('Each team must be named by its id.'), { error: 'Please list the teams by id.' })
    .max(ROTA_TEAMS_MAX, { error: `A rota may have at most ${ROTA_TEAMS_MAX} teams.` })
    .describe('Every team that staffs the rota from now on (an empty list for none); order is not kept.'),
});
export type RotaReplaceBody = z.infer<typeof rotaReplaceBodySchema>;

/** PUT `/rota/{rotaId}/timeslots`: the rota's timeslots become exactly these, in this order. */
export const rotaTimeslotsBodySchema = z.object({
  timeslots: z
    .array(
      z
        .object({
          id: rowReference('Each timeslot must be named by its id.')
            .optional()
            .describe('A timeslot of this rota to keep and change; omitted for a new one.'),
          name: requiredText('a timeslot name', 255).describe('What the slot is called.'),
          start_time: writeTime('start time').describe('When the slot starts (HH:MM).'),
          end_time: writeTime('end time').describe(
            'When the slot ends (HH:MM); at or before the start, the next day.',
          ),
          capacity: capacity('slot'),
        })
        .refine((slot) => slot.start_time !== slot.end_time, {
          error: 'The end time must differ from the start time.',
          path: ['end_time'],
        }),
      { error: 'Please list the timeslots.' },
    )
    .max(ROTA_TIMESLOTS_MAX, { error: `A rota may have at most ${ROTA_TIMESLOTS_MAX} timeslots.` })
    .describe('Every timeslot of the rota in order; timeslots not listed are removed.'),
});
export type RotaTimeslotsBody = z.infer<typeof rotaTimeslotsBodySchema>;

export const rotaTimeslotsQuerySchema = z.object({
  update_shifts_from: writeDate('date to update shifts from')
    .optional()
    .describe(
      'When given, shifts of the rota on or after this date that follow a kept timeslot take its new name, times and places.',
    ),
});
export type RotaTimeslotsQuery = z.infer<typeof rotaTimeslotsQuerySchema>;

/** `{rotaId}` of a named call; anything that cannot name a rota of the organisation is a 404. */
export const rotaParamsSchema = z.object({
  rotaId: z.string().describe('The rota’s identifier.'),
});

export const rotaTimeslotListResponseSchema = z.object({
  data: z.array(rotaTimeslotSchema).describe('The rota’s timeslots in order.'),
});

export const rotaListResponseSchema = z.object({
  data: z.array(rotaSchema).describe('The rotas as changed, in the order asked.'),
});

export const rotaTeamListResponseSchema = z.object({
  data: z.array(rotaTeamSchema).describe('The rota’s teams, by team id.'),
});

/** GET `/rota/teams/`: the teams that have rotas. */
export const rotaTeamsQuerySchema = z.object({
  date: writeDate('date')
    .optional()
    .describe('Only teams with shifts on this day (YYYY-MM-DD), and only the rotas that have them.'),
  rota_id: z.coerce
    .number({ error: 'The rota must be a rota id.' })
    .int({ error: 'The rota must be a rota id.' })
    .positive({ error: 'The rota must be a rota id.' })
    .max(2_147_483_647, { error: 'The rota must be a rota id.' })
    .optional()
    .describe('Only this rota.'),
  active: z
    .enum(['true', 'false', 'all'], { error: 'Active must be true, false or all.' })
    .optional()
    .describe('Rotas to count: true (default) only active ones, false only inactive, all both.'),
});
export type RotaTeamsQuery = z.infer<typeof rotaTeamsQuerySchema>;

export const rotaTeamSummarySchema = z
  .object({
    id: z.number().int().describe('The team.'),
    name: z.string().describe('The team’s name.'),
    rota_ids: z.array(z.number().int()).describe('Its rotas (run by it or staffed from it), by id.'),
    shift_count: z.number().int().describe('Its shifts on the day asked; 0 when no date was given.'),
  })
  .describe('Team with rotas');
export type RotaTeamSummary = z.infer<typeof rotaTeamSummarySchema>;

export const rotaTeamsResponseSchema = z.object({
  data: z.array(rotaTeamSummarySchema).describe('Teams with rotas, by name.'),
});

/** `{date}` of the `/rota/{date}/…` routes. */
export const rotaDateParamSchema = writeDate('date').describe('The day (YYYY-MM-DD).');

export const rotaPdfParamsSchema = z.object({ date: rotaDateParamSchema });

/** GET `/rota/{date}/pdf`: which part of the day's rota to print. */
export const rotaPdfQuerySchema = z.object({
  rota_id: rotaTeamsQuerySchema.shape.rota_id.describe('Only this rota’s shifts.'),
  team_id: z.coerce
    .number({ error: 'The team must be a team id.' })
    .int({ error: 'The team must be a team id.' })
    .positive({ error: 'The team must be a team id.' })
    .max(2_147_483_647, { error: 'The team must be a team id.' })
    .optional()
    .describe('Only the shifts of this team (theirs, or of rotas it runs that name no team).'),
});
export type RotaPdfQuery = z.infer<typeof rotaPdfQuerySchema>;

/** `/rota/{date}/{rotaId}/`: one rota's shifts on one day. */
export const rotaDayParamsSchema = z.object({
  date: rotaDateParamSchema,
  rotaId: z.string().describe('The rota’s identifier (the route `/rota/{date}/{team}/` is the same route).'),
});

export const rotaDayShiftParamsSchema = rotaDayParamsSchema.extend({
  id: z.string().describe('The shift’s identifier.'),
});
