import type { ReportDefinition } from '../report.js';
import { keyStats } from './key-stats.js';
import { mobileDashboardStats } from './mobile-stats.js';
import { organisationStats } from './organisation-stats.js';

/**
 * Headline figures: `/analytics/organisation-stats`, `/analytics/key-stats` (the `keyStats`
 * group of `/analytics/`) and `/mobile/dashboard/stats/` (platform-foundation §7).
 */
export const DASHBOARD_REPORTS: readonly ReportDefinition[] = [
  organisationStats,
  keyStats,
  mobileDashboardStats,
];
