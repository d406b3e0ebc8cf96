import {
  peopleWorkMessages as messages,
  resourcePermissions,
  TASK_COMMENT_FIELD,
  type Claim,
  type ClaimStatusName,
  type ClaimUpdateBody,
  type EffectiveExpenseAuthoriser,
  type Expense,
  type ExpenseBody,
  type ExpenseAuthoriser,
  type ExpenseAuthoriserBody,
  type InductionSelfCompleteBody,
  type PaginationMeta,
  type PeopleWorkAttachmentStoreBody,
  type Task,
  type TaskAssignee,
  type TaskAssigneeBody,
  type TaskAssigneeUpdateBody,
  type TaskBody,
  type TaskHistoryBody,
  type TaskHistoryEntry,
  type TaskUpdateBody,
  type UserInduction,
  type UserInductionBody,
  type UserSkill,
  type UserSkillBody,
  type UserSkillBio,
  type UserSkillBioBody,
  todayIn,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { displayNameOf } from '../auth/sessions.js';
import { findFile, markFilesAttached } from '../files/repository.js';
import {
  attachmentTargetExists,
  completeUserInduction,
  deleteAssignee,
  deleteExpense,
  findClaimOf,
  insertExpense,
  lockExpense,
  expenseRateExists,
  expenseTypeExists,
  updateExpense,
  type ExpenseRow,
  type ExpenseValues,
  deleteHistoryEntry,
  findAssignee,
  findAuthoriserNaming,
  findBio,
  findHistoryEntry,
  findDynamicSkill,
  findInductionModule,
  findPerson,
  findSkill,
  hasInduction,
  holdsSkill,
  insertUserInduction,
  insertUserSkill,
  lockUserInduction,
  lockUserSkill,
  updateUserInduction,
  updateUserSkill,
  type InductionModuleRow,
  type UserSkillRow,
  type UserSkillValues,
  findTask,
  findTaskLeavingReason,
  findTaskPriority,
  findTaskStatus,
  insertAssignee,
  insertAttachment,
  insertAuthoriserNaming,
  insertHistory,
  insertTask,
  listNamedAuthorisers,
  listPermissionHolders,
  lockClaim,
  setClaimExpensesStatus,
  skillCategoryExists,
  updateAssignee,
  updateAuthoriserNaming,
  updateClaim,
  updateHistoryEntry,
  updateTask,
  upsertBio,
  type AssigneeRow,
  type AttachmentTarget,
  type AuthoriserRow,
  type BioRow,
  type ClaimRow,
  type HistoryRow,
  type NameRow,
  type NewHistoryRow,
  type TaskRow,
  type TaskValues,
  type UserInductionRow,
} from './repository.js';

/** The organisation a call works in and who is making it. */
export type Scope = { organisationId: number; actorId: number };

/** Holders of this permission decide claims (`PUT /claims/{id}`) and so authorise expenses. */
export const AUTHORISE_EXPENSES = resourcePermissions('claims').manage;

const notFound = (label: string) => new HttpError(404, `The ${label} was not found.`);

function nowIso(): string {
  return new Date().toISOString();
}

// ——— Wire shapes ———

function taskWire(row: TaskRow): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    due_date: row.dueDate,
    status_id: row.statusId,
    priority_id: row.priorityId,
    created_by: row.createdBy,
    completed_at: row.completedAt,
  };
}

function assigneeWire(row: AssigneeRow): TaskAssignee {
  return {
    id: row.id,
    task_id: row.taskId,
    user_id: row.userId,
    left_at: row.leftAt,
    leaving_reason_id: row.leavingReasonId,
    leaving_note: row.leavingNote,
    created_by: row.createdBy,
  };
}

function historyWire(row: HistoryRow): TaskHistoryEntry {
  return {
    id: row.id,
    task_id: row.taskId,
    user_id: row.userId,
    changed_at: row.changedAt,
    field: row.field,
    old_value: row.oldValue,
    new_value: row.newValue,
  };
}

function claimWire(row: ClaimRow): Claim {
  return {
    id: row.id,
    user_id: row.userId,
    title: row.title,
    notes: row.notes,
    status: row.status,
    submitted_at: row.submittedAt,
    decided_by: row.decidedBy,
    decided_at: row.decidedAt,
    decision_note: row.decisionNote,
    paid_at: row.paidAt,
    created_by: row.createdBy,
  };
}

function bioWire(row: BioRow): UserSkillBio {
  return { id: row.id, user_id: row.userId, category_id: row.categoryId, bio: row.bio };
}

function authoriserWire(row: AuthoriserRow): ExpenseAuthoriser {
  return {
    id: row.id,
    user_id: row.userId,
    authoriser_user_id: row.authoriserUserId,
    created_by: row.createdBy,
  };
}

function userInductionWire(row: UserInductionRow): UserInduction {
  return {
    id: row.id,
    user_id: row.userId,
    module_id: row.moduleId,
    status: row.status,
    completed_at: row.completedAt,
    completed_by: row.completedBy,
    expires_on: row.expiresOn,
    notes: row.notes,
  };
}

/** `fileId` → `file_id`: an attachment row as its contract schema names its fields. */
function snakeRow(row: Record<string, unknown>): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key !== 'organisationId' && key !== 'createdAt' && key !== 'updatedAt') {
      wire[key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)] = value;
    }
  }
  return wire;
}

/** One page of a list the server worked out in full (the effective authorisers, a bio). */
function page<T>(items: T[], query: { page: number; perPage: number }): { data: T[]; meta: PaginationMeta } {
  const start = (query.page - 1) * query.perPage;
  return {
    data: items.slice(start, start + query.perPage),
    meta: { current_page: query.page, per_page: query.perPage, total: items.length },
  };
}

async function personOrThrow(db: Executor, organisationId: number, userId: number): Promise<NameRow> {
  const person = await findPerson(db, organisationId, userId);
  if (!person) {
    throw notFound('user');
  }
  return person;
}

// ——— Tasks ———

type TaskReferences = {
  status: { name: string; closed: boolean } | null;
  priority: { name: string } | null;
};

/** The status and priority a body names, checked to be the organisation's (422 keyed by field). */
async function taskReferences(
  db: Executor,
  organisationId: number,
  body: Pick<TaskUpdateBody, 'status_id' | 'priority_id'>,
): Promise<TaskReferences> {
  const errors: Record<string, string[]> = {};
  const status = typeof body.status_id === 'number' ? await findTaskStatus(db, organisationId, body.status_id) : null;
  if (typeof body.status_id === 'number' && !status) {
    errors.status_id = ['The status must be a task status of this organisation.'];
  }
  const priority =
    typeof body.priority_id === 'number' ? await findTaskPriority(db, organisationId, body.priority_id) : null;
  if (typeof body.priority_id === 'number' && !priority) {
    errors.priority_id = ['The priority must be a task priority of this organisation.'];
  }
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
  return { status, priority };
}

/**
 * `POST /tasks/`: creates a task by the caller, complete at once when its status is a closed one,
 * and starts its history with a `created` entry.
 */
export async function createTask(db: Database, scope: Scope, body: TaskBody): Promise<Task> {
  return db.transaction(async (tx) => {
    const { status } = await taskReferences(tx, scope.organisationId, body);
    const now = nowIso();
    const row = await insertTask(tx, scope.organisationId, {
      title: body.title,
      description: body.description ?? null,
      dueDate: body.due_date ?? null,
      statusId: body.status_id ?? null,
      priorityId: body.priority_id ?? null,
      createdBy: scope.actorId,
      completedAt: status?.closed ? now : null,
    });
    await insertHistory(tx, scope.organisationId, [
      { taskId: row.id, userId: scope.actorId, changedAt: now, field: 'created', oldValue: null, newValue: row.title },
    ]);
    return taskWire(row);
  });
}

/**
 * `PUT /tasks/{id}`: changes the given fields and writes one history entry per field that
 * really changed (statuses and priorities by name). Moving into a closed status completes the
 * task (`completed_at`), moving out of one reopens it; between closed statuses it stays completed
 * when it was.
 */
export async function changeTask(db: Database, scope: Scope, taskId: number, body: TaskUpdateBody): Promise<Task> {
  return db.transaction(async (tx) => {
    const { organisationId } = scope;
    const task = await findTask(tx, organisationId, taskId, true);
    if (!task) {
      throw notFound('task');
    }
    const references = await taskReferences(tx, organisationId, body);
    const now = nowIso();
    const values: TaskValues = {};
    const changes: NewHistoryRow[] = [];
    const record = (field: string, oldValue: string | null, newValue: string | null) =>
      changes.push({ taskId, userId: scope.actorId, changedAt: now, field, oldValue, newValue });

    if (body.title !== undefined && body.title !== task.title) {
      values.title = body.title;
      record('title', task.title, body.title);
    }
    if (body.description !== undefined && body.description !== task.description) {
      values.description = body.description;
      record('description', task.description, body.description);
    }
    if (body.due_date !== undefined && body.due_date !== task.dueDate) {
      values.dueDate = body.due_date;
      record('due_date', task.dueDate, body.due_date);
    }
    if (body.status_id !== undefined && body.status_id !== task.statusId) {
      const before = task.statusId === null ? null : await findTaskStatus(tx, organisationId, task.statusId);
      values.statusId = body.status_id;
      const closed = references.status?.closed ?? false;
      values.completedAt = closed ? (task.completedAt ?? now) : null;
      record('status', before?.name ?? null, references.status?.name ?? null);
    }
    if (body.priority_id !== undefined && body.priority_id !== task.priorityId) {
      const before = task.priorityId === null ? null : await findTaskPriority(tx, organisationId, task.priorityId);
      values.priorityId = body.priority_id;
      record('priority', before?.name ?? null, references.priority?.name ?? null);
    }
    if (Object.keys(values).length === 0) {
      return taskWire(task);
    }
    const row = await updateTask(tx, organisationId, taskId, values);
    if (!row) {
      throw notFound('task');
    }
    await insertHistory(tx, organisationId, changes);
    return taskWire(row);
  });
}

async function taskOrThrow(db: Executor, organisationId: number, taskId: number, lock = false): Promise<TaskRow> {
  const task = await findTask(db, organisationId, taskId, lock);
  if (!task) {
    throw notFound('task');
  }
  return task;
}

async function leavingReasonName(
  db: Executor,
  organisationId: number,
  reasonId: number | null | undefined,
): Promise<string | null> {
  if (typeof reasonId !== 'number') {
    return null;
  }
  const reason = await findTaskLeavingReason(db, organisationId, reasonId);
  if (!reason) {
    throw validationError({
      leaving_reason_id: ['The leaving reason must be a task leaving reason of this organisation.'],
    });
  }
  return reason.name;
}

/** `POST /tasks/{taskId}/assignees/`: gives the task to someone (once), recorded in its history. */
export async function addAssignee(
  db: Database,
  scope: Scope,
  taskId: number,
  body: TaskAssigneeBody,
): Promise<TaskAssignee> {
  return db.transaction(async (tx) => {
    const { organisationId } = scope;
    await taskOrThrow(tx, organisationId, taskId, true);
    const person = await findPerson(tx, organisationId, body.user_id);
    if (!person) {
      throw validationError({ user_id: ['The assignee must be a user of this organisation.'] });
    }
    await leavingReasonName(tx, organisationId, body.leaving_reason_id);
    const row = await insertAssignee(tx, {
      organisationId,
      taskId,
      userId: person.id,
      leftAt: body.left_at ? new Date(body.left_at).toISOString() : null,
      leavingReasonId: body.leaving_reason_id ?? null,
      leavingNote: body.leaving_note ?? null,
      createdBy: scope.actorId,
    });
    if (!row) {
      throw validationError({ user_id: [messages.alreadyAssigned] });
    }
    await insertHistory(tx, organisationId, [
      {
        taskId,
        userId: scope.actorId,
        changedAt: nowIso(),
        field: 'assignee_added',
        oldValue: null,
        newValue: displayNameOf(person),
      },
    ]);
    return assigneeWire(row);
  });
}

async function assigneeOrThrow(db: Executor, organisationId: number, taskId: number, assigneeId: number) {
  const assignee = await findAssignee(db, organisationId, taskId, assigneeId);
  if (!assignee) {
    throw notFound('assignee');
  }
  return assignee;
}

/**
 * `PUT /tasks/{taskId}/assignees/{id}`: an assignee stepping off the task (`left_at`, with a
 * reason and note) or coming back to it (`left_at: null`), each recorded in the task's history.
 * Who is assigned does not change here: remove the assignee and add the other person.
 */
export async function changeAssignee(
  db: Database,
  scope: Scope,
  taskId: number,
  assigneeId: number,
  body: TaskAssigneeUpdateBody,
): Promise<TaskAssignee> {
  return db.transaction(async (tx) => {
    const { organisationId } = scope;
    await taskOrThrow(tx, organisationId, taskId, true);
    const assignee = await assigneeOrThrow(tx, organisationId, taskId, assigneeId);
    const reasonName = await leavingReasonName(tx, organisationId, body.leaving_reason_id);
    const leftAt = body.left_at === undefined ? undefined : body.left_at && new Date(body.left_at).toISOString();
    const values = {
      ...(leftAt === undefined ? {} : { leftAt }),
      ...(body.leaving_reason_id === undefined ? {} : { leavingReasonId: body.leaving_reason_id }),
      ...(body.leaving_note === undefined ? {} : { leavingNote: body.leaving_note }),
    };
    if (Object.keys(values).length === 0) {
      return assigneeWire(assignee);
    }
    const row = await updateAssignee(tx, organisationId, taskId, assigneeId, values);
    if (!row) {
      throw notFound('assignee');
    }
    const person = await findPerson(tx, organisationId, assignee.userId);
    const name = person ? displayNameOf(person) : null;
    if (leftAt !== undefined && (assignee.leftAt === null) !== (leftAt === null)) {
      await insertHistory(tx, organisationId, [
        leftAt === null
          ? { taskId, userId: scope.actorId, changedAt: nowIso(), field: 'assignee_returned', oldValue: null, newValue: name }
          : { taskId, userId: scope.actorId, changedAt: nowIso(), field: 'assignee_left', oldValue: name, newValue: reasonName },
      ]);
    }
    return assigneeWire(row);
  });
}

/** `DELETE /tasks/{taskId}/assignees/{id}`: takes the task from someone, recorded in its history. */
export async function removeAssignee(db: Database, scope: Scope, taskId: number, assigneeId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { organisationId } = scope;
    await taskOrThrow(tx, organisationId, taskId, true);
    const assignee = await assigneeOrThrow(tx, organisationId, taskId, assigneeId);
    await deleteAssignee(tx, organisationId, taskId, assigneeId);
    const person = await findPerson(tx, organisationId, assignee.userId);
    await insertHistory(tx, organisationId, [
      {
        taskId,
        userId: scope.actorId,
        changedAt: nowIso(),
        field: 'assignee_removed',
        oldValue: person ? displayNameOf(person) : null,
        newValue: null,
      },
    ]);
  });
}

/** `POST /tasks/{taskId}/history/`: a comment on the task, by the caller. */
export async function addComment(
  db: Database,
  scope: Scope,
  taskId: number,
  body: TaskHistoryBody,
): Promise<TaskHistoryEntry> {
  return db.transaction(async (tx) => {
    await taskOrThrow(tx, scope.organisationId, taskId);
    const [row] = await insertHistory(tx, scope.organisationId, [
      {
        taskId,
        userId: scope.actorId,
        changedAt: nowIso(),
        field: TASK_COMMENT_FIELD,
        oldValue: null,
        newValue: body.new_value,
      },
    ]);
    if (!row) {
      throw new Error('task comment insert returned nothing');
    }
    return historyWire(row);
  });
}

/** A history entry the caller may change: their own comment (409 for a recorded change, 403 for another's). */
async function ownCommentOrThrow(db: Executor, scope: Scope, taskId: number, entryId: number): Promise<HistoryRow> {
  await taskOrThrow(db, scope.organisationId, taskId);
  const entry = await findHistoryEntry(db, scope.organisationId, taskId, entryId);
  if (!entry) {
    throw notFound('history entry');
  }
  if (entry.field !== TASK_COMMENT_FIELD) {
    throw new HttpError(409, messages.systemHistory);
  }
  if (entry.userId !== scope.actorId) {
    throw new HttpError(403, messages.othersComment);
  }
  return entry;
}

/** `PUT /tasks/{taskId}/history/{id}`: edits the caller's own comment. */
export async function changeComment(
  db: Database,
  scope: Scope,
  taskId: number,
  entryId: number,
  body: Partial<TaskHistoryBody>,
): Promise<TaskHistoryEntry> {
  return db.transaction(async (tx) => {
    const entry = await ownCommentOrThrow(tx, scope, taskId, entryId);
    if (body.new_value === undefined) {
      return historyWire(entry);
    }
    const row = await updateHistoryEntry(tx, scope.organisationId, taskId, entryId, body.new_value);
    if (!row) {
      throw notFound('history entry');
    }
    return historyWire(row);
  });
}

/** `DELETE /tasks/{taskId}/history/{id}`: deletes the caller's own comment. */
export async function removeComment(db: Database, scope: Scope, taskId: number, entryId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await ownCommentOrThrow(tx, scope, taskId, entryId);
    await deleteHistoryEntry(tx, scope.organisationId, taskId, entryId);
  });
}

// ——— Attachments ———

const TARGET_LABELS: Record<AttachmentTarget['kind'], string> = {
  task: 'task',
  expense: 'expense',
  touchpoint: 'touchpoint',
  induction: 'induction',
};

/**
 * Attaches a file the caller uploaded to a task, an expense, a touchpoint or an induction, and
 * keeps it from the purge of unattached uploads. A receipt or a certificate becomes the person's
 * file (they may read it back); a touchpoint's file stays staff-side. 404 for a record that is not
 * the organisation's (or not that person's); 422 at `file_id` for a file that is not the caller's
 * upload in this organisation, or is already attached to the record.
 */
export async function attachFile(
  db: Database,
  scope: Scope,
  target: AttachmentTarget,
  body: PeopleWorkAttachmentStoreBody,
): Promise<Record<string, unknown>> {
  return db.transaction(async (tx) => {
    if (!(await attachmentTargetExists(tx, scope.organisationId, target))) {
      throw notFound(TARGET_LABELS[target.kind]);
    }
    const file = await findFile(tx, scope.organisationId, body.file_id);
    if (!file || file.uploadedByUserId !== scope.actorId) {
      throw validationError({ file_id: [messages.fileNotYours] });
    }
    const row = await insertAttachment(tx, scope.organisationId, target, {
      fileId: file.id,
      name: body.name ?? file.originalName,
      createdBy: scope.actorId,
    });
    if (!row) {
      throw validationError({ file_id: [messages.fileAlreadyAttached] });
    }
    const owner = target.kind === 'expense' || target.kind === 'induction' ? target.userId : null;
    await markFilesAttached(tx, scope.organisationId, [file.id], new Date(), owner);
    return snakeRow(row);
  });
}

// ——— Claims ———

/** Where a claim may go from each status, and the sentence when it may not go there. */
const CLAIM_TRANSITIONS: Record<ClaimStatusName, { to: ClaimStatusName[]; refusal: string }> = {
  submitted: { to: ['approved', 'rejected'], refusal: 'A submitted claim can be approved or rejected.' },
  approved: { to: ['paid'], refusal: 'An approved claim can only be marked paid.' },
  rejected: { to: [], refusal: 'A rejected claim cannot be changed; the claimant can submit a new one.' },
  paid: { to: [], refusal: 'A paid claim cannot be changed.' },
};

/**
 * `PUT /claims/{id}`: changes a claim's text, or decides it. A decision (`status`) follows
 * submitted → approved or rejected, approved → paid (422 otherwise); it is made by someone other
 * than the claimant (403), by one of the claimant's named authorisers when they have any (403),
 * is stamped with who and when, and carries to every expense in the claim.
 */
export async function decideClaim(
  db: Database,
  scope: Scope,
  claimId: number,
  body: ClaimUpdateBody,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const { organisationId } = scope;
    const claim = await lockClaim(tx, organisationId, claimId);
    if (!claim) {
      throw notFound('claim');
    }
    const values: Parameters<typeof updateClaim>[3] = {
      ...(body.title === undefined ? {} : { title: body.title }),
      ...(body.notes === undefined ? {} : { notes: body.notes }),
      ...(body.decision_note === undefined ? {} : { decisionNote: body.decision_note }),
    };
    const decision = body.status !== undefined && body.status !== claim.status ? body.status : null;
    if (decision) {
      if (claim.userId === scope.actorId) {
        throw new HttpError(403, messages.ownClaim);
      }
      const named = await listNamedAuthorisers(tx, organisationId, claim.userId);
      if (named.length > 0 && !named.some(({ naming }) => naming.authoriserUserId === scope.actorId)) {
        throw new HttpError(403, messages.notNamedAuthoriser);
      }
      const rule = CLAIM_TRANSITIONS[claim.status];
      if (!rule.to.includes(decision)) {
        throw validationError({ status: [rule.refusal] });
      }
      values.status = decision;
      if (decision === 'paid') {
        values.paidAt = nowIso();
      } else {
        values.decidedBy = scope.actorId;
        values.decidedAt = nowIso();
      }
    }
    if (Object.keys(values).length === 0) {
      return claimWire(claim);
    }
    const row = await updateClaim(tx, organisationId, claimId, values);
    if (!row) {
      throw notFound('claim');
    }
    if (decision) {
      // `submitted` is never a target, so every decision is also an expense status.
      await setClaimExpensesStatus(tx, organisationId, claimId, decision === 'submitted' ? 'pending' : decision);
    }
    return claimWire(row);
  });
}

// ——— Expenses ———

/** Expense statuses after which the expense is settled and can no longer be changed or deleted. */
const SETTLED: ReadonlySet<string> = new Set(['approved', 'paid']);

function expenseWire(row: ExpenseRow): Expense {
  return {
    id: row.id,
    user_id: row.userId,
    claim_id: row.claimId,
    type_id: row.typeId,
    rate_id: row.rateId,
    quantity: row.quantity,
    amount_pence: row.amountPence,
    spent_on: row.spentOn,
    description: row.description,
    status: row.status,
    created_by: row.createdBy,
  };
}

/**
 * The type, rate and claim a body names, checked: the organisation's type and rate, and a claim of
 * the same person that is still waiting for its decision (422 keyed by field).
 */
async function checkExpenseReferences(
  db: Executor,
  organisationId: number,
  userId: number,
  body: Partial<ExpenseBody>,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (body.type_id !== undefined && !(await expenseTypeExists(db, organisationId, body.type_id))) {
    errors.type_id = ['The type must be an expense type of this organisation.'];
  }
  if (typeof body.rate_id === 'number' && !(await expenseRateExists(db, organisationId, body.rate_id))) {
    errors.rate_id = ['The rate must be an expense rate of this organisation.'];
  }
  if (typeof body.claim_id === 'number') {
    const claim = await findClaimOf(db, organisationId, userId, body.claim_id);
    if (!claim) {
      errors.claim_id = ['The claim must be one of this person’s claims.'];
    } else if (claim.status !== 'submitted') {
      errors.claim_id = [messages.claimDecided];
    }
  }
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
}

/** `POST /users/{userId}/expenses/`: records an expense of the person, pending, in a waiting claim or none. */
export async function storeExpense(db: Database, scope: Scope, userId: number, body: ExpenseBody): Promise<Expense> {
  return db.transaction(async (tx) => {
    await personOrThrow(tx, scope.organisationId, userId);
    await checkExpenseReferences(tx, scope.organisationId, userId, body);
    const row = await insertExpense(tx, {
      organisationId: scope.organisationId,
      userId,
      claimId: body.claim_id ?? null,
      typeId: body.type_id,
      rateId: body.rate_id ?? null,
      quantity: body.quantity ?? null,
      amountPence: body.amount_pence,
      spentOn: body.spent_on,
      description: body.description ?? null,
      createdBy: scope.actorId,
    });
    return expenseWire(row);
  });
}

async function unsettledExpenseOrThrow(db: Executor, organisationId: number, userId: number, expenseId: number) {
  const expense = await lockExpense(db, organisationId, userId, expenseId);
  if (!expense) {
    throw notFound('expense');
  }
  if (SETTLED.has(expense.status)) {
    throw new HttpError(409, messages.expenseSettled);
  }
  return expense;
}

/**
 * `PUT /users/{userId}/expenses/{id}`: changes an expense that is not settled (409 once its claim
 * is approved or paid). Moving it into a waiting claim, or out of any, makes it pending again.
 */
export async function changeExpense(
  db: Database,
  scope: Scope,
  userId: number,
  expenseId: number,
  body: Partial<ExpenseBody>,
): Promise<Expense> {
  return db.transaction(async (tx) => {
    await personOrThrow(tx, scope.organisationId, userId);
    const expense = await unsettledExpenseOrThrow(tx, scope.organisationId, userId, expenseId);
    await checkExpenseReferences(tx, scope.organisationId, userId, body);
    const values: ExpenseValues = {
      ...(body.type_id === undefined ? {} : { typeId: body.type_id }),
      ...(body.rate_id === undefined ? {} : { rateId: body.rate_id }),
      ...(body.quantity === undefined ? {} : { quantity: body.quantity }),
      ...(body.amount_pence === undefined ? {} : { amountPence: body.amount_pence }),
      ...(body.spent_on === undefined ? {} : { spentOn: body.spent_on }),
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(body.claim_id === undefined || body.claim_id === expense.claimId
        ? {}
        : { claimId: body.claim_id, status: 'pending' as const }),
    };
    if (Object.keys(values).length === 0) {
      return expenseWire(expense);
    }
    const row = await updateExpense(tx, scope.organisationId, userId, expenseId, values);
    if (!row) {
      throw notFound('expense');
    }
    return expenseWire(row);
  });
}

/** `DELETE /users/{userId}/expenses/{id}`: deletes an expense that is not settled (409 otherwise). */
export async function removeExpense(db: Database, scope: Scope, userId: number, expenseId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await personOrThrow(tx, scope.organisationId, userId);
    await unsettledExpenseOrThrow(tx, scope.organisationId, userId, expenseId);
    await deleteExpense(tx, scope.organisationId, userId, expenseId);
  });
}

// ——— Skills held ———

function userSkillWire(row: UserSkillRow): UserSkill {
  return {
    id: row.id,
    user_id: row.userId,
    skill_id: row.skillId,
    dynamic_skill_id: row.dynamicSkillId,
    level: row.level,
    expires_on: row.expiresOn,
    notes: row.notes,
  };
}

/**
 * The skill and option a record would hold, checked: the organisation's skill, an option of that
 * skill, and not one the person holds already (422 keyed by field).
 */
async function checkHeldSkill(
  db: Executor,
  organisationId: number,
  userId: number,
  held: { skillId: number; dynamicSkillId: number | null },
  exceptId?: number,
): Promise<void> {
  if (!(await findSkill(db, organisationId, held.skillId))) {
    throw validationError({ skill_id: ['The skill must be a skill of this organisation.'] });
  }
  if (held.dynamicSkillId !== null) {
    const option = await findDynamicSkill(db, organisationId, held.dynamicSkillId);
    if (!option || option.skillId !== held.skillId) {
      throw validationError({ dynamic_skill_id: [messages.notAnOption] });
    }
  }
  if (await holdsSkill(db, userId, held.skillId, held.dynamicSkillId, exceptId)) {
    throw validationError({ skill_id: [messages.skillHeld] });
  }
}

/** `POST /users/{userId}/skills/`: records a skill (or one option of it) the person holds, once. */
export async function storeUserSkill(db: Database, scope: Scope, userId: number, body: UserSkillBody): Promise<UserSkill> {
  return db.transaction(async (tx) => {
    await personOrThrow(tx, scope.organisationId, userId);
    const held = { skillId: body.skill_id, dynamicSkillId: body.dynamic_skill_id ?? null };
    await checkHeldSkill(tx, scope.organisationId, userId, held);
    const row = await insertUserSkill(tx, {
      organisationId: scope.organisationId,
      userId,
      ...held,
      level: body.level ?? null,
      expiresOn: body.expires_on ?? null,
      notes: body.notes ?? null,
    });
    return userSkillWire(row);
  });
}

/** `PUT /users/{userId}/skills/{id}`: changes a skill record, with the same checks as recording one. */
export async function changeUserSkill(
  db: Database,
  scope: Scope,
  userId: number,
  id: number,
  body: Partial<UserSkillBody>,
): Promise<UserSkill> {
  return db.transaction(async (tx) => {
    await personOrThrow(tx, scope.organisationId, userId);
    const record = await lockUserSkill(tx, scope.organisationId, userId, id);
    if (!record) {
      throw notFound('skill');
    }
    const held = {
      skillId: body.skill_id ?? record.skillId,
      dynamicSkillId: body.dynamic_skill_id === undefined ? record.dynamicSkillId : body.dynamic_skill_id,
    };
    if (held.skillId !== record.skillId || held.dynamicSkillId !== record.dynamicSkillId) {
      await checkHeldSkill(tx, scope.organisationId, userId, held, id);
    }
    const values: UserSkillValues = {
      ...held,
      ...(body.level === undefined ? {} : { level: body.level }),
      ...(body.expires_on === undefined ? {} : { expiresOn: body.expires_on }),
      ...(body.notes === undefined ? {} : { notes: body.notes }),
    };
    const row = await updateUserSkill(tx, scope.organisationId, userId, id, values);
    if (!row) {
      throw notFound('skill');
    }
    return userSkillWire(row);
  });
}

// ——— Skill bios ———

async function bioScopeOrThrow(db: Executor, organisationId: number, userId: number, categoryId: number) {
  await personOrThrow(db, organisationId, userId);
  if (!(await skillCategoryExists(db, organisationId, categoryId))) {
    throw notFound('skill category');
  }
}

/** `GET /users/{userId}/skills/{categoryId}/bio`: the person's bio in the category, as a list of none or one. */
export async function listBio(
  db: Executor,
  organisationId: number,
  userId: number,
  categoryId: number,
  query: { page: number; perPage: number },
): Promise<{ data: UserSkillBio[]; meta: PaginationMeta }> {
  await bioScopeOrThrow(db, organisationId, userId, categoryId);
  const bio = await findBio(db, organisationId, userId, categoryId);
  return page(bio ? [bioWire(bio)] : [], query);
}

/**
 * `POST /users/{userId}/skills/{categoryId}/bio`: writes the person's bio in the category. A
 * person has one bio per category, so a second store replaces the first (`created` false).
 */
export async function storeBio(
  db: Database,
  organisationId: number,
  userId: number,
  categoryId: number,
  body: UserSkillBioBody,
): Promise<{ bio: UserSkillBio; created: boolean }> {
  return db.transaction(async (tx) => {
    await bioScopeOrThrow(tx, organisationId, userId, categoryId);
    const before = await findBio(tx, organisationId, userId, categoryId);
    const row = await upsertBio(tx, organisationId, userId, categoryId, body.bio);
    return { bio: bioWire(row), created: before === null };
  });
}

// ——— Expense authorisers ———

/**
 * `GET /users/{userId}/expenses/authorisers`: who may decide the person's claims. The people
 * named for them (`named`) when they have any, as long as those still hold manage-claims;
 * otherwise every holder of manage-claims. Never the person themself.
 */
export async function listAuthorisers(
  db: Executor,
  organisationId: number,
  userId: number,
  query: { page: number; perPage: number },
): Promise<{ data: EffectiveExpenseAuthoriser[]; meta: PaginationMeta }> {
  await personOrThrow(db, organisationId, userId);
  const holders = await listPermissionHolders(db, organisationId, AUTHORISE_EXPENSES, userId);
  const named = await listNamedAuthorisers(db, organisationId, userId);
  if (named.length === 0) {
    return page(
      holders.map((holder) => ({
        id: null,
        user_id: userId,
        authoriser_user_id: holder.id,
        display_name: displayNameOf(holder),
        named: false,
      })),
      query,
    );
  }
  const holding = new Set(holders.map((holder) => holder.id));
  return page(
    named
      .filter(({ naming }) => holding.has(naming.authoriserUserId))
      .map(({ naming, person }) => ({
        id: naming.id,
        user_id: userId,
        authoriser_user_id: naming.authoriserUserId,
        display_name: displayNameOf(person),
        named: true,
      })),
    query,
  );
}

/** The authoriser a body names, checked: a user of the organisation, not the person, holding manage-claims. */
async function checkAuthoriser(db: Executor, organisationId: number, userId: number, authoriserUserId: number) {
  const field = (message: string) => validationError({ authoriser_user_id: [message] });
  if (!(await findPerson(db, organisationId, authoriserUserId))) {
    throw field('The authoriser must be a user of this organisation.');
  }
  if (authoriserUserId === userId) {
    throw field(messages.authoriserSelf);
  }
  const holders = await listPermissionHolders(db, organisationId, AUTHORISE_EXPENSES, userId);
  if (!holders.some((holder) => holder.id === authoriserUserId)) {
    throw field(messages.authoriserPermission);
  }
}

/** `POST /users/{userId}/expenses/authorisers`: names someone to authorise the person's expenses. */
export async function nameAuthoriser(
  db: Database,
  scope: Scope,
  userId: number,
  body: ExpenseAuthoriserBody,
): Promise<ExpenseAuthoriser> {
  return db.transaction(async (tx) => {
    await personOrThrow(tx, scope.organisationId, userId);
    await checkAuthoriser(tx, scope.organisationId, userId, body.authoriser_user_id);
    const row = await insertAuthoriserNaming(tx, {
      organisationId: scope.organisationId,
      userId,
      authoriserUserId: body.authoriser_user_id,
      createdBy: scope.actorId,
    });
    if (!row) {
      throw validationError({ authoriser_user_id: [messages.authoriserTwice] });
    }
    return authoriserWire(row);
  });
}

/** `PUT /users/{userId}/expenses/authorisers/{id}`: names someone else in place of a named authoriser. */
export async function renameAuthoriser(
  db: Database,
  scope: Scope,
  userId: number,
  namingId: number,
  body: Partial<ExpenseAuthoriserBody>,
): Promise<ExpenseAuthoriser> {
  return db.transaction(async (tx) => {
    await personOrThrow(tx, scope.organisationId, userId);
    const naming = await findAuthoriserNaming(tx, scope.organisationId, userId, namingId);
    if (!naming) {
      throw notFound('authoriser');
    }
    if (body.authoriser_user_id === undefined || body.authoriser_user_id === naming.authoriserUserId) {
      return authoriserWire(naming);
    }
    await checkAuthoriser(tx, scope.organisationId, userId, body.authoriser_user_id);
    const row = await updateAuthoriserNaming(tx, scope.organisationId, userId, namingId, body.authoriser_user_id);
    if (!row) {
      throw validationError({ authoriser_user_id: [messages.authoriserTwice] });
    }
    return authoriserWire(row);
  });
}

// ——— Inductions ———

/**
 * What completing a module at `completedAt` stamps: when, by whom, and until when (the module's
 * validity from that day in the organisation's calendar, unless an expiry is given).
 */
function completion(
  module: InductionModuleRow,
  completedAt: string,
  completedBy: number,
  timezone: string,
  expiresOn: string | null | undefined,
) {
  return {
    completedAt,
    completedBy,
    expiresOn:
      expiresOn !== undefined
        ? expiresOn
        : module.validityMonths === null
          ? null
          : addMonths(todayIn(timezone, new Date(completedAt)), module.validityMonths),
  };
}

async function moduleOrThrow(db: Executor, organisationId: number, moduleId: number): Promise<InductionModuleRow> {
  const module = await findInductionModule(db, organisationId, moduleId);
  if (!module) {
    throw validationError({ module_id: ['The module must be an induction module of this organisation.'] });
  }
  return module;
}

function checkCompletionFields(status: string, body: Partial<UserInductionBody>): void {
  if (status !== 'completed' && typeof body.completed_at === 'string') {
    throw validationError({ completed_at: [messages.completedAtNeedsCompleted] });
  }
}

/**
 * `POST /users/{userId}/inductions/`: records a person's induction in a module (once per module).
 * Recorded as completed, it is stamped by the caller, at `completed_at` or now, and expires after
 * the module's validity unless `expires_on` is given.
 */
export async function storeUserInduction(
  db: Database,
  scope: Scope & { timezone: string },
  userId: number,
  body: UserInductionBody,
): Promise<UserInduction> {
  return db.transaction(async (tx) => {
    await personOrThrow(tx, scope.organisationId, userId);
    const module = await moduleOrThrow(tx, scope.organisationId, body.module_id);
    const status = body.status ?? 'not_started';
    checkCompletionFields(status, body);
    if (await hasInduction(tx, userId, module.id)) {
      throw validationError({ module_id: [messages.inductionHeld] });
    }
    const completed =
      status === 'completed'
        ? completion(module, isoOrNow(body.completed_at), scope.actorId, scope.timezone, body.expires_on)
        : { expiresOn: body.expires_on ?? null };
    const row = await insertUserInduction(tx, {
      organisationId: scope.organisationId,
      userId,
      moduleId: module.id,
      status,
      notes: body.notes ?? null,
      ...completed,
    });
    return userInductionWire(row);
  });
}

/** A written time as stored (UTC), or now. */
function isoOrNow(value: string | null | undefined): string {
  return value ? new Date(value).toISOString() : nowIso();
}

/**
 * `PUT /users/{userId}/inductions/{id}`: changes a person's induction. Becoming completed stamps
 * it as a store does; leaving completed clears the completion (and the expiry unless given).
 */
export async function changeUserInduction(
  db: Database,
  scope: Scope & { timezone: string },
  userId: number,
  id: number,
  body: Partial<UserInductionBody>,
): Promise<UserInduction> {
  return db.transaction(async (tx) => {
    await personOrThrow(tx, scope.organisationId, userId);
    const record = await lockUserInduction(tx, scope.organisationId, userId, id);
    if (!record) {
      throw notFound('induction');
    }
    const module = await moduleOrThrow(tx, scope.organisationId, body.module_id ?? record.moduleId);
    if (module.id !== record.moduleId && (await hasInduction(tx, userId, module.id, id))) {
      throw validationError({ module_id: [messages.inductionHeld] });
    }
    const status = body.status ?? record.status;
    checkCompletionFields(status, body);
    const becomesCompleted = status === 'completed' && record.status !== 'completed';
    const stamps =
      status !== 'completed'
        ? { completedAt: null, completedBy: null, expiresOn: body.expires_on ?? null }
        : becomesCompleted || body.completed_at
          ? completion(module, isoOrNow(body.completed_at), scope.actorId, scope.timezone, body.expires_on)
          : body.expires_on === undefined
            ? {}
            : { expiresOn: body.expires_on };
    const row = await updateUserInduction(tx, scope.organisationId, userId, id, {
      moduleId: module.id,
      status,
      ...(body.notes === undefined ? {} : { notes: body.notes }),
      ...stamps,
    });
    if (!row) {
      throw notFound('induction');
    }
    return userInductionWire(row);
  });
}

/** `date` (YYYY-MM-DD) plus whole months, kept within the month (31 January + 1 month = 28 or 29 February). */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const firstOfTarget = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(day, lastDay));
  return firstOfTarget.toISOString().slice(0, 10);
}

/**
 * `PUT /users/{authUserId}/inductions/self-complete/{id}` (`{id}`: the induction module): the
 * signed-in person marks a module they may complete themself as done, creating their induction
 * record when they have none; doing it again renews it. Stamped completed now, by them, expiring
 * after the module's validity (in the organisation's calendar). 403 for someone else's
 * inductions, a module staff must sign off, or one no longer offered.
 */
export async function selfCompleteInduction(
  db: Database,
  scope: Scope & { timezone: string },
  authUserId: number,
  moduleId: number,
  body: InductionSelfCompleteBody,
): Promise<UserInduction> {
  if (authUserId !== scope.actorId) {
    throw new HttpError(403, messages.selfCompleteOthers);
  }
  return db.transaction(async (tx) => {
    const module = await findInductionModule(tx, scope.organisationId, moduleId);
    if (!module) {
      throw notFound('induction module');
    }
    if (!module.active) {
      throw new HttpError(403, messages.inductionRetired);
    }
    if (!module.selfCompletable) {
      throw new HttpError(403, messages.notSelfCompletable);
    }
    const now = new Date();
    const row = await completeUserInduction(tx, {
      organisationId: scope.organisationId,
      userId: scope.actorId,
      moduleId: module.id,
      completedAt: now.toISOString(),
      completedBy: scope.actorId,
      expiresOn: module.validityMonths === null ? null : addMonths(todayIn(scope.timezone, now), module.validityMonths),
      ...(body.notes === undefined ? {} : { notes: body.notes }),
    });
    return userInductionWire(row);
  });
}
