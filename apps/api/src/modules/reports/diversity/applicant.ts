import { diversityReportResponseSchema } from '@muster/contract';
import { defineReport, VIEW_DIVERSITY_REPORTS, VIEW_REPORTS } from '../report.js';
import { countAnswers, shownGroup } from './answers.js';
import { applicantsIn } from './populations.js';

/** GET /organisation/diversity/reports/applicant: the diversity of the people who applied in the period. */
export const diversityApplicantReport = defineReport({
  path: '/organisation/diversity/reports/applicant',
  summary: 'Diversity of applicants',
  description:
    'People who completed an application on a day of the period (whatever became of it), each counted once, per fixed category and own question: one row per option, then prefer not to say, then not answered. `team` and `role_profile` keep applications to opportunities of that team or role profile. Figures of 1 to 4 people show `<5`, and figures that would let one be worked out show `hidden`.',
  permissions: [VIEW_REPORTS, VIEW_DIVERSITY_REPORTS],
  response: diversityReportResponseSchema,
  run: async ({ db, organisationId, period, team, roleProfile, timezone }) => {
    const groups = await countAnswers(
      db,
      organisationId,
      applicantsIn({ organisationId, period, team, roleProfile, timezone }),
    );
    return { data: groups.map(shownGroup), meta: { ...period, team, role_profile: roleProfile } };
  },
});
