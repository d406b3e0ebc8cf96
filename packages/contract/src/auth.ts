import { z } from 'zod';
import { passwordSchema } from './password.js';

/** Two-factor methods a user can hold (applicant-flow §4; magic_link as the emailed-link factor). */
export const twoFactorMethodSchema = z
  .enum(['email', 'sms', 'auth_app', 'magic_link'])
  .describe(
    'How the second factor is completed: `email` or `sms` (a 6-digit code sent), `auth_app` (TOTP), `magic_link` (an emailed link).',
  );
export type TwoFactorMethodName = z.infer<typeof twoFactorMethodSchema>;

/** Wrong-message answers of the sign-in calls, word for word (applicant-flow §8). */
export const authMessages = {
  signInFailed: 'Username or password do not match our records.',
  invalidCode: 'Invalid code, please try again',
  emailNotMatched: 'Email address does not match our records.',
  /** Blocked, left and inactive accounts, at every way in (issue 10, finding 8). */
  accountNotActive: 'Your account is not active, so you cannot sign in. Please contact the organisation.',
} as const;

const required = (label: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined ? `${label} is required` : `${label} is not valid`,
});

const emailField = z
  .email({
    error: (issue) =>
      issue.input === undefined ? 'Email is required' : 'Please enter a valid email address',
  })
  .max(254, 'The maximum length is 254')
  .describe('Email address (case-insensitive).');

const tokenField = (what: string) =>
  z.string(required('Token')).min(1, 'Token is required').max(4096).describe(what);

const sixDigits = (label: string) =>
  z
    .string(required(label))
    .regex(/^\d{6}$/, 'Please enter the 6-digit code')
    .describe('The 6-digit code (digits joined, no spaces).');

/**
 * A path on our own origin the browser returns to afterwards (`/portal`, `/apply/12?x=1`). A full
 * URL is accepted only on PUBLIC_ORIGIN; anything else is ignored by the server (it uses `/`).
 */
export const returnPathSchema = z
  .string()
  .max(2000)
  .describe('Where to go afterwards: a path on this site, e.g. `/portal`.');

// ---------------------------------------------------------------- sign-in (POST /api/auth/api/)

export const signInBodySchema = z.object({
  email: emailField,
  password: z.string(required('Password')).min(1, 'Password is required').max(1024).describe('The password.'),
  minimal: z
    .boolean()
    .default(true)
    .describe('`true` (the default) answers only `{token, two_factor}`; `false` adds the signed-in `user`.'),
  intended: returnPathSchema
    .optional()
    .describe('Page the user was heading for; a magic link returns there.'),
  device_token: z
    .string()
    .max(4096)
    .optional()
    .describe(
      'A "trust this computer" token from an earlier second factor: skips the second factor while valid.',
    ),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** The decoded session token's organisation (platform-foundation §3). */
export const sessionOrganisationSchema = z.object({
  id: z.number().int().describe('Organisation id.'),
  name: z.string().describe('Organisation name.'),
  currency_symbol: z.string().describe('Currency symbol, default £.'),
  minor_age: z.number().int().describe('Applicants younger than this are minors.'),
  features: z
    .array(z.string())
    .nullable()
    .describe('Legacy feature list (every feature allowed, amount -1).'),
  package_features: z.record(z.string(), z.number()).nullable().describe('Package mode: feature to amount.'),
  tech_features: z.record(z.string(), z.boolean()).describe('Technical flags; unlisted flags are false.'),
});

/** `user` inside the session token: who signed in, their organisation and permissions. */
export const sessionUserSchema = z.object({
  id: z.number().int().describe('User id.'),
  display_name: z.string().describe('Name to show.'),
  organisation: sessionOrganisationSchema,
  permissions: z.array(z.string()).describe('Permission names the user holds (grants minus denials).'),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * What a session token decodes to (base64url JSON of its middle part). HS256-signed; clients
 * read it, only the server verifies it.
 */
export const sessionClaimsSchema = z.object({
  kind: z.literal('session').describe('Token kind; every kind has its own audience too.'),
  user: sessionUserSchema,
  environment: z.string().describe('Server environment: development, test or production.'),
  amr: z.array(z.string()).describe('Factors used at sign-in, e.g. `["pwd","email"]`.'),
  two_factor_enrolment_required: z
    .boolean()
    .describe(
      'True while one of the user’s roles requires two-factor and they have not set it up: every call but the set-up ones answers 403 `two_factor_enrolment_required` until they confirm it and renew the token.',
    ),
  sub: z.string().describe('User id as a string.'),
  sid: z.string().describe('Sign-in (session) id, shared by renewed tokens.'),
  jti: z.string().describe('This token’s id.'),
  iss: z.string().describe('PUBLIC_ORIGIN.'),
  aud: z.string().describe('`muster:session`.'),
  iat: z.number().int().describe('Issued at (seconds since the epoch).'),
  exp: z
    .number()
    .int()
    .describe('Expires at (seconds since the epoch); renew with POST /api/auth/api/refresh.'),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

export const signInResponseSchema = z.object({
  token: z
    .string()
    .describe(
      'With `two_factor: false` a session token (send as `Authorization: Bearer`); with `true` an interim token for POST /api/auth/api/token.',
    ),
  two_factor: z.boolean().describe('True when a second factor is still needed.'),
  method: twoFactorMethodSchema
    .optional()
    .describe('With `two_factor: true`: how the second factor is completed.'),
  user: sessionUserSchema
    .optional()
    .describe('With `minimal: false` and a session token: the signed-in user.'),
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

// ------------------------------------------------------- second factor (POST /api/auth/api/token)

export const twoFactorBodySchema = z
  .object({
    token: tokenField('The interim token from POST /api/auth/api/.'),
    key: sixDigits('Key').optional().describe('The 6-digit code (email, SMS or authenticator app).'),
    code: sixDigits('Code').optional().describe('Same as `key` (the application form sends `code`).'),
    recovery_code: z
      .string()
      .max(64)
      .optional()
      .describe('Instead of a code when the device is lost: one of the recovery codes (each works once).'),
    trust: z
      .boolean()
      .default(false)
      .describe(
        '"Trust this computer": also answer a `device_token` that skips the second factor for 30 days.',
      ),
  })
  .superRefine((body, ctx) => {
    if (body.key === undefined && body.code === undefined && body.recovery_code === undefined) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'Key is required' });
    }
  });
export type TwoFactorBody = z.infer<typeof twoFactorBodySchema>;

export const twoFactorResponseSchema = z.object({
  token: z.string().describe('The session token.'),
  two_factor: z.literal(false).describe('Always false: the sign-in is complete.'),
  device_token: z
    .string()
    .optional()
    .describe('With `trust: true`: send it as `device_token` on later sign-ins from this computer.'),
});
export type TwoFactorResponse = z.infer<typeof twoFactorResponseSchema>;

// --------------------------------------------------------- renewal (POST /api/auth/api/refresh)

export const refreshBodySchema = z.object({
  token: tokenField('The current (possibly expired) session token.'),
  minimal: z.boolean().default(true).describe('Accepted for compatibility; the answer is always `{token}`.'),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;

export const refreshResponseSchema = z.object({
  token: z.string().describe('The new session token; the old one is revoked.'),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** 409 of a refresh that lost a race with another refresh of the same token: retry, do not sign out. */
export const refreshConflictSchema = z.object({
  message: z.string().describe('A human sentence.'),
  retry: z.literal(true).describe('Read the newest stored token and retry the original request.'),
});

// ---------------------------------------------------------------- logout (POST /auth/logout)

export const logoutBodySchema = z
  .object({
    return: returnPathSchema
      .optional()
      .describe('Where to go after signing out (this site only; otherwise `/`).'),
    token: z
      .string()
      .max(4096)
      .optional()
      .describe('The session token, when not sent as a bearer token (forms).'),
  })
  .nullish()
  .describe('Optional: a POST without a body signs out the bearer token’s session.');
export type LogoutBody = z.infer<typeof logoutBodySchema>;
export const logoutQuerySchema = z.object({
  return: returnPathSchema
    .optional()
    .describe('Same as the body field, for links and forms that put it in the address.'),
});

// ---------------------------------------------------------------- passwords

export const passwordEmailBodySchema = z.object({
  email: emailField,
  intended: returnPathSchema.optional().describe('Page to return to after the reset; carried in the link.'),
});
export type PasswordEmailBody = z.infer<typeof passwordEmailBodySchema>;

export const messageResponseSchema = z.object({ message: z.string().describe('A human sentence.') });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const passwordResetBodySchema = z
  .object({
    token: tokenField('The token from the reset link `/password/reset/{token}`.'),
    password: passwordSchema,
    password_confirmation: z.string(required('Password confirmation')).describe('The new password again.'),
  })
  .superRefine((body, ctx) => {
    if (body.password !== body.password_confirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'The passwords do not match',
      });
    }
  });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

// ---------------------------------------------------------------- links

export const loginLinkParamsSchema = z.object({ token: tokenField('The single-use login link token.') });
export const loginLinkQuerySchema = z.object({
  redirect: returnPathSchema
    .optional()
    .describe('Where to go once signed in (this site only); default `/portal`.'),
});

// ---------------------------------------------------------------- mobile sign-in

export const mobileOrganisationsQuerySchema = z.object({ email: emailField });
export type MobileOrganisationsQuery = z.infer<typeof mobileOrganisationsQuerySchema>;

export const mobileOrganisationsResponseSchema = z.object({
  data: z
    .array(
      z.object({
        id: z.number().int().describe('Organisation id.'),
        name: z.string().describe('Organisation name.'),
      }),
    )
    .describe('Organisations the address has an account with; empty when none.'),
});
export type MobileOrganisationsResponse = z.infer<typeof mobileOrganisationsResponseSchema>;

export const mobileRequestTokenBodySchema = z.object({
  email: emailField,
  organisation_id: z.number(required('Organisation')).int().positive().describe('Chosen organisation id.'),
});
export type MobileRequestTokenBody = z.infer<typeof mobileRequestTokenBodySchema>;

export const mobileVerifyTokenBodySchema = mobileRequestTokenBodySchema.extend({
  token: sixDigits('Token').describe('The 6-digit code that was emailed.'),
});
export type MobileVerifyTokenBody = z.infer<typeof mobileVerifyTokenBodySchema>;

export const mobileVerifyTokenResponseSchema = z.object({ token: z.string().describe('The session token.') });

// ---------------------------------------------------------------- heartbeat

export const heartbeatQuerySchema = z.strictObject({}).describe('The heartbeat takes no parameters.');
export const heartbeatResponseSchema = z.object({
  data: z.object({
    last_activity_at: z.iso.datetime().describe('The recorded activity time (ISO 8601, UTC).'),
  }),
});
export type HeartbeatResponse = z.infer<typeof heartbeatResponseSchema>;

// ---------------------------------------------------------------- single sign-on

export const ssoRedirectQuerySchema = z.object({
  redirect: returnPathSchema
    .optional()
    .describe('Where to go once signed in (this site only); default `/portal`.'),
});
export const ssoCallbackQuerySchema = z
  .object({
    state: z.string().max(512).optional().describe('The state sent to the provider.'),
    code: z.string().max(4096).optional().describe('The authorisation code.'),
    error: z.string().max(512).optional().describe('The provider’s error code when it refused.'),
  })
  .loose();
