import type { ReportDefinition } from '../report.js';
import { overviewStatus } from './status.js';

/** `/reports/overview/status` (platform-foundation §7 "Reports"); the diversity overview lives with the diversity reports. */
export const OVERVIEW_REPORTS: readonly ReportDefinition[] = [overviewStatus];
