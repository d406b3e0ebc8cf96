import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { OrganisationRow } from '../organisation/repository.js';
import { findOrganisationById } from '../organisation/repository.js';
import { HttpError } from '../../plugins/errors.js';
import { AUTH_LIMITS, type AuthDeps, type RequestMeta } from './deps.js';
import {
  consumeSsoState,
  findUserByEmail,
  findUserBySsoSubject,
  insertSsoState,
  linkSsoSubject,
  type UserRow,
} from './repository.js';
import { safeReturnPath, withTokenFragment } from './return-path.js';
import { maySignIn, startSession } from './sessions.js';

type SsoProvider = NonNullable<OrganisationRow['ssoProvider']>;

/** Name of the cookie binding an SSO attempt to the browser that started it. */
export const SSO_BINDING_COOKIE = 'muster_sso';

/** Discovery documents change rarely; refetch after this long. */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const discoveryCache = new Map<string, { config: oidc.Configuration; at: number }>();

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Plain HTTP is allowed only to a provider on this machine (tests, local development). */
function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

async function providerConfiguration(provider: SsoProvider): Promise<oidc.Configuration> {
  const key = `${provider.issuer}|${provider.clientId}|${sha256(provider.clientSecret)}`;
  const cached = discoveryCache.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) {
    return cached.config;
  }
  const issuer = new URL(provider.issuer);
  const config = await oidc.discovery(
    issuer,
    provider.clientId,
    provider.clientSecret,
    oidc.ClientSecretBasic(provider.clientSecret),
    isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
  discoveryCache.set(key, { config, at: Date.now() });
  return config;
}

/** Where the provider sends the browser back: always on PUBLIC_ORIGIN. */
export function ssoCallbackUrl(publicOrigin: string): string {
  return `${publicOrigin}/auth/sso/callback`;
}

/**
 * Starts single sign-on (authorisation code + PKCE, with state and nonce): stores the attempt
 * server-side and answers the provider URL plus the browser-binding cookie value to set.
 */
export async function startSso(
  deps: AuthDeps,
  input: { organisation: OrganisationRow; redirect: string | undefined },
): Promise<{ location: string; binding: string }> {
  const provider = input.organisation.ssoProvider;
  if (!provider) {
    throw new HttpError(404, 'Single sign-on is not set up for this organisation.');
  }
  let config: oidc.Configuration;
  try {
    config = await providerConfiguration(provider);
  } catch {
    throw new HttpError(503, `${provider.name} cannot be reached just now; please try again in a moment.`);
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const binding = randomBytes(32).toString('base64url');
  const now = new Date();
  await insertSsoState(deps.db, {
    id: sha256(state),
    organisationId: input.organisation.id,
    codeVerifier,
    nonce,
    bindingHash: sha256(binding),
    redirect: safeReturnPath(input.redirect, deps.config.publicOrigin, '/portal'),
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTH_LIMITS.ssoStateTtlSeconds * 1000),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: ssoCallbackUrl(deps.config.publicOrigin),
    scope: 'openid email profile',
    response_type: 'code',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { location: url.href, binding };
}

/** An SSO failure: the browser goes back with `#sso_error={code}` for the web app to explain. */
export class SsoFailure extends Error {
  constructor(
    readonly code:
      | 'invalid_state'
      | 'provider_error'
      | 'no_account'
      | 'email_not_verified'
      | 'account_mismatch'
      | 'account_not_active',
    readonly redirect: string,
  ) {
    super(code);
  }
}

async function matchUser(
  deps: AuthDeps,
  organisation: OrganisationRow,
  claims: { sub: string; email?: unknown; email_verified?: unknown },
  redirect: string,
): Promise<UserRow> {
  const linked = await findUserBySsoSubject(deps.db, organisation.id, claims.sub);
  if (linked) {
    return linked;
  }
  if (typeof claims.email !== 'string' || claims.email === '') {
    throw new SsoFailure('no_account', redirect);
  }
  if (claims.email_verified !== true) {
    throw new SsoFailure('email_not_verified', redirect);
  }
  const byEmail = await findUserByEmail(deps.db, organisation.id, claims.email);
  if (!byEmail) {
    throw new SsoFailure('no_account', redirect);
  }
  if (byEmail.ssoSubject && byEmail.ssoSubject !== claims.sub) {
    throw new SsoFailure('account_mismatch', redirect);
  }
  // From now on this user signs in through the provider only: no password, email locked.
  await linkSsoSubject(deps.db, organisation.id, byEmail.id, claims.sub, new Date());
  return { ...byEmail, ssoSubject: claims.sub, passwordHash: null };
}

/**
 * Finishes single sign-on at the callback: checks the stored attempt and its browser binding,
 * exchanges the code (PKCE, state, nonce and ID token checked by openid-client), matches the user
 * by subject or verified email, and answers where to send the browser with the session token in
 * the fragment.
 */
export async function finishSso(
  deps: AuthDeps,
  input: { query: string; state: string | undefined; binding: string | undefined; meta: RequestMeta },
): Promise<{ location: string }> {
  const { meta } = input;
  const stored = input.state ? await consumeSsoState(deps.db, sha256(input.state), new Date()) : null;
  if (!stored || !input.binding || sha256(input.binding) !== stored.bindingHash) {
    await deps.securityLog.record({
      event: 'sso',
      outcome: 'failure',
      organisationId: stored?.organisationId ?? null,
      factor: 'sso',
      details: { reason: 'invalid_state' },
      meta,
    });
    throw new SsoFailure('invalid_state', stored?.redirect ?? '/');
  }
  const organisation = await findOrganisationById(deps.db, stored.organisationId);
  const fail = async (code: SsoFailure['code'], userId: number | null = null): Promise<never> => {
    await deps.securityLog.record({
      event: 'sso',
      outcome: 'failure',
      organisationId: stored.organisationId,
      userId,
      factor: 'sso',
      details: { reason: code },
      meta,
    });
    throw new SsoFailure(code, stored.redirect);
  };
  if (!organisation?.ssoProvider) {
    return fail('provider_error');
  }
  let claims: { sub: string; email?: unknown; email_verified?: unknown };
  try {
    const config = await providerConfiguration(organisation.ssoProvider);
    const currentUrl = new URL(`${ssoCallbackUrl(deps.config.publicOrigin)}?${input.query}`);
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: stored.codeVerifier,
      expectedState: input.state,
      expectedNonce: stored.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) {
      return await fail('provider_error');
    }
    claims = { sub: idClaims.sub, email: idClaims.email, email_verified: idClaims.email_verified };
    if (claims.email === undefined) {
      // Providers that keep scope claims out of the ID token answer them at userinfo.
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = { sub: idClaims.sub, email: info.email, email_verified: info.email_verified };
    }
  } catch (error) {
    if (error instanceof SsoFailure) {
      throw error;
    }
    return fail('provider_error');
  }
  let user: UserRow;
  try {
    user = await matchUser(deps, organisation, claims, stored.redirect);
  } catch (error) {
    if (error instanceof SsoFailure) {
      return fail(error.code);
    }
    throw error;
  }
  if (!maySignIn(user)) {
    return fail('account_not_active', user.id);
  }
  const session = await startSession(deps, {
    organisation,
    user,
    factors: ['sso'],
    logged: { event: 'sign_in', outcome: 'success', organisationId: organisation.id, userId: user.id, factor: 'sso', meta },
  });
  return { location: withTokenFragment(stored.redirect, session.token) };
}
