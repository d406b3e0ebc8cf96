/**
 * Server sentences of the application form, word for word where the spec gives them
 * (applicant-flow §2.11, §5, §8); the rest are ours.
 */
export const applicationMessages = {
  previouslyApplied: 'You have previously applied for this opportunity',
  emailNotMatched: 'Email address does not match our records.',
  alreadyCompleted: 'Your application has already been completed',
  termsRequired: 'Please verify that you agree to the above statement',
  consentRadio: 'Please select an option',
  consentCheckbox: 'You must agree to the above statement',
  consentMultiple: 'Please select at least one answer',
  addressMissing: 'Please provide an address',
  passwordConfirmation: 'The password confirmation does not match.',
  emailConfirmation: 'The email confirmation does not match.',
  signInRequired: 'An account already exists for this email address. Please sign in to continue.',
  noPasswordAccount:
    'An account already exists for this email address, but it has no password yet. Please request a password reset to continue.',
  singleSignOnAccount:
    'An account already exists for this email address. Please sign in with single sign-on to continue.',
  supervisedHasAccount:
    'This person already has an account with this email address. Please apply for them from their profile.',
  idempotencyMismatch:
    'This Idempotency-Key was already used for a different application. Use a new key for a new submission.',
} as const;

/** `N more month(s)` of address history still needed (applicant-flow §5). */
export function addressHistoryMessage(months: number): string {
  return `Please provide at least ${months} more month(s) of your address history`;
}
