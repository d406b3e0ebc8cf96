import { z } from 'zod';

/**
 * The address finder the address-details step calls (applicant-flow §2.4, §7; platform-foundation
 * §7 `/geocode/retrieve/`, whose index and show are the only operations enabled):
 *
 * - search: `GET /api/geocode/retrieve/?q=…&type=address&usePca=1` answers suggestions;
 * - retrieve: `GET` on a suggestion's `retrieve_url` (`/api/geocode/retrieve/{id}`) answers either
 *   the full address (a suggestion of type `address`) or, for a container (a postcode or street
 *   holding many addresses), the suggestions inside it, the way postcode finders work.
 */

/** Shortest search text: the page searches from 2 characters (applicant-flow §9). */
export const GEOCODE_QUERY_MIN = 2;
/** Longest search text. */
export const GEOCODE_QUERY_MAX = 200;
/** Most suggestions one answer carries. */
export const GEOCODE_SUGGESTIONS_MAX = 50;

/** What a suggestion stands for: one address, or a container of addresses. */
export const geocodeSuggestionTypes = ['address', 'postcode', 'street', 'group'] as const;
export type GeocodeSuggestionType = (typeof geocodeSuggestionTypes)[number];

const flagSchema = z
  .enum(['0', '1', 'true', 'false'], { error: 'usePca must be 0, 1, true or false.' })
  .transform((value) => value === '1' || value === 'true');

/** `?q&type&usePca` of a search. */
export const geocodeSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Please type at least 2 characters.' })
    .trim()
    .min(GEOCODE_QUERY_MIN, `Please type at least ${GEOCODE_QUERY_MIN} characters.`)
    .max(GEOCODE_QUERY_MAX, `The search can be at most ${GEOCODE_QUERY_MAX} characters.`)
    .describe('What the applicant typed: a postcode, or part of an address.'),
  type: z
    .literal('address', { error: 'Only address searches are supported (type=address).' })
    .default('address')
    .describe('What to look for; only address.'),
  usePca: flagSchema
    .optional()
    .transform((value) => value ?? false)
    .describe('1: use the Loqate (PCA) finder when the server has one configured; else the built-in one.'),
});
export type GeocodeSearchQuery = z.infer<typeof geocodeSearchQuerySchema>;

/** `{id}` of a retrieve: an opaque id from a suggestion's `retrieve_url`. */
export const geocodeRetrieveParamsSchema = z.object({
  id: z
    .string()
    .min(1, 'An address id is required.')
    .max(300, 'This address id is too long.')
    .describe('The opaque id of a suggestion (as in its retrieve_url).'),
});

/** One suggestion (applicant-flow §3.7: name, type, retrieve_url). */
export const geocodeSuggestionSchema = z.object({
  name: z.string().describe('What the list shows, e.g. "1 High Street, Bristol, BS1 4DJ" or "BS1 4DJ (12 addresses)".'),
  type: z.enum(geocodeSuggestionTypes).describe('address: one address; postcode, street or group: a container of addresses.'),
  retrieve_url: z
    .string()
    .describe('GET it (relative to the site) for the full address, or for a container its addresses.'),
});
export type GeocodeSuggestion = z.infer<typeof geocodeSuggestionSchema>;

/** A found address in the fields of an application address (applicant-flow §3.1, without from_date). */
export const geocodedAddressSchema = z.object({
  company_name: z.string().nullable().describe('Organisation or building name, when there is one.'),
  street: z.string().describe('Address line 1.'),
  street_second: z.string().nullable().describe('Address line 2.'),
  street_third: z.string().nullable().describe('Address line 3.'),
  city: z.string().describe('Town or city.'),
  county: z.string().nullable().describe('County or region.'),
  postcode: z.string().describe('Postcode, formatted as the post office writes it.'),
  country: z.string().describe('Country name; United Kingdom by default.'),
});
export type GeocodedAddress = z.infer<typeof geocodedAddressSchema>;

/** A search's answer: `data.data[]`. */
export const geocodeSearchResponseSchema = z.object({
  data: z.object({
    data: z.array(geocodeSuggestionSchema).describe(`At most ${GEOCODE_SUGGESTIONS_MAX} suggestions, best first.`),
  }),
});
export type GeocodeSearchResponse = z.infer<typeof geocodeSearchResponseSchema>;

/** A retrieve's answer: `data.data`, an address or a container's suggestions. */
export const geocodeRetrieveResponseSchema = z.object({
  data: z.object({
    data: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('address').describe('The suggestion was one address.'),
        address: geocodedAddressSchema,
      }),
      z.object({
        kind: z.literal('container').describe('The suggestion held many addresses.'),
        suggestions: z.array(geocodeSuggestionSchema).describe('The addresses (or smaller containers) inside it.'),
      }),
    ]),
  }),
});
export type GeocodeRetrieveResponse = z.infer<typeof geocodeRetrieveResponseSchema>;
