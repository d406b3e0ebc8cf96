import type { ReportDefinition } from '../report.js';
import { activitiesEngagement } from './engagement.js';
import { activitiesEngagementDetail } from './engagement-detail.js';
import { activitiesOutcomes } from './outcomes.js';
import { activitiesOverview } from './overview.js';
import { activitiesUpcoming } from './upcoming.js';

/** `/reports/activities/*` (platform-foundation §7 "Reports") and `/analytics/activities/upcoming`. */
export const ACTIVITY_REPORTS: readonly ReportDefinition[] = [
  activitiesEngagement,
  activitiesEngagementDetail,
  activitiesOutcomes,
  activitiesOverview,
  activitiesUpcoming,
];
