import type { ReportDefinition } from '../report.js';
import { diversityApplicantReport } from './applicant.js';
import { diversityCategories } from './categories.js';
import { diversityClearedApplicantReport } from './cleared-applicant.js';
import { diversityOverview } from './overview.js';
import { diversityQuestions } from './questions.js';
import { diversityUserDobReport } from './user-dob.js';
import { diversityUserReport } from './user.js';

/**
 * The diversity calls (platform-foundation §7: `/organisation/diversity/` and
 * `/reports/overview/diversity`); each needs `view-reports` and `view-diversity-reports`.
 */
export const DIVERSITY_REPORTS: readonly ReportDefinition[] = [
  diversityCategories,
  diversityQuestions,
  diversityUserReport,
  diversityApplicantReport,
  diversityClearedApplicantReport,
  diversityUserDobReport,
  diversityOverview,
];
