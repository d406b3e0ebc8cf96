import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { twoFactorEnrolmentRequired } from '@muster/contract';
import { isApiPath } from './api-version.js';
import { HttpError } from './errors.js';
import { organisationOf } from './tenancy.js';
import type { AuthDeps, RequestMeta } from '../modules/auth/deps.js';
import type { OwnAccountContext } from '../modules/auth/own-account.js';
import { cachedPermissionNames } from '../modules/auth/permission-cache.js';
import { resolveJwtSecret } from '../modules/auth/secret.js';
import { createSecurityLog } from '../modules/auth/security-log.js';
import { cachedTokenWithSession } from '../modules/auth/session-cache.js';
import { verifySessionToken } from '../modules/auth/sessions.js';
import { createTokenService, type TokenService, type VerifiedToken } from '../modules/auth/tokens.js';

/** Who is calling: decoded from the bearer token by the token verifier. */
export type Session = {
  userId: number;
  organisationId: number;
  permissions: string[];
  /** Identifier of the token, for revocation. */
  tokenId: string;
  /** Identifier of the sign-in the token belongs to (absent from test verifiers). */
  sessionId?: string;
  /**
   * A role requires two-factor and the user has not set it up: API routes answer 403 unless
   * their `duringTwoFactorEnrolment` config lets them through.
   */
  twoFactorEnrolmentRequired?: boolean;
};

/**
 * Which API routes a sign-in held to two-factor set-up may still call: `allowed` (the set-up
 * calls, and calls that authenticate by their body rather than the session), `own-account` (only
 * with the caller's own id as `:userId`). Unset: 403 `two_factor_enrolment_required`.
 */
export type DuringTwoFactorEnrolment = 'allowed' | 'own-account';

/**
 * Turns a bearer token into a session, or null when the token is not a valid session token
 * for this organisation. The default verifies a signed session token (modules/auth/sessions).
 */
export type TokenVerifier = (token: string, request: FastifyRequest) => Promise<Session | null>;

/** What an access guard asks of the caller: signed in, or holding the named permission. */
export type RequiredAccess = 'signed-in' | (string & {});

/**
 * A preHandler that refuses callers without the access it names. `requiredAccess` lets tools that
 * walk the routes (the OpenAPI document) say what each operation needs without running it.
 */
export type AccessGuard = preHandlerAsyncHookHandler & { readonly requiredAccess: RequiredAccess };

/** The access a route's preHandler guards with, or undefined when it is not an access guard. */
export function requiredAccessOf(handler: unknown): RequiredAccess | undefined {
  const access = (handler as Partial<AccessGuard> | null)?.requiredAccess;
  return typeof access === 'string' ? access : undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See {@link DuringTwoFactorEnrolment}. */
    duringTwoFactorEnrolment?: DuringTwoFactorEnrolment;
  }
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyInstance {
    /**
     * preHandler: 401 unless a valid session token came with the request. An {@link AccessGuard}
     * (`requiredAccess: 'signed-in'`); typed plainly so that test doubles need not carry the tag.
     */
    requireAuth: preHandlerAsyncHookHandler;
    /**
     * preHandler: 401 without a session, 403 without the permission. Answers an
     * {@link AccessGuard} (`requiredAccess: permission`); read the tag with `requiredAccessOf`.
     */
    requirePermission: (permission: string) => preHandlerAsyncHookHandler;
    /**
     * Every permission name a route guard has asked for so far (`requirePermission`), so that the
     * permission vocabulary can be made to hold them once all routes are registered.
     */
    guardedPermissions: ReadonlySet<string>;
    /** Sign-in services' dependencies: token signer, security log, outbox access. */
    auth: AuthDeps;
  }
}

/** The caller's address and user agent, for the security log and rate limits. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null, requestId: request.id };
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * preHandler after the authentication and authorisation checks of a route with
 * `attachValidation: true`: a schema failure waits until they have passed, so an anonymous or
 * unauthorised caller learns nothing of the input rules (401/403 before 422).
 */
export const rethrowValidation: preHandlerAsyncHookHandler = async (request) => {
  if (request.validationError) {
    throw request.validationError;
  }
};

/**
 * What the own-account services (password, two-factor settings) take from a request: the
 * organisation, the signed-in caller and their sign-in, whose account (`userId` of the path),
 * and request facts; 401 when nobody is signed in.
 */
export function ownAccountContextOf(request: FastifyRequest, userId: string): OwnAccountContext {
  const viewer = viewerOf(request);
  return {
    organisation: organisationOf(request),
    actor: { userId: viewer.userId, sessionId: request.session?.sessionId },
    userId: Number(userId),
    meta: requestMeta(request),
  };
}

/** The signed-in caller (who they are and what they may do); 401 when nobody is signed in. */
export function viewerOf(request: FastifyRequest): Pick<Session, 'userId' | 'permissions'> {
  if (!request.session) {
    throw new HttpError(401, 'You need to sign in to do that.');
  }
  return { userId: request.session.userId, permissions: request.session.permissions };
}

/**
 * Whether a sign-in held to two-factor set-up may make this call: pages and development tools
 * outside `/api` (sign-out, the outbox) always; API routes as their `duringTwoFactorEnrolment`
 * config says.
 */
function mayCallWhileEnrolling(request: FastifyRequest, session: Session): boolean {
  if (!isApiPath(request.url)) {
    return true;
  }
  const allowance = request.routeOptions.config.duringTwoFactorEnrolment;
  if (allowance === 'own-account') {
    const { userId } = (request.params ?? {}) as { userId?: unknown };
    return String(userId) === String(session.userId);
  }
  return allowance === 'allowed';
}

/** Most verified session tokens {@link rememberVerifiedSessions} keeps (a few kilobytes each). */
const VERIFIED_SESSIONS_KEPT = 1_000;

/**
 * `tokens` with each session token's signature check kept until the token expires: every signed-in
 * request presents its token, and checking it (then an HMAC through WebCrypto, an async job) was a
 * fifth of a catalogue index's CPU; parsing and checking it again still costs more than a look-up.
 * What is kept depends only on the token's text and the secret; the expiry (and not-before) claims
 * are checked again against the clock on each use, as the verifier checks them. Revocation is not
 * decided here: the session look-up (`verifySessionToken`) reads the token and its sign-in, kept
 * until a write to them. Verifications with a grace period (renewal, sign-out) and other kinds of
 * token are passed through.
 */
export function rememberVerifiedSessions(tokens: TokenService, kept = VERIFIED_SESSIONS_KEPT): TokenService {
  // Least recently used first beyond `kept`; each token at most until its expiry (clock: Date.now()).
  const verified = new LRUCache<string, VerifiedToken>({ max: kept, perf: Date, ttlResolution: 0 });
  return {
    sign: (kind, input) => tokens.sign(kind, input),
    async verify(kind, token, options) {
      if (kind !== 'session' || options?.expiredGraceSeconds !== undefined) {
        return tokens.verify(kind, token, options);
      }
      const known = verified.get(token);
      if (known && !(typeof known.nbf === 'number' && known.nbf > Math.floor(Date.now() / 1000))) {
        return known;
      }
      const payload = await tokens.verify(kind, token, options);
      // Kept until the second its `exp` claim names, as the verifier reads it (lru-cache drops an
      // entry once more than its ttl has passed, and takes a ttl of 0 as none).
      const ttl = payload ? payload.exp * 1000 - Date.now() - 1 : 0;
      if (payload && ttl > 0) {
        // Shared by every request that presents the token: nobody may change it.
        verified.set(token, Object.freeze(payload), { ttl });
      }
      return payload;
    },
  };
}

/**
 * Reads `Authorization: Bearer …` on every request. A missing or invalid token leaves the
 * request anonymous; protected routes then answer 401 through `requireAuth`, and every such
 * 401 or 403 is written to the security log.
 */
export const authPlugin = fp<{ verifyToken?: TokenVerifier }>(
  async (app: FastifyInstance, options) => {
    const secret = resolveJwtSecret(app.config);
    // Permissions are kept per user in the answer cache, which every committed write to a table
    // they are read from empties at once, in every process (modules/auth/permission-cache.ts).
    // So is each token's look-up with its sign-in (modules/auth/session-cache.ts): a revocation is
    // such a write.
    const cache = app.hasDecorator('answerCache') ? app.answerCache : null;
    const deps: AuthDeps = {
      db: app.db,
      config: app.config,
      tokens: rememberVerifiedSessions(createTokenService(secret, app.config.publicOrigin)),
      securityLog: createSecurityLog(app.db, app.log.child({ channel: 'security' })),
      codeKey: createHmac('sha256', secret).update('muster:code-hashes').digest('hex'),
      messenger: () => {
        if (!app.hasDecorator('outbox')) {
          throw new Error('The outbox is not registered: sign-in codes cannot be sent.');
        }
        return app.outbox;
      },
      ...(cache
        ? {
            permissionsOf: cachedPermissionNames(cache, app.db),
            sessionOf: cachedTokenWithSession(cache, app.db),
          }
        : {}),
    };
    app.decorate('auth', deps);

    const verifyToken: TokenVerifier = options.verifyToken ?? ((token) => verifySessionToken(deps, token));
    const rejectedTokens = new WeakSet<FastifyRequest>();
    app.decorateRequest('session', null);
    app.addHook('preHandler', async (request) => {
      const token = bearerToken(request);
      if (!token) {
        return;
      }
      const session = await verifyToken(token, request);
      if (session && request.organisation && session.organisationId !== request.organisation.id) {
        // A token from another organisation never carries over to this host.
        rejectedTokens.add(request);
        return;
      }
      if (!session) {
        rejectedTokens.add(request);
      }
      request.session = session;
      if (session?.twoFactorEnrolmentRequired && !mayCallWhileEnrolling(request, session)) {
        await holdForEnrolment(request, session);
      }
    });

    /** Refuses, and logs, a call from a sign-in held to two-factor set-up. */
    const holdForEnrolment = async (request: FastifyRequest, session: Session): Promise<never> => {
      await deps.securityLog.record({
        event: 'authorisation_failed',
        outcome: 'failure',
        organisationId: session.organisationId,
        userId: session.userId,
        details: {
          status: 403,
          method: request.method,
          route: request.routeOptions.url ?? null,
          reason: twoFactorEnrolmentRequired.code,
        },
        meta: requestMeta(request),
      });
      throw new HttpError(403, twoFactorEnrolmentRequired.message, undefined, undefined, {
        code: twoFactorEnrolmentRequired.code,
      });
    };

    // Refusals thrown anywhere (a handler's own 403, a limiter's 429) are logged once per request:
    // unless whoever refused already wrote the row (e.g. `refuse` below, or a sign-in failure).
    app.addHook('onError', async (request, _reply, error) => {
      const status = (error as { statusCode?: unknown }).statusCode;
      if ((status !== 403 && status !== 429) || deps.securityLog.refusalRecorded(request.id)) {
        return;
      }
      await deps.securityLog.record({
        event: status === 429 ? 'rate_limited' : 'authorisation_failed',
        outcome: 'failure',
        organisationId: request.session?.organisationId ?? request.organisation?.id ?? null,
        userId: request.session?.userId ?? null,
        details: {
          status,
          method: request.method,
          route: request.routeOptions.url ?? null,
          reason: status === 429 ? 'too_many_attempts' : 'refused_by_handler',
        },
        meta: requestMeta(request),
      });
    });
    app.addHook('onResponse', async (request) => {
      deps.securityLog.forget(request.id);
    });

    const refuse = async (
      request: FastifyRequest,
      status: 401 | 403,
      permission?: string,
    ): Promise<never> => {
      await deps.securityLog.record({
        event: 'authorisation_failed',
        outcome: 'failure',
        organisationId: request.session?.organisationId ?? request.organisation?.id ?? null,
        userId: request.session?.userId ?? null,
        details: {
          status,
          method: request.method,
          route: request.routeOptions.url ?? null,
          reason:
            status === 403
              ? 'missing_permission'
              : rejectedTokens.has(request)
                ? 'invalid_token'
                : 'no_token',
          ...(permission ? { permission } : {}),
        },
        meta: requestMeta(request),
      });
      throw status === 401
        ? new HttpError(401, 'You need to sign in to do that.')
        : new HttpError(403, 'You do not have permission to do that.');
    };
    const requireAuth: AccessGuard = Object.assign(
      async (request: FastifyRequest) => {
        if (!request.session) {
          await refuse(request, 401);
        }
      },
      { requiredAccess: 'signed-in' as const },
    );
    app.decorate('requireAuth', requireAuth);
    const guardedPermissions = new Set<string>();
    app.decorate('guardedPermissions', guardedPermissions);
    app.decorate('requirePermission', (permission: string): AccessGuard => {
      guardedPermissions.add(permission);
      // Deny by default: only a permission the user holds right now (read on this request) passes.
      return Object.assign(
        async (request: FastifyRequest) => {
          if (!request.session) {
            await refuse(request, 401, permission);
          } else if (!request.session.permissions.includes(permission)) {
            await refuse(request, 403, permission);
          }
        },
        { requiredAccess: permission },
      );
    });
  },
  { name: 'auth', dependencies: ['tenancy'] },
);
