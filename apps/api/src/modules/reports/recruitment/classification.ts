import { sql } from 'drizzle-orm';
import { recruitmentClassificationResponseSchema, type RecruitmentClassificationRow } from '@muster/contract';
import { metaOf } from '../overview/people.js';
import { defineListReport } from '../report.js';
import { roleFilter, teamFilter, withinPeriod } from '../sql.js';

type Flat = Omit<RecruitmentClassificationRow, 'team' | 'role_profile' | 'by_status'> &
  RecruitmentClassificationRow['by_status'] & {
    team_id: number;
    team_label: string;
    role_profile_id: number;
    role_profile_label: string;
  };

/**
 * GET /reports/recruitment/classification/: the applications made in the period, by the
 * opportunity applied for (its type, team and role profile) and where each stands now.
 */
export const recruitmentClassification = defineListReport({
  path: '/reports/recruitment/classification',
  summary: 'Recruitment: applications by opportunity and status',
  description:
    'One row per opportunity with an application made in the period (the day it was created, in the organisation’s calendar), most applications first: the opportunity’s type, team and role profile, how many applications and applicants, and the applications by where each stands now (pending, submitted, accepted, declined, withdrawn). `team` and `role_profile` narrow to opportunities of those teams and role profiles (applicants hold no role yet).',
  response: recruitmentClassificationResponseSchema,
  rows: {
    query: (scope) => {
      const { organisationId, period } = scope;
      const count = (status: string) => sql`count(*) filter (where a.status = ${status})::int`;
      return sql`
        select o.id, o.display_name as label, o.type,
          t.id as team_id, t.name as team_label,
          rp.id as role_profile_id, rp.display_name as role_profile_label,
          count(*)::int as applications,
          count(distinct a.user_id)::int as applicants,
          ${count('pending')} as pending,
          ${count('submitted')} as submitted,
          ${count('accepted')} as accepted,
          ${count('declined')} as declined,
          ${count('withdrawn')} as withdrawn
        from applications a
        join opportunities o on o.id = a.opportunity_id and o.organisation_id = ${organisationId}
        join teams t on t.id = o.team_id
        join role_profiles rp on rp.id = o.role_profile_id
        where a.organisation_id = ${organisationId}
          and ${withinPeriod(sql`a.created_at`, period, scope.timezone)}
          and ${teamFilter(sql`o.team_id`, scope.team)}
          and ${roleFilter(sql`o.role_profile_id`, scope.roleProfile)}
        group by o.id, t.id, rp.id`;
    },
    order: sql`applications desc, label, id`,
    toRow: (row: Flat): RecruitmentClassificationRow => ({
      id: row.id,
      label: row.label,
      type: row.type,
      team: { id: row.team_id, label: row.team_label },
      role_profile: { id: row.role_profile_id, label: row.role_profile_label },
      applications: row.applications,
      applicants: row.applicants,
      by_status: {
        pending: row.pending,
        submitted: row.submitted,
        accepted: row.accepted,
        declined: row.declined,
        withdrawn: row.withdrawn,
      },
    }),
  },
  meta: metaOf,
});
