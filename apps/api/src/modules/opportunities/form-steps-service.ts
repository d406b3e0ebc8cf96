import {
  formStepMessages,
  parseRowId,
  type FormSection,
  type FormStepBody,
  type FormStepType,
  type FormStepUpdateBody,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { DEFAULT_SECTION_NAMES } from '../../db/seed/builders.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import {
  deleteAdditionalConsents,
  deleteFormStep as deleteStepRow,
  insertAdditionalConsent,
  insertFormStep,
  listAdditionalConsents,
  listFormSteps,
  missingItemIds,
  moveAdditionalConsent,
  renumberFormSteps,
  replaceStepItems,
  updateFormStep as updateStepRow,
  type FormStepRow,
  type NewFormStepRow,
  type StepItemKind,
} from './form-steps-repository.js';
import { findOpportunityId } from './repository.js';
import { formOf } from './service.js';

/*
 * An administrator's changes to an opportunity's application form (the catalogue's
 * `opportunities.application-form` store, show, update and delete; docs/opportunities.md). Each
 * change is one transaction holding the opportunity's row, so two edits of a form queue. The public
 * form is cached (`application-form:…`); a committed write to its tables empties that cache before
 * the administrator is answered, so applicants get the changed form at once.
 */

const ITEM_KINDS: readonly StepItemKind[] = [
  'question_ids',
  'attribute_ids',
  'document_type_ids',
  'consent_ids',
  'term_ids',
];

const opportunityNotFound = () => new HttpError(404, 'This opportunity does not exist.');
const stepNotFound = () => new HttpError(404, 'This step of the application form does not exist.');

/** Statement answers are consent records: a statement applicants answered is not removed with them. */
const ANSWERED_STATEMENT =
  'Applicants have answered this statement, so it cannot be removed. Add a new statement instead of rewording it.';

/** The step's own columns from the body's settings (only those the body holds). */
function stepColumns(body: FormStepUpdateBody): Partial<NewFormStepRow> {
  const columns: Partial<NewFormStepRow> = {};
  if (body.type !== undefined) {columns.type = body.type;}
  if (body.name !== undefined) {columns.name = body.name;}
  if (body.requested_references !== undefined) {columns.requestedReferences = body.requested_references;}
  if (body.reference_length !== undefined) {columns.referenceLength = body.reference_length;}
  if (body.min_address_history !== undefined) {columns.minAddressHistory = body.min_address_history;}
  if (body.minimum_age !== undefined) {columns.minimumAge = body.minimum_age;}
  if (body.apply_right_to_work !== undefined) {columns.applyRightToWork = body.apply_right_to_work;}
  if (body.phone_number_compulsory !== undefined)
    {columns.phoneNumberCompulsory = body.phone_number_compulsory;}
  if (body.diversity_compulsory !== undefined) {columns.diversityCompulsory = body.diversity_compulsory;}
  if (body.diversity_mode !== undefined) {columns.diversityMode = body.diversity_mode;}
  if (body.require_password !== undefined) {columns.requirePassword = body.require_password;}
  return columns;
}

/** 422 for a type the form already has (on another step) or item ids that are not the organisation's. */
async function assertStepFits(
  tx: Executor,
  organisationId: number,
  steps: readonly FormStepRow[],
  body: FormStepUpdateBody,
  stepId: number | null,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (body.type !== undefined && steps.some((step) => step.type === body.type && step.id !== stepId)) {
    errors.type = [formStepMessages.duplicateType];
  }
  for (const kind of ITEM_KINDS) {
    const ids = body[kind];
    if (!ids) {
      continue;
    }
    const missing = new Set(await missingItemIds(tx, organisationId, kind, ids));
    ids.forEach((id, index) => {
      if (missing.has(id)) {
        errors[`${kind}.${String(index)}`] = [formStepMessages.unknownItem];
      }
    });
  }
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
}

/**
 * Makes the step's statements the listed ones: a statement whose text is kept keeps its id (and
 * the answers given to it); a statement applicants have answered cannot be removed (422).
 */
async function replaceStatements(
  tx: Executor,
  organisationId: number,
  sectionId: number,
  names: readonly string[],
): Promise<void> {
  const current = await listAdditionalConsents(tx, organisationId, sectionId);
  const unused = [...current];
  const plan = names.map((name) => {
    const index = unused.findIndex((statement) => statement.name === name);
    return index === -1 ? null : (unused.splice(index, 1)[0] ?? null);
  });
  const answered = unused.filter((statement) => statement.answers > 0);
  if (answered.length > 0) {
    throw validationError({ additional_consents: [ANSWERED_STATEMENT] });
  }
  await deleteAdditionalConsents(
    tx,
    organisationId,
    unused.map((statement) => statement.id),
  );
  for (const [position, name] of names.entries()) {
    const kept = plan[position];
    if (kept) {
      await moveAdditionalConsent(tx, organisationId, kept.id, position);
    } else {
      await insertAdditionalConsent(tx, { organisationId, sectionId, name, position });
    }
  }
}

/** Writes the lists the body holds onto the step. */
async function writeLists(
  tx: Executor,
  organisationId: number,
  sectionId: number,
  body: FormStepUpdateBody,
): Promise<void> {
  for (const kind of ITEM_KINDS) {
    const ids = body[kind];
    if (ids) {
      await replaceStepItems(tx, organisationId, sectionId, kind, ids);
    }
  }
  if (body.additional_consents) {
    await replaceStatements(tx, organisationId, sectionId, body.additional_consents);
  }
}

/** The step ids in their new order, with `id` moved to `position` (clamped to the end). */
function movedTo(steps: readonly FormStepRow[], id: number, position: number): number[] {
  const others = steps.map((step) => step.id).filter((other) => other !== id);
  others.splice(Math.min(position, others.length), 0, id);
  return others;
}

/** One step as the public form shows it. */
async function stepAsShown(
  db: Executor,
  organisationId: number,
  opportunityId: number,
  id: number,
): Promise<FormSection> {
  const step = (await formOf(db, organisationId, opportunityId)).find((section) => section.id === id);
  if (!step) {
    throw stepNotFound();
  }
  return step;
}

/** The opportunity (locked, inside a transaction) and its steps in order: 404 for an unknown opportunity. */
async function openForm(tx: Executor, organisationId: number, reference: string) {
  // Locked so that two edits of one form queue; published or not, as administrators shape it first.
  const opportunityId = await findOpportunityId(tx, organisationId, reference, { lock: true });
  if (opportunityId === null) {
    throw opportunityNotFound();
  }
  return { opportunityId, steps: await listFormSteps(tx, organisationId, opportunityId) };
}

function stepOf(steps: readonly FormStepRow[], rawId: string): FormStepRow {
  const id = parseRowId(rawId);
  const step = id === null ? undefined : steps.find((candidate) => candidate.id === id);
  if (!step) {
    throw stepNotFound();
  }
  return step;
}

/** One step of an opportunity's form (published or not): 404 for another opportunity's step. */
export async function showFormStep(
  db: Database,
  organisationId: number,
  reference: string,
  rawId: string,
): Promise<FormSection> {
  const { opportunityId, steps } = await openForm(db, organisationId, reference);
  return stepAsShown(db, organisationId, opportunityId, stepOf(steps, rawId).id);
}

/** Adds a step at `position` (default last; later steps move down) with its lists. */
export async function storeFormStep(
  db: Database,
  organisationId: number,
  reference: string,
  body: FormStepBody,
): Promise<FormSection> {
  return db.transaction(async (tx) => {
    const { opportunityId, steps } = await openForm(tx, organisationId, reference);
    await assertStepFits(tx, organisationId, steps, body, null);
    const type: FormStepType = body.type;
    const created = await insertFormStep(tx, {
      ...stepColumns(body),
      organisationId,
      opportunityId,
      type,
      name: body.name ?? DEFAULT_SECTION_NAMES[type],
      // Past every current step (positions are 0…n-1), then moved into place.
      position: steps.length,
    });
    if (body.position !== undefined && body.position < steps.length) {
      await renumberFormSteps(tx, organisationId, movedTo([...steps, created], created.id, body.position));
    }
    await writeLists(tx, organisationId, created.id, body);
    return stepAsShown(tx, organisationId, opportunityId, created.id);
  });
}

/** Changes a step: the settings given, lists replaced whole, moved when `position` is given. */
export async function updateFormStep(
  db: Database,
  organisationId: number,
  reference: string,
  rawId: string,
  body: FormStepUpdateBody,
): Promise<FormSection> {
  return db.transaction(async (tx) => {
    const { opportunityId, steps } = await openForm(tx, organisationId, reference);
    const step = stepOf(steps, rawId);
    await assertStepFits(tx, organisationId, steps, body, step.id);
    await updateStepRow(tx, organisationId, step.id, stepColumns(body));
    if (body.position !== undefined) {
      await renumberFormSteps(tx, organisationId, movedTo(steps, step.id, body.position));
    }
    await writeLists(tx, organisationId, step.id, body);
    return stepAsShown(tx, organisationId, opportunityId, step.id);
  });
}

/**
 * Deletes a step and closes the gap in the positions. A step whose statements applicants have
 * answered is kept (409): those answers are consent records.
 */
export async function deleteFormStep(
  db: Database,
  organisationId: number,
  reference: string,
  rawId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { steps } = await openForm(tx, organisationId, reference);
    const step = stepOf(steps, rawId);
    const statements = await listAdditionalConsents(tx, organisationId, step.id);
    if (statements.some((statement) => statement.answers > 0)) {
      throw new HttpError(
        409,
        'Applicants have answered the statements of this step, so it cannot be deleted. Remove the step’s other items instead.',
      );
    }
    await deleteStepRow(tx, organisationId, step.id);
    await renumberFormSteps(
      tx,
      organisationId,
      steps.filter((other) => other.id !== step.id).map((other) => other.id),
    );
  });
}
