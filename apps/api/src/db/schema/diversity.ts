import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks.js';
import { organisationId, timestamps } from './columns.js';
import { users } from './users.js';

/** The fixed diversity fields (applicant-flow §3.2); `disabled_select` is the disability type. */
export const diversityFields = [
  'gender',
  'gender_assigned',
  'registered_disabled',
  'nationality',
  'ethnicity',
  'sexuality',
  'disabled_select',
  'religion',
] as const;
export type DiversityField = (typeof diversityFields)[number];

/**
 * The fixed diversity answers with their spec ids (applicant-flow §3.3), shared by every
 * organisation. Loaded by the seed module as reference data, not by a migration.
 * `isOther` options reveal a free-text box (for registered_disabled, the Yes reveals the
 * disability type).
 */
export const diversityOptions = pgTable(
  'diversity_options',
  {
    id: integer().primaryKey(),
    field: text({ enum: diversityFields }).notNull(),
    label: text().notNull(),
    isOther: boolean().notNull().default(false),
    position: integer().notNull(),
  },
  (t) => [
    index('diversity_options_field_idx').on(t.field, t.position),
    check('diversity_options_field_check', oneOf(t.field, diversityFields)),
  ],
);

/**
 * A user's answers to the fixed diversity fields (applicant-flow §3.2): one row per user.
 * Each id must be an option of the matching field; the service checks the field, the
 * foreign keys keep the ids real.
 */
export const userDiversityAnswers = pgTable('user_diversity_answers', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organisationId: organisationId(),
  genderId: integer().references(() => diversityOptions.id),
  genderAssignedId: integer().references(() => diversityOptions.id),
  nationalityId: integer().references(() => diversityOptions.id),
  nationalityOther: text(),
  ethnicityId: integer().references(() => diversityOptions.id),
  ethnicityOther: text(),
  sexualityId: integer().references(() => diversityOptions.id),
  sexualityOther: text(),
  registeredDisabledId: integer().references(() => diversityOptions.id),
  disabledSelectId: integer().references(() => diversityOptions.id),
  disabledSelectOther: text(),
  religionId: integer().references(() => diversityOptions.id),
  religionOther: text(),
  ...timestamps,
});

/** An organisation's own diversity question ("v2", applicant-flow §3.2). */
export const diversityQuestions = pgTable(
  'diversity_questions',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    questionText: text().notNull(),
    isMultipleSelect: boolean().notNull().default(false),
    /** Required only when the diversity step is compulsory (`form_sections.diversity_compulsory`). */
    compulsory: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('diversity_questions_organisation_idx').on(t.organisationId, t.position)],
);

/** A choice of a v2 diversity question; an `isOther` choice asks for text. */
export const diversityQuestionOptions = pgTable(
  'diversity_question_options',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    questionId: integer()
      .notNull()
      .references(() => diversityQuestions.id, { onDelete: 'cascade' }),
    optionText: text().notNull(),
    isOther: boolean().notNull().default(false),
    position: integer().notNull().default(0),
  },
  (t) => [
    // Target of the composite keys that keep an option inside its own question.
    unique('diversity_question_options_question_id_unique').on(t.questionId, t.id),
    index('diversity_question_options_question_idx').on(t.questionId, t.position),
  ],
);

/**
 * The child question shows only when the parent question's answer includes the given option
 * (applicant-flow §3.5). Several rows for one child: any of them shows it.
 */
export const diversityQuestionDependencies = pgTable(
  'diversity_question_dependencies',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    questionId: integer()
      .notNull()
      .references(() => diversityQuestions.id, { onDelete: 'cascade' }),
    parentQuestionId: integer().notNull(),
    parentOptionId: integer().notNull(),
  },
  (t) => [
    foreignKey({
      name: 'diversity_question_dependencies_parent_fk',
      columns: [t.parentQuestionId, t.parentOptionId],
      foreignColumns: [diversityQuestionOptions.questionId, diversityQuestionOptions.id],
    }).onDelete('cascade'),
    uniqueIndex('diversity_question_dependencies_unique').on(t.questionId, t.parentOptionId),
    index('diversity_question_dependencies_parent_idx').on(t.parentQuestionId),
    check('diversity_question_dependencies_not_self_check', sql`${t.questionId} <> ${t.parentQuestionId}`),
  ],
);

/** A user's answer to a v2 question; the chosen options are rows of the next table. */
export const userDiversityQuestionAnswers = pgTable(
  'user_diversity_question_answers',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer()
      .notNull()
      .references(() => diversityQuestions.id, { onDelete: 'cascade' }),
    /** Text given with an `isOther` option. */
    otherText: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_diversity_question_answers_user_question_unique').on(t.userId, t.questionId),
    unique('user_diversity_question_answers_id_question_unique').on(t.id, t.questionId),
    index('user_diversity_question_answers_question_idx').on(t.questionId),
  ],
);

/**
 * The options chosen in one v2 answer (one for a single-select question, any number for
 * multiple select). Composite keys keep the option within the answer's question.
 */
export const userDiversityQuestionAnswerOptions = pgTable(
  'user_diversity_question_answer_options',
  {
    organisationId: organisationId(),
    answerId: integer().notNull(),
    questionId: integer().notNull(),
    optionId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.answerId, t.optionId] }),
    foreignKey({
      name: 'user_diversity_answer_options_answer_fk',
      columns: [t.answerId, t.questionId],
      foreignColumns: [userDiversityQuestionAnswers.id, userDiversityQuestionAnswers.questionId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'user_diversity_answer_options_option_fk',
      columns: [t.questionId, t.optionId],
      foreignColumns: [diversityQuestionOptions.questionId, diversityQuestionOptions.id],
    }).onDelete('cascade'),
    index('user_diversity_answer_options_option_idx').on(t.optionId),
  ],
);
