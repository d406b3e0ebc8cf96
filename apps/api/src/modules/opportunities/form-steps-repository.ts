import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  applicationAdditionalConsents,
  attributes,
  consents,
  documentTypes,
  formSectionAdditionalConsents,
  formSectionAttributes,
  formSectionConsents,
  formSectionDocuments,
  formSectionQuestions,
  formSections,
  formSectionTerms,
  questions,
  terms,
} from '../../db/schema/index.js';

export type FormStepRow = typeof formSections.$inferSelect;
export type NewFormStepRow = typeof formSections.$inferInsert;

/** The steps of an opportunity's form, in order. */
export async function listFormSteps(
  db: Executor,
  organisationId: number,
  opportunityId: number,
): Promise<FormStepRow[]> {
  return db
    .select()
    .from(formSections)
    .where(
      and(eq(formSections.organisationId, organisationId), eq(formSections.opportunityId, opportunityId)),
    )
    .orderBy(asc(formSections.position), asc(formSections.id));
}

/** Records a new step (its position already free). */
export async function insertFormStep(db: Executor, row: NewFormStepRow): Promise<FormStepRow> {
  const [created] = await db.insert(formSections).values(row).returning();
  if (!created) {
    throw new Error('The form step was not inserted.');
  }
  return created;
}

/** Changes a step's own settings. */
export async function updateFormStep(
  db: Executor,
  organisationId: number,
  id: number,
  changes: Partial<NewFormStepRow>,
): Promise<void> {
  if (Object.keys(changes).length === 0) {
    return;
  }
  await db
    .update(formSections)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(formSections.organisationId, organisationId), eq(formSections.id, id)));
}

/** Deletes a step; its lists go with it. */
export async function deleteFormStep(db: Executor, organisationId: number, id: number): Promise<void> {
  await db
    .delete(formSections)
    .where(and(eq(formSections.organisationId, organisationId), eq(formSections.id, id)));
}

/**
 * Gives the listed steps the positions 0, 1, 2, … in list order. Each first moves to a negative
 * position: positions are unique per form and checked row by row, so a plain renumbering could
 * collide with a step not yet moved.
 */
export async function renumberFormSteps(
  db: Executor,
  organisationId: number,
  orderedIds: readonly number[],
): Promise<void> {
  const scope = (id: number) => and(eq(formSections.organisationId, organisationId), eq(formSections.id, id));
  for (const [index, id] of orderedIds.entries()) {
    await db
      .update(formSections)
      .set({ position: -1 - index })
      .where(scope(id));
  }
  for (const [index, id] of orderedIds.entries()) {
    await db.update(formSections).set({ position: index }).where(scope(id));
  }
}

/** The tables a step's item ids point into, each scoped by organisation. */
const ITEM_TABLES = {
  question_ids: questions,
  attribute_ids: attributes,
  document_type_ids: documentTypes,
  consent_ids: consents,
  term_ids: terms,
} as const;

export type StepItemKind = keyof typeof ITEM_TABLES;

/** Which of `ids` are not records of the organisation in the table of `kind`. */
export async function missingItemIds(
  db: Executor,
  organisationId: number,
  kind: StepItemKind,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) {
    return [];
  }
  const table = ITEM_TABLES[kind];
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.organisationId, organisationId), inArray(table.id, [...ids])));
  const present = new Set(found.map((row) => row.id));
  return ids.filter((id) => !present.has(id));
}

/** Replaces the step's list of one kind with `ids`, in order. */
export async function replaceStepItems(
  db: Executor,
  organisationId: number,
  sectionId: number,
  kind: StepItemKind,
  ids: readonly number[],
): Promise<void> {
  switch (kind) {
    case 'question_ids':
      await db.delete(formSectionQuestions).where(eq(formSectionQuestions.sectionId, sectionId));
      if (ids.length > 0) {
        await db
          .insert(formSectionQuestions)
          .values(ids.map((questionId, position) => ({ organisationId, sectionId, questionId, position })));
      }
      return;
    case 'attribute_ids':
      await db.delete(formSectionAttributes).where(eq(formSectionAttributes.sectionId, sectionId));
      if (ids.length > 0) {
        await db
          .insert(formSectionAttributes)
          .values(ids.map((attributeId) => ({ organisationId, sectionId, attributeId })));
      }
      return;
    case 'document_type_ids':
      await db.delete(formSectionDocuments).where(eq(formSectionDocuments.sectionId, sectionId));
      if (ids.length > 0) {
        await db
          .insert(formSectionDocuments)
          .values(
            ids.map((documentTypeId, position) => ({ organisationId, sectionId, documentTypeId, position })),
          );
      }
      return;
    case 'consent_ids':
      await db.delete(formSectionConsents).where(eq(formSectionConsents.sectionId, sectionId));
      if (ids.length > 0) {
        await db
          .insert(formSectionConsents)
          .values(ids.map((consentId, position) => ({ organisationId, sectionId, consentId, position })));
      }
      return;
    case 'term_ids':
      await db.delete(formSectionTerms).where(eq(formSectionTerms.sectionId, sectionId));
      if (ids.length > 0) {
        await db
          .insert(formSectionTerms)
          .values(ids.map((termId, position) => ({ organisationId, sectionId, termId, position })));
      }
      return;
  }
}

/** A step's own yes/no statements, in order, each with how many applications answered it. */
export async function listAdditionalConsents(db: Executor, organisationId: number, sectionId: number) {
  return db
    .select({
      id: formSectionAdditionalConsents.id,
      name: formSectionAdditionalConsents.name,
      answers: sql<number>`(select count(*)::int from ${applicationAdditionalConsents} where ${applicationAdditionalConsents.additionalConsentId} = ${formSectionAdditionalConsents.id})`,
    })
    .from(formSectionAdditionalConsents)
    .where(
      and(
        eq(formSectionAdditionalConsents.organisationId, organisationId),
        eq(formSectionAdditionalConsents.sectionId, sectionId),
      ),
    )
    .orderBy(asc(formSectionAdditionalConsents.position), asc(formSectionAdditionalConsents.id));
}

/** Deletes statements of a step by id. */
export async function deleteAdditionalConsents(
  db: Executor,
  organisationId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  await db
    .delete(formSectionAdditionalConsents)
    .where(
      and(
        eq(formSectionAdditionalConsents.organisationId, organisationId),
        inArray(formSectionAdditionalConsents.id, [...ids]),
      ),
    );
}

/** Moves a kept statement to `position`. */
export async function moveAdditionalConsent(
  db: Executor,
  organisationId: number,
  id: number,
  position: number,
): Promise<void> {
  await db
    .update(formSectionAdditionalConsents)
    .set({ position })
    .where(
      and(
        eq(formSectionAdditionalConsents.organisationId, organisationId),
        eq(formSectionAdditionalConsents.id, id),
      ),
    );
}

/** Adds a statement to a step. */
export async function insertAdditionalConsent(
  db: Executor,
  row: { organisationId: number; sectionId: number; name: string; position: number },
): Promise<void> {
  await db.insert(formSectionAdditionalConsents).values(row);
}
