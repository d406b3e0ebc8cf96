import type { LimitRule } from '../../plugins/rate-limit.js';

/**
 * The address finder is public (anonymous applicants use it) and may spend a paid service's
 * credit (Loqate), so searches and retrieves are limited together per client address. The page
 * searches once per 800 ms typing pause (applicant-flow §9), far below this.
 */
export const geocodeLimitRules = {
  /** 120 searches and retrieves per client address per minute. */
  lookupAddress: { name: 'geocode:address', max: 120, timeWindowMs: 60 * 1000 },
} as const satisfies Record<string, LimitRule>;
