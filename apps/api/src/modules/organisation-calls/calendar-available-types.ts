import { type z } from 'zod';
import { CALENDAR_TYPES, type calendarAvailableTypesResponseSchema } from '@muster/contract';

/*
 * GET /calendar/available-types/ (platform-foundation §7): the kinds of entry a calendar of this
 * organisation can show, so that the calendar offers a filter per kind and no kind the
 * organisation does not run.
 */

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

/** The calendar entry kinds the organisation's features allow, in the index envelope. */
export function calendarAvailableTypes(
  organisation: FeatureSource,
): z.infer<typeof calendarAvailableTypesResponseSchema> {
  const data = CALENDAR_TYPES.filter((entry) => hasFeature(organisation, entry.feature)).map(
    ({ type, label }) => ({
      type,
      label,
    }),
  );
  return { data, meta: { current_page: 1, per_page: data.length, total: data.length } };
}
