import type { ReportDefinition } from '../report.js';
import { trainingAdoptionByModule } from './adoption-by-module.js';
import { trainingByUser } from './by-user.js';
import { compulsoryTraining } from './compulsory-training.js';
import { trainingUsersByModule } from './users-by-module.js';

/** `/analytics/training/*` (platform-foundation §7 "Analytics"); each also answers with a trailing slash. */
export const TRAINING_REPORTS: readonly ReportDefinition[] = [
  compulsoryTraining,
  trainingAdoptionByModule,
  trainingByUser,
  trainingUsersByModule,
];
