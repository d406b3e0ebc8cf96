import { type z } from 'zod';
import type { Database } from '../../db/client.js';
import { documentScope, ENTRIES } from './documents.js';
import { distinctArrayStrings } from './repository.js';
import { type zendeskTicketTagsResponseSchema } from '@muster/contract';

/*
 * GET /organisation/zendesk-tickets/tags/ (platform-foundation §7 "Other organisation admin"):
 * the tags in use on the organisation's support tickets (`organisation.zendesk-tickets`
 * documents, whose `tags` field is a list of strings), for a tag filter or picker.
 */

/**
 * The distinct tags of the organisation's tickets with how many tickets carry each. Tickets
 * without a `tags` list, and list items that are not text, are ignored.
 */
export async function zendeskTicketTags(
  db: Database,
  organisationId: number,
): Promise<z.infer<typeof zendeskTicketTagsResponseSchema>> {
  const tags = await distinctArrayStrings(db, documentScope(organisationId, ENTRIES.zendeskTickets), 'tags');
  return { data: tags.map(({ value, count }) => ({ tag: value, count })), meta: { total: tags.length } };
}
