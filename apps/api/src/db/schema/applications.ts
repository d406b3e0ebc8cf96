import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks.js';
import { organisationId, timestamps } from './columns.js';
import { terms } from './consents.js';
import {
  documentTypes,
  formSectionAdditionalConsents,
  questions,
  type CustomFieldValue,
} from './forms.js';
import { motivations } from './motivations.js';
import { opportunities, opportunityTimeslots } from './opportunities.js';
import { files } from './reference.js';
import { users } from './users.js';

/**
 * Where an application stands. The spec does not show server-side statuses (applicant-flow §4);
 * `pending` is an application created ahead (completed later through its key), `submitted` one
 * the applicant completed.
 */
export const applicationStatuses = ['pending', 'submitted', 'accepted', 'declined', 'withdrawn'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const rightToVolunteerAnswers = ['yes', 'no', 'unsure'] as const;
export type RightToVolunteerAnswer = (typeof rightToVolunteerAnswers)[number];

/**
 * An application of a user for an opportunity (applicant-flow §3.1). `submittedByUserId` is
 * the supervisor who applied on the user's behalf; `idempotencyKey` makes a repeated submit
 * return the first result. The profile parts of the form (names, contact, attributes,
 * consents, diversity) are stored on the user; the rest here and in the child tables.
 */
export const applications = pgTable(
  'applications',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Opaque key of a link that lets the applicant complete this application later. */
    applicationKey: text().notNull().unique(),
    status: text({ enum: applicationStatuses }).notNull().default('submitted'),
    active: boolean().notNull().default(true),
    completedAt: timestamp({ withTimezone: true }),
    submittedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text(),
    why: text(),
    motivationId: integer().references(() => motivations.id, { onDelete: 'set null' }),
    specialRequirementsBool: boolean(),
    specialRequirements: text(),
    rightToVolunteer: text({ enum: rightToVolunteerAnswers }),
    willingToShare: boolean(),
    parentsFirstName: text(),
    parentsLastName: text(),
    parentsEmail: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('applications_organisation_idempotency_unique').on(t.organisationId, t.idempotencyKey),
    index('applications_user_idx').on(t.userId, t.opportunityId),
    index('applications_opportunity_idx').on(t.opportunityId),
    check('applications_status_check', oneOf(t.status, applicationStatuses)),
    // A null passes a check, so an unanswered question is allowed.
    check('applications_right_to_volunteer_check', oneOf(t.rightToVolunteer, rightToVolunteerAnswers)),
  ],
);

/** Time slots chosen on an application (`timeslot_ids`). */
export const applicationTimeslots = pgTable(
  'application_timeslots',
  {
    organisationId: organisationId(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    timeslotId: integer()
      .notNull()
      .references(() => opportunityTimeslots.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.timeslotId] }),
    index('application_timeslots_timeslot_idx').on(t.timeslotId),
  ],
);

/** The address history given on an application, newest first by `position`. */
export const applicationAddresses = pgTable(
  'application_addresses',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    companyName: text(),
    street: text().notNull(),
    streetSecond: text(),
    streetThird: text(),
    city: text().notNull(),
    county: text(),
    postcode: text().notNull(),
    country: text().notNull().default('United Kingdom'),
    fromDate: date({ mode: 'string' }),
    position: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('application_addresses_application_position_unique').on(t.applicationId, t.position)],
);

/** A referee named on an application; locked once `requestSentAt` is set (applicant-flow §2.7). */
export const applicationReferences = pgTable(
  'application_references',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    /** E.164 number, for a referee without an email address. */
    phoneNumber: text(),
    /** Two-letter region of the phone number. */
    phoneCountryCode: text(),
    requestSentAt: timestamp({ withTimezone: true }),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('application_references_application_idx').on(t.applicationId, t.position),
    check('application_references_contact_check', sql`${t.email} is not null or ${t.phoneNumber} is not null`),
  ],
);

/** A supporting document uploaded for an application. */
export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    documentTypeId: integer()
      .notNull()
      .references(() => documentTypes.id, { onDelete: 'restrict' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('application_documents_application_file_unique').on(t.applicationId, t.fileId),
    index('application_documents_document_type_idx').on(t.documentTypeId),
  ],
);

/** An answer to a custom question; the JSON shape follows the question type (see `CustomFieldValue`). */
export const applicationQuestionAnswers = pgTable(
  'application_question_answers',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    value: jsonb().$type<CustomFieldValue>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('application_question_answers_application_question_unique').on(t.applicationId, t.questionId),
    index('application_question_answers_question_idx').on(t.questionId),
  ],
);

/** The files of a files, file or photo question answer, in order. */
export const applicationQuestionAnswerFiles = pgTable(
  'application_question_answer_files',
  {
    organisationId: organisationId(),
    answerId: integer()
      .notNull()
      .references(() => applicationQuestionAnswers.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.answerId, t.fileId] }),
    index('application_question_answer_files_file_idx').on(t.fileId),
  ],
);

/** The applicant's yes or no to each additional consent of the form. */
export const applicationAdditionalConsents = pgTable(
  'application_additional_consents',
  {
    organisationId: organisationId(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    additionalConsentId: integer()
      .notNull()
      .references(() => formSectionAdditionalConsents.id, { onDelete: 'cascade' }),
    agreed: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.additionalConsentId] })],
);

/** Terms the applicant accepted with the application. */
export const applicationTerms = pgTable(
  'application_terms',
  {
    organisationId: organisationId(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    termId: integer()
      .notNull()
      .references(() => terms.id, { onDelete: 'restrict' }),
    acceptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.termId] }), index('application_terms_term_idx').on(t.termId)],
);

/** A visit arriving through an "apply" link (`POST /opportunities/log-apply-action`). */
export const opportunityApplyActions = pgTable(
  'opportunity_apply_actions',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    /** The signed-in user, when there was one. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('opportunity_apply_actions_opportunity_idx').on(t.opportunityId, t.createdAt)],
);
