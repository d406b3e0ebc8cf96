import { z } from 'zod';

/** Minimum password length (applicant-flow §9). */
export const PASSWORD_MIN_LENGTH = 8;

/** Identifies one password rule. */
export type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'number';

/** One password rule: its label (applicant-flow §8, word for word) and its check. */
export interface PasswordRule {
  id: PasswordRuleId;
  label: string;
  pattern: RegExp;
}

/**
 * The four password rules in display order. Each is a pattern so that the zod schema, the API's
 * JSON schema and the web indicator all run the very same check.
 */
export const passwordRules: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
    // Counted in UTF-16 units like zod's `.min()`, so the indicator and the schema never disagree.
    pattern: new RegExp(`^[\\s\\S]{${PASSWORD_MIN_LENGTH},}$`),
  },
  {
    id: 'uppercase',
    label: 'Your password must contain at least one uppercase character',
    pattern: /\p{Lu}/u,
  },
  { id: 'lowercase', label: 'Your password must have at least one lowercase character', pattern: /\p{Ll}/u },
  { id: 'number', label: 'Your password must have at least one number', pattern: /\p{Nd}/u },
];

/** Result of checking a password against every rule, in `passwordRules` order. */
export interface PasswordRuleResult {
  id: PasswordRuleId;
  label: string;
  met: boolean;
}

/** Checks `password` against every rule; the indicator shows each as met or unmet. */
export function checkPasswordRules(password: string): PasswordRuleResult[] {
  return passwordRules.map((rule) => ({ id: rule.id, label: rule.label, met: rule.pattern.test(password) }));
}

const [lengthRule, uppercaseRule, lowercaseRule, numberRule] = passwordRules as [
  PasswordRule,
  PasswordRule,
  PasswordRule,
  PasswordRule,
];

/**
 * A new password: every failing rule is reported, each with its own label as the message.
 * Shared by the API (request bodies) and the web forms.
 */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, lengthRule.label)
  .regex(uppercaseRule.pattern, uppercaseRule.label)
  .regex(lowercaseRule.pattern, lowercaseRule.label)
  .regex(numberRule.pattern, numberRule.label)
  .describe(
    `A new password: at least ${PASSWORD_MIN_LENGTH} characters with an uppercase letter, a lowercase letter and a number.`,
  );
export type Password = z.infer<typeof passwordSchema>;
