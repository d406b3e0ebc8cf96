import { REFERENCE_QUESTION_TYPES } from '@muster/contract';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { applicationReferences } from './applications.js';
import { oneOf } from './checks.js';
import { organisationId, timestamps } from './columns.js';

/**
 * A question the organisation asks every referee (platform-foundation §7
 * `/organisation/reference-questions/`), served by the generic catalogue module. `type` is
 * `text` or `yes-no` (see `REFERENCE_QUESTION_TYPES`).
 */
export const referenceQuestions = pgTable(
  'reference_questions',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    question: text().notNull(),
    type: text({ enum: REFERENCE_QUESTION_TYPES }).notNull(),
    compulsory: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('reference_questions_organisation_idx').on(t.organisationId, t.position),
    check('reference_questions_type_check', oneOf(t.type, REFERENCE_QUESTION_TYPES)),
  ],
);

/**
 * The request emailed to a referee (applicant-flow §2.7): one per referee, with the SHA-256
 * hash of the single-use link's token (the token itself is only ever in the email). The link
 * works until `expiresAt`, once: `answeredAt` is set when the reference is given, `declinedAt`
 * when the referee declines instead.
 */
export const referenceRequests = pgTable(
  'reference_requests',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    referenceId: integer()
      .notNull()
      .references(() => applicationReferences.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the link's token. */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    answeredAt: timestamp({ withTimezone: true }),
    /** Answers the referee saved to finish later (`PUT /reference/{token}`), by question id; cleared when given. */
    draftAnswers: jsonb().$type<Record<string, string>>(),
    /** When the referee declined to give the reference (`DELETE /reference/{token}`); the link is used up. */
    declinedAt: timestamp({ withTimezone: true }),
    /** Why, if they said. */
    declineReason: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reference_requests_token_hash_unique').on(t.tokenHash),
    uniqueIndex('reference_requests_reference_unique').on(t.referenceId),
  ],
);

/**
 * A referee's answer to one reference question, kept on the application's referee. The
 * question's text and type are copied as they were asked, so later edits of the question do
 * not change what the referee answered; `answer` is null for an optional question left empty.
 */
export const referenceAnswers = pgTable(
  'reference_answers',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    referenceId: integer()
      .notNull()
      .references(() => applicationReferences.id, { onDelete: 'cascade' }),
    questionId: integer().references(() => referenceQuestions.id, { onDelete: 'set null' }),
    question: text().notNull(),
    type: text({ enum: REFERENCE_QUESTION_TYPES }).notNull(),
    answer: text(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('reference_answers_reference_idx').on(t.referenceId, t.position),
    check('reference_answers_type_check', oneOf(t.type, REFERENCE_QUESTION_TYPES)),
  ],
);
