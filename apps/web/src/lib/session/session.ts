import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { OrganisationFeatureSource } from './features';

/** The signed-in user's organisation as carried in the token: feature fields plus others. */
export type SessionOrganisation = OrganisationFeatureSource & {
  id?: number;
  name?: string;
  currency_symbol?: string;
  minor_age?: number;
} & Record<string, unknown>;

/** The decoded sign-in token (platform-foundation §3): user, organisation, permissions, environment. */
export type Session = {
  user: {
    id: number | null;
    display_name: string | null;
    organisation: SessionOrganisation | null;
    permissions: readonly string[];
  };
  environment: string | null;
  /** Expiry in seconds since the epoch, or null when the token carries none. */
  exp: number | null;
  /**
   * A role requires two-factor and the user has not set it up: the server answers nothing else
   * until they do, so the app sends them to the set-up page.
   */
  twoFactorEnrolmentRequired: boolean;
};

// Lenient on purpose: the client only reads the token (the server verifies it), and a field it
// does not know must not sign the user out.
const claimsSchema = z.looseObject({
  user: z.looseObject({
    id: z.number().optional(),
    display_name: z.string().optional(),
    organisation: z.looseObject({}).nullable().optional(),
    permissions: z.array(z.string()),
  }),
  environment: z.string().optional(),
  exp: z.number().optional(),
  two_factor_enrolment_required: z.boolean().optional(),
});

/**
 * Reads the session from a sign-in token with jose's `decodeJwt`, without verifying it (only the
 * server can). Null for no token, a malformed token, or one without a user and permission list.
 */
export function decodeSession(token: string | null | undefined): Session | null {
  if (!token) {
    return null;
  }
  let payload: unknown;
  try {
    payload = decodeJwt(token);
  } catch {
    return null;
  }
  const parsed = claimsSchema.safeParse(payload);
  if (!parsed.success) {
    return null;
  }
  const { user, environment, exp, two_factor_enrolment_required: enrolmentRequired } = parsed.data;
  return {
    user: {
      id: user.id ?? null,
      display_name: user.display_name ?? null,
      organisation: user.organisation ?? null,
      permissions: user.permissions,
    },
    environment: environment ?? null,
    exp: exp ?? null,
    twoFactorEnrolmentRequired: enrolmentRequired === true,
  };
}

/** Whether the session's user holds `permission`; false when signed out. */
export function can(session: Session | null, permission: string): boolean {
  return session !== null && session.user.permissions.includes(permission);
}
