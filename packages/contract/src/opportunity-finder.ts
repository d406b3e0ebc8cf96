import { z } from 'zod';
import { paginatedResponseSchema, paginationQuerySchema } from './catalogue/pagination.js';

/**
 * The opportunity finder of the home page (docs/opportunities.md): the organisation's published
 * opportunities, searched and paged (`GET /opportunities/`), and the residential ones filtered by
 * country and county (`GET /residential-opportunities/`, `countries`, `counties/`; platform-foundation §7).
 */

/** Largest `per_page` the finder's lists accept. */
export const OPPORTUNITY_LIST_MAX_PER_PAGE = 50;
/** Longest search text, in characters. */
export const OPPORTUNITY_SEARCH_MAX_LENGTH = 100;
/** Longest county name a filter may name, in characters. */
export const COUNTY_MAX_LENGTH = 100;
/** Opportunity types starting with this word are residential (`Residential-short` and its kin). */
export const RESIDENTIAL_TYPE_PREFIX = 'Residential';

/** Whether an opportunity type is a residential one (a stay with dates), e.g. `Residential-short`. */
export function isResidentialType(type: string): boolean {
  return type.toLowerCase().startsWith(RESIDENTIAL_TYPE_PREFIX.toLowerCase());
}

/** A query value left empty by a plain GET form (`?search=&country=`) means no filter. */
const blankAsMissing = (value: string | undefined) =>
  value === undefined || value === '' ? undefined : value;

const searchSchema = z
  .string()
  .trim()
  .max(OPPORTUNITY_SEARCH_MAX_LENGTH, {
    error: `The search may be at most ${OPPORTUNITY_SEARCH_MAX_LENGTH} characters.`,
  })
  .optional()
  .transform(blankAsMissing)
  .describe(
    'Words to look for in the name and description, any case; every word must appear. Empty: everything.',
  );

const COUNTRY_CODE = /^[A-Za-z]{2}$/;
const COUNTRY_CODE_MESSAGE = 'The country must be a two-letter code, e.g. GB.';

const countryFilterSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || COUNTRY_CODE.test(value), { error: COUNTRY_CODE_MESSAGE })
  .optional()
  .transform((value) => blankAsMissing(value)?.toUpperCase())
  .describe('Two-letter code of the country, e.g. `GB`, any case. Empty: any country.');

const countyFilterSchema = z
  .string()
  .trim()
  .max(COUNTY_MAX_LENGTH, { error: `The county may be at most ${COUNTY_MAX_LENGTH} characters.` })
  .optional()
  .transform(blankAsMissing)
  .describe('County name as listed by `counties/`, any case. Empty: any county.');

/** `GET /opportunities/?search&page&per_page`. */
export const opportunityListQuerySchema = paginationQuerySchema(OPPORTUNITY_LIST_MAX_PER_PAGE).extend({
  search: searchSchema,
});
export type OpportunityListQuery = z.infer<typeof opportunityListQuerySchema>;

/** `GET /residential-opportunities/?search&country&county&page&per_page`. */
export const residentialOpportunityListQuerySchema = opportunityListQuerySchema.extend({
  country: countryFilterSchema,
  county: countyFilterSchema,
});
export type ResidentialOpportunityListQuery = z.infer<typeof residentialOpportunityListQuerySchema>;

/** A country as the residential filters offer it. */
export const opportunityCountrySchema = z.object({
  region: z.string().describe('Two-letter code, e.g. `GB`; the value of the `country` filter.'),
  name: z.string().describe('English name, e.g. `United Kingdom`.'),
});
export type OpportunityCountry = z.infer<typeof opportunityCountrySchema>;

/** One opportunity as the finder lists it. */
export const opportunityListItemSchema = z.object({
  id: z.number().int().describe('Opportunity id.'),
  slug: z.string().describe('URL name: the form is at `/apply/{slug}`.'),
  display_name: z.string().describe('Name of the opportunity.'),
  type: z.string().describe('`One-off`, `Residential-short` or another type.'),
  residential: z.boolean().describe('Whether the type is a residential one (a stay with dates).'),
  team: z
    .object({ id: z.number().int().describe('Team id.'), name: z.string().describe('Team name.') })
    .describe('The team that runs it (for residential ones, where the stay is).'),
  start_date: z.string().nullable().describe('First day (YYYY-MM-DD), when it has one.'),
  end_date: z.string().nullable().describe('Last day (YYYY-MM-DD), when it has one.'),
  summary: z
    .string()
    .nullable()
    .describe('The start of the description, at most 200 characters, cut at a word; null without one.'),
  country: opportunityCountrySchema.nullable().describe('Where it takes place, when given.'),
  county: z.string().nullable().describe('County within the country, when given.'),
});
export type OpportunityListItem = z.infer<typeof opportunityListItemSchema>;

/** The answer of both lists: `{data, meta: {current_page, per_page, total}}`. */
export const opportunityListResponseSchema = paginatedResponseSchema(opportunityListItemSchema);
export type OpportunityListResponse = z.infer<typeof opportunityListResponseSchema>;

/** `GET /residential-opportunities/countries`. */
export const opportunityCountriesResponseSchema = z.object({
  data: z
    .array(opportunityCountrySchema)
    .describe('Countries with published residential opportunities, by name.'),
});
export type OpportunityCountriesResponse = z.infer<typeof opportunityCountriesResponseSchema>;

/** `GET /residential-opportunities/counties/?country`. */
export const opportunityCountiesQuerySchema = z.object({
  country: z
    .string({ error: 'Choose a country to list its counties.' })
    .trim()
    .min(1, { error: 'Choose a country to list its counties.', abort: true })
    .regex(COUNTRY_CODE, { error: COUNTRY_CODE_MESSAGE })
    .transform((value) => value.toUpperCase())
    .describe('Two-letter code of the country whose counties to list, e.g. `GB`, any case.'),
});
export type OpportunityCountiesQuery = z.infer<typeof opportunityCountiesQuerySchema>;

/** A county as the residential filters offer it. */
export const opportunityCountySchema = z.object({
  name: z.string().describe('County name; the value of the `county` filter.'),
});

export const opportunityCountiesResponseSchema = z.object({
  data: z
    .array(opportunityCountySchema)
    .describe('Counties of the country with published residential opportunities, by name.'),
});
export type OpportunityCountiesResponse = z.infer<typeof opportunityCountiesResponseSchema>;
