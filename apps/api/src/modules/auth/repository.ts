import {
  and,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  max,
  notExists,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { union, type AnyPgColumn, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { write, type Writer } from '../../db/write-batch.js';
import { oncePerHandle } from '../../db/once-per-handle.js';
import {
  authSessions,
  authTokens,
  organisations,
  permissionGroupPermissions,
  permissions,
  recoveryCodes,
  roleProfilePermissionGroups,
  roleProfiles,
  rolePermissionGrants,
  securityLog,
  singleUseTokens,
  ssoStates,
  trustedDevices,
  twoFactorChallenges,
  userDeniedPermissions,
  userEmailAddresses,
  userPermissionGroups,
  userPermissions,
  userPhoneNumbers,
  userRoles,
  users,
  usedTotpSteps,
  type ChallengePurpose,
  type SingleUseTokenKind,
} from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type AuthSessionRow = typeof authSessions.$inferSelect;
export type AuthTokenRow = typeof authTokens.$inferSelect;
export type AuthTokenInsert = typeof authTokens.$inferInsert;
export type ChallengeRow = typeof twoFactorChallenges.$inferSelect;
export type SingleUseTokenRow = typeof singleUseTokens.$inferSelect;
export type SsoStateRow = typeof ssoStates.$inferSelect;
export type SecurityLogInsert = typeof securityLog.$inferInsert;

/** A role grants its permissions until the day after its end date. */
const activeRole = sql`(${userRoles.endDate} is null or ${userRoles.endDate} >= current_date)`;

// ---------------------------------------------------------------- query parts shared below

/** Tables whose rows work once: a challenge, a single-use link, an SSO state. */
type SingleUseTable = typeof twoFactorChallenges | typeof singleUseTokens | typeof ssoStates;

/** Row `id` of the organisation: a lookup by id never reaches another tenant's row. */
function rowOf(
  table: { id: AnyPgColumn; organisationId: AnyPgColumn },
  organisationId: number | Placeholder,
  id: number | string | Placeholder,
): SQL | undefined {
  return and(eq(table.id, id), eq(table.organisationId, organisationId));
}

/** Rows of one user of the organisation. */
function rowsOfUser(
  table: { organisationId: AnyPgColumn; userId: AnyPgColumn },
  organisationId: number,
  userId: number,
): SQL | undefined {
  return and(eq(table.organisationId, organisationId), eq(table.userId, userId));
}

/** Still usable at `now`: neither used nor expired. */
function live(table: SingleUseTable, now: Date): SQL | undefined {
  return and(isNull(table.consumedAt), gt(table.expiresAt, now));
}

/** The first row a query answers, or null. */
async function firstOrNull<T>(query: PromiseLike<T[]>): Promise<T | null> {
  const [row] = await query;
  return row ?? null;
}

/**
 * Marks the rows matching `match` used, only while they are live: the one atomic step that lets
 * exactly one of two racing callers have a single-use row. Chain `.returning()` to learn whether
 * this caller won.
 */
function consumeLive<T extends SingleUseTable>(db: Executor, table: T, match: SQL | undefined, now: Date) {
  return (
    db
      .update(table)
      // Every single-use table has `consumedAt`; TypeScript cannot see that through the generic.
      .set({ consumedAt: now } as PgUpdateSetSource<T>)
      .where(and(match, live(table, now)))
  );
}

/** Marks a user's unused rows matching `match` used (a new code or link replaces the old ones). */
async function closeUnused(
  db: Executor,
  table: typeof twoFactorChallenges | typeof singleUseTokens,
  organisationId: number,
  userId: number,
  match: SQL,
  now: Date,
): Promise<void> {
  await db
    .update(table)
    .set({ consumedAt: now })
    .where(and(rowsOfUser(table, organisationId, userId), match, isNull(table.consumedAt)));
}

/** Changes columns of one user of the organisation. */
async function updateUser(
  db: Executor,
  organisationId: number,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db
    .update(users)
    .set(values)
    .where(rowOf(users, organisationId, userId));
}

/** Revokes the sessions matching `match` that are still open; chain `.returning()` for which. */
function revokeOpenSessions(db: Executor, match: SQL | undefined, reason: string, now: Date) {
  return db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(match, isNull(authSessions.revokedAt)));
}

/** Revokes the tokens matching `match` that are still live; chain `.returning()` for which. */
function revokeLiveTokens(
  db: Executor,
  match: SQL | undefined,
  values: { revokedAt: Date; replacedBy?: string },
) {
  return db
    .update(authTokens)
    .set(values)
    .where(and(match, isNull(authTokens.revokedAt)));
}

// ---------------------------------------------------------------- users

/** `users` joined to the address matching the lower-cased `email` (a value or a placeholder), in the organisation. */
function byEmailAddress(organisationId: number | Placeholder, email: string | Placeholder): SQL | undefined {
  return and(
    eq(userEmailAddresses.organisationId, organisationId),
    eq(users.organisationId, organisationId),
    eq(sql`lower(${userEmailAddresses.email})`, email),
  );
}

/** The user holding `email` in the organisation (emails are unique per organisation, case-insensitive). */
export async function findUserByEmail(
  db: Executor,
  organisationId: number,
  email: string,
): Promise<UserRow | null> {
  const row = await firstOrNull(
    db
      .select({ user: users })
      .from(userEmailAddresses)
      .innerJoin(users, eq(users.id, userEmailAddresses.userId))
      .where(byEmailAddress(organisationId, email.toLowerCase()))
      .limit(1),
  );
  return row?.user ?? null;
}

/**
 * The user's active roles whose profile enforces two-factor; `userId` is a value, or the outer
 * query's column when this is a subquery.
 */
function rolesEnforcingTwoFactor(
  db: Executor,
  organisationId: number | Placeholder,
  userId: number | AnyPgColumn,
) {
  return db
    .select({ id: userRoles.id })
    .from(userRoles)
    .innerJoin(roleProfiles, eq(roleProfiles.id, userRoles.roleProfileId))
    .where(
      and(
        eq(userRoles.organisationId, organisationId),
        eq(userRoles.userId, userId),
        eq(roleProfiles.enforceTwoFactor, true),
        activeRole,
      ),
    );
}

const signInUserQuery = oncePerHandle((db) => {
  const organisationId = sql.placeholder('organisationId');
  return db
    .select({
      user: users,
      roleEnforcesTwoFactor: exists(rolesEnforcingTwoFactor(db, organisationId, users.id)).mapWith(Boolean),
    })
    .from(userEmailAddresses)
    .innerJoin(users, eq(users.id, userEmailAddresses.userId))
    .where(byEmailAddress(organisationId, sql.placeholder('email')))
    .limit(1)
    .prepare('find_sign_in_user');
});

/**
 * The user holding `email` for a password sign-in, with whether one of their active roles
 * enforces two-factor (`hasRoleEnforcingTwoFactor`): one round trip for both.
 */
export async function findSignInUser(
  db: Executor,
  organisationId: number,
  email: string,
): Promise<{ user: UserRow; roleEnforcesTwoFactor: boolean } | null> {
  const [row] = await signInUserQuery(db).execute({ organisationId, email: email.toLowerCase() });
  return row ?? null;
}

const emailHolderQuery = oncePerHandle((db) =>
  db
    .select({ hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean) })
    .from(userEmailAddresses)
    .innerJoin(users, eq(users.id, userEmailAddresses.userId))
    .where(byEmailAddress(sql.placeholder('organisationId'), sql.placeholder('email')))
    .limit(1)
    .prepare('find_email_holder'),
);

/**
 * Whether an account of the organisation holds `email`, and whether it has a password: all the
 * existing-user check of the application form tells, read without the user's row.
 */
export async function findEmailHolder(
  db: Executor,
  organisationId: number,
  email: string,
): Promise<{ hasPassword: boolean } | null> {
  const [row] = await emailHolderQuery(db).execute({ organisationId, email: email.toLowerCase() });
  return row ?? null;
}

const userByIdQuery = oncePerHandle((db) =>
  db
    .select()
    .from(users)
    .where(rowOf(users, sql.placeholder('organisationId'), sql.placeholder('userId')))
    .limit(1)
    .prepare('find_user_by_id'),
);

/**
 * One user of the organisation. A named prepared statement: a signed-in submit and many other
 * routes read the caller's row on every request.
 */
export async function findUserById(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<UserRow | null> {
  return firstOrNull(userByIdQuery(db).execute({ organisationId, userId }));
}

/** The user's primary email address (or any, when none is marked primary). */
export async function findPrimaryEmail(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<string | null> {
  const row = await firstOrNull(
    db
      .select({ email: userEmailAddresses.email })
      .from(userEmailAddresses)
      .where(rowsOfUser(userEmailAddresses, organisationId, userId))
      .orderBy(desc(userEmailAddresses.primary), userEmailAddresses.id)
      .limit(1),
  );
  return row?.email ?? null;
}

/** The number marked for SMS, or null. */
export async function findDefaultSmsNumber(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<string | null> {
  const row = await firstOrNull(
    db
      .select({ phoneNumber: userPhoneNumbers.phoneNumber })
      .from(userPhoneNumbers)
      .where(and(rowsOfUser(userPhoneNumbers, organisationId, userId), eq(userPhoneNumbers.defaultSms, true)))
      .orderBy(userPhoneNumbers.id)
      .limit(1),
  );
  return row?.phoneNumber ?? null;
}

/**
 * The query behind `loadPermissionNames`, with the organisation and the user as placeholders: a
 * union of the four grant paths (each an index lookup by user, then by role profile or group
 * primary key) filtered by an anti-join on the denials.
 */
function permissionNamesQuery(db: Executor) {
  const organisationId = sql.placeholder('organisationId');
  const userId = sql.placeholder('userId');
  const ofUser = and(eq(userRoles.organisationId, organisationId), eq(userRoles.userId, userId));
  const viaRoles = db
    .select({ permissionId: rolePermissionGrants.permissionId })
    .from(userRoles)
    .innerJoin(rolePermissionGrants, eq(rolePermissionGrants.roleProfileId, userRoles.roleProfileId))
    .where(and(ofUser, activeRole));
  const viaRoleGroups = db
    .select({ permissionId: permissionGroupPermissions.permissionId })
    .from(userRoles)
    .innerJoin(
      roleProfilePermissionGroups,
      eq(roleProfilePermissionGroups.roleProfileId, userRoles.roleProfileId),
    )
    .innerJoin(
      permissionGroupPermissions,
      eq(permissionGroupPermissions.permissionGroupId, roleProfilePermissionGroups.permissionGroupId),
    )
    .where(and(ofUser, activeRole, eq(roleProfilePermissionGroups.organisationId, organisationId)));
  const direct = db
    .select({ permissionId: userPermissions.permissionId })
    .from(userPermissions)
    .innerJoin(users, eq(users.id, userPermissions.userId))
    .where(and(eq(userPermissions.userId, userId), eq(users.organisationId, organisationId)));
  const viaUserGroups = db
    .select({ permissionId: permissionGroupPermissions.permissionId })
    .from(userPermissionGroups)
    .innerJoin(
      permissionGroupPermissions,
      eq(permissionGroupPermissions.permissionGroupId, userPermissionGroups.permissionGroupId),
    )
    .where(
      and(eq(userPermissionGroups.organisationId, organisationId), eq(userPermissionGroups.userId, userId)),
    );
  const denied = db
    .select({ one: sql`1` })
    .from(userDeniedPermissions)
    .where(
      and(eq(userDeniedPermissions.userId, userId), eq(userDeniedPermissions.permissionId, permissions.id)),
    );
  return db
    .select({ name: permissions.name })
    .from(permissions)
    .where(
      and(inArray(permissions.id, union(viaRoles, viaRoleGroups, direct, viaUserGroups)), notExists(denied)),
    )
    .orderBy(permissions.name)
    .prepare('load_permission_names');
}

/**
 * The prepared permission query of each database handle. It runs on every signed-in request, and
 * planning its unions costs several times executing them: a named prepared statement is planned
 * once per connection, and the query is built once per handle rather than per request.
 */
const permissionNamesQueries = oncePerHandle(permissionNamesQuery);

/**
 * Permission names the user holds (platform-foundation §6, deny by default): granted by an active
 * role's profile, by a group such a profile holds, directly, or by a group the user holds
 * directly, minus the user's denials, which override every grant. One round trip, since the auth
 * plugin runs it on every signed-in request. A user of another organisation holds nothing.
 */
export async function loadPermissionNames(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<string[]> {
  const rows = await permissionNamesQueries(db).execute({ organisationId, userId });
  return rows.map((row) => row.name);
}

/** True when one of the user's active roles enforces two-factor sign-in. */
export async function hasRoleEnforcingTwoFactor(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<boolean> {
  return (await firstOrNull(rolesEnforcingTwoFactor(db, organisationId, userId).limit(1))) !== null;
}

/** Sets a new password hash and voids trusted devices issued before now. */
export async function updatePasswordHash(
  db: Executor,
  organisationId: number,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await updateUser(db, organisationId, userId, { passwordHash, credentialsChangedAt: now });
}

/** Records the user's latest activity (heartbeat). */
export async function touchLastActivity(
  db: Executor,
  organisationId: number,
  userId: number,
  at: Date,
): Promise<void> {
  await updateUser(db, organisationId, userId, { lastActivityAt: at });
}

/** The user linked to a single sign-on subject. */
export async function findUserBySsoSubject(
  db: Executor,
  organisationId: number,
  subject: string,
): Promise<UserRow | null> {
  return firstOrNull(
    db
      .select()
      .from(users)
      .where(and(eq(users.organisationId, organisationId), eq(users.ssoSubject, subject)))
      .limit(1),
  );
}

/** Links a user to a single sign-on subject; such a user has no password from then on. */
export async function linkSsoSubject(
  db: Executor,
  organisationId: number,
  userId: number,
  subject: string,
  now: Date,
) {
  await updateUser(db, organisationId, userId, {
    ssoSubject: subject,
    passwordHash: null,
    credentialsChangedAt: now,
  });
}

/**
 * Organisations an email address has an account with (mobile sign-in asks before it knows the
 * organisation, so this one lookup spans organisations by design; it returns names only).
 */
export async function findOrganisationsForEmail(
  db: Executor,
  email: string,
): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectDistinct({ id: organisations.id, name: organisations.name })
    .from(userEmailAddresses)
    .innerJoin(organisations, eq(organisations.id, userEmailAddresses.organisationId))
    .where(eq(sql`lower(${userEmailAddresses.email})`, email.toLowerCase()))
    .orderBy(organisations.name, organisations.id);
}

// ---------------------------------------------------------------- sessions and tokens

export async function insertToken(db: Executor, row: AuthTokenInsert): Promise<void> {
  await db.insert(authTokens).values(row);
}

/**
 * A new sign-in with its first token, in one statement (the session's insert as a data-modifying
 * `with`): atomic without a transaction, one round trip instead of four. With `logRow`, the
 * security log's row of the sign-in goes in the same statement: one round trip fewer for every
 * sign-in, and no session is kept without its log row.
 */
export async function insertSessionWithToken(
  db: Executor,
  session: AuthSessionInsert,
  token: SessionTokenInsert,
  logRow?: SecurityLogInsert,
): Promise<void> {
  const values = {
    sessionId: session.id,
    organisationId: session.organisationId,
    userId: session.userId,
    factors: session.factors,
    createdAt: session.createdAt ?? new Date(),
    sessionExpiresAt: session.expiresAt,
    lastSeenAt: session.lastSeenAt ?? new Date(),
    tokenId: token.id,
    issuedAt: token.issuedAt ?? new Date(),
    tokenExpiresAt: token.expiresAt,
  };
  if (logRow) {
    await sessionWithTokenAndLogInsert(db).execute({ ...values, ...securityLogValues('log', logRow) });
  } else {
    await sessionWithTokenInsert(db).execute(values);
  }
}

/** A new sign-in's session and first token: what `insertSessionWithToken` writes. */
type AuthSessionInsert = Pick<
  typeof authSessions.$inferInsert,
  'id' | 'organisationId' | 'userId' | 'factors' | 'createdAt' | 'expiresAt' | 'lastSeenAt'
>;
type SessionTokenInsert = Pick<AuthTokenInsert, 'id' | 'issuedAt' | 'expiresAt'>;

/** The statement of `insertSessionWithToken`, with or without the security log's row. */
function sessionWithTokenStatement(db: Executor, withLog: boolean) {
  const newSession = db.$with('new_session').as(
    db.insert(authSessions).values({
      id: sql.placeholder('sessionId'),
      organisationId: sql.placeholder('organisationId'),
      userId: sql.placeholder('userId'),
      factors: sql.placeholder('factors'),
      createdAt: sql.placeholder('createdAt'),
      expiresAt: sql.placeholder('sessionExpiresAt'),
      lastSeenAt: sql.placeholder('lastSeenAt'),
    }),
  );
  const ctes = withLog
    ? [newSession, db.$with('new_log').as(db.insert(securityLog).values(securityLogPlaceholders('log')))]
    : [newSession];
  return db
    .with(...ctes)
    .insert(authTokens)
    .values({
      id: sql.placeholder('tokenId'),
      sessionId: sql.placeholder('sessionId'),
      organisationId: sql.placeholder('organisationId'),
      userId: sql.placeholder('userId'),
      issuedAt: sql.placeholder('issuedAt'),
      expiresAt: sql.placeholder('tokenExpiresAt'),
    })
    .prepare(withLog ? 'insert_session_with_token_and_log' : 'insert_session_with_token');
}

// Prepared once per handle: a sign-in's write is built and parsed once, then only executed.
const sessionWithTokenInsert = oncePerHandle((db) => sessionWithTokenStatement(db, false));
const sessionWithTokenAndLogInsert = oncePerHandle((db) => sessionWithTokenStatement(db, true));

/**
 * Records that a sign-in was used at `at`, unless a use less than `intervalMs` before it is already
 * recorded (two requests racing write once).
 */
export async function touchSession(
  db: Executor,
  organisationId: number,
  sessionId: string,
  at: Date,
  intervalMs: number,
): Promise<void> {
  await db
    .update(authSessions)
    .set({ lastSeenAt: at })
    .where(
      and(
        eq(authSessions.organisationId, organisationId),
        eq(authSessions.id, sessionId),
        lt(authSessions.lastSeenAt, new Date(at.getTime() - intervalMs)),
      ),
    );
}

/**
 * The token-with-session look-up of each database handle, prepared: every signed-in request makes
 * it, and building the select of both rows through Drizzle cost more CPU than running it.
 */
const tokenWithSessionQuery = oncePerHandle((db) =>
  db
    .select({ token: authTokens, session: authSessions })
    .from(authTokens)
    .innerJoin(authSessions, eq(authSessions.id, authTokens.sessionId))
    .where(rowOf(authTokens, sql.placeholder('organisationId'), sql.placeholder('jti')))
    .limit(1)
    .prepare('find_token_with_session'),
);

/** A token with its session, for verification and renewal. */
export async function findTokenWithSession(
  db: Executor,
  organisationId: number,
  jti: string,
): Promise<{ token: AuthTokenRow; session: AuthSessionRow } | null> {
  return firstOrNull(tokenWithSessionQuery(db).execute({ organisationId, jti }));
}

/**
 * Revokes `jti` in favour of `replacedBy` only if nobody has revoked it yet: the single atomic
 * step that makes exactly one of two racing renewals win (PostgreSQL re-checks the condition
 * after the competing update commits). Null when it was already revoked.
 */
export async function revokeTokenIfActive(
  db: Executor,
  organisationId: number,
  jti: string,
  replacedBy: string,
  now: Date,
): Promise<AuthTokenRow | null> {
  return firstOrNull(
    revokeLiveTokens(db, rowOf(authTokens, organisationId, jti), { revokedAt: now, replacedBy }).returning(),
  );
}

/** Ends a sign-in: the session and every token of it. */
export async function revokeSession(
  db: Executor,
  organisationId: number,
  sessionId: string,
  reason: string,
  now: Date,
) {
  await revokeOpenSessions(db, rowOf(authSessions, organisationId, sessionId), reason, now);
  await revokeLiveTokens(
    db,
    and(eq(authTokens.sessionId, sessionId), eq(authTokens.organisationId, organisationId)),
    { revokedAt: now },
  );
}

/** Ends every sign-in of a user (password reset). */
export async function revokeUserSessions(
  db: Executor,
  organisationId: number,
  userId: number,
  reason: string,
  now: Date,
) {
  const open = await revokeOpenSessions(
    db,
    rowsOfUser(authSessions, organisationId, userId),
    reason,
    now,
  ).returning({
    id: authSessions.id,
  });
  if (open.length > 0) {
    await revokeLiveTokens(
      db,
      inArray(
        authTokens.sessionId,
        open.map((row) => row.id),
      ),
      { revokedAt: now },
    );
  }
}

// ---------------------------------------------------------------- two-factor challenges

export async function insertChallenge(
  db: Executor,
  row: typeof twoFactorChallenges.$inferInsert,
): Promise<void> {
  await db.insert(twoFactorChallenges).values(row);
}

export async function findChallenge(
  db: Executor,
  organisationId: number,
  id: string,
): Promise<ChallengeRow | null> {
  return firstOrNull(
    db
      .select()
      .from(twoFactorChallenges)
      .where(rowOf(twoFactorChallenges, organisationId, id))
      .limit(1),
  );
}

/** The newest open mobile sign-in challenge of a user. */
export async function findOpenMobileChallenge(
  db: Executor,
  organisationId: number,
  userId: number,
  now: Date,
): Promise<ChallengeRow | null> {
  return firstOrNull(
    db
      .select()
      .from(twoFactorChallenges)
      .where(
        and(
          rowsOfUser(twoFactorChallenges, organisationId, userId),
          eq(twoFactorChallenges.purpose, 'mobile' satisfies ChallengePurpose),
          live(twoFactorChallenges, now),
        ),
      )
      .orderBy(desc(twoFactorChallenges.createdAt))
      .limit(1),
  );
}

/**
 * Counts one try against a challenge, atomically and only while it is open (unused, unexpired,
 * fewer than `maxAttempts` tries). Null when the challenge is dead: concurrent guesses can never
 * exceed the limit.
 */
export async function reserveChallengeAttempt(
  db: Executor,
  organisationId: number,
  id: string,
  maxAttempts: number,
  now: Date,
): Promise<ChallengeRow | null> {
  return firstOrNull(
    db
      .update(twoFactorChallenges)
      .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
      .where(
        and(
          rowOf(twoFactorChallenges, organisationId, id),
          live(twoFactorChallenges, now),
          lt(twoFactorChallenges.attempts, maxAttempts),
        ),
      )
      .returning(),
  );
}

/** Marks a challenge used; false when something else used it first. */
export async function consumeChallenge(
  db: Executor,
  organisationId: number,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await consumeLive(
    db,
    twoFactorChallenges,
    rowOf(twoFactorChallenges, organisationId, id),
    now,
  ).returning({
    id: twoFactorChallenges.id,
  });
  return rows.length === 1;
}

/** Closes a user's other open challenges of one purpose (a new code replaces the old). */
export async function closeOpenChallenges(
  db: Executor,
  organisationId: number,
  userId: number,
  purpose: ChallengePurpose,
  now: Date,
): Promise<void> {
  await closeUnused(
    db,
    twoFactorChallenges,
    organisationId,
    userId,
    eq(twoFactorChallenges.purpose, purpose),
    now,
  );
}

// ---------------------------------------------------------------- authenticator app

/** The latest accepted time step of a user's authenticator, or null. */
export async function latestUsedTotpStep(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<number | null> {
  const row = await firstOrNull(
    db
      .select({ step: max(usedTotpSteps.timeStep) })
      .from(usedTotpSteps)
      .where(rowsOfUser(usedTotpSteps, organisationId, userId)),
  );
  return row?.step ?? null;
}

/** Records an accepted time step; false when it was already recorded (a replay). */
export async function recordUsedTotpStep(
  db: Executor,
  organisationId: number,
  userId: number,
  timeStep: number,
) {
  const rows = await db
    .insert(usedTotpSteps)
    .values({ organisationId, userId, timeStep })
    .onConflictDoNothing()
    .returning({ step: usedTotpSteps.timeStep });
  return rows.length === 1;
}

// ---------------------------------------------------------------- trusted devices

export async function insertTrustedDevice(
  db: Executor,
  row: typeof trustedDevices.$inferInsert,
): Promise<void> {
  await db.insert(trustedDevices).values(row);
}

/** Revokes every live trusted device of a user; answers how many. */
export async function revokeUserTrustedDevices(
  db: Executor,
  organisationId: number,
  userId: number,
  now: Date,
) {
  const rows = await db
    .update(trustedDevices)
    .set({ revokedAt: now })
    .where(and(rowsOfUser(trustedDevices, organisationId, userId), isNull(trustedDevices.revokedAt)))
    .returning({ id: trustedDevices.id });
  return rows.length;
}

/**
 * True when the device record is live: not revoked, not expired, and issued no earlier than the
 * user's last password or two-factor change.
 */
export async function isTrustedDeviceValid(
  db: Executor,
  organisationId: number,
  userId: number,
  deviceId: string,
  now: Date,
): Promise<boolean> {
  const row = await firstOrNull(
    db
      .select({ id: trustedDevices.id })
      .from(trustedDevices)
      .innerJoin(users, eq(users.id, trustedDevices.userId))
      .where(
        and(
          rowOf(trustedDevices, organisationId, deviceId),
          eq(trustedDevices.userId, userId),
          isNull(trustedDevices.revokedAt),
          gt(trustedDevices.expiresAt, now),
          gte(trustedDevices.createdAt, users.credentialsChangedAt),
        ),
      )
      .limit(1),
  );
  return row !== null;
}

// ---------------------------------------------------------------- single-use links

export async function insertSingleUseToken(
  db: Writer,
  row: typeof singleUseTokens.$inferInsert,
): Promise<void> {
  await write(db, (tx) => tx.insert(singleUseTokens).values(row));
}

/** Uses a link once: answers its row only to the first caller, and only while unexpired. */
export async function consumeSingleUseToken(
  db: Executor,
  organisationId: number,
  id: string,
  kind: SingleUseTokenKind,
  now: Date,
): Promise<SingleUseTokenRow | null> {
  return firstOrNull(
    consumeLive(
      db,
      singleUseTokens,
      and(rowOf(singleUseTokens, organisationId, id), eq(singleUseTokens.kind, kind)),
      now,
    ).returning(),
  );
}

/** Voids a user's unused links of one kind (a new reset link replaces the old ones). */
export async function voidSingleUseTokens(
  db: Executor,
  organisationId: number,
  userId: number,
  kind: SingleUseTokenKind,
  now: Date,
): Promise<void> {
  await closeUnused(db, singleUseTokens, organisationId, userId, eq(singleUseTokens.kind, kind), now);
}

// ---------------------------------------------------------------- single sign-on

export async function insertSsoState(db: Executor, row: typeof ssoStates.$inferInsert): Promise<void> {
  await db.insert(ssoStates).values(row);
}

/** Takes an SSO state once (by its hash), while unexpired. */
export async function consumeSsoState(db: Executor, id: string, now: Date): Promise<SsoStateRow | null> {
  return firstOrNull(consumeLive(db, ssoStates, eq(ssoStates.id, id), now).returning());
}

// ---------------------------------------------------------------- security log

export async function insertSecurityLog(db: Executor, row: SecurityLogInsert): Promise<void> {
  await securityLogInsert(db).execute(securityLogValues('', row));
}

const SECURITY_LOG_FIELDS = [
  'organisationId',
  'userId',
  'event',
  'outcome',
  'factor',
  'ip',
  'userAgent',
  'details',
] as const;

type SecurityLogField = (typeof SECURITY_LOG_FIELDS)[number];

/** A security log field's placeholder name: the field, after `prefix_` when a statement holds more. */
function logParam(prefix: string, field: SecurityLogField): string {
  return prefix ? `${prefix}_${field}` : field;
}

/** A security log row of placeholders, named by {@link logParam}. */
function securityLogPlaceholders(prefix: string): Record<SecurityLogField, Placeholder> {
  return Object.fromEntries(
    SECURITY_LOG_FIELDS.map((field) => [field, sql.placeholder(logParam(prefix, field))]),
  ) as Record<SecurityLogField, Placeholder>;
}

/** The values of {@link securityLogPlaceholders} for one row. */
function securityLogValues(prefix: string, row: SecurityLogInsert): Record<string, unknown> {
  return Object.fromEntries(
    SECURITY_LOG_FIELDS.map((field) => [logParam(prefix, field), row[field] ?? null]),
  );
}

// Prepared once per handle: every sign-in and refusal writes one of these.
const securityLogInsert = oncePerHandle((db) =>
  db.insert(securityLog).values(securityLogPlaceholders('')).prepare('insert_security_log'),
);

/** Security log rows of an organisation, newest first (tests and future admin screens). */
export async function listSecurityLog(db: Executor, organisationId: number, filter: { event?: string } = {}) {
  return db
    .select()
    .from(securityLog)
    .where(
      and(
        eq(securityLog.organisationId, organisationId),
        filter.event === undefined ? undefined : eq(securityLog.event, filter.event),
      ),
    )
    .orderBy(desc(securityLog.id));
}

// ---------------------------------------------------------------- recovery codes

export type RecoveryCodeRow = typeof recoveryCodes.$inferSelect;

/** Replaces every recovery code of a user with `rows` (none: the user has no codes any more). */
export async function replaceRecoveryCodes(
  db: Executor,
  organisationId: number,
  userId: number,
  rows: Array<typeof recoveryCodes.$inferInsert>,
): Promise<void> {
  await db.delete(recoveryCodes).where(rowsOfUser(recoveryCodes, organisationId, userId));
  if (rows.length > 0) {
    await db.insert(recoveryCodes).values(rows);
  }
}

/** The user's recovery codes not used yet. */
export async function listUnusedRecoveryCodes(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<RecoveryCodeRow[]> {
  return db
    .select()
    .from(recoveryCodes)
    .where(and(rowsOfUser(recoveryCodes, organisationId, userId), isNull(recoveryCodes.usedAt)));
}

/** Marks a recovery code used, only if it was not; false when something else used it first. */
export async function useRecoveryCode(db: Executor, organisationId: number, id: string, now: Date) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(rowOf(recoveryCodes, organisationId, id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}
