import type { LimitRule } from '../../plugins/rate-limit.js';

const MINUTE = 60 * 1000;

/**
 * The sign-in limits. Failure limits (`check` before, `hit` on failure) leave people who get it
 * right alone; request limits (`consume`) count every call.
 */
export const authLimitRules = {
  /** 10 failed sign-ins per account (organisation + email) in 15 minutes. */
  signInAccount: { name: 'sign-in:account', max: 10, timeWindowMs: 15 * MINUTE },
  /** 30 failed sign-ins per client address in 15 minutes (many accounts from one place). */
  signInAddress: { name: 'sign-in:address', max: 30, timeWindowMs: 15 * MINUTE },
  /** 20 wrong codes per client address in 15 minutes, across challenges (each also dies after 5). */
  codeAddress: { name: 'code:address', max: 20, timeWindowMs: 15 * MINUTE },
  /** 30 failed link or token uses per client address in 15 minutes. */
  linkAddress: { name: 'link:address', max: 30, timeWindowMs: 15 * MINUTE },
  /** 10 reset requests per client address and 5 per email address in 15 minutes. */
  resetAddress: { name: 'password-reset:address', max: 10, timeWindowMs: 15 * MINUTE },
  resetEmail: { name: 'password-reset:email', max: 5, timeWindowMs: 15 * MINUTE },
  /** Mobile sign-in: organisation lookups and code requests. */
  mobileLookupAddress: { name: 'mobile-lookup:address', max: 30, timeWindowMs: 15 * MINUTE },
  mobileCodeAddress: { name: 'mobile-code:address', max: 10, timeWindowMs: 15 * MINUTE },
  mobileCodeEmail: { name: 'mobile-code:email', max: 5, timeWindowMs: 15 * MINUTE },
} as const satisfies Record<string, LimitRule>;
