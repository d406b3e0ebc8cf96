import type { ReportDefinition } from '../report.js';
import { hubDocumentsReport } from './documents.js';

/** `/reports/hub/documents/` (platform-foundation §7 "Reports"). */
export const HUB_REPORTS: readonly ReportDefinition[] = [hubDocumentsReport];
