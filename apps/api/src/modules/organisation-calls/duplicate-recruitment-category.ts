import { z } from 'zod';
import { parseRowId } from '@muster/contract';
import { findDocument } from '../../catalogue/document-repository.js';
import { documentRowSchema } from '../../catalogue/document-service.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { documentScope, documentWire, ENTRIES, type DocumentWire } from './documents.js';
import { insertDocuments, insertScopeDocument, listScopeDocuments } from './repository.js';

/*
 * POST /organisation/recruitment/categories/{id}/duplicate (platform-foundation §7
 * "Recruitment"): a copy of a recruitment category and, unless told otherwise, of its stages, to
 * start a similar pipeline without building it again.
 */

export const duplicateCategoryMessages = {
  notFound: 'The recruitment category was not found.',
} as const;

/** Longest category name. */
const MAX_NAME = 255;

export const duplicateCategoryBodySchema = z
  .object({
    name: z
      .string({ error: 'The name must be text.' })
      .trim()
      .min(1, { error: 'Please enter a name.' })
      .max(MAX_NAME, { error: `The name may be at most ${MAX_NAME} characters.` })
      .optional()
      .describe('The copy’s name (default: the original’s name followed by " (copy)").'),
  })
  .describe('What the copy is called.');

export const duplicateCategoryQuerySchema = z.object({
  with_stages: z
    .enum(['0', '1', 'true', 'false'], { error: 'with_stages is 1 or 0.' })
    .optional()
    .describe('1 (default): copy the category’s stages too; 0: the category alone.'),
});

export const duplicateCategoryResponseSchema = z.object({
  data: documentRowSchema.describe('The new category.'),
  meta: z
    .object({
      stages_copied: z.number().int().describe('How many stages were copied with it.'),
      duplicated_from: z.number().int().describe('The category copied.'),
    })
    .describe('About the copy.'),
});

/** The copy's name: the one asked for, or the original's with " (copy)", cut to fit. */
function copyName(original: unknown, asked: string | undefined): string {
  if (asked !== undefined) {
    return asked;
  }
  const base = typeof original === 'string' && original.trim() !== '' ? original : 'Recruitment category';
  return `${base.slice(0, MAX_NAME - 7)} (copy)`;
}

/**
 * Copies the organisation's category `rawId` (a new document with the same fields and the new
 * name) and, with `withStages`, each of its stages under the copy, in one transaction; the
 * copies are the caller's. 404 for a category that is not the organisation's.
 */
export async function duplicateRecruitmentCategory(
  db: Database,
  scope: { organisationId: number; userId: number },
  rawId: string,
  body: z.infer<typeof duplicateCategoryBodySchema>,
  withStages: boolean,
): Promise<{ category: DocumentWire; stagesCopied: number; duplicatedFrom: number }> {
  const id = parseRowId(rawId);
  const categories = documentScope(scope.organisationId, ENTRIES.recruitmentCategories);
  return db.transaction(async (tx) => {
    const original = id === null ? null : await findDocument(tx, categories, id);
    if (!original) {
      throw new HttpError(404, duplicateCategoryMessages.notFound);
    }
    const copy = await insertScopeDocument(
      tx,
      categories,
      { ...original.body, name: copyName(original.body.name, body.name) },
      scope.userId,
    );
    let stagesCopied = 0;
    if (withStages) {
      const stages = await listScopeDocuments(
        tx,
        documentScope(scope.organisationId, ENTRIES.recruitmentStages, { categoryId: original.id }),
      );
      const copies = await insertDocuments(
        tx,
        documentScope(scope.organisationId, ENTRIES.recruitmentStages, { categoryId: copy.id }),
        stages.map((stage) => stage.body),
        scope.userId,
      );
      stagesCopied = copies.length;
    }
    return { category: documentWire(copy), stagesCopied, duplicatedFrom: original.id };
  });
}
