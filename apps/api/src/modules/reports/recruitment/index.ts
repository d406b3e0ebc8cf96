import type { ReportDefinition } from '../report.js';
import { recruitmentClassification } from './classification.js';

/** `/reports/recruitment/classification/` (platform-foundation §7 "Reports"); it also answers without the trailing slash. */
export const RECRUITMENT_REPORTS: readonly ReportDefinition[] = [recruitmentClassification];
