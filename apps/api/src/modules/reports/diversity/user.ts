import { diversityReportResponseSchema } from '@muster/contract';
import { defineReport, VIEW_DIVERSITY_REPORTS, VIEW_REPORTS } from '../report.js';
import { countAnswers, shownGroup } from './answers.js';
import { volunteersIn } from './populations.js';

/**
 * GET /organisation/diversity/reports/user: the diversity of the people volunteering in the
 * period; with `team` it is the team report (platform-foundation §7).
 */
export const diversityUserReport = defineReport({
  path: '/organisation/diversity/reports/user',
  summary: 'Diversity of volunteers',
  description:
    'People volunteering on some day of the period (a period of volunteering overlaps it), counted per fixed category and own question: one row per option, then prefer not to say, then not answered. With `team` (the team report) or `role_profile`, only those who held a matching role on some day of the period. Figures of 1 to 4 people show `<5`, and figures that would let one be worked out show `hidden`.',
  permissions: [VIEW_REPORTS, VIEW_DIVERSITY_REPORTS],
  response: diversityReportResponseSchema,
  run: async ({ db, organisationId, period, team, roleProfile, timezone }) => {
    const groups = await countAnswers(
      db,
      organisationId,
      volunteersIn({ organisationId, period, team, roleProfile, timezone }),
    );
    return { data: groups.map(shownGroup), meta: { ...period, team, role_profile: roleProfile } };
  },
});
