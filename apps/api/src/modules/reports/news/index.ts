import type { ReportDefinition } from '../report.js';
import { newsArticlesReport } from './articles.js';

/** `/reports/news/articles/` (platform-foundation §7 "Reports"). */
export const NEWS_REPORTS: readonly ReportDefinition[] = [newsArticlesReport];
