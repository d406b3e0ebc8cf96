import { createSigner, createVerifier, TokenError } from 'fast-jwt';

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
const ALGORITHM = 'HS256';

/** Claims every token must carry; the issuer and audience checks apply only to claims present. */
const REQUIRED_CLAIMS = ['iss', 'aud', 'sub', 'jti', 'exp', 'iat'];

export type VerifiedToken = Record<string, unknown> & {
  iss?: string;
  aud?: string | string[];
  nbf?: number;
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

/**
 * Creates the signer and verifier over one HMAC secret; `issuer` is PUBLIC_ORIGIN. fast-jwt signs
 * and checks HS256 with node:crypto in the calling thread; jose's WebCrypto HMAC is a job on
 * libuv's thread pool in Node 20, a round trip that cost a full submit a seventh of its throughput
 * (docs/performance.md, "30 Nov (second session)"). The tokens are the same standard JWTs.
 */
export function createTokenService(secret: string, issuer: string): TokenService {
  const signer = createSigner({ key: secret, algorithm: ALGORITHM });
  // One verifier per kind and grace period (a handful in all), each bound to the kind's audience.
  const verifiers = new Map<string, (token: string) => Record<string, unknown>>();
  const verifierFor = (kind: TokenKind, graceSeconds: number) => {
    const name = `${kind}:${graceSeconds}`;
    let verifier = verifiers.get(name);
    if (!verifier) {
      verifier = createVerifier({
        key: secret,
        algorithms: [ALGORITHM],
        allowedIss: issuer,
        allowedAud: tokenAudiences[kind],
        requiredClaims: REQUIRED_CLAIMS,
        clockTolerance: graceSeconds * 1000,
      }) as (token: string) => Record<string, unknown>;
      verifiers.set(name, verifier);
    }
    return verifier;
  };
  return {
    async sign(kind, { subject, jti, expiresAt, issuedAt = new Date(), claims = {} }) {
      return signer({
        ...claims,
        kind,
        iss: issuer,
        aud: tokenAudiences[kind],
        sub: subject,
        jti,
        // The caller's clock reading, so that exp - iat is exactly the lifetime it meant.
        iat: Math.floor(issuedAt.getTime() / 1000),
        exp: Math.floor(expiresAt.getTime() / 1000),
      });
    },
    async verify(kind, token, options = {}) {
      try {
        const payload = verifierFor(kind, options.expiredGraceSeconds ?? 0)(token);
        return payload.kind === kind ? (payload as VerifiedToken) : null;
      } catch (error) {
        if (error instanceof TokenError) {
          return null;
        }
        throw error;
      }
    },
  };
}
