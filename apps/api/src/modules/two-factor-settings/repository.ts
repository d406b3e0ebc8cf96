import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  authSessions,
  authTokens,
  roleProfiles,
  trustedDevices,
  twoFactorChallenges,
  userRoles,
  users,
  type TwoFactorMethod,
} from '../../db/schema/index.js';

export type SettingsChallengeRow = typeof twoFactorChallenges.$inferSelect;

/** Display names of the user's current roles whose profile enforces two-factor sign-in. */
export async function findEnforcingRoleNames(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: roleProfiles.displayName })
    .from(userRoles)
    .innerJoin(roleProfiles, eq(roleProfiles.id, userRoles.roleProfileId))
    .where(
      and(
        eq(userRoles.organisationId, organisationId),
        eq(userRoles.userId, userId),
        eq(roleProfiles.enforceTwoFactor, true),
        // Same rule as sign-in: a role counts until the day after its end date.
        sql`(${userRoles.endDate} is null or ${userRoles.endDate} >= current_date)`,
      ),
    )
    .orderBy(roleProfiles.displayName);
  return rows.map((row) => row.name);
}

/** The user's newest open (unused, unexpired) two-factor set-up or disable challenge. */
export async function findOpenSettingsChallenge(
  db: Executor,
  organisationId: number,
  userId: number,
  now: Date,
): Promise<SettingsChallengeRow | null> {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.organisationId, organisationId),
        eq(twoFactorChallenges.userId, userId),
        eq(twoFactorChallenges.purpose, 'settings'),
        isNull(twoFactorChallenges.consumedAt),
        gt(twoFactorChallenges.expiresAt, now),
      ),
    )
    .orderBy(desc(twoFactorChallenges.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Writes the user's two-factor settings and marks their credentials changed, which voids every
 * trusted-device token issued before.
 */
export async function updateTwoFactorSettings(
  db: Executor,
  organisationId: number,
  userId: number,
  values: { enabled: boolean; method: TwoFactorMethod | null; secret: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      twoFactorEnabled: values.enabled,
      twoFactorMethod: values.method,
      twoFactorSecret: values.secret,
      credentialsChangedAt: now,
    })
    .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)));
}

/** Ends every open sign-in of the user except `keepSessionId` (the one making the change). */
export async function revokeOtherSessions(
  db: Executor,
  organisationId: number,
  userId: number,
  keepSessionId: string | undefined,
  now: Date,
): Promise<number> {
  const open = await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: 'two_factor_changed' })
    .where(
      and(
        eq(authSessions.organisationId, organisationId),
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        keepSessionId ? ne(authSessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  if (open.length > 0) {
    await db
      .update(authTokens)
      .set({ revokedAt: now })
      .where(
        and(
          inArray(
            authTokens.sessionId,
            open.map((row) => row.id),
          ),
          isNull(authTokens.revokedAt),
        ),
      );
  }
  return open.length;
}

export type TrustedDeviceRow = typeof trustedDevices.$inferSelect;

/** One trusted computer of the user (live or not), or null. */
export async function findTrustedDevice(
  db: Executor,
  organisationId: number,
  userId: number,
  id: string,
): Promise<TrustedDeviceRow | null> {
  const [row] = await db
    .select()
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.organisationId, organisationId),
        eq(trustedDevices.userId, userId),
        eq(trustedDevices.id, id),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Forgets one trusted computer of the user (its token stops working). */
export async function revokeTrustedDevice(
  db: Executor,
  organisationId: number,
  userId: number,
  id: string,
  now: Date,
): Promise<void> {
  await db
    .update(trustedDevices)
    .set({ revokedAt: now })
    .where(
      and(
        eq(trustedDevices.organisationId, organisationId),
        eq(trustedDevices.userId, userId),
        eq(trustedDevices.id, id),
        isNull(trustedDevices.revokedAt),
      ),
    );
}
