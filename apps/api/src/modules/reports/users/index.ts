import type { ReportDefinition } from '../report.js';
import { usersByRole } from './by-role.js';

/** `/reports/users/*` (platform-foundation §7 "Reports"). */
export const USER_REPORTS: readonly ReportDefinition[] = [usersByRole];
