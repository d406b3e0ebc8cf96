import { z } from 'zod';

/** The sign-in form of `/login` (applicant-flow §5, §8 wordings). */
export const loginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Please enter a valid email address'))
    .describe('Email address.'),
  password: z.string().min(1, 'Password is required').describe('Password.'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** The second-factor form: the 6-digit code (digits joined) and "Trust this computer". */
export const twoFactorCodeFormSchema = z.object({
  code: z
    .string()
    .min(1, 'Code is required')
    .regex(/^\d{6}$/, 'Please enter the 6-digit code')
    .describe('The 6-digit code from the email, the text message or the authenticator app.'),
  trust: z.boolean().describe('Remember this computer so later sign-ins skip the second factor.'),
});
export type TwoFactorCodeForm = z.infer<typeof twoFactorCodeFormSchema>;

/** The 429 wording of applicant-flow §8, with the Retry-After seconds. */
export function tooManyAttemptsMessage(seconds: number): string {
  return `You have tried too many times, please wait for ${seconds} seconds before trying again.`;
}
