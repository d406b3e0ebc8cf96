import { and, asc, count, eq, gte, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { RESIDENTIAL_TYPE_PREFIX } from '@muster/contract';
import type { Executor } from '../../db/client.js';
import { countries, opportunities, teams } from '../../db/schema/index.js';

/** Which opportunities a list holds; always one organisation's published ones that have not ended. */
export type OpportunityFilter = {
  organisationId: number;
  /** Today (YYYY-MM-DD) in the organisation's time zone: opportunities that ended before it are left out. */
  today: string;
  /** Each must appear, any case, in the name or the description. */
  words: readonly string[];
  residentialOnly: boolean;
  /** Region code, upper case. */
  country?: string;
  /** Matched whole, any case. */
  county?: string;
};

/** `%word%` for ILIKE, with the pattern characters of the word itself taken literally. */
function containing(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function whereOf(filter: OpportunityFilter): SQL | undefined {
  return and(
    eq(opportunities.organisationId, filter.organisationId),
    eq(opportunities.published, true),
    or(isNull(opportunities.endDate), gte(opportunities.endDate, filter.today)),
    ...filter.words.map((word) =>
      or(
        ilike(opportunities.displayName, containing(word)),
        ilike(opportunities.description, containing(word)),
      ),
    ),
    filter.residentialOnly ? ilike(opportunities.type, `${RESIDENTIAL_TYPE_PREFIX}%`) : undefined,
    filter.country ? eq(opportunities.country, filter.country) : undefined,
    filter.county ? sql`lower(${opportunities.county}) = lower(${filter.county})` : undefined,
  );
}

/**
 * One page of the opportunities the filter holds, soonest first (those without a start date last,
 * then by name), with the total. `descriptionLength` bounds how much of each description is read.
 */
export async function listOpportunityPage(
  db: Executor,
  filter: OpportunityFilter,
  page: { limit: number; offset: number; descriptionLength: number },
) {
  const where = whereOf(filter);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: opportunities.id,
        slug: opportunities.slug,
        displayName: opportunities.displayName,
        type: opportunities.type,
        startDate: opportunities.startDate,
        endDate: opportunities.endDate,
        description: sql<string | null>`left(${opportunities.description}, ${page.descriptionLength})`,
        descriptionCut: sql<boolean>`coalesce(char_length(${opportunities.description}) > ${page.descriptionLength}, false)`,
        teamId: teams.id,
        teamName: teams.name,
        countryRegion: countries.region,
        countryName: countries.name,
        county: opportunities.county,
      })
      .from(opportunities)
      .innerJoin(
        teams,
        and(eq(teams.id, opportunities.teamId), eq(teams.organisationId, filter.organisationId)),
      )
      .leftJoin(countries, eq(countries.region, opportunities.country))
      .where(where)
      .orderBy(
        sql`${opportunities.startDate} asc nulls last`,
        asc(opportunities.displayName),
        asc(opportunities.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(opportunities).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The countries the filter's opportunities take place in, by name. */
export async function listOpportunityCountries(db: Executor, filter: OpportunityFilter) {
  return db
    .selectDistinct({ region: countries.region, name: countries.name })
    .from(opportunities)
    .innerJoin(countries, eq(countries.region, opportunities.country))
    .where(whereOf(filter))
    .orderBy(asc(countries.name), asc(countries.region));
}

/**
 * The counties the filter's opportunities take place in, by name; names differing only in case
 * are one county (the filter matches any case), shown as first written.
 */
export async function listOpportunityCounties(db: Executor, filter: OpportunityFilter) {
  const key = sql`lower(${opportunities.county})`;
  return db
    .select({ name: sql<string>`min(${opportunities.county})` })
    .from(opportunities)
    .where(and(whereOf(filter), isNotNull(opportunities.county), sql`trim(${opportunities.county}) <> ''`))
    .groupBy(key)
    .orderBy(key);
}
