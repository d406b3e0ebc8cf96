import {
  claimBodySchema,
  claimSchema,
  dynamicSkillBodySchema,
  dynamicSkillSchema,
  expenseAttachmentBodySchema,
  expenseAttachmentSchema,
  expenseAuthoriserBodySchema,
  expenseAuthoriserSchema,
  expenseBodySchema,
  expenseRateBodySchema,
  expenseRateSchema,
  expenseSchema,
  expenseTypeBodySchema,
  expenseTypeSchema,
  inductionModuleBodySchema,
  inductionModuleSchema,
  leavingReasonBodySchema,
  leavingReasonSchema,
  skillBodySchema,
  skillCategoryBodySchema,
  skillCategorySchema,
  skillSchema,
  taskAssigneeBodySchema,
  taskAssigneeSchema,
  taskAttachmentBodySchema,
  taskAttachmentSchema,
  taskBodySchema,
  taskHistoryBodySchema,
  taskHistorySchema,
  taskLeavingReasonBodySchema,
  taskLeavingReasonSchema,
  taskPriorityBodySchema,
  taskPrioritySchema,
  taskSchema,
  taskStatusBodySchema,
  taskStatusSchema,
  touchpointAttachmentBodySchema,
  touchpointAttachmentSchema,
  touchpointBodySchema,
  touchpointSchema,
  touchpointTypeBodySchema,
  touchpointTypeSchema,
  userClaimBodySchema,
  userInductionAttachmentBodySchema,
  userInductionAttachmentSchema,
  userInductionBodySchema,
  userInductionSchema,
  userSkillBioBodySchema,
  userSkillBioSchema,
  userSkillBodySchema,
  userSkillSchema,
} from '@muster/contract';
import {
  claims,
  dynamicSkills,
  expenseAttachments,
  expenseRates,
  expenses,
  expenseTypes,
  inductionModules,
  leavingReasons,
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
  touchpointTypes,
  userExpenseAuthorisers,
  userInductionAttachments,
  userInductions,
  users,
  userSkillBios,
  userSkills,
} from '../../db/schema/index.js';
import { SIGNED_IN, type ParentBinding, type ResourceBinding } from './types.js';

/*
 * People's work stored in tables of their own (db/schema/people-work.ts). Read and write are the
 * defaults of each entry's family (view-tasks / manage-tasks, view-claims / manage-claims,
 * view-users / manage-users for every per-user route, …) except where noted. Hand-written in
 * modules/people-work, which the generic module then leaves alone: the writes of tasks, assignees
 * and history (they record the task's history); attaching files; deciding a claim
 * (`PUT /claims/{id}`); the store and update of a person's expenses, skills and inductions (checks
 * across fields and rows: a claim of the same person still waiting, an option of the chosen skill,
 * once per skill or module, completion stamps) and the delete of an expense (settled ones stay);
 * the skill bio index and store; the authorisers index, store and update; the induction
 * self-completion. Sub-touchpoints are served from their binding alone.
 */

/** Who decides the skills lists; the three lists are one area of the organisation settings. */
const MANAGE_SKILLS = 'manage-skills';
/** Who sees people's touchpoints (the per-user default) also sees the types they are filed under. */
const VIEW_USERS = 'view-users';

const USER: ParentBinding = { param: 'userId', table: users, column: 'userId', label: 'user' };
const TASK: ParentBinding = { param: 'taskId', table: tasks, column: 'taskId', label: 'task' };

/** A plain lookup list in `position` order, then by name. */
const LIST_ORDER = ['position', 'name'];

export const peopleWorkBindings: ResourceBinding[] = [
  // ——— Tasks ———
  {
    entry: 'tasks',
    label: 'task',
    table: tasks,
    row: taskSchema,
    example: { title: 'Order litter pickers', description: 'Twenty pairs for the spring clean' },
    body: taskBodySchema,
    orderBy: ['dueDate'],
    references: [
      {
        field: 'status_id',
        table: taskStatuses,
        message: 'The status must be a task status of this organisation.',
      },
      {
        field: 'priority_id',
        table: taskPriorities,
        message: 'The priority must be a task priority of this organisation.',
      },
    ],
  },
  {
    entry: 'tasks.assignees',
    label: 'assignee',
    table: taskAssignees,
    row: taskAssigneeSchema,
    body: taskAssigneeBodySchema,
    orderBy: ['createdAt'],
    parent: TASK,
    references: [
      { field: 'user_id', table: users, message: 'The assignee must be a user of this organisation.' },
      {
        field: 'leaving_reason_id',
        table: taskLeavingReasons,
        message: 'The leaving reason must be a task leaving reason of this organisation.',
      },
    ],
  },
  {
    entry: 'tasks.attachments',
    label: 'attachment',
    table: taskAttachments,
    row: taskAttachmentSchema,
    body: taskAttachmentBodySchema,
    orderBy: ['createdAt'],
    parent: TASK,
  },
  {
    entry: 'tasks.history',
    label: 'history entry',
    table: taskHistory,
    row: taskHistorySchema,
    body: taskHistoryBodySchema,
    orderBy: ['changedAt'],
    parent: TASK,
  },
  {
    entry: 'organisation.task-statuses',
    label: 'task status',
    table: taskStatuses,
    row: taskStatusSchema,
    example: { name: 'Waiting on someone', closed: false },
    body: taskStatusBodySchema,
    // Everyone given a task sees its status; managing the list stays manage-task-statuses.
    read: SIGNED_IN,
    orderBy: LIST_ORDER,
  },
  {
    entry: 'organisation.task-priorities',
    label: 'task priority',
    table: taskPriorities,
    row: taskPrioritySchema,
    example: { name: 'Urgent' },
    body: taskPriorityBodySchema,
    read: SIGNED_IN,
    orderBy: LIST_ORDER,
  },
  {
    entry: 'organisation.task-leaving-reasons',
    label: 'task leaving reason',
    table: taskLeavingReasons,
    row: taskLeavingReasonSchema,
    body: taskLeavingReasonBodySchema,
    // An assignee picks one when stepping off a task.
    read: SIGNED_IN,
    orderBy: LIST_ORDER,
  },

  // ——— Skills ———
  {
    entry: 'organisation.skillCategories',
    label: 'skill category',
    table: skillCategories,
    row: skillCategorySchema,
    example: { name: 'Languages', description: 'Languages spoken' },
    body: skillCategoryBodySchema,
    // Volunteers pick their skills on their profile from these lists.
    read: SIGNED_IN,
    write: MANAGE_SKILLS,
    orderBy: LIST_ORDER,
  },
  {
    entry: 'organisation.skills',
    label: 'skill',
    table: skills,
    row: skillSchema,
    body: skillBodySchema,
    read: SIGNED_IN,
    write: MANAGE_SKILLS,
    orderBy: LIST_ORDER,
    references: [
      {
        field: 'category_id',
        table: skillCategories,
        message: 'The category must be a skill category of this organisation.',
      },
    ],
  },
  {
    entry: 'organisation.dynamic-skills',
    label: 'dynamic skill',
    table: dynamicSkills,
    row: dynamicSkillSchema,
    body: dynamicSkillBodySchema,
    read: SIGNED_IN,
    write: MANAGE_SKILLS,
    orderBy: LIST_ORDER,
    references: [
      { field: 'skill_id', table: skills, message: 'The skill must be a skill of this organisation.' },
    ],
  },
  {
    entry: 'users.skills',
    label: 'skill',
    table: userSkills,
    row: userSkillSchema,
    body: userSkillBodySchema,
    orderBy: ['createdAt'],
    parent: USER,
    ownRecords: 'write',
    references: [
      { field: 'skill_id', table: skills, message: 'The skill must be a skill of this organisation.' },
      {
        field: 'dynamic_skill_id',
        table: dynamicSkills,
        message: 'The option must be one of this organisation’s dynamic skills.',
      },
    ],
  },
  {
    entry: 'users.skills.bio',
    label: 'bio',
    table: userSkillBios,
    row: userSkillBioSchema,
    body: userSkillBioBodySchema,
    orderBy: ['createdAt'],
    parents: [
      USER,
      { param: 'categoryId', table: skillCategories, column: 'categoryId', label: 'skill category' },
    ],
    ownRecords: 'write',
  },

  // ——— Expenses and claims ———
  {
    entry: 'organisation.expenses.types',
    label: 'expense type',
    table: expenseTypes,
    row: expenseTypeSchema,
    example: { name: 'Mileage', description: 'Travel by car' },
    body: expenseTypeBodySchema,
    // Claimants choose a type for each expense.
    read: SIGNED_IN,
    orderBy: LIST_ORDER,
  },
  {
    entry: 'organisation.expenses.rates',
    label: 'expense rate',
    table: expenseRates,
    row: expenseRateSchema,
    body: expenseRateBodySchema,
    read: SIGNED_IN,
    orderBy: LIST_ORDER,
    references: [
      {
        field: 'type_id',
        table: expenseTypes,
        message: 'The type must be an expense type of this organisation.',
      },
    ],
  },
  {
    entry: 'claims',
    label: 'claim',
    table: claims,
    row: claimSchema,
    example: { user_id: 1, title: 'March travel' },
    body: claimBodySchema,
    orderBy: ['submittedAt'],
    references: [
      { field: 'user_id', table: users, message: 'The claimant must be a user of this organisation.' },
    ],
  },
  {
    entry: 'users.claims',
    label: 'claim',
    table: claims,
    row: claimSchema,
    body: userClaimBodySchema,
    orderBy: ['submittedAt'],
    parent: USER,
    ownRecords: 'write',
  },
  {
    entry: 'users.expenses',
    label: 'expense',
    table: expenses,
    row: expenseSchema,
    body: expenseBodySchema,
    orderBy: ['spentOn'],
    parent: USER,
    ownRecords: 'write',
    references: [
      {
        field: 'type_id',
        table: expenseTypes,
        message: 'The type must be an expense type of this organisation.',
      },
      {
        field: 'rate_id',
        table: expenseRates,
        message: 'The rate must be an expense rate of this organisation.',
      },
      { field: 'claim_id', table: claims, message: 'The claim must be one of this person’s claims.' },
    ],
  },
  {
    entry: 'users.expenses.attachments',
    label: 'attachment',
    table: expenseAttachments,
    row: expenseAttachmentSchema,
    body: expenseAttachmentBodySchema,
    orderBy: ['createdAt'],
    parents: [USER, { param: 'expenseId', table: expenses, column: 'expenseId', label: 'expense' }],
    ownRecords: 'write',
  },
  {
    entry: 'users.expenses.authorisers',
    label: 'authoriser',
    table: userExpenseAuthorisers,
    row: expenseAuthoriserSchema,
    body: expenseAuthoriserBodySchema,
    orderBy: ['createdAt'],
    parent: USER,
    ownRecords: 'read',
    references: [
      {
        field: 'authoriser_user_id',
        table: users,
        message: 'The authoriser must be a user of this organisation.',
      },
    ],
  },

  // ——— Touchpoints ———
  {
    entry: 'organisation.touchpoint-types',
    label: 'touchpoint type',
    table: touchpointTypes,
    row: touchpointTypeSchema,
    example: { name: 'Phone call' },
    body: touchpointTypeBodySchema,
    read: VIEW_USERS,
    orderBy: LIST_ORDER,
  },
  {
    entry: 'users.touchpoints',
    label: 'touchpoint',
    table: touchpoints,
    row: touchpointSchema,
    body: touchpointBodySchema,
    orderBy: ['occurredAt'],
    parent: USER,
    references: [
      {
        field: 'type_id',
        table: touchpointTypes,
        message: 'The type must be a touchpoint type of this organisation.',
      },
    ],
  },
  {
    // A follow-up: a touchpoint of the same person stored under the given one (`parent_id`).
    entry: 'users.touchpoints.sub-touchpoints',
    label: 'touchpoint',
    table: touchpoints,
    row: touchpointSchema,
    body: touchpointBodySchema,
    orderBy: ['occurredAt'],
    parents: [USER, { param: 'touchpointId', table: touchpoints, column: 'parentId', label: 'touchpoint' }],
    references: [
      {
        field: 'type_id',
        table: touchpointTypes,
        message: 'The type must be a touchpoint type of this organisation.',
      },
    ],
  },
  {
    entry: 'users.touchpoints.attachments',
    label: 'attachment',
    table: touchpointAttachments,
    row: touchpointAttachmentSchema,
    body: touchpointAttachmentBodySchema,
    orderBy: ['createdAt'],
    parents: [
      USER,
      { param: 'touchpointId', table: touchpoints, column: 'touchpointId', label: 'touchpoint' },
    ],
  },

  // ——— Leaving and inductions ———
  {
    entry: 'organisation.leaving-reasons',
    label: 'leaving reason',
    table: leavingReasons,
    row: leavingReasonSchema,
    example: { name: 'Moved away' },
    body: leavingReasonBodySchema,
    orderBy: LIST_ORDER,
  },
  {
    entry: 'organisation.induction-modules',
    label: 'induction module',
    table: inductionModules,
    row: inductionModuleSchema,
    example: { name: 'Health and safety', compulsory: true, self_completable: true },
    body: inductionModuleBodySchema,
    // Volunteers see which inductions they have to do.
    read: SIGNED_IN,
    orderBy: LIST_ORDER,
  },
  {
    entry: 'users.inductions',
    label: 'induction',
    table: userInductions,
    row: userInductionSchema,
    body: userInductionBodySchema,
    orderBy: ['createdAt'],
    parent: USER,
    ownRecords: 'read',
    references: [
      {
        field: 'module_id',
        table: inductionModules,
        message: 'The module must be an induction module of this organisation.',
      },
    ],
  },
  {
    entry: 'users.inductions.attachments',
    label: 'attachment',
    table: userInductionAttachments,
    row: userInductionAttachmentSchema,
    body: userInductionAttachmentBodySchema,
    orderBy: ['createdAt'],
    parents: [
      USER,
      { param: 'inductionId', table: userInductions, column: 'inductionId', label: 'induction' },
    ],
    ownRecords: 'read',
  },
];
