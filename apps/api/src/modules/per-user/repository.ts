import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DocumentScope } from '../../catalogue/document-repository.js';
import type { Executor } from '../../db/client.js';
import { insertedRow } from '../../db/rows.js';
import {
  catalogueRecords,
  roleProfiles,
  teams,
  userEmailAddresses,
  userMemberships,
  userPhoneNumbers,
  userRoles,
  users,
  userSupervisors,
} from '../../db/schema/index.js';

/*
 * The per-user module's SQL: phone numbers, email addresses, roles and supervisors of one user,
 * and the per-user documents (`catalogue_records`) the named calls change. Every query is scoped
 * by organisation; the per-user ones by the user too.
 */

export type UserRow = typeof users.$inferSelect;
export type PhoneRow = typeof userPhoneNumbers.$inferSelect;
export type EmailRow = typeof userEmailAddresses.$inferSelect;
export type RoleRow = typeof userRoles.$inferSelect;
export type DocumentRow = typeof catalogueRecords.$inferSelect;

/** Whose rows a query touches: one user of one organisation. */
export type UserScope = { organisationId: number; userId: number };

// ——— Users ———

/** The user, or null when the organisation has no such user. */
export async function findUser(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * The user, locked until the transaction ends: writes to one person's numbers, addresses, roles
 * or supervisors queue behind each other, so "one primary" and "not twice" hold under races.
 */
export async function lockUser(db: Executor, scope: UserScope): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.organisationId, scope.organisationId), eq(users.id, scope.userId)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Which of `ids` are users of the organisation. */
export async function existingUserIds(
  db: Executor,
  organisationId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), inArray(users.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** The primary email address of each listed user of the organisation that has one. */
export async function primaryEmailsOf(
  db: Executor,
  organisationId: number,
  userIds: readonly number[],
): Promise<Map<number, string>> {
  if (userIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({
      userId: userEmailAddresses.userId,
      email: userEmailAddresses.email,
      primary: userEmailAddresses.primary,
    })
    .from(userEmailAddresses)
    .where(
      and(
        eq(userEmailAddresses.organisationId, organisationId),
        inArray(userEmailAddresses.userId, [...userIds]),
      ),
    )
    .orderBy(sql`${userEmailAddresses.primary} desc`, asc(userEmailAddresses.id));
  const found = new Map<number, string>();
  for (const row of rows) {
    if (!found.has(row.userId)) {
      found.set(row.userId, row.email);
    }
  }
  return found;
}

// ——— Phone numbers ———

function phonesOf(scope: UserScope): SQL | undefined {
  return and(
    eq(userPhoneNumbers.organisationId, scope.organisationId),
    eq(userPhoneNumbers.userId, scope.userId),
  );
}

/** The user's phone numbers, oldest first. */
export async function listPhones(db: Executor, scope: UserScope): Promise<PhoneRow[]> {
  return db.select().from(userPhoneNumbers).where(phonesOf(scope)).orderBy(asc(userPhoneNumbers.id));
}

export async function insertPhone(
  db: Executor,
  scope: UserScope,
  values: { phoneNumber: string; countryCode: string; primary: boolean; defaultSms: boolean },
): Promise<PhoneRow> {
  return insertedRow(
    await db
      .insert(userPhoneNumbers)
      .values({ ...values, organisationId: scope.organisationId, userId: scope.userId })
      .returning(),
    'phone number',
  );
}

export async function updatePhone(
  db: Executor,
  scope: UserScope,
  id: number,
  values: Partial<Pick<PhoneRow, 'phoneNumber' | 'countryCode' | 'primary' | 'defaultSms'>>,
): Promise<PhoneRow | null> {
  const [row] = await db
    .update(userPhoneNumbers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(phonesOf(scope), eq(userPhoneNumbers.id, id)))
    .returning();
  return row ?? null;
}

/** Takes a flag off every other number of the user (one primary, one SMS number). */
export async function clearPhoneFlag(
  db: Executor,
  scope: UserScope,
  flag: 'primary' | 'defaultSms',
  exceptId: number | null,
): Promise<void> {
  await db
    .update(userPhoneNumbers)
    .set({ [flag]: false, updatedAt: new Date() })
    .where(
      and(
        phonesOf(scope),
        eq(userPhoneNumbers[flag], true),
        exceptId === null ? undefined : ne(userPhoneNumbers.id, exceptId),
      ),
    );
}

export async function deletePhone(db: Executor, scope: UserScope, id: number): Promise<boolean> {
  const deleted = await db
    .delete(userPhoneNumbers)
    .where(and(phonesOf(scope), eq(userPhoneNumbers.id, id)))
    .returning({ id: userPhoneNumbers.id });
  return deleted.length > 0;
}

// ——— Email addresses ———

function emailsOf(scope: UserScope): SQL | undefined {
  return and(
    eq(userEmailAddresses.organisationId, scope.organisationId),
    eq(userEmailAddresses.userId, scope.userId),
  );
}

/** The user's email addresses, oldest first. */
export async function listEmails(db: Executor, scope: UserScope): Promise<EmailRow[]> {
  return db.select().from(userEmailAddresses).where(emailsOf(scope)).orderBy(asc(userEmailAddresses.id));
}

/** Who in the organisation holds the address (compared without case), or null. */
export async function emailHolder(
  db: Executor,
  organisationId: number,
  email: string,
): Promise<{ id: number; userId: number } | null> {
  const [row] = await db
    .select({ id: userEmailAddresses.id, userId: userEmailAddresses.userId })
    .from(userEmailAddresses)
    .where(
      and(
        eq(userEmailAddresses.organisationId, organisationId),
        eq(sql`lower(${userEmailAddresses.email})`, email.toLowerCase()),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertEmail(
  db: Executor,
  scope: UserScope,
  values: { email: string; primary: boolean },
): Promise<EmailRow> {
  return insertedRow(
    await db
      .insert(userEmailAddresses)
      .values({ ...values, organisationId: scope.organisationId, userId: scope.userId })
      .returning(),
    'email address',
  );
}

export async function updateEmail(
  db: Executor,
  scope: UserScope,
  id: number,
  values: Partial<Pick<EmailRow, 'email' | 'primary'>>,
): Promise<EmailRow | null> {
  const [row] = await db
    .update(userEmailAddresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(emailsOf(scope), eq(userEmailAddresses.id, id)))
    .returning();
  return row ?? null;
}

/** Makes every other address of the user not primary. */
export async function clearPrimaryEmail(db: Executor, scope: UserScope, exceptId: number): Promise<void> {
  await db
    .update(userEmailAddresses)
    .set({ primary: false, updatedAt: new Date() })
    .where(and(emailsOf(scope), eq(userEmailAddresses.primary, true), ne(userEmailAddresses.id, exceptId)));
}

export async function deleteEmail(db: Executor, scope: UserScope, id: number): Promise<boolean> {
  const deleted = await db
    .delete(userEmailAddresses)
    .where(and(emailsOf(scope), eq(userEmailAddresses.id, id)))
    .returning({ id: userEmailAddresses.id });
  return deleted.length > 0;
}

// ——— Roles ———

function rolesOf(scope: UserScope): SQL | undefined {
  return and(eq(userRoles.organisationId, scope.organisationId), eq(userRoles.userId, scope.userId));
}

/** The user's roles, oldest first. */
export async function listRoles(db: Executor, scope: UserScope): Promise<RoleRow[]> {
  return db.select().from(userRoles).where(rolesOf(scope)).orderBy(asc(userRoles.id));
}

/** True when the organisation has the team. */
export async function teamExists(db: Executor, organisationId: number, teamId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organisationId, organisationId), eq(teams.id, teamId)))
    .limit(1);
  return row !== undefined;
}

/** True when the organisation has the role profile. */
export async function roleProfileExists(
  db: Executor,
  organisationId: number,
  roleProfileId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: roleProfiles.id })
    .from(roleProfiles)
    .where(and(eq(roleProfiles.organisationId, organisationId), eq(roleProfiles.id, roleProfileId)))
    .limit(1);
  return row !== undefined;
}

export async function insertRole(
  db: Executor,
  scope: UserScope,
  values: { teamId: number; roleProfileId: number; endDate: string | null },
): Promise<RoleRow> {
  return insertedRow(
    await db
      .insert(userRoles)
      .values({ ...values, organisationId: scope.organisationId, userId: scope.userId })
      .returning(),
    'role',
  );
}

/**
 * Opens a period of volunteering from `day` unless the person has one still open: being given a
 * role is what makes someone a volunteer (a starter in the reports; a leaver's new role starts a
 * new period). Answers true when it opened one.
 */
export async function openMembershipIfNone(db: Executor, scope: UserScope, day: string): Promise<boolean> {
  const [open] = await db
    .select({ id: userMemberships.id })
    .from(userMemberships)
    .where(
      and(
        eq(userMemberships.organisationId, scope.organisationId),
        eq(userMemberships.userId, scope.userId),
        sql`(${userMemberships.leftOn} is null or ${userMemberships.leftOn} >= ${day}::date)`,
      ),
    )
    .limit(1);
  if (open) {
    return false;
  }
  await db
    .insert(userMemberships)
    .values({ organisationId: scope.organisationId, userId: scope.userId, joinedOn: day });
  return true;
}

export async function updateRole(
  db: Executor,
  scope: UserScope,
  id: number,
  values: Partial<Pick<RoleRow, 'teamId' | 'roleProfileId' | 'endDate'>>,
): Promise<RoleRow | null> {
  const [row] = await db
    .update(userRoles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(rolesOf(scope), eq(userRoles.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteRole(db: Executor, scope: UserScope, id: number): Promise<boolean> {
  const deleted = await db
    .delete(userRoles)
    .where(and(rolesOf(scope), eq(userRoles.id, id)))
    .returning({ id: userRoles.id });
  return deleted.length > 0;
}

// ——— Supervisors ———

/** A supervision with the supervisor's name. */
export type SupervisorRow = {
  supervisorUserId: number;
  firstName: string;
  lastName: string;
  createdAt: Date;
};

const supervisor = alias(users, 'supervisor');

/** Supervisions of the user where both people are of the organisation. */
function supervisionsOf(scope: UserScope, supervisorUserId?: number): SQL | undefined {
  return and(
    eq(userSupervisors.userId, scope.userId),
    eq(users.organisationId, scope.organisationId),
    eq(supervisor.organisationId, scope.organisationId),
    supervisorUserId === undefined ? undefined : eq(userSupervisors.supervisorUserId, supervisorUserId),
  );
}

function supervisionQuery(db: Executor) {
  return db
    .select({
      supervisorUserId: userSupervisors.supervisorUserId,
      firstName: supervisor.firstName,
      lastName: supervisor.lastName,
      createdAt: userSupervisors.createdAt,
    })
    .from(userSupervisors)
    .innerJoin(users, eq(users.id, userSupervisors.userId))
    .innerJoin(supervisor, eq(supervisor.id, userSupervisors.supervisorUserId));
}

/** One page of the user's supervisors (longest-standing first) and how many there are. */
export async function listSupervisors(
  db: Executor,
  scope: UserScope,
  page: { page: number; perPage: number },
): Promise<{ rows: SupervisorRow[]; total: number }> {
  const rows = await supervisionQuery(db)
    .where(supervisionsOf(scope))
    .orderBy(asc(userSupervisors.createdAt), asc(userSupervisors.supervisorUserId))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  const [counted] = await db
    .select({ total: count() })
    .from(userSupervisors)
    .innerJoin(users, eq(users.id, userSupervisors.userId))
    .innerJoin(supervisor, eq(supervisor.id, userSupervisors.supervisorUserId))
    .where(supervisionsOf(scope));
  return { rows, total: counted?.total ?? 0 };
}

/** The user's supervision by that supervisor, or null. */
export async function findSupervisor(
  db: Executor,
  scope: UserScope,
  supervisorUserId: number,
): Promise<SupervisorRow | null> {
  const [row] = await supervisionQuery(db).where(supervisionsOf(scope, supervisorUserId)).limit(1);
  return row ?? null;
}

/** Records the supervision (the caller has checked both people are of the organisation). */
export async function insertSupervisor(
  db: Executor,
  scope: UserScope,
  supervisorUserId: number,
): Promise<void> {
  await db.insert(userSupervisors).values({ userId: scope.userId, supervisorUserId });
}

/** Ends the supervision; false when there was none (both people checked to be of the organisation). */
export async function deleteSupervisor(
  db: Executor,
  scope: UserScope,
  supervisorUserId: number,
): Promise<boolean> {
  if (!(await findSupervisor(db, scope, supervisorUserId))) {
    return false;
  }
  await db
    .delete(userSupervisors)
    .where(
      and(eq(userSupervisors.userId, scope.userId), eq(userSupervisors.supervisorUserId, supervisorUserId)),
    );
  return true;
}

// ——— Per-user documents (catalogue_records) ———

/** One entry's documents of one organisation under one parent key (`userId=3`). */
export type { DocumentScope };

function documentsOf(scope: DocumentScope): SQL | undefined {
  return and(
    eq(catalogueRecords.organisationId, scope.organisationId),
    eq(catalogueRecords.entry, scope.entry),
    eq(catalogueRecords.parentKey, scope.parentKey),
  );
}

/** The scope's document with that id, optionally locked until the transaction ends. */
export async function findDocumentIn(
  db: Executor,
  scope: DocumentScope,
  id: number,
  options: { lock?: boolean } = {},
): Promise<DocumentRow | null> {
  const query = db
    .select()
    .from(catalogueRecords)
    .where(and(documentsOf(scope), eq(catalogueRecords.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Which of `ids` are documents of the scope. */
export async function documentIdsIn(
  db: Executor,
  scope: DocumentScope,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: catalogueRecords.id })
    .from(catalogueRecords)
    .where(and(documentsOf(scope), inArray(catalogueRecords.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/**
 * Sets `field` to `value` (a JSON value) in the scope's documents (`ids`, or all of them when
 * null) whose field is not already that value (a missing field counts as null). Answers how many
 * changed.
 */
export async function setDocumentField(
  db: Executor,
  scope: DocumentScope,
  ids: readonly number[] | null,
  field: string,
  value: string | null,
  now: Date,
): Promise<number> {
  const current = sql`${catalogueRecords.body} -> ${field}`;
  const unchanged =
    value === null
      ? sql`coalesce(${current}, 'null'::jsonb) = 'null'::jsonb`
      : sql`coalesce(${current}, 'null'::jsonb) <> 'null'::jsonb`;
  const updated = await db
    .update(catalogueRecords)
    .set({
      body: sql`${catalogueRecords.body} || jsonb_build_object(${field}::text, ${value}::text)`,
      updatedAt: now,
    })
    .where(
      and(
        documentsOf(scope),
        ids === null ? undefined : inArray(catalogueRecords.id, [...ids]),
        sql`not (${unchanged})`,
      ),
    )
    .returning({ id: catalogueRecords.id });
  return updated.length;
}

/** The first document of the scope whose body contains `match` (`body @> match`), or null. */
export async function findDocumentWith(
  db: Executor,
  scope: DocumentScope,
  match: Record<string, unknown>,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(catalogueRecords)
    .where(and(documentsOf(scope), sql`${catalogueRecords.body} @> ${JSON.stringify(match)}::jsonb`))
    .orderBy(asc(catalogueRecords.id))
    .limit(1);
  return row ?? null;
}

/** Merges `changes` into the top level of a document's body. */
export async function mergeDocumentIn(
  db: Executor,
  scope: DocumentScope,
  id: number,
  changes: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db
    .update(catalogueRecords)
    .set({ body: sql`${catalogueRecords.body} || ${JSON.stringify(changes)}::jsonb`, updatedAt: now })
    .where(and(documentsOf(scope), eq(catalogueRecords.id, id)));
}
