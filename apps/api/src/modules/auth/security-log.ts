import type { Logger } from 'pino';
import type { Executor } from '../../db/client.js';
import { insertSecurityLog, type SecurityLogInsert } from './repository.js';
import type { RequestMeta } from './deps.js';

export type SecurityEventName =
  | 'sign_in'
  | 'two_factor_sent'
  | 'two_factor'
  | 'code_replayed'
  | 'token_replayed'
  | 'token_refreshed'
  | 'logout'
  | 'authorisation_failed'
  | 'rate_limited'
  | 'password_reset_requested'
  | 'password_reset'
  | 'login_link'
  | 'magic_link'
  | 'mobile_code_requested'
  | 'sso'
  | 'two_factor_settings'
  | 'contact_change';

export type SecurityEvent = {
  event: SecurityEventName;
  outcome: 'success' | 'failure';
  organisationId?: number | null;
  userId?: number | null;
  /** The factor used or attempted: `password`, `email`, `sms`, `auth_app`, `magic_link`, `sso`, ... */
  factor?: string | null;
  /** Short, secret-free facts: a reason code, a route, a method. */
  details?: Record<string, string | number | boolean | null>;
  meta?: RequestMeta;
};

export type SecurityLog = {
  record(event: SecurityEvent): Promise<void>;
  /**
   * The row `record` would write, for a caller that writes it in a statement of its own (a
   * sign-in's session and its log row together); it then calls {@link SecurityLog.announce}.
   */
  rowOf(event: SecurityEvent): SecurityLogInsert;
  /** The log line of an event whose row the caller has written, and its refusal bookkeeping. */
  announce(event: SecurityEvent): void;
  /** True when a refusal (outcome failure) was recorded for the request with this id. */
  refusalRecorded(requestId: string): boolean;
  /** Forgets the request (it has been answered). */
  forget(requestId: string): void;
};

/** Most requests in flight remembered as having a recorded refusal (a bound, should answers go missing). */
const REQUESTS_REMEMBERED = 10_000;

/**
 * The security log: each event becomes a `security_log` row and one line on the `security`
 * child logger. Callers pass ids and reason codes only; no password, code or token is ever
 * given to it.
 */
export function createSecurityLog(
  db: Executor,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
): SecurityLog {
  const refused = new Set<string>();
  const rowOf = (event: SecurityEvent): SecurityLogInsert => ({
    organisationId: event.organisationId ?? null,
    userId: event.userId ?? null,
    event: event.event,
    outcome: event.outcome,
    factor: event.factor ?? null,
    ip: event.meta?.ip ?? null,
    userAgent: event.meta?.userAgent?.slice(0, 500) ?? null,
    details: event.details ?? null,
  });
  const announce = (event: SecurityEvent): void => {
    if (event.outcome === 'failure' && event.meta?.requestId) {
      if (refused.size >= REQUESTS_REMEMBERED) {
        refused.clear();
      }
      refused.add(event.meta.requestId);
    }
    const line = {
      event: event.event,
      outcome: event.outcome,
      organisation_id: event.organisationId ?? null,
      user_id: event.userId ?? null,
      factor: event.factor ?? null,
      ip: event.meta?.ip ?? null,
      ...(event.details ? { details: event.details } : {}),
    };
    if (event.outcome === 'success') {
      logger.info(line, `security: ${event.event}`);
    } else {
      logger.warn(line, `security: ${event.event} refused`);
    }
  };
  return {
    refusalRecorded(requestId) {
      return refused.has(requestId);
    },
    forget(requestId) {
      refused.delete(requestId);
    },
    rowOf,
    announce,
    async record(event) {
      announce(event);
      try {
        await insertSecurityLog(db, rowOf(event));
      } catch (error) {
        // The log line above already holds the event; a failed row must not turn a 401 into a 500.
        logger.error({ err: error, event: event.event }, 'security log row not written');
      }
    },
  };
}
