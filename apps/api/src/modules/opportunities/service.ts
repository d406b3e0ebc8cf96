import type { FormSection, Opportunity } from '@muster/contract';
import type { Executor } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import {
  findPublishedOpportunity,
  insertApplyAction,
  listSubLocations,
  loadDiversityQuestions,
  loadFixedDiversityOptions,
  loadFormParts,
} from './repository.js';

type Rows<T extends (...args: never[]) => Promise<unknown>> = NonNullable<Awaited<ReturnType<T>>>;

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) {
      list.push(row);
    } else {
      groups.set(k, [row]);
    }
  }
  return groups;
}

function notFound(): HttpError {
  return new HttpError(404, 'This opportunity does not exist or is no longer open.');
}

/** The published opportunity named by id or slug, or a 404. */
export async function getOpportunity(
  db: Executor,
  organisationId: number,
  reference: string,
): Promise<Opportunity> {
  const row = await findPublishedOpportunity(db, organisationId, reference);
  if (!row) {
    throw notFound();
  }
  const { opportunity, roleProfile, team } = row;
  const { locations, slots } = await listSubLocations(db, opportunity.id);
  const slotsByLocation = groupBy(slots, (slot) => slot.subLocationId);
  return {
    id: opportunity.id,
    slug: opportunity.slug,
    type: opportunity.type,
    display_name: opportunity.displayName,
    description: opportunity.description,
    public_url: opportunity.publicUrl,
    role_profile: {
      id: roleProfile.id,
      display_name: roleProfile.displayName,
      disclaimer: roleProfile.disclaimer,
    },
    team: { id: team.id, name: team.name },
    default_phone_country_code: opportunity.defaultPhoneCountryCode,
    start_date: opportunity.startDate,
    end_date: opportunity.endDate,
    sub_locations: locations.map((location) => ({
      id: location.id,
      name: location.name,
      timeslots: (slotsByLocation.get(location.id) ?? []).map((slot) => ({
        id: slot.id,
        start: slot.startsAt?.toISOString() ?? null,
        end: slot.endsAt?.toISOString() ?? null,
        min_duration: slot.minDuration,
        max_duration: slot.maxDuration,
      })),
    })),
  };
}

/** The steps of an opportunity's application form, in order, with everything each step asks. */
export async function getApplicationForm(
  db: Executor,
  organisationId: number,
  reference: string,
): Promise<FormSection[]> {
  const row = await findPublishedOpportunity(db, organisationId, reference);
  if (!row) {
    throw notFound();
  }
  return formOf(db, organisationId, row.opportunity.id);
}

/** The steps of an opportunity's form as the public form shows them, whether or not it is published. */
export async function formOf(
  db: Executor,
  organisationId: number,
  opportunityId: number,
): Promise<FormSection[]> {
  const parts = await loadFormParts(db, organisationId, opportunityId);
  if (!parts) {
    return [];
  }
  const diversitySections = parts.sections.filter((section) => section.type === 'diversity');
  const needsV2 = diversitySections.some((section) => section.diversityMode === 'v2');
  const needsFixed = diversitySections.some((section) => section.diversityMode === 'fixed');
  const [v2, fixed] = await Promise.all([
    needsV2 ? loadDiversityQuestions(db, organisationId) : null,
    needsFixed ? loadFixedDiversityOptions(db) : null,
  ]);
  return assembleSections(parts, v2, fixed);
}

function assembleSections(
  parts: Rows<typeof loadFormParts>,
  v2: Rows<typeof loadDiversityQuestions> | null,
  fixed: Rows<typeof loadFixedDiversityOptions> | null,
): FormSection[] {
  const questionsBySection = groupBy(parts.sectionQuestions, (row) => row.sectionId);
  const attributesBySection = groupBy(parts.sectionAttributes, (row) => row.sectionId);
  const documentsBySection = groupBy(parts.documents, (row) => row.sectionId);
  const consentsBySection = groupBy(parts.sectionConsents, (row) => row.sectionId);
  const additionalBySection = groupBy(parts.additionalConsents, (row) => row.sectionId);
  const termsBySection = groupBy(parts.sectionTerms, (row) => row.sectionId);
  const questionOptions = groupBy(parts.questionOptionRows, (row) => row.questionId);
  const attributeOptions = groupBy(parts.attributeOptionRows, (row) => row.attributeId);
  const consentOptions = groupBy(parts.consentOptionRows, (row) => row.consentId);
  const toOption = (option: {
    value: string;
    display: string;
    position: number;
    defaultSelected: boolean;
  }) => ({
    value: option.value,
    display: option.display,
    position: option.position,
    default_selected: option.defaultSelected,
  });
  const diversityV2 = v2 ? buildV2Questions(v2) : null;
  const diversityFixed = fixed ? buildFixedOptions(fixed) : null;

  return parts.sections.map((section) => ({
    id: section.id,
    position: section.position,
    name: section.name,
    type: section.type,
    requested_references: section.requestedReferences,
    reference_length: section.referenceLength,
    min_address_history: section.minAddressHistory,
    minimum_age: section.minimumAge,
    apply_right_to_work: section.applyRightToWork,
    phone_number_compulsory: section.phoneNumberCompulsory,
    diversity_compulsory: section.diversityCompulsory,
    require_password: section.requirePassword,
    questions: (questionsBySection.get(section.id) ?? []).map(({ question, position }) => ({
      id: question.id,
      slug: question.slug,
      name: question.name,
      type: question.type,
      compulsory: question.compulsory,
      message: question.customMessage,
      position,
      options: (questionOptions.get(question.id) ?? []).map(toOption),
    })),
    attributes: (attributesBySection.get(section.id) ?? []).map(({ attribute, category }) => ({
      attribute: {
        id: attribute.id,
        slug: attribute.slug,
        name: attribute.name,
        type: attribute.type,
        compulsory: attribute.compulsory,
        message: attribute.customMessage,
        position: attribute.position,
        permission: attribute.permission,
        category: category ? { id: category.id, name: category.name } : null,
        options: (attributeOptions.get(attribute.id) ?? []).map(toOption),
      },
    })),
    documents: (documentsBySection.get(section.id) ?? []).map(({ id, name }) => ({ id, name })),
    consents: (consentsBySection.get(section.id) ?? []).map(({ consent }) => ({
      id: consent.id,
      statement: consent.statement,
      compulsory: consent.compulsory,
      type: consent.type,
      options: (consentOptions.get(consent.id) ?? []).map((option) => ({
        id: option.id,
        value: option.value,
      })),
    })),
    additional_consents: (additionalBySection.get(section.id) ?? []).map(({ id, name }) => ({ id, name })),
    terms: (termsBySection.get(section.id) ?? []).map(({ term }) => ({
      id: term.id,
      name: term.name,
      link: term.link,
    })),
    diversity:
      section.type !== 'diversity'
        ? null
        : section.diversityMode === 'v2'
          ? { mode: 'v2' as const, questions: diversityV2 ?? [] }
          : { mode: 'fixed' as const, options: diversityFixed ?? {} },
  }));
}

function buildV2Questions(v2: Rows<typeof loadDiversityQuestions>) {
  const options = groupBy(v2.optionRows, (row) => row.questionId);
  const dependencies = groupBy(v2.dependencyRows, (row) => row.questionId);
  return v2.questionRows.map((question) => ({
    id: question.id,
    question_text: question.questionText,
    is_multiple_select: question.isMultipleSelect,
    compulsory: question.compulsory,
    options: (options.get(question.id) ?? []).map((option) => ({
      id: option.id,
      option_text: option.optionText,
      is_other: option.isOther,
    })),
    depends_on: (dependencies.get(question.id) ?? []).map((dependency) => ({
      question_id: dependency.parentQuestionId,
      option_id: dependency.parentOptionId,
    })),
  }));
}

function buildFixedOptions(rows: Rows<typeof loadFixedDiversityOptions>) {
  const byField: Record<string, Array<{ id: number; label: string; is_other: boolean }>> = {};
  for (const row of rows) {
    (byField[row.field] ??= []).push({ id: row.id, label: row.label, is_other: row.isOther });
  }
  return byField;
}

/** Counts an arrival from an "apply" link (`ref=apply`) against the published opportunity. */
export async function logApplyAction(
  db: Executor,
  organisationId: number,
  slug: string,
  userId: number | null,
): Promise<void> {
  const row = await findPublishedOpportunity(db, organisationId, slug);
  if (!row) {
    throw notFound();
  }
  await insertApplyAction(db, { organisationId, opportunityId: row.opportunity.id, userId });
}
