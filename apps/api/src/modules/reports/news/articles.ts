import { sql } from 'drizzle-orm';
import { newsArticlesReportResponseSchema, type NewsArticlesReportRow } from '@muster/contract';
import { isoUtc, metaOf } from '../overview/people.js';
import { defineListReport } from '../report.js';
import { dayOf, onOrBefore, personFilter, roleFilter, teamFilter, withinPeriod } from '../sql.js';

/**
 * GET /reports/news/articles/: how far each news article of the period reached the people it was
 * for. The catalogue route `/reports/news/articles/` has its index disabled, so the report answers
 * the GET on the route itself (docs/reports.md "News and hub").
 */
export const newsArticlesReport = defineListReport({
  path: '/reports/news/articles',
  summary: 'News articles: audience and readers',
  description:
    'One row per news article published in the period (for the chosen teams when any are chosen; an article for the whole organisation belongs to none), newest first: its audience (the people holding a role in its team, or any role for an article to everyone, on the day it was published), how many different people had read it by the end of the period, and the share of its audience who had. The role profile filter narrows the audience to holders of those role profiles on that day, and the readers to holders of them on some day of the period.',
  response: newsArticlesReportResponseSchema,
  rows: {
    // Each (article, person) pair is the article's audience, its readers or both: one grouping
    // over the two lists counts all three figures without joining them, so the cost stays linear
    // whatever plan the database picks (an embedded database has no statistics to pick from).
    // `sort_published_at` (the instant, finer than its text) only orders the rows.
    query: (scope) => {
      const published = dayOf(sql`n.published_at`, scope.timezone);
      return sql`
        with articles as materialized (
          select n.id, n.title, n.team_id, n.published_at, ${published} as published_on
          from news_articles n
          where n.organisation_id = ${scope.organisationId}
            and n.published_at <= now()
            and ${withinPeriod(sql`n.published_at`, scope.period, scope.timezone)}
            and ${teamFilter(sql`n.team_id`, scope.team)}
        ), roles as materialized (
          select ur.user_id, ur.team_id, ${dayOf(sql`ur.created_at`, scope.timezone)} as given_on, ur.end_date
          from user_roles ur
          where ur.organisation_id = ${scope.organisationId}
            and ${roleFilter(sql`ur.role_profile_id`, scope.roleProfile)}
        ), pairs as (
          select n.id as article_id, ur.user_id, true as in_audience, false as has_read
          from articles n
          join roles ur
            on (n.team_id is null or ur.team_id = n.team_id)
           and ur.given_on <= n.published_on
           and (ur.end_date is null or ur.end_date >= n.published_on)
          union all
          select r.article_id, r.user_id, false, true
          from news_article_reads r
          join articles n on n.id = r.article_id
          where r.organisation_id = ${scope.organisationId}
            and ${onOrBefore(sql`r.read_at`, scope.period.to, scope.timezone)}
            and ${personFilter(sql`r.user_id`, { ...scope, team: [] })}
        ), people as (
          select p.article_id, bool_or(p.in_audience) as in_audience, bool_or(p.has_read) as has_read
          from pairs p
          group by p.article_id, p.user_id
        ), figures as materialized (
          select p.article_id,
                 count(*) filter (where p.in_audience)::int as audience,
                 count(*) filter (where p.has_read)::int as readers,
                 count(*) filter (where p.in_audience and p.has_read)::int as audience_readers
          from people p
          group by p.article_id
        )
        select n.id, n.title as label, n.team_id, ${isoUtc(sql`n.published_at`)} as published_at,
               coalesce(f.audience, 0) as audience, coalesce(f.readers, 0) as readers,
               case when coalesce(f.audience, 0) = 0 then null
                    else round(100.0 * f.audience_readers / f.audience, 1)::float8 end as read_rate,
               n.published_at as sort_published_at
        from articles n
        left join figures f on f.article_id = n.id`;
    },
    order: sql`sort_published_at desc, id desc`,
    toRow: (row: NewsArticlesReportRow): NewsArticlesReportRow => ({
      id: row.id,
      label: row.label,
      team_id: row.team_id,
      published_at: row.published_at,
      audience: row.audience,
      readers: row.readers,
      read_rate: row.read_rate,
    }),
  },
  meta: metaOf,
});
