import { and, asc, eq, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { insertedRow } from '../../db/rows.js';
import {
  claims,
  dynamicSkills,
  expenseAttachments,
  expenseRates,
  expenses,
  expenseTypes,
  inductionModules,
  permissionGroupPermissions,
  permissions,
  rolePermissionGrants,
  roleProfilePermissionGroups,
  skillCategories,
  skills,
  taskAssignees,
  taskAttachments,
  taskHistory,
  taskLeavingReasons,
  taskPriorities,
  tasks,
  taskStatuses,
  touchpointAttachments,
  touchpoints,
  userDeniedPermissions,
  userExpenseAuthorisers,
  userInductionAttachments,
  userInductions,
  userPermissionGroups,
  userPermissions,
  userRoles,
  users,
  userSkillBios,
  userSkills,
  type ClaimStatus,
  type ExpenseStatus,
} from '../../db/schema/index.js';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskValues = Partial<Omit<typeof tasks.$inferInsert, 'id' | 'organisationId'>>;
export type AssigneeRow = typeof taskAssignees.$inferSelect;
export type HistoryRow = typeof taskHistory.$inferSelect;
export type NewHistoryRow = Omit<typeof taskHistory.$inferInsert, 'id' | 'organisationId'>;
export type ClaimRow = typeof claims.$inferSelect;
export type BioRow = typeof userSkillBios.$inferSelect;
export type AuthoriserRow = typeof userExpenseAuthorisers.$inferSelect;
export type UserInductionRow = typeof userInductions.$inferSelect;
export type InductionModuleRow = typeof inductionModules.$inferSelect;

/** A person's name parts, for `displayNameOf`. */
export type NameRow = { id: number; firstName: string; lastName: string; preferredName: string | null };

const nameColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  preferredName: users.preferredName,
};

// ——— People ———

/** The user of the organisation with that id (name parts only), or null. */
export async function findPerson(db: Executor, organisationId: number, userId: number): Promise<NameRow | null> {
  const [row] = await db
    .select(nameColumns)
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

/** Users of the organisation by id (name parts), for the ones that exist. */
export async function findPeople(db: Executor, organisationId: number, userIds: number[]): Promise<NameRow[]> {
  if (userIds.length === 0) {
    return [];
  }
  return db
    .select(nameColumns)
    .from(users)
    .where(and(eq(users.organisationId, organisationId), inArray(users.id, userIds)));
}

/**
 * Users of the organisation other than `exceptUserId` who hold `permission` (platform-foundation
 * §6): through an active role's profile or a group it holds, directly, or through a group held
 * directly, and not denied it. Ordered by name.
 */
export async function listPermissionHolders(
  db: Executor,
  organisationId: number,
  permission: string,
  exceptUserId: number,
): Promise<NameRow[]> {
  const [found] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, permission));
  if (!found) {
    return [];
  }
  const permissionId = found.id;
  const activeRole = sql`(${userRoles.endDate} is null or ${userRoles.endDate} >= current_date)`;
  const viaRoles = db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(rolePermissionGrants, eq(rolePermissionGrants.roleProfileId, userRoles.roleProfileId))
    .where(and(eq(userRoles.organisationId, organisationId), eq(rolePermissionGrants.permissionId, permissionId), activeRole));
  const viaRoleGroups = db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roleProfilePermissionGroups, eq(roleProfilePermissionGroups.roleProfileId, userRoles.roleProfileId))
    .innerJoin(
      permissionGroupPermissions,
      eq(permissionGroupPermissions.permissionGroupId, roleProfilePermissionGroups.permissionGroupId),
    )
    .where(
      and(
        eq(userRoles.organisationId, organisationId),
        eq(permissionGroupPermissions.permissionId, permissionId),
        activeRole,
      ),
    );
  const direct = db
    .select({ userId: userPermissions.userId })
    .from(userPermissions)
    .where(eq(userPermissions.permissionId, permissionId));
  const viaUserGroups = db
    .select({ userId: userPermissionGroups.userId })
    .from(userPermissionGroups)
    .innerJoin(
      permissionGroupPermissions,
      eq(permissionGroupPermissions.permissionGroupId, userPermissionGroups.permissionGroupId),
    )
    .where(
      and(eq(userPermissionGroups.organisationId, organisationId), eq(permissionGroupPermissions.permissionId, permissionId)),
    );
  const denied = db
    .select({ one: sql`1` })
    .from(userDeniedPermissions)
    .where(and(eq(userDeniedPermissions.userId, users.id), eq(userDeniedPermissions.permissionId, permissionId)));
  return db
    .select(nameColumns)
    .from(users)
    .where(
      and(
        eq(users.organisationId, organisationId),
        ne(users.id, exceptUserId),
        inArray(users.id, union(viaRoles, viaRoleGroups, direct, viaUserGroups)),
        notExists(denied),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

// ——— Tasks ———

/** The organisation's task, or null; `lock` holds it until the transaction ends. */
export async function findTask(db: Executor, organisationId: number, taskId: number, lock = false) {
  const query = db
    .select()
    .from(tasks)
    .where(and(eq(tasks.organisationId, organisationId), eq(tasks.id, taskId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertTask(db: Executor, organisationId: number, values: TaskValues & { title: string }) {
  return insertedRow(await db.insert(tasks).values({ ...values, organisationId }).returning(), 'task');
}

export async function updateTask(db: Executor, organisationId: number, taskId: number, values: TaskValues) {
  const [row] = await db
    .update(tasks)
    .set(values)
    .where(and(eq(tasks.organisationId, organisationId), eq(tasks.id, taskId)))
    .returning();
  return row ?? null;
}

/** The organisation's task status (name and whether it closes a task), or null. */
export async function findTaskStatus(db: Executor, organisationId: number, statusId: number) {
  const [row] = await db
    .select({ id: taskStatuses.id, name: taskStatuses.name, closed: taskStatuses.closed })
    .from(taskStatuses)
    .where(and(eq(taskStatuses.organisationId, organisationId), eq(taskStatuses.id, statusId)))
    .limit(1);
  return row ?? null;
}

/** The organisation's task priority name, or null. */
export async function findTaskPriority(db: Executor, organisationId: number, priorityId: number) {
  const [row] = await db
    .select({ id: taskPriorities.id, name: taskPriorities.name })
    .from(taskPriorities)
    .where(and(eq(taskPriorities.organisationId, organisationId), eq(taskPriorities.id, priorityId)))
    .limit(1);
  return row ?? null;
}

/** The organisation's task leaving reason name, or null. */
export async function findTaskLeavingReason(db: Executor, organisationId: number, reasonId: number) {
  const [row] = await db
    .select({ id: taskLeavingReasons.id, name: taskLeavingReasons.name })
    .from(taskLeavingReasons)
    .where(and(eq(taskLeavingReasons.organisationId, organisationId), eq(taskLeavingReasons.id, reasonId)))
    .limit(1);
  return row ?? null;
}

/** Appends entries to tasks' history. */
export async function insertHistory(db: Executor, organisationId: number, rows: NewHistoryRow[]): Promise<HistoryRow[]> {
  if (rows.length === 0) {
    return [];
  }
  return db
    .insert(taskHistory)
    .values(rows.map((row) => ({ ...row, organisationId })))
    .returning();
}

const historyOf = (organisationId: number, taskId: number, entryId: number) =>
  and(eq(taskHistory.organisationId, organisationId), eq(taskHistory.taskId, taskId), eq(taskHistory.id, entryId));

/** One history entry of the organisation's task, or null. */
export async function findHistoryEntry(db: Executor, organisationId: number, taskId: number, entryId: number) {
  const [row] = await db.select().from(taskHistory).where(historyOf(organisationId, taskId, entryId)).limit(1);
  return row ?? null;
}

export async function updateHistoryEntry(
  db: Executor,
  organisationId: number,
  taskId: number,
  entryId: number,
  newValue: string,
) {
  const [row] = await db
    .update(taskHistory)
    .set({ newValue })
    .where(historyOf(organisationId, taskId, entryId))
    .returning();
  return row ?? null;
}

export async function deleteHistoryEntry(db: Executor, organisationId: number, taskId: number, entryId: number) {
  await db.delete(taskHistory).where(historyOf(organisationId, taskId, entryId));
}

const assigneeOf = (organisationId: number, taskId: number, assigneeId: number) =>
  and(
    eq(taskAssignees.organisationId, organisationId),
    eq(taskAssignees.taskId, taskId),
    eq(taskAssignees.id, assigneeId),
  );

/** One assignee of the organisation's task, or null. */
export async function findAssignee(db: Executor, organisationId: number, taskId: number, assigneeId: number) {
  const [row] = await db.select().from(taskAssignees).where(assigneeOf(organisationId, taskId, assigneeId)).limit(1);
  return row ?? null;
}

/** Adds an assignee; null when the person is already on the task. */
export async function insertAssignee(
  db: Executor,
  values: Omit<typeof taskAssignees.$inferInsert, 'id'>,
): Promise<AssigneeRow | null> {
  const [row] = await db.insert(taskAssignees).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateAssignee(
  db: Executor,
  organisationId: number,
  taskId: number,
  assigneeId: number,
  values: Partial<Pick<AssigneeRow, 'leftAt' | 'leavingReasonId' | 'leavingNote'>>,
) {
  const [row] = await db
    .update(taskAssignees)
    .set(values)
    .where(assigneeOf(organisationId, taskId, assigneeId))
    .returning();
  return row ?? null;
}

export async function deleteAssignee(db: Executor, organisationId: number, taskId: number, assigneeId: number) {
  await db.delete(taskAssignees).where(assigneeOf(organisationId, taskId, assigneeId));
}

// ——— Attachments ———

/** The tables files are attached through, by the record they hang under. */
export const attachmentTables = {
  task: taskAttachments,
  expense: expenseAttachments,
  touchpoint: touchpointAttachments,
  induction: userInductionAttachments,
} as const;
export type AttachmentKind = keyof typeof attachmentTables;

/** Where an attachment goes: its record, and the person it belongs to for per-user records. */
export type AttachmentTarget =
  | { kind: 'task'; taskId: number }
  | { kind: 'expense'; userId: number; expenseId: number }
  | { kind: 'touchpoint'; userId: number; touchpointId: number }
  | { kind: 'induction'; userId: number; inductionId: number };

/**
 * Attaches a file; null when it is already attached to that record. Answers the row as the
 * attachment's wire keys need it (camelCase columns).
 */
export async function insertAttachment(
  db: Executor,
  organisationId: number,
  target: AttachmentTarget,
  file: { fileId: string; name: string; createdBy: number },
): Promise<Record<string, unknown> | null> {
  const common = { organisationId, ...file };
  let rows: Record<string, unknown>[];
  switch (target.kind) {
    case 'task':
      rows = await db
        .insert(taskAttachments)
        .values({ ...common, taskId: target.taskId })
        .onConflictDoNothing()
        .returning();
      break;
    case 'expense':
      rows = await db
        .insert(expenseAttachments)
        .values({ ...common, userId: target.userId, expenseId: target.expenseId })
        .onConflictDoNothing()
        .returning();
      break;
    case 'touchpoint':
      rows = await db
        .insert(touchpointAttachments)
        .values({ ...common, userId: target.userId, touchpointId: target.touchpointId })
        .onConflictDoNothing()
        .returning();
      break;
    case 'induction':
      rows = await db
        .insert(userInductionAttachments)
        .values({ ...common, userId: target.userId, inductionId: target.inductionId })
        .onConflictDoNothing()
        .returning();
      break;
  }
  return rows[0] ?? null;
}

/** Whether the record an attachment goes under exists in the organisation (and is that person's). */
export async function attachmentTargetExists(
  db: Executor,
  organisationId: number,
  target: AttachmentTarget,
): Promise<boolean> {
  let found: unknown[];
  switch (target.kind) {
    case 'task':
      found = await db
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.organisationId, organisationId), eq(tasks.id, target.taskId)))
        .limit(1);
      break;
    case 'expense':
      found = await db
        .select({ id: expenses.id })
        .from(expenses)
        .where(
          and(
            eq(expenses.organisationId, organisationId),
            eq(expenses.userId, target.userId),
            eq(expenses.id, target.expenseId),
          ),
        )
        .limit(1);
      break;
    case 'touchpoint':
      found = await db
        .select({ id: touchpoints.id })
        .from(touchpoints)
        .where(
          and(
            eq(touchpoints.organisationId, organisationId),
            eq(touchpoints.userId, target.userId),
            eq(touchpoints.id, target.touchpointId),
          ),
        )
        .limit(1);
      break;
    case 'induction':
      found = await db
        .select({ id: userInductions.id })
        .from(userInductions)
        .where(
          and(
            eq(userInductions.organisationId, organisationId),
            eq(userInductions.userId, target.userId),
            eq(userInductions.id, target.inductionId),
          ),
        )
        .limit(1);
      break;
  }
  return found.length > 0;
}

// ——— Claims ———

/** The organisation's claim, held until the transaction ends; null when there is none. */
export async function lockClaim(db: Executor, organisationId: number, claimId: number): Promise<ClaimRow | null> {
  const [row] = await db
    .select()
    .from(claims)
    .where(and(eq(claims.organisationId, organisationId), eq(claims.id, claimId)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function updateClaim(
  db: Executor,
  organisationId: number,
  claimId: number,
  values: Partial<Omit<typeof claims.$inferInsert, 'id' | 'organisationId' | 'userId'>>,
): Promise<ClaimRow | null> {
  const [row] = await db
    .update(claims)
    .set(values)
    .where(and(eq(claims.organisationId, organisationId), eq(claims.id, claimId)))
    .returning();
  return row ?? null;
}

/** Gives every expense in the claim the claim's decision. */
export async function setClaimExpensesStatus(
  db: Executor,
  organisationId: number,
  claimId: number,
  status: ExpenseStatus,
): Promise<void> {
  await db
    .update(expenses)
    .set({ status })
    .where(and(eq(expenses.organisationId, organisationId), eq(expenses.claimId, claimId)));
}

export type ExpenseRow = typeof expenses.$inferSelect;
export type ExpenseValues = Partial<Omit<typeof expenses.$inferInsert, 'id' | 'organisationId' | 'userId'>>;

const expenseOf = (organisationId: number, userId: number, expenseId: number) =>
  and(eq(expenses.organisationId, organisationId), eq(expenses.userId, userId), eq(expenses.id, expenseId));

/** The person's expense, held until the transaction ends; null when there is none. */
export async function lockExpense(db: Executor, organisationId: number, userId: number, expenseId: number) {
  const [row] = await db.select().from(expenses).where(expenseOf(organisationId, userId, expenseId)).limit(1).for('update');
  return row ?? null;
}

export async function insertExpense(
  db: Executor,
  values: Omit<typeof expenses.$inferInsert, 'id'>,
): Promise<ExpenseRow> {
  return insertedRow(await db.insert(expenses).values(values).returning(), 'expense');
}

export async function updateExpense(
  db: Executor,
  organisationId: number,
  userId: number,
  expenseId: number,
  values: ExpenseValues,
): Promise<ExpenseRow | null> {
  const [row] = await db.update(expenses).set(values).where(expenseOf(organisationId, userId, expenseId)).returning();
  return row ?? null;
}

export async function deleteExpense(db: Executor, organisationId: number, userId: number, expenseId: number) {
  await db.delete(expenses).where(expenseOf(organisationId, userId, expenseId));
}

/** The person's claim (its status), or null when the organisation has none of theirs with that id. */
export async function findClaimOf(db: Executor, organisationId: number, userId: number, claimId: number) {
  const [row] = await db
    .select({ id: claims.id, status: claims.status })
    .from(claims)
    .where(and(eq(claims.organisationId, organisationId), eq(claims.userId, userId), eq(claims.id, claimId)))
    .limit(1);
  return row ?? null;
}

async function lookupExists(
  db: Executor,
  table: typeof expenseTypes | typeof expenseRates,
  organisationId: number,
  id: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.organisationId, organisationId), eq(table.id, id)))
    .limit(1);
  return row !== undefined;
}

/** Whether the organisation has that expense type. */
export function expenseTypeExists(db: Executor, organisationId: number, typeId: number): Promise<boolean> {
  return lookupExists(db, expenseTypes, organisationId, typeId);
}

/** Whether the organisation has that expense rate. */
export function expenseRateExists(db: Executor, organisationId: number, rateId: number): Promise<boolean> {
  return lookupExists(db, expenseRates, organisationId, rateId);
}

/** The claim statuses this module writes, re-exported for the service's transition table. */
export type { ClaimStatus };

// ——— Expense authorisers ———

/** The people named to authorise the user's expenses, with their names, in naming order. */
export async function listNamedAuthorisers(db: Executor, organisationId: number, userId: number) {
  return db
    .select({ naming: userExpenseAuthorisers, person: nameColumns })
    .from(userExpenseAuthorisers)
    .innerJoin(users, eq(users.id, userExpenseAuthorisers.authoriserUserId))
    .where(and(eq(userExpenseAuthorisers.organisationId, organisationId), eq(userExpenseAuthorisers.userId, userId)))
    .orderBy(asc(userExpenseAuthorisers.createdAt), asc(userExpenseAuthorisers.id));
}

const namingOf = (organisationId: number, userId: number, namingId: number) =>
  and(
    eq(userExpenseAuthorisers.organisationId, organisationId),
    eq(userExpenseAuthorisers.userId, userId),
    eq(userExpenseAuthorisers.id, namingId),
  );

export async function findAuthoriserNaming(db: Executor, organisationId: number, userId: number, namingId: number) {
  const [row] = await db.select().from(userExpenseAuthorisers).where(namingOf(organisationId, userId, namingId)).limit(1);
  return row ?? null;
}

/** Names an authoriser; null when they are already named for the user. */
export async function insertAuthoriserNaming(
  db: Executor,
  values: Omit<typeof userExpenseAuthorisers.$inferInsert, 'id'>,
): Promise<AuthoriserRow | null> {
  const [row] = await db.insert(userExpenseAuthorisers).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Names someone else in a naming; null when they are already named for the user. */
export async function updateAuthoriserNaming(
  db: Executor,
  organisationId: number,
  userId: number,
  namingId: number,
  authoriserUserId: number,
): Promise<AuthoriserRow | null> {
  const [taken] = await db
    .select({ id: userExpenseAuthorisers.id })
    .from(userExpenseAuthorisers)
    .where(
      and(
        eq(userExpenseAuthorisers.userId, userId),
        eq(userExpenseAuthorisers.authoriserUserId, authoriserUserId),
        ne(userExpenseAuthorisers.id, namingId),
      ),
    )
    .limit(1);
  if (taken) {
    return null;
  }
  const [row] = await db
    .update(userExpenseAuthorisers)
    .set({ authoriserUserId })
    .where(namingOf(organisationId, userId, namingId))
    .returning();
  return row ?? null;
}

// ——— Skills held ———

export type UserSkillRow = typeof userSkills.$inferSelect;
export type UserSkillValues = Partial<Omit<typeof userSkills.$inferInsert, 'id' | 'organisationId' | 'userId'>>;

/** The organisation's skill, or null. */
export async function findSkill(db: Executor, organisationId: number, skillId: number) {
  const [row] = await db
    .select({ id: skills.id })
    .from(skills)
    .where(and(eq(skills.organisationId, organisationId), eq(skills.id, skillId)))
    .limit(1);
  return row ?? null;
}

/** The organisation's dynamic skill (and the skill it is an option of), or null. */
export async function findDynamicSkill(db: Executor, organisationId: number, dynamicSkillId: number) {
  const [row] = await db
    .select({ id: dynamicSkills.id, skillId: dynamicSkills.skillId })
    .from(dynamicSkills)
    .where(and(eq(dynamicSkills.organisationId, organisationId), eq(dynamicSkills.id, dynamicSkillId)))
    .limit(1);
  return row ?? null;
}

const userSkillOf = (organisationId: number, userId: number, id: number) =>
  and(eq(userSkills.organisationId, organisationId), eq(userSkills.userId, userId), eq(userSkills.id, id));

/** The person's skill record, held until the transaction ends; null when there is none. */
export async function lockUserSkill(db: Executor, organisationId: number, userId: number, id: number) {
  const [row] = await db.select().from(userSkills).where(userSkillOf(organisationId, userId, id)).limit(1).for('update');
  return row ?? null;
}

/** Whether the person already holds the skill (that option of it, or the skill itself), other than `exceptId`. */
export async function holdsSkill(
  db: Executor,
  userId: number,
  skillId: number,
  dynamicSkillId: number | null,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: userSkills.id })
    .from(userSkills)
    .where(
      and(
        eq(userSkills.userId, userId),
        eq(userSkills.skillId, skillId),
        dynamicSkillId === null ? isNull(userSkills.dynamicSkillId) : eq(userSkills.dynamicSkillId, dynamicSkillId),
        exceptId === undefined ? undefined : ne(userSkills.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertUserSkill(db: Executor, values: Omit<typeof userSkills.$inferInsert, 'id'>) {
  return insertedRow(await db.insert(userSkills).values(values).returning(), 'user skill');
}

export async function updateUserSkill(
  db: Executor,
  organisationId: number,
  userId: number,
  id: number,
  values: UserSkillValues,
): Promise<UserSkillRow | null> {
  const [row] = await db.update(userSkills).set(values).where(userSkillOf(organisationId, userId, id)).returning();
  return row ?? null;
}

// ——— Skill bios ———

/** Whether the organisation has that skill category. */
export async function skillCategoryExists(db: Executor, organisationId: number, categoryId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: skillCategories.id })
    .from(skillCategories)
    .where(and(eq(skillCategories.organisationId, organisationId), eq(skillCategories.id, categoryId)))
    .limit(1);
  return row !== undefined;
}

/** The user's bio in the category, or null. */
export async function findBio(db: Executor, organisationId: number, userId: number, categoryId: number) {
  const [row] = await db
    .select()
    .from(userSkillBios)
    .where(
      and(
        eq(userSkillBios.organisationId, organisationId),
        eq(userSkillBios.userId, userId),
        eq(userSkillBios.categoryId, categoryId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Writes the user's bio in the category, replacing the one there is. */
export async function upsertBio(
  db: Executor,
  organisationId: number,
  userId: number,
  categoryId: number,
  bio: string,
): Promise<BioRow> {
  return insertedRow(
    await db
      .insert(userSkillBios)
      .values({ organisationId, userId, categoryId, bio })
      .onConflictDoUpdate({
        target: [userSkillBios.userId, userSkillBios.categoryId],
        set: { bio, updatedAt: new Date() },
      })
      .returning(),
    'skill bio',
  );
}

// ——— Inductions ———

/** The organisation's induction module, or null. */
export async function findInductionModule(db: Executor, organisationId: number, moduleId: number) {
  const [row] = await db
    .select()
    .from(inductionModules)
    .where(and(eq(inductionModules.organisationId, organisationId), eq(inductionModules.id, moduleId)))
    .limit(1);
  return row ?? null;
}

const userInductionOf = (organisationId: number, userId: number, id: number) =>
  and(eq(userInductions.organisationId, organisationId), eq(userInductions.userId, userId), eq(userInductions.id, id));

/** The person's induction record, held until the transaction ends; null when there is none. */
export async function lockUserInduction(db: Executor, organisationId: number, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(userInductions)
    .where(userInductionOf(organisationId, userId, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Whether the person already has a record of the module, other than `exceptId`. */
export async function hasInduction(db: Executor, userId: number, moduleId: number, exceptId?: number) {
  const [row] = await db
    .select({ id: userInductions.id })
    .from(userInductions)
    .where(
      and(
        eq(userInductions.userId, userId),
        eq(userInductions.moduleId, moduleId),
        exceptId === undefined ? undefined : ne(userInductions.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertUserInduction(db: Executor, values: Omit<typeof userInductions.$inferInsert, 'id'>) {
  return insertedRow(await db.insert(userInductions).values(values).returning(), 'user induction');
}

export async function updateUserInduction(
  db: Executor,
  organisationId: number,
  userId: number,
  id: number,
  values: Partial<Omit<typeof userInductions.$inferInsert, 'id' | 'organisationId' | 'userId'>>,
): Promise<UserInductionRow | null> {
  const [row] = await db.update(userInductions).set(values).where(userInductionOf(organisationId, userId, id)).returning();
  return row ?? null;
}

/** Records the user's induction in the module as completed (creating the record if need be). */
export async function completeUserInduction(
  db: Executor,
  values: {
    organisationId: number;
    userId: number;
    moduleId: number;
    completedAt: string;
    completedBy: number;
    expiresOn: string | null;
    notes?: string | null;
  },
): Promise<UserInductionRow> {
  const completed = {
    status: 'completed' as const,
    completedAt: values.completedAt,
    completedBy: values.completedBy,
    expiresOn: values.expiresOn,
    ...(values.notes === undefined ? {} : { notes: values.notes }),
  };
  return insertedRow(
    await db
      .insert(userInductions)
      .values({ organisationId: values.organisationId, userId: values.userId, moduleId: values.moduleId, ...completed })
      .onConflictDoUpdate({ target: [userInductions.userId, userInductions.moduleId], set: completed })
      .returning(),
    'user induction',
  );
}
