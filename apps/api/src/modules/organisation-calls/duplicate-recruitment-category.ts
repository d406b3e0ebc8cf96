import { type z } from 'zod';
import { parseRowId } from '@muster/contract';
import { findDocument } from '../../catalogue/document-repository.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { documentScope, documentWire, ENTRIES, type DocumentWire } from './documents.js';
import { insertDocuments, insertScopeDocument, listScopeDocuments } from './repository.js';
import { duplicateCategoryMessages, MAX_NAME, type duplicateCategoryBodySchema } from '@muster/contract';

/*
 * POST /organisation/recruitment/categories/{id}/duplicate (platform-foundation §7
 * "Recruitment"): a copy of a recruitment category and, unless told otherwise, of its stages, to
 * start a similar pipeline without building it again.
 */

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
