import { ACTIVITY_REPORTS } from './activities/index.js';
import { DASHBOARD_REPORTS } from './dashboard/index.js';
import { DIVERSITY_REPORTS } from './diversity/index.js';
import { EXPENSE_REPORTS } from './expenses/index.js';
import { HUB_REPORTS } from './hub/index.js';
import { NEWS_REPORTS } from './news/index.js';
import { OVERVIEW_REPORTS } from './overview/index.js';
import { RECRUITMENT_REPORTS } from './recruitment/index.js';
import type { ReportDefinition } from './report.js';
import { STARTERS_LEAVERS_REPORTS } from './starters-leavers/index.js';
import { TRAINING_REPORTS } from './training/index.js';
import { USER_REPORTS } from './users/index.js';

/** Every report and analytics call, by area; each area's index lists its reports. */
export const REPORTS: readonly ReportDefinition[] = [
  ...USER_REPORTS,
  ...DIVERSITY_REPORTS,
  ...STARTERS_LEAVERS_REPORTS,
  ...EXPENSE_REPORTS,
  ...TRAINING_REPORTS,
  ...OVERVIEW_REPORTS,
  ...RECRUITMENT_REPORTS,
  ...DASHBOARD_REPORTS,
  ...ACTIVITY_REPORTS,
  ...HUB_REPORTS,
  ...NEWS_REPORTS,
];
