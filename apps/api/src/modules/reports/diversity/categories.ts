import { diversityCategoriesResponseSchema } from '@muster/contract';
import { defineReport, VIEW_DIVERSITY_REPORTS, VIEW_REPORTS } from '../report.js';
import { loadCategories } from './labels.js';

/**
 * GET /organisation/diversity/categories: the fixed diversity categories with their options, to
 * label the rows of the diversity reports. Holds no figures, but sits with the reports it serves.
 */
export const diversityCategories = defineReport({
  path: '/organisation/diversity/categories',
  summary: 'Diversity categories',
  description:
    'The fixed diversity categories (gender, ethnicity, …) in form order, each with its options and, for the disability type, the answer that reveals it. The period and filters are accepted and echoed but change nothing.',
  permissions: [VIEW_REPORTS, VIEW_DIVERSITY_REPORTS],
  response: diversityCategoriesResponseSchema,
  run: async ({ db, period, team, roleProfile }) => ({
    data: await loadCategories(db),
    meta: { ...period, team, role_profile: roleProfile },
  }),
});
