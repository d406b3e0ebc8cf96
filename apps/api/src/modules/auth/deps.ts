import type { AppConfig } from '../../config/config.js';
import type { Database } from '../../db/client.js';
import type { OutgoingEmail, OutgoingSms } from '../outbox/service.js';
import type { AuthSessionRow, AuthTokenRow } from './repository.js';
import type { SecurityLog } from './security-log.js';
import type { TokenService } from './tokens.js';

/** What the sign-in services need; built once by the auth plugin and decorated as `app.auth`. */
export type AuthDeps = {
  db: Database;
  config: AppConfig;
  tokens: TokenService;
  /** The outbox (`app.outbox`), looked up when a message is sent so plugin order does not matter. */
  messenger: () => {
    sendEmail(message: OutgoingEmail): Promise<void>;
    sendSms(message: OutgoingSms): Promise<void>;
  };
  securityLog: SecurityLog;
  /** HMAC key for stored code hashes (derived from the signing secret). */
  codeKey: string;
  /**
   * The permission names a user holds now, through the answer cache (modules/auth/permission-cache.ts)
   * when the app has one; read from the database otherwise.
   */
  permissionsOf?: (organisationId: number, userId: number) => Promise<string[]>;
  /**
   * A token's row with its sign-in's, through the answer cache (modules/auth/session-cache.ts) when
   * the app has one; read from the database otherwise.
   */
  sessionOf?: (
    organisationId: number,
    jti: string,
  ) => Promise<{ token: AuthTokenRow; session: AuthSessionRow } | null>;
};

/** Who is asking, for the security log and rate limits; never the body. */
/** Who sent a request: for the security log. `requestId` lets the log tell whether a request's refusal was recorded. */
export type RequestMeta = { ip: string; userAgent: string | null; requestId?: string };

/** Lifetimes and limits of the sign-in factors (applicant-flow §9 and the issue). */
export const AUTH_LIMITS = {
  /** Emailed and texted codes, and the interim token that carries the pending sign-in. */
  codeTtlSeconds: 10 * 60,
  /** Wrong tries after which a challenge is dead. */
  maxCodeAttempts: 5,
  magicLinkTtlSeconds: 10 * 60,
  loginLinkTtlSeconds: 5 * 60,
  passwordResetTtlSeconds: 60 * 60,
  trustedDeviceTtlSeconds: 30 * 24 * 60 * 60,
  /** A refresh that lost a race within this window is told to retry rather than refused. */
  refreshRaceGraceSeconds: 30,
  ssoStateTtlSeconds: 10 * 60,
} as const;
