import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { authSessions, authTokens } from '../../db/schema/index.js';

/**
 * Ends the user's open sign-ins and their tokens, except `keepSessionId` when given (the one
 * making the change); answers how many ended.
 */
export async function revokeSessionsOfUser(
  db: Executor,
  organisationId: number,
  userId: number,
  input: { keepSessionId?: string | undefined; reason: string; now: Date },
): Promise<number> {
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: input.now, revokedReason: input.reason })
    .where(
      and(
        eq(authSessions.organisationId, organisationId),
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        input.keepSessionId ? ne(authSessions.id, input.keepSessionId) : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  if (ended.length > 0) {
    await db
      .update(authTokens)
      .set({ revokedAt: input.now })
      .where(
        and(
          eq(authTokens.organisationId, organisationId),
          inArray(
            authTokens.sessionId,
            ended.map((row) => row.id),
          ),
          isNull(authTokens.revokedAt),
        ),
      );
  }
  return ended.length;
}
