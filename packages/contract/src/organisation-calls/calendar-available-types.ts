import { z } from 'zod';

/** Each kind of calendar entry, in the order calendars list them, and the feature it needs (§6). */
export const CALENDAR_TYPES = [
  { type: 'events', label: 'Events', feature: 'events' },
  { type: 'shifts', label: 'Shifts', feature: 'rotas' },
  { type: 'tasks', label: 'Tasks', feature: 'tasks' },
  { type: 'residential_bookings', label: 'Residential stays', feature: 'residential' },
  { type: 'activities', label: 'Activities', feature: 'activities' },
] as const;

export const calendarTypeSchema = z
  .object({
    type: z
      .enum(CALENDAR_TYPES.map((entry) => entry.type) as [string, ...string[]])
      .describe('The kind of entry.'),
    label: z.string().describe('How the calendar names it.'),
  })
  .describe('A kind of calendar entry.');

export const calendarAvailableTypesResponseSchema = z.object({
  data: z
    .array(calendarTypeSchema)
    .describe('The kinds the organisation’s calendar can show, in display order.'),
  meta: z
    .object({
      current_page: z.number().int().describe('Always 1: the list is never paged.'),
      per_page: z.number().int().describe('How many kinds are listed.'),
      total: z.number().int().describe('How many kinds are listed.'),
    })
    .describe('The index envelope’s counts.'),
});
