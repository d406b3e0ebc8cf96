import { diversityQuestionsResponseSchema } from '@muster/contract';
import { defineReport, VIEW_DIVERSITY_REPORTS, VIEW_REPORTS } from '../report.js';
import { loadQuestions } from './labels.js';

/**
 * GET /organisation/diversity/questions: the organisation's own diversity questions with their
 * options, to label the rows of the diversity reports.
 */
export const diversityQuestions = defineReport({
  path: '/organisation/diversity/questions',
  summary: 'Own diversity questions',
  description:
    'The organisation’s own diversity questions in form order, each with its options and the earlier answers that reveal it. The period and filters are accepted and echoed but change nothing.',
  permissions: [VIEW_REPORTS, VIEW_DIVERSITY_REPORTS],
  response: diversityQuestionsResponseSchema,
  run: async ({ db, organisationId, period, team, roleProfile }) => ({
    data: await loadQuestions(db, organisationId),
    meta: { ...period, team, role_profile: roleProfile },
  }),
});
