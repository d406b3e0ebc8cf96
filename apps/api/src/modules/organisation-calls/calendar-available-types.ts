import { z } from 'zod';

/*
 * GET /calendar/available-types/ (platform-foundation §7): the kinds of entry a calendar of this
 * organisation can show, so that the calendar offers a filter per kind and no kind the
 * organisation does not run.
 */

/** Each kind of calendar entry, in the order calendars list them, and the feature it needs (§6). */
export const CALENDAR_TYPES = [
  { type: 'events', label: 'Events', feature: 'events' },
  { type: 'shifts', label: 'Shifts', feature: 'rotas' },
  { type: 'tasks', label: 'Tasks', feature: 'tasks' },
  { type: 'residential_bookings', label: 'Residential stays', feature: 'residential' },
  { type: 'activities', label: 'Activities', feature: 'activities' },
] as const;

/** The organisation fields the feature model reads. */
export type FeatureSource = {
  features: readonly string[] | null;
  packageFeatures: Readonly<Record<string, number>> | null;
};

/**
 * Whether the organisation has a feature (platform-foundation §6): in package mode (a package map)
 * when the feature is a key of it; in legacy mode (a plain list, or nothing) every feature is
 * allowed. The same rule as the web app's feature model (apps/web/src/lib/session/features.ts).
 */
export function hasFeature(organisation: FeatureSource, feature: string): boolean {
  const packageFeatures = organisation.packageFeatures;
  if (packageFeatures && typeof packageFeatures === 'object') {
    return Object.hasOwn(packageFeatures, feature);
  }
  return true;
}

export const calendarTypeSchema = z
  .object({
    type: z.enum(CALENDAR_TYPES.map((entry) => entry.type) as [string, ...string[]]).describe('The kind of entry.'),
    label: z.string().describe('How the calendar names it.'),
  })
  .describe('A kind of calendar entry.');

export const calendarAvailableTypesResponseSchema = z.object({
  data: z.array(calendarTypeSchema).describe('The kinds the organisation’s calendar can show, in display order.'),
  meta: z
    .object({
      current_page: z.number().int().describe('Always 1: the list is never paged.'),
      per_page: z.number().int().describe('How many kinds are listed.'),
      total: z.number().int().describe('How many kinds are listed.'),
    })
    .describe('The index envelope’s counts.'),
});

/** The calendar entry kinds the organisation's features allow, in the index envelope. */
export function calendarAvailableTypes(organisation: FeatureSource): z.infer<typeof calendarAvailableTypesResponseSchema> {
  const data = CALENDAR_TYPES.filter((entry) => hasFeature(organisation, entry.feature)).map(({ type, label }) => ({
    type,
    label,
  }));
  return { data, meta: { current_page: 1, per_page: data.length, total: data.length } };
}
