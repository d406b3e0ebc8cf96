import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertPrimaryPhone } from '../users/repository.js';
import {
  authSessions,
  authTokens,
  twoFactorChallenges,
  userEmailAddresses,
  userPhoneNumbers,
} from '../../db/schema/index.js';

/** A pending email or phone change: a `two_factor_challenges` row of purpose `contact_change`. */
export type ContactChangeRow = typeof twoFactorChallenges.$inferSelect;

/** What a contact change replaces; the code goes by email for an address, by SMS for a number. */
export type ContactKind = 'email' | 'phone';

const channelOf = (kind: ContactKind) => (kind === 'email' ? 'email' : 'sms');

/** The live (unused, unexpired) pending change of one kind of the user's, newest first. */
function openChanges(organisationId: number, userId: number, kind: ContactKind) {
  return and(
    eq(twoFactorChallenges.organisationId, organisationId),
    eq(twoFactorChallenges.userId, userId),
    eq(twoFactorChallenges.purpose, 'contact_change'),
    eq(twoFactorChallenges.method, channelOf(kind)),
    isNull(twoFactorChallenges.consumedAt),
  );
}

/** The user's newest live pending change of `kind`, or null. */
export async function findOpenContactChange(
  db: Executor,
  organisationId: number,
  userId: number,
  kind: ContactKind,
  now: Date,
): Promise<ContactChangeRow | null> {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(and(openChanges(organisationId, userId, kind), gt(twoFactorChallenges.expiresAt, now)))
    .orderBy(desc(twoFactorChallenges.createdAt))
    .limit(1);
  return row ?? null;
}

/** Closes the user's pending changes of `kind`: a new code replaces the old (the other kind's stays). */
export async function closeOpenContactChanges(
  db: Executor,
  organisationId: number,
  userId: number,
  kind: ContactKind,
  now: Date,
): Promise<void> {
  await db
    .update(twoFactorChallenges)
    .set({ consumedAt: now })
    .where(openChanges(organisationId, userId, kind));
}

/** The user's primary phone number (or the first, when none is marked primary), or null. */
export async function findPrimaryPhone(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<{ id: number; phoneNumber: string; countryCode: string } | null> {
  const [row] = await db
    .select({
      id: userPhoneNumbers.id,
      phoneNumber: userPhoneNumbers.phoneNumber,
      countryCode: userPhoneNumbers.countryCode,
    })
    .from(userPhoneNumbers)
    .where(and(eq(userPhoneNumbers.organisationId, organisationId), eq(userPhoneNumbers.userId, userId)))
    .orderBy(desc(userPhoneNumbers.primary), userPhoneNumbers.id)
    .limit(1);
  return row ?? null;
}

/**
 * Puts `email` in place of the user's primary address (the one sign-in and messages use), or
 * adds it as primary when the user has none. The unique index refuses an address another user
 * holds.
 */
export async function replacePrimaryEmail(
  db: Executor,
  organisationId: number,
  userId: number,
  email: string,
  now: Date,
): Promise<void> {
  const [current] = await db
    .select({ id: userEmailAddresses.id })
    .from(userEmailAddresses)
    .where(and(eq(userEmailAddresses.organisationId, organisationId), eq(userEmailAddresses.userId, userId)))
    .orderBy(desc(userEmailAddresses.primary), userEmailAddresses.id)
    .limit(1);
  if (current) {
    await db
      .update(userEmailAddresses)
      .set({ email, primary: true, updatedAt: now })
      .where(
        and(eq(userEmailAddresses.id, current.id), eq(userEmailAddresses.organisationId, organisationId)),
      );
    return;
  }
  await db.insert(userEmailAddresses).values({ organisationId, userId, email, primary: true });
}

/**
 * Puts the number in place of the user's primary one, keeping its primary and SMS flags; a user
 * without a number gets it as primary and for SMS (it has just received one).
 */
export async function replacePrimaryPhone(
  db: Executor,
  organisationId: number,
  userId: number,
  phone: { number: string; region: string },
  now: Date,
): Promise<void> {
  const current = await findPrimaryPhone(db, organisationId, userId);
  if (current) {
    await db
      .update(userPhoneNumbers)
      .set({ phoneNumber: phone.number, countryCode: phone.region, primary: true, updatedAt: now })
      .where(and(eq(userPhoneNumbers.id, current.id), eq(userPhoneNumbers.organisationId, organisationId)));
    return;
  }
  await insertPrimaryPhone(db, organisationId, userId, phone);
}

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
