import { z } from 'zod';

/** `{id}` of an organisation call on one record (a saved list, safeguarding settings, a category). */
export const organisationCallIdParamsSchema = z.object({ id: z.string().describe('The record’s id.') });

/** `{integrationId}` of the integration sync calls. */
export const integrationParamsSchema = z.object({
  integrationId: z.string().describe('The integration’s name.'),
});

/** `{teamId}` of the team calls. */
export const teamIdParamsSchema = z.object({ teamId: z.string().describe('The team.') });

/** `{id}` of the team site calls: the team whose site it is. */
export const teamSiteParamsSchema = z.object({ id: z.string().describe('The team whose site it is.') });

/** `{id}` of the teams tree call: the team at the top of the subtree. */
export const teamSubtreeParamsSchema = z.object({
  id: z.string().describe('The team at the top of the subtree.'),
});

/** `{id}` of a call on one team. */
export const teamCallParamsSchema = z.object({ id: z.string().describe('The team.') });

/** The new-user email preview's answer: a `Subject:` line, a blank line, then the body. */
export const newUserPreviewTextSchema = z.string().describe('The rendered email.');
