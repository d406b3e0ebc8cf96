import type { ReportDefinition } from './report.js';
import { USER_REPORTS } from './users/index.js';

/** Every report and analytics call, by area; each area's index lists its reports. */
export const REPORTS: readonly ReportDefinition[] = [...USER_REPORTS];
