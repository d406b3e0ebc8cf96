import { z } from 'zod';

/** Answers of the two-factor settings calls, word for word (applicant-flow §8). */
export const twoFactorSettingsMessages = {
  invalidKey: 'You have entered an invalid verification key',
  methodRequired: 'Please choose a method',
  codeRequired: 'Please enter the 6-digit code',
  codeOrPassword: 'Please enter a current code or your password',
} as const;

/** The sentence telling an enforced user why two-factor stays on; `roles` are role display names. */
export function enforcedTwoFactorMessage(roles: readonly string[]): string {
  const named = roles.length > 0 ? roles.join(', ') : 'one of your roles';
  return `Two-factor sign-in is required by your role ${named}, so it cannot be switched off.`;
}

/**
 * The answer to every other call while a role requires two-factor and the user has not set it up
 * (a session token with `two_factor_enrolment_required`): 403 with this message and `code`.
 */
export const twoFactorEnrolmentRequired = {
  message: 'Your role requires two-factor authentication. Set it up to continue.',
  code: 'two_factor_enrolment_required',
} as const;

/** Methods as the settings calls spell them: the page turns `auth_app` into `auth-app` (applicant-flow §7). */
export const twoFactorSettingsMethodSchema = z
  .enum(['email', 'sms', 'auth-app'], { error: () => 'Please choose email, sms or auth-app' })
  .describe('`email` or `sms` (a 6-digit code is sent) or `auth-app` (an authenticator app, TOTP).');
export type TwoFactorSettingsMethod = z.infer<typeof twoFactorSettingsMethodSchema>;

const codeField = z
  .string()
  .regex(/^\d{6}$/, twoFactorSettingsMessages.codeRequired)
  .describe('The 6-digit code (digits joined, no spaces).');

/** `POST /api/users/{userId}/two-factor`: start enabling (sends a code) or start disabling. */
export const twoFactorStartBodySchema = z
  .object({
    two_factor: z
      .boolean({ error: () => 'Please say whether two-factor should be on or off' })
      .describe(
        '`true` starts set-up with `method`; `false` sends a code by the current method, to disable.',
      ),
    method: twoFactorSettingsMethodSchema.optional().describe('Required when `two_factor` is true.'),
  })
  .superRefine((body, ctx) => {
    if (body.two_factor && !body.method) {
      ctx.addIssue({ code: 'custom', path: ['method'], message: twoFactorSettingsMessages.methodRequired });
    }
  });
export type TwoFactorStartBody = z.infer<typeof twoFactorStartBodySchema>;

export const twoFactorStartResponseSchema = z.object({
  data: z.object({
    method: twoFactorSettingsMethodSchema,
    sent_to: z
      .string()
      .nullable()
      .describe(
        'Where the code went, partly hidden (e.g. `a•••@example.org`); null for the authenticator app.',
      ),
    secret: z.string().optional().describe('auth-app set-up only: the new base32 secret, for manual entry.'),
    otpauth_uri: z.string().optional().describe('auth-app set-up only: the `otpauth://totp/…` URI.'),
    qr_code: z
      .string()
      .optional()
      .describe('auth-app set-up only: the otpauth URI as a QR code, a `data:image/png;base64,…` URL.'),
  }),
});
export type TwoFactorStartResponse = z.infer<typeof twoFactorStartResponseSchema>;

const twoFactorConfirmShape = z.object({
  two_factor: z
    .boolean({ error: () => 'Please say whether two-factor should be on or off' })
    .describe('`true` confirms set-up of `method`; `false` switches two-factor off.'),
  method: twoFactorSettingsMethodSchema.optional().describe('Required when `two_factor` is true.'),
  code: codeField.optional().describe('The code sent (or the authenticator’s); required to enable.'),
  password: z
    .string()
    .max(1024)
    .optional()
    .describe('Disabling only: the account password, instead of a code.'),
});

/** The code (or, disabling, the password) a confirmation needs; `method` too unless the path names it. */
function confirmationNeeds(methodInPath: boolean) {
  return (body: z.infer<typeof twoFactorConfirmShape>, ctx: z.RefinementCtx) => {
    if (body.two_factor) {
      if (!body.method && !methodInPath) {
        ctx.addIssue({ code: 'custom', path: ['method'], message: twoFactorSettingsMessages.methodRequired });
      }
      if (!body.code) {
        ctx.addIssue({ code: 'custom', path: ['code'], message: twoFactorSettingsMessages.codeRequired });
      }
    } else if (!body.code && !body.password) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: twoFactorSettingsMessages.codeOrPassword });
    }
  };
}

/** `PUT /api/users/{userId}/two-factor`: confirm set-up with the code, or disable. */
export const twoFactorConfirmBodySchema = twoFactorConfirmShape.superRefine(confirmationNeeds(false));

/**
 * `PUT /api/users/{userId}/two-factor/{method}` (the catalogue's update): the same confirmation,
 * the method named by the path (enabling: the method set up; disabling: the current one), so
 * `method` may be left out and, when sent, must be the same.
 */
export const twoFactorConfirmItemBodySchema = twoFactorConfirmShape.superRefine(confirmationNeeds(true));
export type TwoFactorConfirmBody = z.infer<typeof twoFactorConfirmBodySchema>;

export const twoFactorConfirmResponseSchema = z.object({
  data: z.object({
    two_factor_enabled: z.boolean(),
    method: z.enum(['email', 'sms', 'auth_app', 'magic_link']).nullable(),
    recovery_codes: z
      .array(z.string())
      .optional()
      .describe(
        'When set-up is confirmed: 10 single-use recovery codes, shown this once (only hashes are kept).',
      ),
  }),
});
export type TwoFactorConfirmResponse = z.infer<typeof twoFactorConfirmResponseSchema>;

/** `PUT /api/users/{userId}/two-factor/trust-computer`. */
export const trustComputerBodySchema = z.object({
  trust: z
    .boolean({ error: () => 'Please say whether to trust this computer' })
    .describe(
      '`true` answers a 30-day device token for this browser; `false` forgets every trusted computer.',
    ),
});
export type TrustComputerBody = z.infer<typeof trustComputerBodySchema>;

export const trustComputerResponseSchema = z.object({
  data: z.object({
    trusted: z.boolean(),
    id: z
      .string()
      .optional()
      .describe('The trusted computer, for `PUT two-factor/trust-computer/{id}` (renew or forget it).'),
    device_token: z
      .string()
      .optional()
      .describe('With `trust: true`: send it as `device_token` at sign-in to skip the second factor.'),
  }),
});
export type TrustComputerResponse = z.infer<typeof trustComputerResponseSchema>;

/** `GET /api/users/{userId}/two-factor/enforcement`: whether, and by which roles, two-factor is required. */
export const twoFactorEnforcementResponseSchema = z.object({
  data: z.object({
    enforced: z.boolean().describe('One of the user’s current roles requires two-factor sign-in.'),
    roles: z.array(z.string()).describe('Display names of the roles that require it.'),
    sms_available: z
      .boolean()
      .describe('Whether SMS can be offered as a method (a gateway is configured, or outside production).'),
  }),
});
export type TwoFactorEnforcementResponse = z.infer<typeof twoFactorEnforcementResponseSchema>;

/** `POST /api/users/{userId}/two-factor/recovery-codes`: a new set, voiding the old one. */
export const recoveryCodesResponseSchema = z.object({
  data: z.object({
    recovery_codes: z.array(z.string()).describe('10 single-use recovery codes, shown this once.'),
  }),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;
