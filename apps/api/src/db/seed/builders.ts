import type { Executor } from '../client.js';
import { hashPassword } from '../../modules/auth/passwords.js';
import {
  attributeOptions,
  attributes,
  consentOptions,
  consents,
  formSectionAdditionalConsents,
  formSectionAttributes,
  formSectionConsents,
  formSectionDocuments,
  formSectionQuestions,
  formSections,
  formSectionTerms,
  opportunities,
  opportunitySubLocations,
  opportunityTimeslots,
  questionOptions,
  questions,
  userEmailAddresses,
  userPhoneNumbers,
  users,
  type AttributePermission,
  type ConsentType,
  type CustomFieldType,
  type DiversityMode,
  type SectionType,
} from '../schema/index.js';
import { insertedRow } from '../rows.js';

/*
 * Insert helpers shared by the demo seed and the test factories, so both build forms the same
 * way. Each takes an executor: callers wrap several calls in one transaction.
 */

type UserRow = typeof users.$inferSelect;
type OpportunityRow = typeof opportunities.$inferSelect;
type SectionRow = typeof formSections.$inferSelect;

/** Step names used when a definition gives none. */
export const DEFAULT_SECTION_NAMES: Record<SectionType, string> = {
  'basic-details': 'Your details',
  motivation: 'Your motivation',
  'address-details': 'Your address',
  'about-you': 'About you',
  'supporting-documents': 'Supporting documents',
  references: 'References',
  residential: 'Your stay',
  diversity: 'Diversity',
  'review-apply': 'Review and apply',
};

export type UserInput = Partial<Omit<typeof users.$inferInsert, 'organisationId' | 'passwordHash'>> & {
  firstName: string;
  lastName: string;
  /** Primary email address; none when absent. */
  email?: string | null;
  /** Plain password, stored argon2id-hashed. */
  password?: string | null;
  /** Primary phone number (E.164), also the default for SMS. */
  phoneNumber?: string | null;
  /** Region of the phone number; GB when absent. */
  phoneRegion?: string;
};

/** A user with an optional primary email, password and phone number. */
export async function insertUser(
  db: Executor,
  organisationId: number,
  input: UserInput,
): Promise<UserRow & { email: string | null }> {
  const { email, password, phoneNumber, phoneRegion, ...fields } = input;
  const passwordHash = password ? await hashPassword(password) : null;
  const user = insertedRow(
    await db
      .insert(users)
      .values({ ...fields, organisationId, passwordHash })
      .returning(),
    'user',
  );
  if (email) {
    await db.insert(userEmailAddresses).values({ organisationId, userId: user.id, email, primary: true });
  }
  if (phoneNumber) {
    await db.insert(userPhoneNumbers).values({
      organisationId,
      userId: user.id,
      phoneNumber,
      countryCode: phoneRegion ?? 'GB',
      primary: true,
      defaultSms: true,
    });
  }
  return { ...user, email: email ?? null };
}

export type OptionInput = { value: string; display?: string; defaultSelected?: boolean };

export type CustomFieldInput = {
  slug: string;
  name: string;
  type: CustomFieldType;
  compulsory?: boolean;
  customMessage?: string | null;
  /** For dropdown, checkboxes and radio; positions follow the list order. */
  options?: OptionInput[];
};

export type AttributeInput = CustomFieldInput & {
  categoryId?: number | null;
  position?: number;
  permission?: AttributePermission;
};

function optionRows(options: OptionInput[] | undefined) {
  return (options ?? []).map((option, position) => ({
    value: option.value,
    display: option.display ?? option.value,
    position,
    defaultSelected: option.defaultSelected ?? false,
  }));
}

/** An attribute with its options. */
export async function insertAttribute(db: Executor, organisationId: number, input: AttributeInput) {
  const { options, ...fields } = input;
  const attribute = insertedRow(
    await db
      .insert(attributes)
      .values({ ...fields, organisationId })
      .returning(),
    'attribute',
  );
  const rows = optionRows(options);
  const inserted =
    rows.length > 0
      ? await db
          .insert(attributeOptions)
          .values(rows.map((row) => ({ ...row, organisationId, attributeId: attribute.id })))
          .returning()
      : [];
  return { ...attribute, options: inserted };
}

/** A custom question with its options. */
export async function insertQuestion(db: Executor, organisationId: number, input: CustomFieldInput) {
  const { options, ...fields } = input;
  const question = insertedRow(
    await db
      .insert(questions)
      .values({ ...fields, organisationId })
      .returning(),
    'question',
  );
  const rows = optionRows(options);
  const inserted =
    rows.length > 0
      ? await db
          .insert(questionOptions)
          .values(rows.map((row) => ({ ...row, organisationId, questionId: question.id })))
          .returning()
      : [];
  return { ...question, options: inserted };
}

export type ConsentInput = {
  statement: string;
  type: ConsentType;
  compulsory?: boolean;
  position?: number;
  /** Option values in order; a single checkbox has one. */
  options: string[];
};

/** A consent question with its options. */
export async function insertConsent(db: Executor, organisationId: number, input: ConsentInput) {
  const { options, ...fields } = input;
  const consent = insertedRow(
    await db
      .insert(consents)
      .values({ ...fields, organisationId })
      .returning(),
    'consent',
  );
  const inserted =
    options.length > 0
      ? await db
          .insert(consentOptions)
          .values(options.map((value, position) => ({ organisationId, consentId: consent.id, value, position })))
          .returning()
      : [];
  return { ...consent, options: inserted };
}

export type SectionInput = {
  type: SectionType;
  /** Defaults to `DEFAULT_SECTION_NAMES[type]`. */
  name?: string;
  requestedReferences?: number | null;
  referenceLength?: number | null;
  minAddressHistory?: number | null;
  minimumAge?: number | null;
  applyRightToWork?: boolean;
  phoneNumberCompulsory?: boolean;
  diversityCompulsory?: boolean;
  diversityMode?: DiversityMode;
  requirePassword?: boolean;
  questionIds?: number[];
  attributeIds?: number[];
  documentTypeIds?: number[];
  consentIds?: number[];
  /** Names of the step's own yes/no statements, in order. */
  additionalConsents?: string[];
  termIds?: number[];
};

export type TimeslotInput = {
  startsAt?: Date | null;
  endsAt?: Date | null;
  minDuration?: number | null;
  maxDuration?: number | null;
};

export type OpportunityInput = Omit<typeof opportunities.$inferInsert, 'organisationId' | 'id'> & {
  /** The steps in order. */
  sections: SectionInput[];
  subLocations?: { name: string; timeslots?: TimeslotInput[] }[];
};

export type BuiltOpportunity = OpportunityRow & {
  sections: SectionRow[];
  subLocations: (typeof opportunitySubLocations.$inferSelect & {
    timeslots: (typeof opportunityTimeslots.$inferSelect)[];
  })[];
};

/** An opportunity with its application form (steps and what each step asks) and time slots. */
export async function insertOpportunity(
  db: Executor,
  organisationId: number,
  input: OpportunityInput,
): Promise<BuiltOpportunity> {
  const { sections: sectionInputs, subLocations: subLocationInputs, ...fields } = input;
  const opportunity = insertedRow(
    await db
      .insert(opportunities)
      .values({ ...fields, organisationId })
      .returning(),
    'opportunity',
  );

  const sections: SectionRow[] = [];
  for (const [position, sectionInput] of sectionInputs.entries()) {
    const { questionIds, attributeIds, documentTypeIds, consentIds, additionalConsents, termIds, name, ...settings } =
      sectionInput;
    const section = insertedRow(
      await db
        .insert(formSections)
        .values({
          ...settings,
          organisationId,
          opportunityId: opportunity.id,
          position,
          name: name ?? DEFAULT_SECTION_NAMES[sectionInput.type],
        })
        .returning(),
      'form section',
    );
    sections.push(section);
    const sectionId = section.id;
    if (questionIds?.length) {
      await db
        .insert(formSectionQuestions)
        .values(questionIds.map((questionId, index) => ({ organisationId, sectionId, questionId, position: index })));
    }
    if (attributeIds?.length) {
      await db
        .insert(formSectionAttributes)
        .values(attributeIds.map((attributeId) => ({ organisationId, sectionId, attributeId })));
    }
    if (documentTypeIds?.length) {
      await db
        .insert(formSectionDocuments)
        .values(
          documentTypeIds.map((documentTypeId, index) => ({ organisationId, sectionId, documentTypeId, position: index })),
        );
    }
    if (consentIds?.length) {
      await db
        .insert(formSectionConsents)
        .values(consentIds.map((consentId, index) => ({ organisationId, sectionId, consentId, position: index })));
    }
    if (additionalConsents?.length) {
      await db
        .insert(formSectionAdditionalConsents)
        .values(additionalConsents.map((consentName, index) => ({ organisationId, sectionId, name: consentName, position: index })));
    }
    if (termIds?.length) {
      await db
        .insert(formSectionTerms)
        .values(termIds.map((termId, index) => ({ organisationId, sectionId, termId, position: index })));
    }
  }

  const subLocations: BuiltOpportunity['subLocations'] = [];
  for (const [position, subLocationInput] of (subLocationInputs ?? []).entries()) {
    const subLocation = insertedRow(
      await db
        .insert(opportunitySubLocations)
        .values({ organisationId, opportunityId: opportunity.id, name: subLocationInput.name, position })
        .returning(),
      'sub-location',
    );
    const slots = subLocationInput.timeslots ?? [];
    const timeslots =
      slots.length > 0
        ? await db
            .insert(opportunityTimeslots)
            .values(slots.map((slot, index) => ({ ...slot, organisationId, subLocationId: subLocation.id, position: index })))
            .returning()
        : [];
    subLocations.push({ ...subLocation, timeslots });
  }

  return { ...opportunity, sections, subLocations };
}
