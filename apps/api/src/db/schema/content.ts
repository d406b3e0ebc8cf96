import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks.js';
import { isoTimestamp, organisationId, timestamps } from './columns.js';
import { files } from './reference.js';
import { teams, users } from './users.js';

/*
 * What the organisation publishes to its people: news articles (`/news/`) and the hub, its
 * library of documents (`/hub/`), each for everyone or one team; and who read or opened what,
 * for the news and hub reports (docs/reports.md "News and hub").
 */

export const hubDocumentViewKinds = ['view', 'download'] as const;
export type HubDocumentViewKind = (typeof hubDocumentViewKinds)[number];

/** A person of the organisation named by a record; the record outlives the account as "someone". */
const personOrNull = () => integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' });

/**
 * A news article. `publishedAt` null: a draft; in the future: scheduled. `teamId` null: for the
 * whole organisation; a team's articles go with the team, never widening to everyone.
 */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    title: text().notNull(),
    body: text().notNull(),
    teamId: integer().references(() => teams.id, { onDelete: 'cascade' }),
    publishedAt: isoTimestamp(),
    createdBy: personOrNull(),
    ...timestamps,
  },
  (t) => [
    index('news_articles_organisation_published_idx').on(t.organisationId, t.publishedAt),
    index('news_articles_team_idx').on(t.teamId),
    index('news_articles_created_by_idx').on(t.createdBy),
  ],
);

/**
 * That a person has read an article, and when they first opened it (`GET /news/{id}`): reading is
 * a yes or no per person, so opening it again changes nothing.
 */
export const newsArticleReads = pgTable(
  'news_article_reads',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    articleId: integer()
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: isoTimestamp()
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('news_article_reads_article_user_unique').on(t.articleId, t.userId),
    index('news_article_reads_user_idx').on(t.userId),
    index('news_article_reads_organisation_idx').on(t.organisationId, t.readAt),
  ],
);

/**
 * A document in the hub: a file the organisation shares (a handbook, a risk assessment), filed in
 * a folder, for everyone or one team, from `publishedAt` (null: not yet shared).
 */
export const hubDocuments = pgTable(
  'hub_documents',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    title: text().notNull(),
    description: text(),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    folder: text(),
    teamId: integer().references(() => teams.id, { onDelete: 'cascade' }),
    publishedAt: isoTimestamp(),
    createdBy: personOrNull(),
    ...timestamps,
  },
  (t) => [
    index('hub_documents_organisation_published_idx').on(t.organisationId, t.publishedAt),
    index('hub_documents_team_idx').on(t.teamId),
    index('hub_documents_file_idx').on(t.fileId),
    index('hub_documents_created_by_idx').on(t.createdBy),
  ],
);

/**
 * Each time a person opened a hub document (`view`) or fetched its file (`download`): documents
 * are consulted again and again, so every opening is kept, not only the first.
 */
export const hubDocumentViews = pgTable(
  'hub_document_views',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    documentId: integer()
      .notNull()
      .references(() => hubDocuments.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: hubDocumentViewKinds }).notNull(),
    viewedAt: isoTimestamp()
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('hub_document_views_document_idx').on(t.documentId, t.viewedAt),
    index('hub_document_views_user_idx').on(t.userId),
    index('hub_document_views_organisation_idx').on(t.organisationId, t.viewedAt),
    check('hub_document_views_kind_check', oneOf(t.kind, hubDocumentViewKinds)),
  ],
);
