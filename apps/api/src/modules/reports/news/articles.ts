import { sql } from 'drizzle-orm';
import { newsArticlesReportResponseSchema, type NewsArticlesReportRow } from '@muster/contract';
import { isoUtc, localDay, metaOf } from '../overview/people.js';
import { defineReport } from '../report.js';
import { personFilter, roleFilter, rowsOf, teamFilter } from '../sql.js';

/**
 * GET /reports/news/articles/: how far each news article of the period reached the people it was
 * for. The catalogue route `/reports/news/articles/` has its index disabled, so the report answers
 * the GET on the route itself (docs/reports.md "News and hub").
 */
export const newsArticlesReport = defineReport({
  path: '/reports/news/articles',
  summary: 'News articles: audience and readers',
  description:
    'One row per news article published in the period (for the chosen teams when any are chosen; an article for the whole organisation belongs to none), newest first: its audience (the people holding a role in its team, or any role for an article to everyone, on the day it was published), how many different people had read it by the end of the period, and the share of its audience who had. The role profile filter narrows the audience to holders of those role profiles on that day, and the readers to holders of them on some day of the period.',
  response: newsArticlesReportResponseSchema,
  run: async (scope) => {
    const published = localDay(sql`n.published_at`, scope.timezone);
    const rows = await rowsOf<NewsArticlesReportRow>(
      scope.db,
      sql`
        with articles as (
          select n.* from news_articles n
          where n.organisation_id = ${scope.organisationId}
            and n.published_at <= now()
            and ${published} between ${scope.period.from}::date and ${scope.period.to}::date
            and ${teamFilter(sql`n.team_id`, scope.team)}
        ), audience as (
          select distinct n.id as article_id, ur.user_id
          from articles n
          join user_roles ur
            on ur.organisation_id = ${scope.organisationId}
           and (n.team_id is null or ur.team_id = n.team_id)
           and ${roleFilter(sql`ur.role_profile_id`, scope.roleProfile)}
           and ${localDay(sql`ur.created_at`, scope.timezone)} <= ${published}
           and (ur.end_date is null or ur.end_date >= ${published})
        ), readers as (
          select r.article_id, r.user_id
          from news_article_reads r
          join articles n on n.id = r.article_id
          where r.organisation_id = ${scope.organisationId}
            and ${localDay(sql`r.read_at`, scope.timezone)} <= ${scope.period.to}::date
            and ${personFilter(sql`r.user_id`, { ...scope, team: [] })}
        ), figures as (
          select n.id,
                 (select count(*) from audience au where au.article_id = n.id)::int as audience,
                 (select count(*) from readers rd where rd.article_id = n.id)::int as readers,
                 (select count(*) from readers rd
                   join audience au on au.article_id = rd.article_id and au.user_id = rd.user_id
                   where rd.article_id = n.id)::int as audience_readers
          from articles n
        )
        select n.id, n.title as label, n.team_id, ${isoUtc(sql`n.published_at`)} as published_at,
               f.audience, f.readers,
               case when f.audience = 0 then null
                    else round(100.0 * f.audience_readers / f.audience, 1)::float8 end as read_rate
        from articles n
        join figures f on f.id = n.id
        order by n.published_at desc, n.id desc`,
    );
    return { data: rows, meta: metaOf(scope) };
  },
});
