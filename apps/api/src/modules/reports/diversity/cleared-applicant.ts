import { diversityReportResponseSchema } from '@muster/contract';
import { defineReport, VIEW_DIVERSITY_REPORTS, VIEW_REPORTS } from '../report.js';
import { countAnswers, shownGroup } from './answers.js';
import { applicantsIn } from './populations.js';

/**
 * GET /organisation/diversity/reports/cleared-applicant: the applicants of the period whose
 * application has been accepted, so that each group's share can be set beside the applicant report.
 */
export const diversityClearedApplicantReport = defineReport({
  path: '/organisation/diversity/reports/cleared-applicant',
  summary: 'Diversity of cleared applicants',
  description:
    'People who completed an application on a day of the period that has since been accepted (the same people as the applicant report, narrowed to those cleared), per fixed category and own question: one row per option, then prefer not to say, then not answered. `team` and `role_profile` keep applications to opportunities of that team or role profile. Figures of 1 to 4 people show `<5`, and figures that would let one be worked out show `hidden`.',
  permissions: [VIEW_REPORTS, VIEW_DIVERSITY_REPORTS],
  response: diversityReportResponseSchema,
  run: async ({ db, organisationId, period, team, roleProfile, timezone }) => {
    const people = applicantsIn({ organisationId, period, team, roleProfile, timezone }, true);
    const groups = await countAnswers(db, organisationId, people);
    return { data: groups.map(shownGroup), meta: { ...period, team, role_profile: roleProfile } };
  },
});
