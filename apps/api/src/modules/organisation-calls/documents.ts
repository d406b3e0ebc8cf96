import type { z } from 'zod';
import type { DocumentRow, DocumentScope } from '../../catalogue/document-repository.js';
import type { documentRowSchema } from '../../catalogue/document-service.js';
import { parentKeyOf } from '../../catalogue/parents.js';

/**
 * The catalogue-document entries these calls read and write. Most are the catalogue's own entries
 * (the generic module serves their plain CRUD over the same rows); `teams.site`,
 * `teams.site.downloads` and `organisation.role-profiles.account-code` are kept only by these calls.
 */
export const ENTRIES = {
  emailTemplates: 'organisation.email-templates',
  queryBuilder: 'organisation.query-builder',
  recruitmentCategories: 'organisation.recruitment.categories',
  recruitmentStages: 'organisation.recruitment.categories.stages',
  roleProfileAccountCode: 'organisation.role-profiles.account-code',
  teamHide: 'organisation.teams.hide',
  teamSite: 'teams.site',
  teamSiteDownloads: 'teams.site.downloads',
  zendeskTickets: 'organisation.zendesk-tickets',
  integrationSync: 'integrations.service.sync',
  safeguarding: 'organisation.safeguarding',
  savedList: 'organisation.saved-list',
} as const;

/** A document as every catalogue document answers: its fields plus the ones the server keeps. */
export type DocumentWire = z.infer<typeof documentRowSchema>;

/** The wire shape of a stored document (the same as the generic module's). */
export function documentWire(row: DocumentRow): DocumentWire {
  return {
    // Bodies are stored from validated JSON (the document body schema, or these calls' own).
    ...(row.body as Record<string, z.core.util.JSONType>),
    id: row.id,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One entry's documents of an organisation under the route's parents (`{teamId: 5}` → `teamId=5`). */
export function documentScope(
  organisationId: number,
  entry: string,
  parents: Readonly<Record<string, number | string>> = {},
): DocumentScope {
  return {
    organisationId,
    entry,
    parentKey: parentKeyOf(Object.keys(parents), Object.values(parents)),
  };
}
