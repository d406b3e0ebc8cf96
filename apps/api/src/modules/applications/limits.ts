import type { LimitRule } from '../../plugins/rate-limit.js';

const MINUTE = 60 * 1000;

/**
 * Limits of the application form's public calls. The existing-user check tells whether an
 * address has an account (the spec wants that), so it is limited per client address and per
 * email address; full submits create accounts, so they are limited per client address.
 */
export const applicationLimitRules = {
  /** 10 existing-user checks per client address per minute (the page checks once per typing pause). */
  checkEmailAddress: { name: 'check-email:address', max: 10, timeWindowMs: MINUTE },
  /** 5 checks of one email address per minute, from anywhere. */
  checkEmailEmail: { name: 'check-email:email', max: 5, timeWindowMs: MINUTE },
  /**
   * Which (client address, email) pairs were looked up in the last 15 minutes: a submit or dry run
   * that reveals whether an email has an account counts against the two limits above the first
   * time it names an address, so an applicant's step-by-step dry runs cost one check, not one each.
   */
  emailLookupSeen: { name: 'check-email:seen', max: 1, timeWindowMs: 15 * MINUTE },
  /**
   * 120 apply requests (dry runs included) per client address per minute, counted before the body
   * is read: an applicant's form makes one per step, so only a flood reaches it.
   */
  applyAddress: { name: 'apply:address', max: 120, timeWindowMs: MINUTE },
  /** 30 full submits (not validateOnly dry runs) per client address in 15 minutes. */
  submitAddress: { name: 'apply-submit:address', max: 30, timeWindowMs: 15 * MINUTE },
  /** 30 failed application-key look-ups (unknown key, wrong email) per client address in 15 minutes. */
  keyAddress: { name: 'apply-key:address', max: 30, timeWindowMs: 15 * MINUTE },
} as const satisfies Record<string, LimitRule>;
