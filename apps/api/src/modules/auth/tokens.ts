import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * Every kind of token the server signs, each with its own audience. A token is accepted only
 * where its kind is expected: the `kind` claim and the audience must both match, so an interim,
 * link or device token never passes as a session token (or the other way round).
 */
export const tokenAudiences = {
  session: 'muster:session',
  interim: 'muster:two-factor',
  magic_link: 'muster:magic-link',
  login_link: 'muster:login-link',
  password_reset: 'muster:password-reset',
  trusted_device: 'muster:trusted-device',
} as const;
export type TokenKind = keyof typeof tokenAudiences;

/** The only algorithm accepted: `none`, asymmetric algorithms and algorithm confusion are refused. */
const ALGORITHMS = ['HS256'];

export type VerifiedToken = JWTPayload & {
  kind: TokenKind;
  sub: string;
  jti: string;
  exp: number;
  iat: number;
};

export type TokenService = {
  /** Signs a token of `kind` for `subject` with id `jti`, issued at `issuedAt` (default now), expiring at `expiresAt`. */
  sign(
    kind: TokenKind,
    input: {
      subject: string;
      jti: string;
      expiresAt: Date;
      issuedAt?: Date;
      claims?: Record<string, unknown>;
    },
  ): Promise<string>;
  /**
   * The payload when `token` is a genuine, unexpired token of `kind` (HS256, our issuer, the
   * kind's audience); null otherwise. `expiredGraceSeconds` accepts a token that expired at most
   * that long ago (renewal of an expired session token).
   */
  verify(
    kind: TokenKind,
    token: string,
    options?: { expiredGraceSeconds?: number },
  ): Promise<VerifiedToken | null>;
};

/** Creates the signer and verifier over one HMAC secret; `issuer` is PUBLIC_ORIGIN. */
export function createTokenService(secret: string, issuer: string): TokenService {
  // Imported once: given the raw bytes, jose imports a WebCrypto key on every sign and verify.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign(kind, { subject, jti, expiresAt, issuedAt = new Date(), claims = {} }) {
      return (
        new SignJWT({ ...claims, kind })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setIssuer(issuer)
          .setAudience(tokenAudiences[kind])
          .setSubject(subject)
          .setJti(jti)
          // The caller's clock reading, so that exp - iat is exactly the lifetime it meant.
          .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
          .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
          .sign(await key)
      );
    },
    async verify(kind, token, options = {}) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ALGORITHMS,
          issuer,
          audience: tokenAudiences[kind],
          requiredClaims: ['sub', 'jti', 'exp', 'iat'],
          clockTolerance: options.expiredGraceSeconds ?? 0,
        });
        if (payload.kind !== kind) {
          return null;
        }
        return payload as VerifiedToken;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) {
          return null;
        }
        throw error;
      }
    },
  };
}
