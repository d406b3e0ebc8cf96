import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CUSTOM_FIELD_TYPES } from '@muster/contract';
import { oneOf } from './checks.js';
import { organisationId, timestamps } from './columns.js';
import { consents, terms } from './consents.js';
import { opportunities } from './opportunities.js';
import { files } from './reference.js';
import { users } from './users.js';

/** The step types the application form knows, in the order a full form shows them (applicant-flow §2.1). */
export const sectionTypes = [
  'basic-details',
  'motivation',
  'address-details',
  'about-you',
  'supporting-documents',
  'references',
  'residential',
  'diversity',
  'review-apply',
] as const;
export type SectionType = (typeof sectionTypes)[number];

/** Custom attribute and question field types (applicant-flow §3.8), as the contract lists them. */
export const customFieldTypes = CUSTOM_FIELD_TYPES;
export type CustomFieldType = (typeof customFieldTypes)[number];

/** Field types whose value is one or more uploaded files (kept relationally, not in `value`). */
export const fileFieldTypes = ['files', 'file', 'photo'] as const satisfies readonly CustomFieldType[];

/** Field types answered from their options. */
export const optionFieldTypes = ['dropdown', 'checkboxes', 'radio'] as const satisfies readonly CustomFieldType[];

/** Who may change an attribute's value (applicant-flow §3.8; default write). */
export const attributePermissions = ['write', 'read-only'] as const;
export type AttributePermission = (typeof attributePermissions)[number];

/** How the diversity step asks: the fixed fields of §3.2/§3.3, or the organisation's v2 questions. */
export const diversityModes = ['fixed', 'v2'] as const;
export type DiversityMode = (typeof diversityModes)[number];

/**
 * The shape of a stored custom value, by field type: text-like types a string, integer,
 * decimal and currency a number, boolean a boolean, dropdown and radio the chosen option's
 * `value`, checkboxes a list of option values, startenddate `{start, end}` (YYYY-MM-DD or null),
 * date YYYY-MM-DD, datetime `YYYY-MM-DD HH:mm`. File types keep their files in the
 * `*_files` tables and store null here.
 */
export type CustomFieldValue =
  | string
  | number
  | boolean
  | string[]
  | { start: string | null; end: string | null }
  | null;

/** Groups attributes on a profile (applicant-flow §2.5 `category{id, name}`). */
export const attributeCategories = pgTable(
  'attribute_categories',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    name: text().notNull(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('attribute_categories_organisation_idx').on(t.organisationId, t.position)],
);

/** A custom profile field of the organisation; its value belongs to the user, not the application. */
export const attributes = pgTable(
  'attributes',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    slug: text().notNull(),
    name: text().notNull(),
    type: text({ enum: customFieldTypes }).notNull(),
    categoryId: integer().references(() => attributeCategories.id, { onDelete: 'set null' }),
    position: integer().notNull().default(0),
    compulsory: boolean().notNull().default(false),
    permission: text({ enum: attributePermissions }).notNull().default('write'),
    /** Replaces the default validation message of the type (applicant-flow §5). */
    customMessage: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('attributes_organisation_slug_unique').on(t.organisationId, t.slug),
    check('attributes_type_check', oneOf(t.type, customFieldTypes)),
    check('attributes_permission_check', oneOf(t.permission, attributePermissions)),
  ],
);

/** A choice of a dropdown, checkboxes or radio attribute. */
export const attributeOptions = pgTable(
  'attribute_options',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    attributeId: integer()
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    value: text().notNull(),
    display: text().notNull(),
    position: integer().notNull().default(0),
    defaultSelected: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('attribute_options_attribute_value_unique').on(t.attributeId, t.value),
    index('attribute_options_attribute_idx').on(t.attributeId, t.position),
  ],
);

/** A user's value of one attribute; the JSON shape follows the attribute type (see `CustomFieldValue`). */
export const userAttributeValues = pgTable(
  'user_attribute_values',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attributeId: integer()
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    value: jsonb().$type<CustomFieldValue>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_attribute_values_user_attribute_unique').on(t.userId, t.attributeId),
    index('user_attribute_values_attribute_idx').on(t.attributeId),
  ],
);

/** The files of a files, file or photo attribute value, in order. */
export const userAttributeValueFiles = pgTable(
  'user_attribute_value_files',
  {
    organisationId: organisationId(),
    valueId: integer()
      .notNull()
      .references(() => userAttributeValues.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.valueId, t.fileId] }), index('user_attribute_value_files_file_idx').on(t.fileId)],
);

/** A custom question asked on an application; answers belong to the application. */
export const questions = pgTable(
  'questions',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    slug: text().notNull(),
    name: text().notNull(),
    type: text({ enum: customFieldTypes }).notNull(),
    compulsory: boolean().notNull().default(false),
    /** Replaces the default validation message of the type (applicant-flow §5). */
    customMessage: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('questions_organisation_slug_unique').on(t.organisationId, t.slug),
    check('questions_type_check', oneOf(t.type, customFieldTypes)),
  ],
);

/** A choice of a dropdown, checkboxes or radio question. */
export const questionOptions = pgTable(
  'question_options',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    value: text().notNull(),
    display: text().notNull(),
    position: integer().notNull().default(0),
    defaultSelected: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('question_options_question_value_unique').on(t.questionId, t.value),
    index('question_options_question_idx').on(t.questionId, t.position),
  ],
);

/** A kind of supporting document an applicant uploads (applicant-flow §2.6: id, name). */
export const documentTypes = pgTable(
  'document_types',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    name: text().notNull(),
    ...timestamps,
  },
  (t) => [index('document_types_organisation_idx').on(t.organisationId)],
);

/**
 * One step of an opportunity's application form, in `position` order (applicant-flow §3.4).
 * The settings only matter for the step type that reads them: `requestedReferences` and
 * `referenceLength` for references, `minAddressHistory` (months) for address-details,
 * `applyRightToWork` for motivation, `diversityCompulsory` and `diversityMode` for diversity,
 * `minimumAge` and `phoneNumberCompulsory` for basic-details, `requirePassword` for review-apply.
 */
export const formSections = pgTable(
  'form_sections',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    type: text({ enum: sectionTypes }).notNull(),
    requestedReferences: integer(),
    /** How long, in years, a referee should have known the applicant; shown as guidance. */
    referenceLength: integer(),
    minAddressHistory: integer(),
    minimumAge: integer(),
    applyRightToWork: boolean().notNull().default(false),
    phoneNumberCompulsory: boolean().notNull().default(false),
    diversityCompulsory: boolean().notNull().default(false),
    diversityMode: text({ enum: diversityModes }).notNull().default('fixed'),
    requirePassword: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('form_sections_opportunity_position_unique').on(t.opportunityId, t.position),
    check('form_sections_type_check', oneOf(t.type, sectionTypes)),
    check('form_sections_diversity_mode_check', oneOf(t.diversityMode, diversityModes)),
    check(
      'form_sections_numbers_check',
      sql`(${t.requestedReferences} is null or ${t.requestedReferences} >= 0)
        and (${t.referenceLength} is null or ${t.referenceLength} >= 0)
        and (${t.minAddressHistory} is null or ${t.minAddressHistory} >= 0)
        and (${t.minimumAge} is null or ${t.minimumAge} >= 0)`,
    ),
  ],
);

/** Questions asked on a step, in order. */
export const formSectionQuestions = pgTable(
  'form_section_questions',
  {
    organisationId: organisationId(),
    sectionId: integer()
      .notNull()
      .references(() => formSections.id, { onDelete: 'cascade' }),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.questionId] }), index('form_section_questions_question_idx').on(t.questionId)],
);

/** Attributes asked on a step; they show in the attribute's own position and category. */
export const formSectionAttributes = pgTable(
  'form_section_attributes',
  {
    organisationId: organisationId(),
    sectionId: integer()
      .notNull()
      .references(() => formSections.id, { onDelete: 'cascade' }),
    attributeId: integer()
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.sectionId, t.attributeId] }),
    index('form_section_attributes_attribute_idx').on(t.attributeId),
  ],
);

/** Documents a supporting-documents step requires, in order; each is required unless already supplied. */
export const formSectionDocuments = pgTable(
  'form_section_documents',
  {
    organisationId: organisationId(),
    sectionId: integer()
      .notNull()
      .references(() => formSections.id, { onDelete: 'cascade' }),
    documentTypeId: integer()
      .notNull()
      .references(() => documentTypes.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.sectionId, t.documentTypeId] }),
    index('form_section_documents_document_type_idx').on(t.documentTypeId),
  ],
);

/** Consent questions shown on a step, in order. */
export const formSectionConsents = pgTable(
  'form_section_consents',
  {
    organisationId: organisationId(),
    sectionId: integer()
      .notNull()
      .references(() => formSections.id, { onDelete: 'cascade' }),
    consentId: integer()
      .notNull()
      .references(() => consents.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.consentId] }), index('form_section_consents_consent_idx').on(t.consentId)],
);

/** A step's own yes/no statement (applicant-flow §3.4 `additional_consents`: name), in order. */
export const formSectionAdditionalConsents = pgTable(
  'form_section_additional_consents',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    sectionId: integer()
      .notNull()
      .references(() => formSections.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index('form_section_additional_consents_section_idx').on(t.sectionId, t.position)],
);

/** Terms a step asks the applicant to accept, in order. */
export const formSectionTerms = pgTable(
  'form_section_terms',
  {
    organisationId: organisationId(),
    sectionId: integer()
      .notNull()
      .references(() => formSections.id, { onDelete: 'cascade' }),
    termId: integer()
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.termId] }), index('form_section_terms_term_idx').on(t.termId)],
);
