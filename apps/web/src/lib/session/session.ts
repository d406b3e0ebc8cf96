import { decodeJwt } from 'jose';
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

type Claims = {
  user: {
    id?: number;
    display_name?: string;
    organisation?: SessionOrganisation | null;
    permissions: string[];
  };
  environment?: string;
  exp?: number;
  two_factor_enrolment_required?: boolean;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optional = (value: unknown, check: (present: unknown) => boolean) =>
  value === undefined || check(value);
const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown) => typeof value === 'string';

/**
 * Lenient on purpose: the client only reads the token (the server verifies it), and a field it
 * does not know must not sign the user out. Checked by hand, not with zod: the session is read on
 * every page before anything else, and zod loads only with the pages that build schemas.
 */
function isClaims(payload: unknown): payload is Claims {
  if (!isRecord(payload) || !isRecord(payload.user)) {
    return false;
  }
  const { user } = payload;
  return (
    optional(user.id, isNumber) &&
    optional(user.display_name, isString) &&
    optional(user.organisation, (organisation) => organisation === null || isRecord(organisation)) &&
    Array.isArray(user.permissions) &&
    user.permissions.every(isString) &&
    optional(payload.environment, isString) &&
    optional(payload.exp, isNumber) &&
    optional(payload.two_factor_enrolment_required, (value) => typeof value === 'boolean')
  );
}

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
  if (!isClaims(payload)) {
    return null;
  }
  const { user, environment, exp, two_factor_enrolment_required: enrolmentRequired } = payload;
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
