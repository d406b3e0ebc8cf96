/**
 * Where a sign-in held until two-factor is set up is sent (a role requires it, issue 9): every
 * other page leads there until the user has set it up.
 */
export const TWO_FACTOR_SETUP_PATH = '/portal/user/me/two-factor-setup';

/** The set-up page, remembering where the user was going (`intended`, a path on this site). */
export function twoFactorSetupPath(intended: string | null | undefined): string {
  return intended && !intended.startsWith(TWO_FACTOR_SETUP_PATH)
    ? `${TWO_FACTOR_SETUP_PATH}?intended=${encodeURIComponent(intended)}`
    : TWO_FACTOR_SETUP_PATH;
}
