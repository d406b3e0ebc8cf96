import type { ReportDefinition } from '../report.js';
import { startersLeaversChart } from './chart.js';
import { startersLeaversLeavers } from './leavers.js';
import { startersLeaversLeavingReasons } from './leaving-reasons.js';
import { startersLeaversMotivations } from './motivations.js';
import { startersLeaversOverview } from './overview.js';
import { startersLeaversStarters } from './starters.js';

/**
 * `/analytics/starters-leavers/*` (platform-foundation §7 "Analytics"). The catalogue writes the
 * paths with a trailing slash; the router ignores it, so each is registered without.
 */
export const STARTERS_LEAVERS_REPORTS: readonly ReportDefinition[] = [
  startersLeaversOverview,
  startersLeaversChart,
  startersLeaversStarters,
  startersLeaversLeavers,
  startersLeaversLeavingReasons,
  startersLeaversMotivations,
];
