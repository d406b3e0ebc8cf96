import { getTableName } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deletedFrom } from '../../db/write-watch.js';
import { authSessions, authTokens, users } from '../../db/schema/index.js';
import type { AnswerCache } from '../../plugins/answer-cache.js';
import { findTokenWithSession } from './repository.js';

/**
 * Every table a token-with-session look-up reads (`findTokenWithSession`), and the deletion of
 * `users` rows, which removes a person's sign-ins by cascade (which the write watch does not see as
 * a write to them); a new person or a changed one changes no sign-in. All are scoped answer-cache
 * tables (`SCOPED_ANSWER_TABLES`): a committed write to one (a sign-in, a renewal, a sign-out, a
 * revocation, a recorded use) forgets every kept look-up, in every process, before the writer is
 * answered.
 */
export const SESSION_TABLES: readonly string[] = [
  ...[authTokens, authSessions].map((table) => getTableName(table)),
  deletedFrom(getTableName(users)),
];

/** The answer-cache key of one token's look-up. */
export function sessionKey(organisationId: number, jti: string): string {
  return `session:${String(organisationId)}:${jti}`;
}

type TokenWithSession = Awaited<ReturnType<typeof findTokenWithSession>>;

/**
 * `findTokenWithSession` through the answer cache: every signed-in request presents its token, and
 * the look-up was half the statements of a catalogue page. A revocation is a committed write to
 * these tables, so it is refused by the next request in every process; expiry and idleness are
 * still decided against the clock on each use. The kept rows are frozen: every request of the
 * token shares them.
 */
export function cachedTokenWithSession(
  cache: AnswerCache,
  db: Executor,
): (organisationId: number, jti: string) => Promise<TokenWithSession> {
  return (organisationId, jti) =>
    cache.remember(
      sessionKey(organisationId, jti),
      async () => {
        const found = await findTokenWithSession(db, organisationId, jti);
        return found
          ? Object.freeze({ token: Object.freeze(found.token), session: Object.freeze(found.session) })
          : null;
      },
      { tables: SESSION_TABLES },
    );
}
