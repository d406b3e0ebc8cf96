import { diversityAgeReportResponseSchema } from '@muster/contract';
import { defineReport, VIEW_DIVERSITY_REPORTS, VIEW_REPORTS } from '../report.js';
import { countAges, shownGroup } from './answers.js';
import { volunteersIn } from './populations.js';

/**
 * GET /organisation/diversity/reports/user-dob: the ages of the people volunteering in the
 * period, from their date of birth.
 */
export const diversityUserDobReport = defineReport({
  path: '/organisation/diversity/reports/user-dob',
  summary: 'Ages of volunteers',
  description:
    'People volunteering on some day of the period (as the user report), by age on the last day of the period: under 18, 18 to 24, 25 to 34, 35 to 44, 45 to 54, 55 to 64, 65 and over, then no date of birth given. `team` and `role_profile` as in the user report. Figures of 1 to 4 people show `<5`, and figures that would let one be worked out show `hidden`.',
  permissions: [VIEW_REPORTS, VIEW_DIVERSITY_REPORTS],
  response: diversityAgeReportResponseSchema,
  run: async ({ db, organisationId, period, team, roleProfile, timezone }) => {
    const group = await countAges(
      db,
      organisationId,
      volunteersIn({ organisationId, period, team, roleProfile, timezone }),
      period.to,
    );
    return { data: [shownGroup(group)], meta: { ...period, team, role_profile: roleProfile } };
  },
});
