import { z } from 'zod';
import { rowReference as reference, createdBy, fileUrl, writePosition, writeActive } from './fields.js';

/*
 * People's work: tasks, skills, expenses and claims, touchpoints, leaving reasons and inductions
 * (platform-foundation §7 "Tasks", the skills of "Roles, risk, rotas and shifts", "Per-user
 * resources"). Wire names are snake_case. Write schemas carry no defaults: a store leaves an
 * omitted optional field to the database default, and an update (the same schema, every field
 * optional) leaves it unchanged. Timestamps are ISO 8601 in UTC; dates are `YYYY-MM-DD`.
 */

export const CLAIM_STATUSES = ['submitted', 'approved', 'rejected', 'paid'] as const;
export type ClaimStatusName = (typeof CLAIM_STATUSES)[number];
export const EXPENSE_STATUSES = ['pending', 'approved', 'rejected', 'paid'] as const;
export const EXPENSE_RATE_UNITS = ['mile', 'km', 'hour', 'day', 'item'] as const;
export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const INDUCTION_STATUSES = ['not_started', 'in_progress', 'completed'] as const;

/** `field` of a task history entry that is a comment rather than a recorded change. */
export const TASK_COMMENT_FIELD = 'comment';

// ——— Building blocks ———

const id = z.number().int().positive().describe('Identifier.');
const position = z.number().int().describe('Sort order within the list, smallest first.');
const active = z
  .boolean()
  .describe('Offered for new records; an inactive entry stays on the records that use it.');
const timestamp = z.string().describe('When, as an ISO 8601 timestamp in UTC.');
/** A required single-line text of at most `max` characters, trimmed. */
function requiredText(label: string, max: number) {
  return z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(1, { error: `Please enter ${label}.` })
    .max(max, { error: `The ${label.replace(/^(a|an|the|your) /, '')} may be at most ${max} characters.` });
}

/** Optional free text (null clears it). */
function optionalText(label: string, max: number) {
  return z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(max, { error: `The ${label} may be at most ${max} characters.` })
    .nullable()
    .optional();
}

/**
 * Years a date of people's work may fall in. Wider than any real record, narrow enough that the
 * database and the wire agree on every value (PostgreSQL has no year 0; years BC do not read back).
 */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;
const inYears = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
};

/** A calendar date `YYYY-MM-DD`. */
function writeDate(label: string) {
  return z.iso
    .date({ error: `The ${label} must be a date written as YYYY-MM-DD.`, abort: true })
    .refine(inYears, { error: `The ${label} must be between the years ${FIRST_YEAR} and ${LAST_YEAR}.` });
}

/** A moment with its offset (`2026-05-01T09:30:00Z`, `…+01:00`). */
function writeTimestamp(label: string) {
  return z.iso
    .datetime({
      offset: true,
      error: `The ${label} must be a date and time such as 2026-05-01T09:30:00Z.`,
      abort: true,
    })
    .refine(inYears, { error: `The ${label} must be between the years ${FIRST_YEAR} and ${LAST_YEAR}.` });
}

const writeColour = z
  .string({ error: 'The colour must be written as #RRGGBB.' })
  .regex(/^#[0-9A-Fa-f]{6}$/, { error: 'The colour must be written as #RRGGBB.' })
  .nullable()
  .optional()
  .describe('Badge colour as `#RRGGBB`; null for the default.');

/** Row and body of a plain lookup list: a name, an order and whether it is still offered. */
function lookup(description: string, example: string) {
  const row = z
    .object({
      id,
      name: z.string().describe(`The ${description} as offered, e.g. "${example}".`),
      position,
      active,
    })
    .describe(description);
  const body = z.object({
    name: requiredText('a name', 255).describe(`The ${description} as offered.`),
    position: writePosition,
    active: writeActive,
  });
  return { row, body };
}

// ——— Tasks ———

export const taskStatusSchema = z
  .object({
    id,
    name: z.string().describe('The status as shown, e.g. "In progress".'),
    colour: z.string().nullable().describe('Badge colour as `#RRGGBB`; null for the default.'),
    closed: z.boolean().describe('A task in this status is complete (its `completed_at` is set).'),
    position,
    active,
  })
  .describe('Task status');
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const taskStatusBodySchema = z.object({
  name: requiredText('a status name', 255).describe('The status as shown.'),
  colour: writeColour,
  closed: z
    .boolean({ error: 'Closed must be true or false.' })
    .optional()
    .describe('A task in this status is complete (default false).'),
  position: writePosition,
  active: writeActive,
});
export type TaskStatusBody = z.infer<typeof taskStatusBodySchema>;

export const taskPrioritySchema = z
  .object({
    id,
    name: z.string().describe('The priority as shown, e.g. "Urgent".'),
    colour: z.string().nullable().describe('Badge colour as `#RRGGBB`; null for the default.'),
    position: z.number().int().describe('Rank: 0 is the most urgent.'),
    active,
  })
  .describe('Task priority');
export type TaskPriority = z.infer<typeof taskPrioritySchema>;

export const taskPriorityBodySchema = z.object({
  name: requiredText('a priority name', 255).describe('The priority as shown.'),
  colour: writeColour,
  position: writePosition,
  active: writeActive,
});
export type TaskPriorityBody = z.infer<typeof taskPriorityBodySchema>;

const taskLeavingReason = lookup('Task leaving reason', 'No longer available');
export const taskLeavingReasonSchema = taskLeavingReason.row;
export type TaskLeavingReason = z.infer<typeof taskLeavingReasonSchema>;
export const taskLeavingReasonBodySchema = taskLeavingReason.body;
export type TaskLeavingReasonBody = z.infer<typeof taskLeavingReasonBodySchema>;

export const taskSchema = z
  .object({
    id,
    title: z.string().describe('What is to be done.'),
    description: z.string().nullable().describe('More detail; null for none.'),
    due_date: z.string().nullable().describe('When it is due (YYYY-MM-DD); null for no date.'),
    status_id: z.number().int().nullable().describe('Its task status; null for none yet.'),
    priority_id: z.number().int().nullable().describe('Its task priority; null for none.'),
    created_by: createdBy,
    completed_at: timestamp
      .nullable()
      .describe('When it moved into a closed status (set by the server); null while open.'),
  })
  .describe('Task');
export type Task = z.infer<typeof taskSchema>;

export const taskBodySchema = z.object({
  title: requiredText('a title', 255).describe('What is to be done.'),
  description: optionalText('description', 10_000).describe('More detail; null for none.'),
  due_date: writeDate('due date')
    .nullable()
    .optional()
    .describe('When it is due (YYYY-MM-DD); null for no date.'),
  status_id: reference('The status must be a task status of this organisation.')
    .nullable()
    .optional()
    .describe('A task status of the organisation; null for none.'),
  priority_id: reference('The priority must be a task priority of this organisation.')
    .nullable()
    .optional()
    .describe('A task priority of the organisation; null for none.'),
});
export type TaskBody = z.infer<typeof taskBodySchema>;
/** A task update: any of the store's fields; omitted ones keep their value. */
export const taskUpdateBodySchema = taskBodySchema.partial();
export type TaskUpdateBody = z.infer<typeof taskUpdateBodySchema>;

export const taskAssigneeSchema = z
  .object({
    id,
    task_id: z.number().int().describe('The task.'),
    user_id: z.number().int().describe('The person the task is given to.'),
    left_at: timestamp.nullable().describe('When they stepped off the task; null while on it.'),
    leaving_reason_id: z.number().int().nullable().describe('Why they stepped off (a task leaving reason).'),
    leaving_note: z.string().nullable().describe('A note about stepping off.'),
    created_by: createdBy,
  })
  .describe('Task assignee');
export type TaskAssignee = z.infer<typeof taskAssigneeSchema>;

export const taskAssigneeBodySchema = z.object({
  user_id: reference('The assignee must be a user of this organisation.').describe(
    'The person the task is given to (a user of the organisation, once per task).',
  ),
  left_at: writeTimestamp('leaving time')
    .nullable()
    .optional()
    .describe('When they stepped off the task; null to put them back on it.'),
  leaving_reason_id: reference('The leaving reason must be a task leaving reason of this organisation.')
    .nullable()
    .optional()
    .describe('Why they stepped off (a task leaving reason of the organisation).'),
  leaving_note: optionalText('leaving note', 2000).describe('A note about stepping off.'),
});
export type TaskAssigneeBody = z.infer<typeof taskAssigneeBodySchema>;
/** Stepping off or back onto a task; who is assigned does not change (remove and add instead). */
export const taskAssigneeUpdateBodySchema = taskAssigneeBodySchema.omit({ user_id: true }).partial();
export type TaskAssigneeUpdateBody = z.infer<typeof taskAssigneeUpdateBodySchema>;

const attachmentName = requiredText('a name', 255).describe('The attachment’s name as shown.');

/** Attaching a file: one the caller uploaded (`POST /api/files`), named as given or as uploaded. */
export const peopleWorkAttachmentStoreBodySchema = z.object({
  file_id: z
    .uuid({ error: 'The file must be a file you uploaded to this organisation.' })
    .describe('A file the caller uploaded through `POST /api/files` (its id).'),
  name: attachmentName.optional().describe('The name shown; the file’s own name when omitted.'),
});
export type PeopleWorkAttachmentStoreBody = z.infer<typeof peopleWorkAttachmentStoreBodySchema>;

/** Changing an attachment: its name (the file is set once, when attached). */
export const peopleWorkAttachmentBodySchema = z.object({ name: attachmentName });
export type PeopleWorkAttachmentBody = z.infer<typeof peopleWorkAttachmentBodySchema>;

export const taskAttachmentSchema = z
  .object({
    id,
    task_id: z.number().int().describe('The task.'),
    file_id: z.string().describe('The attached file.'),
    file_url: fileUrl,
    name: z.string().describe('The attachment’s name as shown.'),
    created_by: createdBy,
  })
  .describe('Task attachment');
export type TaskAttachment = z.infer<typeof taskAttachmentSchema>;
/** Renaming the attachment (the file is set once, when attached). */
export const taskAttachmentBodySchema = peopleWorkAttachmentBodySchema;
export type TaskAttachmentBody = z.infer<typeof taskAttachmentBodySchema>;

export const taskHistorySchema = z
  .object({
    id,
    task_id: z.number().int().describe('The task.'),
    user_id: z
      .number()
      .int()
      .nullable()
      .describe('Who made the change or wrote the comment; null when unknown.'),
    changed_at: timestamp.describe('When it happened.'),
    field: z
      .string()
      .describe(
        'What changed: `created`, `title`, `description`, `due_date`, `status`, `priority`, ' +
          '`assignee_added`, `assignee_left`, `assignee_returned`, `assignee_removed`, or `comment` for a comment.',
      ),
    old_value: z.string().nullable().describe('The value before, as text (names for statuses and people).'),
    new_value: z.string().nullable().describe('The value after, as text; a comment’s text.'),
  })
  .describe('Task history entry');
export type TaskHistoryEntry = z.infer<typeof taskHistorySchema>;

/** A comment on a task: the only history entry people write (the server records changes). */
export const taskHistoryBodySchema = z.object({
  new_value: requiredText('a comment', 5000).describe('The comment’s text.'),
});
export type TaskHistoryBody = z.infer<typeof taskHistoryBodySchema>;

// ——— Skills ———

export const skillCategorySchema = z
  .object({
    id,
    name: z.string().describe('The category as shown, e.g. "Languages".'),
    description: z.string().nullable().describe('What the category covers.'),
    bio_prompt: z.string().nullable().describe('The question a person’s bio in this category answers.'),
    position,
  })
  .describe('Skill category');
export type SkillCategory = z.infer<typeof skillCategorySchema>;

export const skillCategoryBodySchema = z.object({
  name: requiredText('a category name', 255).describe('The category as shown.'),
  description: optionalText('description', 2000).describe('What the category covers.'),
  bio_prompt: optionalText('bio question', 500).describe(
    'The question a person’s bio in this category answers.',
  ),
  position: writePosition,
});
export type SkillCategoryBody = z.infer<typeof skillCategoryBodySchema>;

export const skillSchema = z
  .object({
    id,
    category_id: z.number().int().describe('Its skill category.'),
    name: z.string().describe('The skill as shown, e.g. "First aid".'),
    description: z.string().nullable().describe('What holding it means.'),
    expires: z.boolean().describe('Holders record when it lapses (`expires_on`), e.g. a certificate.'),
    position,
    active,
  })
  .describe('Skill');
export type Skill = z.infer<typeof skillSchema>;

export const skillBodySchema = z.object({
  category_id: reference('The category must be a skill category of this organisation.').describe(
    'A skill category of the organisation.',
  ),
  name: requiredText('a skill name', 255).describe('The skill as shown.'),
  description: optionalText('description', 2000).describe('What holding it means.'),
  expires: z
    .boolean({ error: 'Expires must be true or false.' })
    .optional()
    .describe('Holders record when it lapses (default false).'),
  position: writePosition,
  active: writeActive,
});
export type SkillBody = z.infer<typeof skillBodySchema>;

export const dynamicSkillSchema = z
  .object({
    id,
    skill_id: z.number().int().describe('The skill this is an option of (e.g. "Languages").'),
    name: z.string().describe('The option as shown, e.g. "British Sign Language".'),
    position,
    active,
  })
  .describe('Dynamic skill: one option under a skill');
export type DynamicSkill = z.infer<typeof dynamicSkillSchema>;

export const dynamicSkillBodySchema = z.object({
  skill_id: reference('The skill must be a skill of this organisation.').describe(
    'The skill this is an option of (a skill of the organisation).',
  ),
  name: requiredText('a name', 255).describe('The option as shown.'),
  position: writePosition,
  active: writeActive,
});
export type DynamicSkillBody = z.infer<typeof dynamicSkillBodySchema>;

export const userSkillSchema = z
  .object({
    id,
    user_id: z.number().int().describe('The person.'),
    skill_id: z.number().int().describe('The skill held.'),
    dynamic_skill_id: z
      .number()
      .int()
      .nullable()
      .describe('Which option of the skill; null for the skill itself.'),
    level: z.enum(SKILL_LEVELS).nullable().describe('How well: beginner, intermediate, advanced or expert.'),
    expires_on: z.string().nullable().describe('When it lapses (YYYY-MM-DD); null for never.'),
    notes: z.string().nullable().describe('Anything else about it.'),
  })
  .describe('A skill a person holds');
export type UserSkill = z.infer<typeof userSkillSchema>;

export const userSkillBodySchema = z.object({
  skill_id: reference('The skill must be a skill of this organisation.').describe(
    'A skill of the organisation.',
  ),
  dynamic_skill_id: reference('The option must be one of this organisation’s dynamic skills.')
    .nullable()
    .optional()
    .describe('An option of that skill (a dynamic skill); null for the skill itself.'),
  level: z
    .enum(SKILL_LEVELS, { error: 'The level must be beginner, intermediate, advanced or expert.' })
    .nullable()
    .optional()
    .describe('How well; null for not said.'),
  expires_on: writeDate('expiry date')
    .nullable()
    .optional()
    .describe('When it lapses (YYYY-MM-DD); null for never.'),
  notes: optionalText('notes', 2000).describe('Anything else about it.'),
});
export type UserSkillBody = z.infer<typeof userSkillBodySchema>;

export const userSkillBioSchema = z
  .object({
    id,
    user_id: z.number().int().describe('The person.'),
    category_id: z.number().int().describe('The skill category the bio is about.'),
    bio: z.string().describe('The person’s own words.'),
  })
  .describe('A person’s bio in one skill category');
export type UserSkillBio = z.infer<typeof userSkillBioSchema>;

export const userSkillBioBodySchema = z.object({
  bio: requiredText('your bio', 5000).describe('The person’s own words (a store replaces the one there is).'),
});
export type UserSkillBioBody = z.infer<typeof userSkillBioBodySchema>;

// ——— Expenses and claims ———

export const expenseTypeSchema = z
  .object({
    id,
    name: z.string().describe('The type as offered, e.g. "Travel".'),
    description: z.string().nullable().describe('What it covers.'),
    requires_receipt: z.boolean().describe('A receipt must be attached to expenses of this type.'),
    position,
    active,
  })
  .describe('Expense type');
export type ExpenseType = z.infer<typeof expenseTypeSchema>;

export const expenseTypeBodySchema = z.object({
  name: requiredText('a name', 255).describe('The type as offered.'),
  description: optionalText('description', 2000).describe('What it covers.'),
  requires_receipt: z
    .boolean({ error: 'Requires receipt must be true or false.' })
    .optional()
    .describe('A receipt must be attached (default false).'),
  position: writePosition,
  active: writeActive,
});
export type ExpenseTypeBody = z.infer<typeof expenseTypeBodySchema>;

export const expenseRateSchema = z
  .object({
    id,
    name: z.string().describe('The rate as offered, e.g. "Car mileage".'),
    type_id: z.number().int().nullable().describe('The expense type it is for; null for any.'),
    unit: z.enum(EXPENSE_RATE_UNITS).describe('What is counted: mile, km, hour, day or item.'),
    pence_per_unit: z.number().int().describe('Paid per unit, in pence.'),
    valid_from: z.string().nullable().describe('First day it applies (YYYY-MM-DD); null for always.'),
    valid_to: z.string().nullable().describe('Last day it applies (YYYY-MM-DD); null for open-ended.'),
    position,
    active,
  })
  .describe('Expense rate');
export type ExpenseRate = z.infer<typeof expenseRateSchema>;

export const expenseRateBodySchema = z.object({
  name: requiredText('a name', 255).describe('The rate as offered.'),
  type_id: reference('The type must be an expense type of this organisation.')
    .nullable()
    .optional()
    .describe('An expense type of the organisation; null for any.'),
  unit: z
    .enum(EXPENSE_RATE_UNITS, { error: 'The unit must be mile, km, hour, day or item.' })
    .describe('What is counted.'),
  pence_per_unit: z
    .number({ error: 'The rate must be a whole number of pence.' })
    .int({ error: 'The rate must be a whole number of pence.' })
    .min(0, { error: 'The rate cannot be negative.' })
    .max(1_000_000, { error: 'The rate may be at most 1000000 pence.' })
    .describe('Paid per unit, in pence.'),
  valid_from: writeDate('start date')
    .nullable()
    .optional()
    .describe('First day it applies; null for always.'),
  valid_to: writeDate('end date').nullable().optional().describe('Last day it applies; null for open-ended.'),
  position: writePosition,
  active: writeActive,
});
export type ExpenseRateBody = z.infer<typeof expenseRateBodySchema>;

export const claimSchema = z
  .object({
    id,
    user_id: z.number().int().describe('Whose claim it is.'),
    title: z.string().describe('What the claim is for, e.g. "March travel".'),
    notes: z.string().nullable().describe('The claimant’s notes.'),
    status: z.enum(CLAIM_STATUSES).describe('submitted, approved, rejected or paid.'),
    submitted_at: timestamp.describe('When it was submitted.'),
    decided_by: z.number().int().nullable().describe('Who approved or rejected it.'),
    decided_at: timestamp.nullable().describe('When it was approved or rejected.'),
    decision_note: z.string().nullable().describe('Why, as told to the claimant.'),
    paid_at: timestamp.nullable().describe('When it was marked paid.'),
    created_by: createdBy,
  })
  .describe('Expense claim');
export type Claim = z.infer<typeof claimSchema>;

const claimTitle = requiredText('a title', 255).describe('What the claim is for.');
const claimNotes = optionalText('notes', 5000).describe('The claimant’s notes.');

/** A claim made for someone (`/claims/`): whose it is, a title and notes; it starts submitted. */
export const claimBodySchema = z.object({
  user_id: reference('The claimant must be a user of this organisation.').describe(
    'Whose claim it is (a user of the organisation).',
  ),
  title: claimTitle,
  notes: claimNotes,
});
export type ClaimBody = z.infer<typeof claimBodySchema>;

/**
 * A change to a claim (`PUT /claims/{id}`): its text, or a decision. `status` moves submitted →
 * approved or rejected, approved → paid; the decision carries to the claim's expenses.
 */
export const claimUpdateBodySchema = z.object({
  title: claimTitle.optional(),
  notes: claimNotes,
  status: z
    .enum(CLAIM_STATUSES, { error: 'The status must be submitted, approved, rejected or paid.' })
    .optional()
    .describe('The decision: approved or rejected (from submitted), paid (from approved).'),
  decision_note: optionalText('decision note', 2000).describe('Why, as told to the claimant.'),
});
export type ClaimUpdateBody = z.infer<typeof claimUpdateBodySchema>;

/** A person's own claim (`/users/{userId}/claims/`): a title and notes; decisions are made on `/claims/`. */
export const userClaimBodySchema = z.object({ title: claimTitle, notes: claimNotes });
export type UserClaimBody = z.infer<typeof userClaimBodySchema>;

export const expenseSchema = z
  .object({
    id,
    user_id: z.number().int().describe('Who spent the money.'),
    claim_id: z.number().int().nullable().describe('The claim it is in; null while unclaimed.'),
    type_id: z.number().int().describe('Its expense type.'),
    rate_id: z.number().int().nullable().describe('The expense rate it was worked out with, if any.'),
    quantity: z
      .number()
      .nullable()
      .describe('How many units of the rate (miles, hours); null without a rate.'),
    amount_pence: z.number().int().describe('How much, in pence.'),
    spent_on: z.string().describe('The day the money was spent (YYYY-MM-DD).'),
    description: z.string().nullable().describe('What it was for.'),
    status: z
      .enum(EXPENSE_STATUSES)
      .describe('pending, or its claim’s decision: approved, rejected or paid.'),
    created_by: createdBy,
  })
  .describe('Expense');
export type Expense = z.infer<typeof expenseSchema>;

export const expenseBodySchema = z.object({
  claim_id: reference('The claim must be one of this person’s claims.')
    .nullable()
    .optional()
    .describe('One of the person’s claims; null for none yet.'),
  type_id: reference('The type must be an expense type of this organisation.').describe(
    'An expense type of the organisation.',
  ),
  rate_id: reference('The rate must be an expense rate of this organisation.')
    .nullable()
    .optional()
    .describe('The expense rate used, if any.'),
  quantity: z
    .number({ error: 'The quantity must be a number.' })
    .min(0, { error: 'The quantity cannot be negative.' })
    .max(99_999_999, { error: 'The quantity may be at most 99999999.' })
    .multipleOf(0.01, { error: 'The quantity may have at most two decimal places.' })
    .nullable()
    .optional()
    .describe('How many units of the rate (miles, hours), up to two decimal places.'),
  amount_pence: z
    .number({ error: 'The amount must be a whole number of pence.' })
    .int({ error: 'The amount must be a whole number of pence.' })
    .min(0, { error: 'The amount cannot be negative.' })
    .max(100_000_000, { error: 'The amount may be at most 100000000 pence.' })
    .describe('How much, in pence.'),
  spent_on: writeDate('date spent').describe('The day the money was spent (YYYY-MM-DD).'),
  description: optionalText('description', 2000).describe('What it was for.'),
});
export type ExpenseBody = z.infer<typeof expenseBodySchema>;

export const expenseAttachmentSchema = z
  .object({
    id,
    user_id: z.number().int().describe('Whose expense.'),
    expense_id: z.number().int().describe('The expense.'),
    file_id: z.string().describe('The attached file (a receipt).'),
    file_url: fileUrl,
    name: z.string().describe('The attachment’s name as shown.'),
    created_by: createdBy,
  })
  .describe('Expense attachment');
export type ExpenseAttachment = z.infer<typeof expenseAttachmentSchema>;
/** Renaming the attachment (the file is set once, when attached). */
export const expenseAttachmentBodySchema = peopleWorkAttachmentBodySchema;
export type ExpenseAttachmentBody = z.infer<typeof expenseAttachmentBodySchema>;

export const expenseAuthoriserSchema = z
  .object({
    id,
    user_id: z.number().int().describe('Whose expenses.'),
    authoriser_user_id: z.number().int().describe('The person named to authorise them.'),
    created_by: createdBy,
  })
  .describe('A person named to authorise someone’s expenses');
export type ExpenseAuthoriser = z.infer<typeof expenseAuthoriserSchema>;

export const expenseAuthoriserBodySchema = z.object({
  authoriser_user_id: reference('The authoriser must be a user of this organisation.').describe(
    'A user of the organisation holding manage-claims, not the person themself.',
  ),
});
export type ExpenseAuthoriserBody = z.infer<typeof expenseAuthoriserBodySchema>;

/** One person who may decide a user's claims, as `GET /users/{userId}/expenses/authorisers` lists them. */
export const effectiveExpenseAuthoriserSchema = z
  .object({
    id: z.number().int().nullable().describe('The naming’s id when the person is named; null otherwise.'),
    user_id: z.number().int().describe('Whose expenses.'),
    authoriser_user_id: z.number().int().describe('Who may authorise them.'),
    display_name: z.string().describe('The authoriser’s name as shown.'),
    named: z
      .boolean()
      .describe('Named for this person; false when they may authorise as a holder of manage-claims.'),
  })
  .describe('Expense authoriser');
export type EffectiveExpenseAuthoriser = z.infer<typeof effectiveExpenseAuthoriserSchema>;

// ——— Touchpoints ———

const touchpointType = lookup('Touchpoint type', 'Phone call');
export const touchpointTypeSchema = touchpointType.row;
export type TouchpointType = z.infer<typeof touchpointTypeSchema>;
export const touchpointTypeBodySchema = touchpointType.body;
export type TouchpointTypeBody = z.infer<typeof touchpointTypeBodySchema>;

export const touchpointSchema = z
  .object({
    id,
    user_id: z.number().int().describe('The person the contact was with.'),
    type_id: z.number().int().nullable().describe('Its touchpoint type; null for none.'),
    occurred_at: timestamp.describe('When the contact happened.'),
    summary: z.string().describe('What it was about, in a line.'),
    details: z.string().nullable().describe('What was said or agreed.'),
    parent_id: z
      .number()
      .int()
      .nullable()
      .describe('The touchpoint this follows up; null for a first contact.'),
    created_by: createdBy,
  })
  .describe('Touchpoint');
export type Touchpoint = z.infer<typeof touchpointSchema>;

export const touchpointBodySchema = z.object({
  type_id: reference('The type must be a touchpoint type of this organisation.')
    .nullable()
    .optional()
    .describe('A touchpoint type of the organisation; null for none.'),
  occurred_at: writeTimestamp('time of the contact').describe('When the contact happened.'),
  summary: requiredText('a summary', 500).describe('What it was about, in a line.'),
  details: optionalText('details', 20_000).describe('What was said or agreed.'),
});
export type TouchpointBody = z.infer<typeof touchpointBodySchema>;

export const touchpointAttachmentSchema = z
  .object({
    id,
    user_id: z.number().int().describe('The person of the touchpoint.'),
    touchpoint_id: z.number().int().describe('The touchpoint.'),
    file_id: z.string().describe('The attached file.'),
    file_url: fileUrl,
    name: z.string().describe('The attachment’s name as shown.'),
    created_by: createdBy,
  })
  .describe('Touchpoint attachment');
export type TouchpointAttachment = z.infer<typeof touchpointAttachmentSchema>;
/** Renaming the attachment (the file is set once, when attached). */
export const touchpointAttachmentBodySchema = peopleWorkAttachmentBodySchema;
export type TouchpointAttachmentBody = z.infer<typeof touchpointAttachmentBodySchema>;

// ——— Leaving reasons ———

const leavingReason = lookup('Leaving reason', 'Moved away');
export const leavingReasonSchema = leavingReason.row;
export type LeavingReason = z.infer<typeof leavingReasonSchema>;
export const leavingReasonBodySchema = leavingReason.body;
export type LeavingReasonBody = z.infer<typeof leavingReasonBodySchema>;

// ——— Inductions ———

export const inductionModuleSchema = z
  .object({
    id,
    name: z.string().describe('The module as shown, e.g. "Fire safety".'),
    description: z.string().nullable().describe('What it covers and how to complete it.'),
    compulsory: z.boolean().describe('Everyone must complete it.'),
    self_completable: z.boolean().describe('A person may mark it complete themself.'),
    validity_months: z
      .number()
      .int()
      .nullable()
      .describe('It must be redone this many months after completion; null for never.'),
    position,
    active,
  })
  .describe('Induction module');
export type InductionModule = z.infer<typeof inductionModuleSchema>;

export const inductionModuleBodySchema = z.object({
  name: requiredText('a name', 255).describe('The module as shown.'),
  description: optionalText('description', 10_000).describe('What it covers and how to complete it.'),
  compulsory: z
    .boolean({ error: 'Compulsory must be true or false.' })
    .optional()
    .describe('Everyone must complete it (default false).'),
  self_completable: z
    .boolean({ error: 'Self-completable must be true or false.' })
    .optional()
    .describe('A person may mark it complete themself (default false).'),
  validity_months: z
    .number({ error: 'The validity must be a whole number of months.' })
    .int({ error: 'The validity must be a whole number of months.' })
    .min(1, { error: 'The validity must be at least 1 month.' })
    .max(600, { error: 'The validity may be at most 600 months.' })
    .nullable()
    .optional()
    .describe('Months until it must be redone; null for never.'),
  position: writePosition,
  active: writeActive,
});
export type InductionModuleBody = z.infer<typeof inductionModuleBodySchema>;

export const userInductionSchema = z
  .object({
    id,
    user_id: z.number().int().describe('The person.'),
    module_id: z.number().int().describe('The induction module.'),
    status: z.enum(INDUCTION_STATUSES).describe('not_started, in_progress or completed.'),
    completed_at: timestamp.nullable().describe('When it was completed.'),
    completed_by: z
      .number()
      .int()
      .nullable()
      .describe('Who marked it complete (the person themself for a self-completion).'),
    expires_on: z.string().nullable().describe('When it must be redone (YYYY-MM-DD); null for never.'),
    notes: z.string().nullable().describe('Notes about it.'),
  })
  .describe('A person’s induction');
export type UserInduction = z.infer<typeof userInductionSchema>;

export const userInductionBodySchema = z.object({
  module_id: reference('The module must be an induction module of this organisation.').describe(
    'An induction module of the organisation (once per person).',
  ),
  status: z
    .enum(INDUCTION_STATUSES, { error: 'The status must be not_started, in_progress or completed.' })
    .optional()
    .describe('Progress (default not_started).'),
  completed_at: writeTimestamp('completion time').nullable().optional().describe('When it was completed.'),
  expires_on: writeDate('expiry date')
    .nullable()
    .optional()
    .describe('When it must be redone; null for never.'),
  notes: optionalText('notes', 5000).describe('Notes about it.'),
});
export type UserInductionBody = z.infer<typeof userInductionBodySchema>;

export const userInductionAttachmentSchema = z
  .object({
    id,
    user_id: z.number().int().describe('The person of the induction.'),
    induction_id: z.number().int().describe('The person’s induction.'),
    file_id: z.string().describe('The attached file (a certificate).'),
    file_url: fileUrl,
    name: z.string().describe('The attachment’s name as shown.'),
    created_by: createdBy,
  })
  .describe('Induction attachment');
export type UserInductionAttachment = z.infer<typeof userInductionAttachmentSchema>;
export const userInductionAttachmentBodySchema = peopleWorkAttachmentBodySchema;
export type UserInductionAttachmentBody = z.infer<typeof userInductionAttachmentBodySchema>;

/** `PUT /users/{authUserId}/inductions/self-complete/{id}`: the person confirms they completed the module. */
export const inductionSelfCompleteBodySchema = z.object({
  confirmed: z
    .literal(true, { error: 'Please confirm that you have completed this induction.' })
    .describe('Must be true: the person confirms they completed the module.'),
  notes: optionalText('notes', 5000).describe('Anything the person wants to add.'),
});
export type InductionSelfCompleteBody = z.infer<typeof inductionSelfCompleteBodySchema>;

/** Refusal sentences of the people's-work calls, shared by the API and its tests. */
export const peopleWorkMessages = {
  selfCompleteOthers: 'You can only complete your own inductions.',
  notSelfCompletable: 'This induction has to be signed off by a member of staff.',
  inductionRetired: 'This induction is no longer offered.',
  alreadyAssigned: 'This person is already assigned to the task.',
  systemHistory: 'Changes recorded by the system cannot be edited or deleted.',
  othersComment: 'You can only change your own comments.',
  ownClaim: 'You cannot decide your own claim.',
  claimDecided: 'This claim has already been decided; put the expense in a claim that is waiting.',
  expenseSettled: 'This expense has been approved or paid and can no longer be changed.',
  notNamedAuthoriser: 'Only the people named to authorise this person’s expenses may decide their claims.',
  authoriserSelf: 'A person cannot authorise their own expenses.',
  authoriserPermission: 'The authoriser must hold the manage-claims permission.',
  authoriserTwice: 'This person is already named as an authoriser.',
  notAnOption: 'The option must be one of the chosen skill’s options.',
  skillHeld: 'This person already has this skill.',
  inductionHeld: 'This person already has a record of this induction.',
  completedAtNeedsCompleted: 'Only a completed induction has a completion time.',
  fileNotYours: 'The file must be a file you uploaded to this organisation.',
  fileAlreadyAttached: 'This file is already attached here.',
} as const;
