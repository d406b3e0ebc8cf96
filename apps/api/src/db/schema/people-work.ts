import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks.js';
import { isoTimestamp, organisationId, timestamps } from './columns.js';
import { files } from './reference.js';
import { users } from './users.js';

/*
 * People's work (platform-foundation §7 "Tasks", the skills of "Roles, risk, rotas and shifts",
 * and the per-user claims, expenses, touchpoints and inductions): what volunteers are asked to
 * do, what they can do, what they spend and claim back, what staff note about them, and the
 * inductions they complete. The reports of users, expenses and skills read these tables.
 */

export const claimStatuses = ['submitted', 'approved', 'rejected', 'paid'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

export const expenseStatuses = ['pending', 'approved', 'rejected', 'paid'] as const;
export type ExpenseStatus = (typeof expenseStatuses)[number];

export const expenseRateUnits = ['mile', 'km', 'hour', 'day', 'item'] as const;
export type ExpenseRateUnit = (typeof expenseRateUnits)[number];

export const skillLevels = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export type SkillLevel = (typeof skillLevels)[number];

export const inductionStatuses = ['not_started', 'in_progress', 'completed'] as const;
export type InductionStatus = (typeof inductionStatuses)[number];

/** A person of the organisation named by a record; the record outlives the account as "someone". */
const personOrNull = () => integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' });
/** The person a per-user record belongs to: it goes when they are erased. */
const owningUser = () =>
  integer()
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: 'cascade' });

/** A lookup list offered in `position` order; an inactive entry stays on the records that use it. */
function lookupColumns() {
  return {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    name: text().notNull(),
    position: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  };
}

// ——— Tasks ———

/** A stage a task can be in ("To do", "Waiting", "Done"); a `closed` status marks the task complete. */
export const taskStatuses = pgTable(
  'task_statuses',
  {
    ...lookupColumns(),
    /** `#RRGGBB` shown on the status badge; null for the default colour. */
    colour: text(),
    closed: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('task_statuses_organisation_idx').on(t.organisationId, t.position),
    check('task_statuses_colour_check', sql`${t.colour} is null or ${t.colour} ~ '^#[0-9A-Fa-f]{6}$'`),
  ],
);

/** How urgent a task is; `position` ranks them, 0 the most urgent. */
export const taskPriorities = pgTable(
  'task_priorities',
  {
    ...lookupColumns(),
    colour: text(),
    ...timestamps,
  },
  (t) => [
    index('task_priorities_organisation_idx').on(t.organisationId, t.position),
    check('task_priorities_colour_check', sql`${t.colour} is null or ${t.colour} ~ '^#[0-9A-Fa-f]{6}$'`),
  ],
);

/** Why an assignee stepped off a task ("No longer available"). */
export const taskLeavingReasons = pgTable(
  'task_leaving_reasons',
  { ...lookupColumns(), ...timestamps },
  (t) => [index('task_leaving_reasons_organisation_idx').on(t.organisationId, t.position)],
);

/**
 * A piece of work for one or more people. `completedAt` is set by the server when the task moves
 * into a closed status and cleared when it moves out; every change is written to `task_history`.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    title: text().notNull(),
    description: text(),
    dueDate: date({ mode: 'string' }),
    // A status or priority in use cannot be deleted (409); retire it with `active`.
    statusId: integer().references(() => taskStatuses.id, { onDelete: 'restrict' }),
    priorityId: integer().references(() => taskPriorities.id, { onDelete: 'restrict' }),
    createdBy: personOrNull(),
    completedAt: isoTimestamp(),
    ...timestamps,
  },
  (t) => [
    index('tasks_organisation_due_idx').on(t.organisationId, t.dueDate),
    index('tasks_status_idx').on(t.statusId),
    index('tasks_priority_idx').on(t.priorityId),
    index('tasks_created_by_idx').on(t.createdBy),
  ],
);

/** Someone a task is given to; `leftAt` set when they stepped off it, with why. */
export const taskAssignees = pgTable(
  'task_assignees',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    taskId: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: owningUser(),
    leftAt: isoTimestamp(),
    leavingReasonId: integer().references(() => taskLeavingReasons.id, { onDelete: 'restrict' }),
    leavingNote: text(),
    createdBy: personOrNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('task_assignees_task_user_unique').on(t.taskId, t.userId),
    index('task_assignees_user_idx').on(t.userId),
    index('task_assignees_leaving_reason_idx').on(t.leavingReasonId),
  ],
);

/** A file kept with a task. */
export const taskAttachments = pgTable(
  'task_attachments',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    taskId: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** Shown instead of the file's own name; the file's original name unless given. */
    name: text().notNull(),
    createdBy: personOrNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('task_attachments_task_file_unique').on(t.taskId, t.fileId),
    index('task_attachments_file_idx').on(t.fileId),
  ],
);

/**
 * What happened to a task, newest last: one row per changed field (`field`, `oldValue`,
 * `newValue` as text, ids of statuses and people resolved to their names at the time), and
 * comments (`field` = `comment`, the text in `newValue`). Written by the server; people may
 * only add, edit and delete their own comments.
 */
export const taskHistory = pgTable(
  'task_history',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    taskId: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: personOrNull(),
    changedAt: isoTimestamp().notNull().default(sql`now()`),
    field: text().notNull(),
    oldValue: text(),
    newValue: text(),
    ...timestamps,
  },
  (t) => [
    index('task_history_task_idx').on(t.taskId, t.changedAt),
    index('task_history_user_idx').on(t.userId),
  ],
);

// ——— Skills ———

/** A group of skills ("Languages", "First aid"), with the question its bio answers. */
export const skillCategories = pgTable(
  'skill_categories',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    name: text().notNull(),
    description: text(),
    /** Asked of the volunteer for their bio in this category ("Tell us about your languages"). */
    bioPrompt: text(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('skill_categories_organisation_idx').on(t.organisationId, t.position)],
);

/** Something a person can do. `expires`: holders record when it lapses (a first-aid certificate). */
export const skills = pgTable(
  'skills',
  {
    ...lookupColumns(),
    categoryId: integer()
      .notNull()
      .references(() => skillCategories.id, { onDelete: 'restrict' }),
    description: text(),
    expires: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('skills_category_idx').on(t.categoryId, t.position),
    index('skills_organisation_idx').on(t.organisationId),
  ],
);

/**
 * The organisation-defined options under one skill, held as one skill each (skill "Languages":
 * "French", "British Sign Language"; skill "Driving": "Car", "Minibus"). The skills report groups
 * them by their skill (`skills/dynamic-skill-category/{id}`).
 */
export const dynamicSkills = pgTable(
  'dynamic_skills',
  {
    ...lookupColumns(),
    skillId: integer()
      .notNull()
      .references(() => skills.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    index('dynamic_skills_skill_idx').on(t.skillId, t.position),
    index('dynamic_skills_organisation_idx').on(t.organisationId),
    unique('dynamic_skills_id_skill_unique').on(t.id, t.skillId),
  ],
);

/** A skill a person holds, optionally one option of it, with how well and until when. */
export const userSkills = pgTable(
  'user_skills',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: owningUser(),
    skillId: integer()
      .notNull()
      .references(() => skills.id, { onDelete: 'restrict' }),
    dynamicSkillId: integer(),
    level: text({ enum: skillLevels }),
    expiresOn: date({ mode: 'string' }),
    notes: text(),
    ...timestamps,
  },
  (t) => [
    // The option must be one of the skill's own; moving an option to another skill moves its holders.
    foreignKey({
      name: 'user_skills_dynamic_skill_fk',
      columns: [t.dynamicSkillId, t.skillId],
      foreignColumns: [dynamicSkills.id, dynamicSkills.skillId],
    })
      .onDelete('restrict')
      .onUpdate('cascade'),
    unique('user_skills_user_skill_unique').on(t.userId, t.skillId, t.dynamicSkillId).nullsNotDistinct(),
    index('user_skills_skill_idx').on(t.skillId),
    index('user_skills_dynamic_skill_idx').on(t.dynamicSkillId),
    index('user_skills_organisation_expiry_idx').on(t.organisationId, t.expiresOn),
    check('user_skills_level_check', sql`${t.level} is null or ${oneOf(t.level, skillLevels)}`),
  ],
);

/** A person's own words about themself in one skill category (`/users/{userId}/skills/{categoryId}/bio`). */
export const userSkillBios = pgTable(
  'user_skill_bios',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: owningUser(),
    categoryId: integer()
      .notNull()
      .references(() => skillCategories.id, { onDelete: 'cascade' }),
    bio: text().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_skill_bios_user_category_unique').on(t.userId, t.categoryId),
    index('user_skill_bios_category_idx').on(t.categoryId),
  ],
);

// ——— Expenses and claims ———

/** What an expense is for ("Travel", "Meals"); `requiresReceipt`: a receipt must be attached. */
export const expenseTypes = pgTable(
  'expense_types',
  {
    ...lookupColumns(),
    description: text(),
    requiresReceipt: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index('expense_types_organisation_idx').on(t.organisationId, t.position)],
);

/** A rate paid per unit ("Car mileage", 45p a mile), for a type or any, between optional dates. */
export const expenseRates = pgTable(
  'expense_rates',
  {
    ...lookupColumns(),
    typeId: integer().references(() => expenseTypes.id, { onDelete: 'restrict' }),
    unit: text({ enum: expenseRateUnits }).notNull(),
    pencePerUnit: integer().notNull(),
    validFrom: date({ mode: 'string' }),
    validTo: date({ mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    index('expense_rates_organisation_idx').on(t.organisationId, t.position),
    index('expense_rates_type_idx').on(t.typeId),
    check('expense_rates_unit_check', oneOf(t.unit, expenseRateUnits)),
    check('expense_rates_amount_check', sql`${t.pencePerUnit} >= 0`),
    // `valid_to` before `valid_from` is not refused here: a rate's two dates are written one at a
    // time through the generic update, and a rate valid on no day is simply never offered.
  ],
);

/**
 * A set of a person's expenses sent for repayment together. Submitted, then approved or rejected
 * by an authoriser (`decidedBy`, `decidedAt`), then paid. The decision carries to its expenses.
 */
export const claims = pgTable(
  'claims',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: owningUser(),
    title: text().notNull(),
    notes: text(),
    status: text({ enum: claimStatuses }).notNull().default('submitted'),
    submittedAt: isoTimestamp().notNull().default(sql`now()`),
    decidedBy: personOrNull(),
    decidedAt: isoTimestamp(),
    decisionNote: text(),
    paidAt: isoTimestamp(),
    createdBy: personOrNull(),
    ...timestamps,
  },
  (t) => [
    index('claims_organisation_status_idx').on(t.organisationId, t.status, t.submittedAt),
    // The claims index page (`/api/claims`, ordered by submission, then id): with a million
    // volunteers its 60,000 claims were read whole and sorted for every page of 25.
    index('claims_organisation_submitted_idx').on(t.organisationId, t.submittedAt, t.id),
    index('claims_user_idx').on(t.userId, t.submittedAt),
    index('claims_decided_by_idx').on(t.decidedBy),
    unique('claims_id_user_unique').on(t.id, t.userId),
    check('claims_status_check', oneOf(t.status, claimStatuses)),
  ],
);

/**
 * Money a person spent for the organisation, in pence. Outside a claim it is `pending`; its
 * status follows its claim's decision. A rate-based expense records its rate and quantity
 * (miles, hours) beside the amount.
 */
export const expenses = pgTable(
  'expenses',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: owningUser(),
    claimId: integer(),
    typeId: integer()
      .notNull()
      .references(() => expenseTypes.id, { onDelete: 'restrict' }),
    rateId: integer().references(() => expenseRates.id, { onDelete: 'restrict' }),
    quantity: numeric({ precision: 10, scale: 2, mode: 'number' }),
    amountPence: integer().notNull(),
    spentOn: date({ mode: 'string' }).notNull(),
    description: text(),
    status: text({ enum: expenseStatuses }).notNull().default('pending'),
    createdBy: personOrNull(),
    ...timestamps,
  },
  (t) => [
    // An expense can only be in a claim of the same person. A claim holding expenses cannot be
    // deleted (409): its expenses are taken out of it first, so none is lost with it.
    foreignKey({
      name: 'expenses_claim_user_fk',
      columns: [t.claimId, t.userId],
      foreignColumns: [claims.id, claims.userId],
    }).onDelete('restrict'),
    index('expenses_user_idx').on(t.userId, t.spentOn),
    index('expenses_claim_idx').on(t.claimId),
    index('expenses_type_idx').on(t.typeId),
    index('expenses_organisation_date_idx').on(t.organisationId, t.spentOn),
    unique('expenses_id_user_unique').on(t.id, t.userId),
    check('expenses_amount_check', sql`${t.amountPence} >= 0`),
    check('expenses_quantity_check', sql`${t.quantity} is null or ${t.quantity} >= 0`),
    check('expenses_status_check', oneOf(t.status, expenseStatuses)),
  ],
);

/** A receipt or other file kept with an expense. */
export const expenseAttachments = pgTable(
  'expense_attachments',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: owningUser(),
    expenseId: integer().notNull(),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** Shown instead of the file's own name; the file's original name unless given. */
    name: text().notNull(),
    createdBy: personOrNull(),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'expense_attachments_expense_user_fk',
      columns: [t.expenseId, t.userId],
      foreignColumns: [expenses.id, expenses.userId],
    }).onDelete('cascade'),
    uniqueIndex('expense_attachments_expense_file_unique').on(t.expenseId, t.fileId),
    index('expense_attachments_file_idx').on(t.fileId),
  ],
);

/**
 * People named to authorise one person's expenses (their team leader). When a person has any,
 * only they may decide that person's claims; otherwise any holder of `manage-claims` may.
 */
export const userExpenseAuthorisers = pgTable(
  'user_expense_authorisers',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: owningUser(),
    authoriserUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: personOrNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_expense_authorisers_pair_unique').on(t.userId, t.authoriserUserId),
    index('user_expense_authorisers_authoriser_idx').on(t.authoriserUserId),
    check('user_expense_authorisers_not_self_check', sql`${t.userId} <> ${t.authoriserUserId}`),
  ],
);

// ——— Touchpoints ———

/** A kind of contact with a person ("Phone call", "Supervision", "Thank-you card"). */
export const touchpointTypes = pgTable(
  'touchpoint_types',
  { ...lookupColumns(), ...timestamps },
  (t) => [index('touchpoint_types_organisation_idx').on(t.organisationId, t.position)],
);

/**
 * A contact staff had with a person, when it happened and what was said. A sub-touchpoint
 * (`parentId`) follows up an earlier one of the same person.
 */
export const touchpoints = pgTable(
  'touchpoints',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: owningUser(),
    typeId: integer().references(() => touchpointTypes.id, { onDelete: 'restrict' }),
    occurredAt: isoTimestamp().notNull(),
    summary: text().notNull(),
    details: text(),
    parentId: integer(),
    createdBy: personOrNull(),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'touchpoints_parent_user_fk',
      columns: [t.parentId, t.userId],
      foreignColumns: [t.id, t.userId],
    }).onDelete('cascade'),
    unique('touchpoints_id_user_unique').on(t.id, t.userId),
    index('touchpoints_user_idx').on(t.userId, t.occurredAt),
    index('touchpoints_parent_idx').on(t.parentId),
    index('touchpoints_organisation_type_idx').on(t.organisationId, t.typeId, t.occurredAt),
    check('touchpoints_not_own_parent_check', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
);

/** A file kept with a touchpoint. */
export const touchpointAttachments = pgTable(
  'touchpoint_attachments',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: owningUser(),
    touchpointId: integer().notNull(),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** Shown instead of the file's own name; the file's original name unless given. */
    name: text().notNull(),
    createdBy: personOrNull(),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'touchpoint_attachments_touchpoint_user_fk',
      columns: [t.touchpointId, t.userId],
      foreignColumns: [touchpoints.id, touchpoints.userId],
    }).onDelete('cascade'),
    uniqueIndex('touchpoint_attachments_touchpoint_file_unique').on(t.touchpointId, t.fileId),
    index('touchpoint_attachments_file_idx').on(t.fileId),
  ],
);

// ——— Leaving ———

/** Why a person leaves the organisation ("Moved away"), offered in `position` order. */
export const leavingReasons = pgTable(
  'leaving_reasons',
  { ...lookupColumns(), ...timestamps },
  (t) => [index('leaving_reasons_organisation_idx').on(t.organisationId, t.position)],
);

// ——— Inductions ———

/**
 * A piece of induction a person completes ("Fire safety", "Safeguarding basics"). `compulsory`:
 * everyone must complete it; `selfCompletable`: the person may mark it done themself;
 * `validityMonths`: it must be redone that long after completion (null: never).
 */
export const inductionModules = pgTable(
  'induction_modules',
  {
    ...lookupColumns(),
    description: text(),
    compulsory: boolean().notNull().default(false),
    selfCompletable: boolean().notNull().default(false),
    validityMonths: integer(),
    ...timestamps,
  },
  (t) => [
    index('induction_modules_organisation_idx').on(t.organisationId, t.position),
    check('induction_modules_validity_check', sql`${t.validityMonths} is null or ${t.validityMonths} > 0`),
  ],
);

/** One person's progress through one induction module. */
export const userInductions = pgTable(
  'user_inductions',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: owningUser(),
    moduleId: integer()
      .notNull()
      .references(() => inductionModules.id, { onDelete: 'restrict' }),
    status: text({ enum: inductionStatuses }).notNull().default('not_started'),
    completedAt: isoTimestamp(),
    completedBy: personOrNull(),
    expiresOn: date({ mode: 'string' }),
    notes: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_inductions_user_module_unique').on(t.userId, t.moduleId),
    unique('user_inductions_id_user_unique').on(t.id, t.userId),
    index('user_inductions_module_status_idx').on(t.moduleId, t.status),
    index('user_inductions_organisation_expiry_idx').on(t.organisationId, t.expiresOn),
    // A person's inductions within the organisation (the training reports): one index look-up,
    // not the person's rows intersected with the organisation's whole range of the index above.
    index('user_inductions_user_organisation_idx').on(t.userId, t.organisationId),
    check('user_inductions_status_check', oneOf(t.status, inductionStatuses)),
  ],
);

/** A certificate or other file kept with a person's induction. */
export const userInductionAttachments = pgTable(
  'user_induction_attachments',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: owningUser(),
    inductionId: integer().notNull(),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** Shown instead of the file's own name; the file's original name unless given. */
    name: text().notNull(),
    createdBy: personOrNull(),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'user_induction_attachments_induction_user_fk',
      columns: [t.inductionId, t.userId],
      foreignColumns: [userInductions.id, userInductions.userId],
    }).onDelete('cascade'),
    uniqueIndex('user_induction_attachments_induction_file_unique').on(t.inductionId, t.fileId),
    index('user_induction_attachments_file_idx').on(t.fileId),
  ],
);
