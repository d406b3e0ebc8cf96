import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateSecret } from 'otplib';
import type { Executor } from '../../db/client.js';
import type { UserInput } from '../../db/seed/builders.js';
import {
  permissionGroupPermissions,
  permissionGroups,
  permissions,
  roleProfilePermissionGroups,
  roleProfiles,
  rolePermissionGrants,
  teams,
  userDeniedPermissions,
  userPermissionGroups,
  userPermissions,
  userRoles,
  users,
  type TwoFactorMethod,
} from '../../db/schema/index.js';
import { findOrganisationById } from '../../modules/organisation/repository.js';
import { findUserById } from '../../modules/auth/repository.js';
import { startSession } from '../../modules/auth/sessions.js';
import { createUser } from './user.js';

/** The password every account from `createAccount` has unless told otherwise; it meets the rules. */
export const TEST_PASSWORD = 'Volunteer123';

/** Permission rows by name, created when missing (the vocabulary is global). */
export async function ensurePermissions(db: Executor, names: string[]): Promise<number[]> {
  if (names.length === 0) {
    return [];
  }
  await db
    .insert(permissions)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db.select({ id: permissions.id, name: permissions.name }).from(permissions);
  return rows.filter((row) => names.includes(row.name)).map((row) => row.id);
}

export type AccountOptions = Partial<UserInput> & {
  /** Granted directly to the user. */
  permissions?: string[];
  /** Turns two-factor on with this method (`auth_app` gets a fresh TOTP secret). */
  twoFactor?: TwoFactorMethod;
  /** Gives the user an active role whose profile enforces two-factor sign-in. */
  enforcedByRole?: boolean;
};

/**
 * A user who can sign in: primary email, password `TEST_PASSWORD` (or `password`), and the
 * permissions and two-factor settings asked for. Answers the user row plus `email`, `password`
 * and the TOTP `secret` when the authenticator method was chosen.
 */
export async function createAccount(db: Executor, organisationId: number, options: AccountOptions = {}) {
  const { permissions: permissionNames = [], twoFactor, enforcedByRole, ...input } = options;
  const password = input.password === undefined ? TEST_PASSWORD : input.password;
  const secret = twoFactor === 'auth_app' ? generateSecret() : null;
  const user = await createUser(db, organisationId, {
    ...input,
    password,
    ...(twoFactor ? { twoFactorEnabled: true, twoFactorMethod: twoFactor, twoFactorSecret: secret } : {}),
  });
  const ids = await ensurePermissions(db, permissionNames);
  if (ids.length > 0) {
    await db.insert(userPermissions).values(ids.map((permissionId) => ({ userId: user.id, permissionId })));
  }
  if (enforcedByRole) {
    await giveRole(db, organisationId, user.id, { enforceTwoFactor: true });
  }
  return { ...user, email: user.email ?? '', password: password ?? '', secret };
}

/** Gives the user a role (a new team and role profile); answers the role profile id. */
export async function giveRole(
  db: Executor,
  organisationId: number,
  userId: number,
  options: { enforceTwoFactor?: boolean; endDate?: string | null } = {},
): Promise<number> {
  const [team] = await db
    .insert(teams)
    .values({ organisationId, name: 'Test team' })
    .returning({ id: teams.id });
  const [profile] = await db
    .insert(roleProfiles)
    .values({ organisationId, displayName: 'Test role', enforceTwoFactor: options.enforceTwoFactor ?? false })
    .returning({ id: roleProfiles.id });
  if (!team || !profile) {
    throw new Error('team or role profile insert returned nothing');
  }
  await db.insert(userRoles).values({
    organisationId,
    userId,
    teamId: team.id,
    roleProfileId: profile.id,
    endDate: options.endDate ?? null,
  });
  return profile.id;
}

/** Grants permissions to a role profile (for tests of role-derived permissions). */
export async function grantToRoleProfile(
  db: Executor,
  roleProfileId: number,
  names: string[],
): Promise<void> {
  const ids = await ensurePermissions(db, names);
  await db
    .insert(rolePermissionGrants)
    .values(ids.map((permissionId) => ({ roleProfileId, permissionId })))
    .onConflictDoNothing();
}

/** Takes permissions away from a user (a denial overrides every grant); creates missing names. */
export async function denyPermissions(db: Executor, userId: number, names: string[]): Promise<void> {
  const ids = await ensurePermissions(db, names);
  if (ids.length > 0) {
    await db
      .insert(userDeniedPermissions)
      .values(ids.map((permissionId) => ({ userId, permissionId })))
      .onConflictDoNothing();
  }
}

/** A permission group of the organisation bundling the named permissions (created when missing). */
export async function createPermissionGroup(
  db: Executor,
  organisationId: number,
  options: { name?: string; description?: string | null; permissions?: string[] } = {},
): Promise<{ id: number; name: string }> {
  const name = options.name ?? `Group ${randomBytes(4).toString('hex')}`;
  const [group] = await db
    .insert(permissionGroups)
    .values({ organisationId, name, description: options.description ?? null })
    .returning({ id: permissionGroups.id, name: permissionGroups.name });
  if (!group) {
    throw new Error('permission group insert returned nothing');
  }
  const ids = await ensurePermissions(db, options.permissions ?? []);
  if (ids.length > 0) {
    await db
      .insert(permissionGroupPermissions)
      .values(ids.map((permissionId) => ({ permissionGroupId: group.id, permissionId })));
  }
  return group;
}

/** Lets a role profile's holders hold a permission group. */
export async function giveGroupToRoleProfile(
  db: Executor,
  organisationId: number,
  roleProfileId: number,
  permissionGroupId: number,
): Promise<void> {
  await db
    .insert(roleProfilePermissionGroups)
    .values({ organisationId, roleProfileId, permissionGroupId })
    .onConflictDoNothing();
}

/** Lets a user hold a permission group directly. */
export async function giveGroupToUser(
  db: Executor,
  organisationId: number,
  userId: number,
  permissionGroupId: number,
): Promise<void> {
  await db
    .insert(userPermissionGroups)
    .values({ organisationId, userId, permissionGroupId })
    .onConflictDoNothing();
}

/**
 * A real session token for a user, as if they had just signed in with a password: for tests of
 * other modules that need `Authorization: Bearer …` without going through the sign-in calls.
 */
export async function sessionTokenFor(
  app: FastifyInstance,
  organisationId: number,
  userId: number,
): Promise<string> {
  const organisation = await findOrganisationById(app.db, organisationId);
  const user = await findUserById(app.db, organisationId, userId);
  if (!organisation || !user) {
    throw new Error(`no user ${userId} in organisation ${organisationId}`);
  }
  const { token } = await startSession(app.auth, { organisation, user, factors: ['pwd'] });
  return token;
}

/** An account made by `createAccount`, with a real session token for it (`sessionTokenFor`). */
export async function createSignedInAccount(
  app: FastifyInstance,
  organisationId: number,
  options: AccountOptions = {},
) {
  const created = await createAccount(app.db, organisationId, options);
  const token = await sessionTokenFor(app, organisationId, created.id);
  return { ...created, token };
}

/** Marks the user's credentials as changed now (what a password or two-factor change does). */
export async function touchCredentials(db: Executor, userId: number, at = new Date()): Promise<void> {
  await db.update(users).set({ credentialsChangedAt: at }).where(eq(users.id, userId));
}

/** A unique address for a test. */
export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.test`;
}

/** The newest message sent to `to` (email address or phone number), from the outbox. */
export async function latestMessage(app: FastifyInstance, to: string) {
  const [message] = await app.outbox.list(1, { to });
  if (!message) {
    throw new Error(`nothing was sent to ${to}`);
  }
  return message;
}

/** The 6-digit code in the newest message to `to`. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const match = /\b(\d{6})\b/.exec((await latestMessage(app, to)).text);
  if (!match?.[1]) {
    throw new Error(`no code in the last message to ${to}`);
  }
  return match[1];
}

/** The first link in the newest message to `to`. */
export async function latestLink(app: FastifyInstance, to: string): Promise<string> {
  const match = /https?:\/\/\S+/.exec((await latestMessage(app, to)).text);
  if (!match) {
    throw new Error(`no link in the last message to ${to}`);
  }
  return match[0];
}

/** The payload of a JWT, unverified (what a client reads). */
export function decodeToken(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
