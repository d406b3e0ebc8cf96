import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { parseRowId } from '@muster/contract';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  attributeCategories,
  attributeOptions,
  attributes,
  consentOptions,
  consents,
  diversityOptions,
  diversityQuestionDependencies,
  diversityQuestionOptions,
  diversityQuestions,
  documentTypes,
  formSectionAdditionalConsents,
  formSectionAttributes,
  formSectionConsents,
  formSectionDocuments,
  formSectionQuestions,
  formSections,
  formSectionTerms,
  opportunities,
  opportunityApplyActions,
  opportunitySubLocations,
  opportunityTimeslots,
  questionOptions,
  questions,
  roleProfiles,
  teams,
  terms,
} from '../../db/schema/index.js';

/**
 * Matches an opportunity by numeric id or by slug: `/apply/42` and `/apply/beach-clean` both work.
 * A reference made only of digits is always an id.
 */
function idOrSlug(reference: string): SQL {
  if (!/^\d+$/.test(reference)) {
    return eq(opportunities.slug, reference);
  }
  // Digits beyond the integer range name no row; comparing them would make PostgreSQL raise an error.
  const id = parseRowId(reference);
  return id === null ? sql`false` : eq(opportunities.id, id);
}

/** Tables of rows listed in order under a parent (options of a question, timeslots, ...). */
type OrderedChildTable =
  | typeof questionOptions
  | typeof attributeOptions
  | typeof consentOptions
  | typeof diversityQuestionOptions
  | typeof opportunityTimeslots
  | typeof formSectionAdditionalConsents;

/**
 * The rows under the given parents (`parent` is the table's column naming one), in display order:
 * position, then id. With no parents there is nothing to ask the database.
 */
async function childrenOf<T extends OrderedChildTable>(
  db: Executor,
  table: T,
  parent: AnyPgColumn,
  parentIds: number[],
): Promise<Array<T['$inferSelect']>> {
  if (parentIds.length === 0) {
    return [];
  }
  // Drizzle cannot type a select from a generic table: it is asked as any table, and
  // `select()` answers whole rows of `table`.
  const source: PgTable = table;
  const rows = await db
    .select()
    .from(source)
    .where(inArray(parent, parentIds))
    .orderBy(asc(table.position), asc(table.id));
  return rows as Array<T['$inferSelect']>;
}

/** A published opportunity of the organisation with its role profile and team. */
export async function findPublishedOpportunity(db: Executor, organisationId: number, reference: string) {
  const [row] = await db
    .select({ opportunity: opportunities, roleProfile: roleProfiles, team: teams })
    .from(opportunities)
    .innerJoin(roleProfiles, eq(roleProfiles.id, opportunities.roleProfileId))
    .innerJoin(teams, eq(teams.id, opportunities.teamId))
    .where(
      and(
        eq(opportunities.organisationId, organisationId),
        eq(opportunities.published, true),
        idOrSlug(reference),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The id of the organisation's opportunity named by id or slug, published or not (its
 * administrators and applicants still reach it once closed); null when there is none. With
 * `lock` (in a transaction) the row is held until the transaction ends.
 */
export async function findOpportunityId(
  db: Executor,
  organisationId: number,
  reference: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<number | null> {
  const query = db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(and(eq(opportunities.organisationId, organisationId), idOrSlug(reference)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row?.id ?? null;
}

/** Sub-locations of an opportunity with their timeslots, in order. */
export async function listSubLocations(db: Executor, opportunityId: number) {
  const locations = await db
    .select()
    .from(opportunitySubLocations)
    .where(eq(opportunitySubLocations.opportunityId, opportunityId))
    .orderBy(asc(opportunitySubLocations.position), asc(opportunitySubLocations.id));
  const slots = await childrenOf(
    db,
    opportunityTimeslots,
    opportunityTimeslots.subLocationId,
    locations.map((location) => location.id),
  );
  return { locations, slots };
}

/** Every part of an opportunity's form: its sections and what each one holds. */
export async function loadFormParts(db: Executor, organisationId: number, opportunityId: number) {
  const sections = await db
    .select()
    .from(formSections)
    .where(
      and(eq(formSections.organisationId, organisationId), eq(formSections.opportunityId, opportunityId)),
    )
    .orderBy(asc(formSections.position));
  const sectionIds = sections.map((section) => section.id);
  if (sectionIds.length === 0) {
    return null;
  }
  const [sectionQuestions, sectionAttributes, documents, sectionConsents, additionalConsents, sectionTerms] =
    await Promise.all([
      db
        .select({
          sectionId: formSectionQuestions.sectionId,
          position: formSectionQuestions.position,
          question: questions,
        })
        .from(formSectionQuestions)
        .innerJoin(questions, eq(questions.id, formSectionQuestions.questionId))
        .where(inArray(formSectionQuestions.sectionId, sectionIds))
        .orderBy(asc(formSectionQuestions.position), asc(questions.id)),
      db
        .select({
          sectionId: formSectionAttributes.sectionId,
          attribute: attributes,
          category: attributeCategories,
        })
        .from(formSectionAttributes)
        .innerJoin(attributes, eq(attributes.id, formSectionAttributes.attributeId))
        .leftJoin(attributeCategories, eq(attributeCategories.id, attributes.categoryId))
        .where(inArray(formSectionAttributes.sectionId, sectionIds))
        .orderBy(asc(attributes.position), asc(attributes.id)),
      db
        .select({ sectionId: formSectionDocuments.sectionId, id: documentTypes.id, name: documentTypes.name })
        .from(formSectionDocuments)
        .innerJoin(documentTypes, eq(documentTypes.id, formSectionDocuments.documentTypeId))
        .where(inArray(formSectionDocuments.sectionId, sectionIds))
        .orderBy(asc(formSectionDocuments.position), asc(documentTypes.id)),
      db
        .select({ sectionId: formSectionConsents.sectionId, consent: consents })
        .from(formSectionConsents)
        .innerJoin(consents, eq(consents.id, formSectionConsents.consentId))
        .where(inArray(formSectionConsents.sectionId, sectionIds))
        .orderBy(asc(formSectionConsents.position), asc(consents.id)),
      childrenOf(db, formSectionAdditionalConsents, formSectionAdditionalConsents.sectionId, sectionIds),
      db
        .select({ sectionId: formSectionTerms.sectionId, term: terms })
        .from(formSectionTerms)
        .innerJoin(terms, eq(terms.id, formSectionTerms.termId))
        .where(inArray(formSectionTerms.sectionId, sectionIds))
        .orderBy(asc(formSectionTerms.position), asc(terms.id)),
    ]);
  const questionIds = sectionQuestions.map((row) => row.question.id);
  const attributeIds = sectionAttributes.map((row) => row.attribute.id);
  const consentIds = sectionConsents.map((row) => row.consent.id);
  const [questionOptionRows, attributeOptionRows, consentOptionRows] = await Promise.all([
    childrenOf(db, questionOptions, questionOptions.questionId, questionIds),
    childrenOf(db, attributeOptions, attributeOptions.attributeId, attributeIds),
    childrenOf(db, consentOptions, consentOptions.consentId, consentIds),
  ]);
  return {
    sections,
    sectionQuestions,
    sectionAttributes,
    documents,
    sectionConsents,
    additionalConsents,
    sectionTerms,
    questionOptionRows,
    attributeOptionRows,
    consentOptionRows,
  };
}

/** The organisation's server-supplied diversity questions with options and dependencies. */
export async function loadDiversityQuestions(db: Executor, organisationId: number) {
  const questionRows = await db
    .select()
    .from(diversityQuestions)
    .where(eq(diversityQuestions.organisationId, organisationId))
    .orderBy(asc(diversityQuestions.position), asc(diversityQuestions.id));
  const ids = questionRows.map((question) => question.id);
  if (ids.length === 0) {
    return { questionRows, optionRows: [], dependencyRows: [] };
  }
  const [optionRows, dependencyRows] = await Promise.all([
    childrenOf(db, diversityQuestionOptions, diversityQuestionOptions.questionId, ids),
    db
      .select()
      .from(diversityQuestionDependencies)
      .where(inArray(diversityQuestionDependencies.questionId, ids)),
  ]);
  return { questionRows, optionRows, dependencyRows };
}

/** The fixed diversity options (applicant-flow §3.3), shared by every organisation. */
export async function loadFixedDiversityOptions(db: Executor) {
  return db
    .select()
    .from(diversityOptions)
    .orderBy(asc(diversityOptions.field), asc(diversityOptions.position));
}

/** Records that someone opened the form from an "apply" link. */
export async function insertApplyAction(
  db: Executor,
  action: { organisationId: number; opportunityId: number; userId: number | null },
): Promise<void> {
  await db.insert(opportunityApplyActions).values(action);
}
