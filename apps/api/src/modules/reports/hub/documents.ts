import { sql } from 'drizzle-orm';
import { hubDocumentsReportResponseSchema, type HubDocumentsReportRow } from '@muster/contract';
import { isoUtc, metaOf } from '../overview/people.js';
import { defineListReport } from '../report.js';
import { onOrBefore, personFilter, teamFilter, withinPeriod } from '../sql.js';

/**
 * GET /reports/hub/documents/: how the hub's documents were used in the period, one row per
 * document. The catalogue route `/reports/hub/documents/` has its index disabled, so the report
 * answers the GET on the route itself (docs/reports.md "News and hub").
 */
export const hubDocumentsReport = defineListReport({
  path: '/reports/hub/documents',
  summary: 'Hub documents: opens and downloads',
  description:
    'One row per hub document published by the last day of the period (for the chosen teams when any are chosen; a document for the whole organisation belongs to none), most used first: how many times it was opened and downloaded in the period, by how many different people, and when last. The role profile filter narrows the people counted.',
  response: hubDocumentsReportResponseSchema,
  rows: {
    // `sort_uses` (every opening, of any kind) only orders the rows.
    query: (scope) => sql`
      with opened as (
        select v.document_id, v.user_id, v.kind, v.viewed_at
        from hub_document_views v
        where v.organisation_id = ${scope.organisationId}
          and ${withinPeriod(sql`v.viewed_at`, scope.period, scope.timezone)}
          and ${personFilter(sql`v.user_id`, { ...scope, team: [] })}
      )
      select d.id, d.title as label, d.folder, d.team_id,
             ${isoUtc(sql`d.published_at`)} as published_at,
             count(o.document_id) filter (where o.kind = 'view')::int as views,
             count(o.document_id) filter (where o.kind = 'download')::int as downloads,
             count(distinct o.user_id)::int as people,
             ${isoUtc(sql`max(o.viewed_at)`)} as last_opened_at,
             count(o.document_id) as sort_uses
      from hub_documents d
      left join opened o on o.document_id = d.id
      where d.organisation_id = ${scope.organisationId}
        and d.published_at <= now()
        and ${onOrBefore(sql`d.published_at`, scope.period.to, scope.timezone)}
        and ${teamFilter(sql`d.team_id`, scope.team)}
      group by d.id`,
    order: sql`sort_uses desc, label, id`,
    toRow: (row: HubDocumentsReportRow): HubDocumentsReportRow => ({
      id: row.id,
      label: row.label,
      folder: row.folder,
      team_id: row.team_id,
      published_at: row.published_at,
      views: row.views,
      downloads: row.downloads,
      people: row.people,
      last_opened_at: row.last_opened_at,
    }),
  },
  meta: metaOf,
});
