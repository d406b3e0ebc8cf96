import { and, eq } from 'drizzle-orm';
import {
  parseRowId,
  type HubDocument,
  type HubDocumentBody,
  type HubDocumentDetail,
  type HubDocumentViewKind,
  type NewsArticle,
} from '@muster/contract';
import type { Database } from '../../db/client.js';
import {
  hubDocuments,
  hubDocumentViews,
  newsArticleReads,
  newsArticles,
  teams,
} from '../../db/schema/index.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { findFile, markFilesAttached } from '../files/repository.js';
import type { FileUrlOf } from '../files/service.js';

/** The sentences the news and hub calls answer with. */
export const contentMessages = {
  articleNotFound: 'The news article was not found.',
  documentNotFound: 'The hub document was not found.',
  fileNotYours: 'The file must be one you uploaded to this organisation.',
  teamNotFound: 'The team must be a team of this organisation.',
} as const;

/** Who is reading or writing, in which organisation. */
export type ContentScope = { organisationId: number; userId: number };

type ArticleRow = typeof newsArticles.$inferSelect;
type DocumentRow = typeof hubDocuments.$inferSelect;

/** Published: given a publication time that has come. Drafts and scheduled items are not read yet. */
function isPublished(publishedAt: string | null, now: Date): boolean {
  return publishedAt !== null && new Date(publishedAt).getTime() <= now.getTime();
}

function articleOf(row: ArticleRow): NewsArticle {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    team_id: row.teamId,
    published_at: row.publishedAt,
    created_by: row.createdBy,
  };
}

function documentOf(row: DocumentRow): HubDocument {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    file_id: row.fileId,
    folder: row.folder,
    team_id: row.teamId,
    published_at: row.publishedAt,
    created_by: row.createdBy,
  };
}

/**
 * `GET /news/{id}`: the article; a published one is recorded as read by the caller the first
 * time they open it (an editor previewing a draft has not read it).
 */
export async function readArticle(
  db: Database,
  scope: ContentScope,
  rawId: string,
  now: Date = new Date(),
): Promise<NewsArticle> {
  const id = parseRowId(rawId);
  const [row] =
    id === null
      ? []
      : await db
          .select()
          .from(newsArticles)
          .where(and(eq(newsArticles.organisationId, scope.organisationId), eq(newsArticles.id, id)));
  if (!row) {
    throw new HttpError(404, contentMessages.articleNotFound);
  }
  if (isPublished(row.publishedAt, now)) {
    await db
      .insert(newsArticleReads)
      .values({
        organisationId: scope.organisationId,
        articleId: row.id,
        userId: scope.userId,
        readAt: now.toISOString(),
      })
      .onConflictDoNothing();
  }
  return articleOf(row);
}

/**
 * `GET /hub/{id}`: the document with a fresh link to its file; opening a published one is
 * recorded (`view`, or `download` when the caller says it is fetching the file).
 */
export async function openHubDocument(
  db: Database,
  scope: ContentScope,
  rawId: string,
  kind: HubDocumentViewKind,
  fileUrlOf: FileUrlOf,
  now: Date = new Date(),
): Promise<HubDocumentDetail> {
  const id = parseRowId(rawId);
  const [row] =
    id === null
      ? []
      : await db
          .select()
          .from(hubDocuments)
          .where(and(eq(hubDocuments.organisationId, scope.organisationId), eq(hubDocuments.id, id)));
  if (!row) {
    throw new HttpError(404, contentMessages.documentNotFound);
  }
  if (isPublished(row.publishedAt, now)) {
    await db.insert(hubDocumentViews).values({
      organisationId: scope.organisationId,
      documentId: row.id,
      userId: scope.userId,
      kind,
      viewedAt: now.toISOString(),
    });
  }
  return { ...documentOf(row), file_url: fileUrlOf(row.fileId) };
}

/**
 * `POST /hub/`: shares a file the caller uploaded (`POST /files`) as a hub document; the file is
 * kept from then on (no longer an ephemeral upload).
 */
export async function storeHubDocument(
  db: Database,
  scope: ContentScope,
  body: HubDocumentBody,
): Promise<HubDocument> {
  return db.transaction(async (tx) => {
    const errors: Record<string, string[]> = {};
    const file = await findFile(tx, scope.organisationId, body.file_id);
    if (!file || file.uploadedByUserId !== scope.userId) {
      errors.file_id = [contentMessages.fileNotYours];
    }
    if (typeof body.team_id === 'number') {
      const [team] = await tx
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.organisationId, scope.organisationId), eq(teams.id, body.team_id)));
      if (!team) {
        errors.team_id = [contentMessages.teamNotFound];
      }
    }
    if (!file || Object.keys(errors).length > 0) {
      throw validationError(errors);
    }
    const [row] = await tx
      .insert(hubDocuments)
      .values({
        organisationId: scope.organisationId,
        title: body.title,
        description: body.description ?? null,
        fileId: file.id,
        folder: body.folder ?? null,
        teamId: body.team_id ?? null,
        publishedAt: body.published_at ? new Date(body.published_at).toISOString() : null,
        createdBy: scope.userId,
      })
      .returning();
    if (!row) {
      throw new Error('hub document insert returned nothing');
    }
    await markFilesAttached(tx, scope.organisationId, [file.id], new Date());
    return documentOf(row);
  });
}
