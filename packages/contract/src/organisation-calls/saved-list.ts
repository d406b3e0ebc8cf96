import { z } from 'zod';

/** Most users one saved list holds. */
export const MAX_SAVED_LIST_USERS = 1000;

export const savedListMessages = {
  notFound: 'The saved list was not found.',
  notOrganisationUser: 'The user is not a user of this organisation.',
} as const;

export const savedListStoreBodySchema = z
  .object({
    name: z
      .string({ error: 'Please enter a name.' })
      .trim()
      .min(1, { error: 'Please enter a name.' })
      .max(200, { error: 'The name may be at most 200 characters.' })
      .describe('What the list is called.'),
    type: z
      .enum(['users'], { error: 'The type must be users.' })
      .optional()
      .describe('What the list holds: users (the default and, for now, the only kind).'),
    user_ids: z
      .array(
        z
          .number({ error: 'Each user must be named by its id.' })
          .int({ error: 'Each user must be named by its id.' })
          .positive({ error: 'Each user must be named by its id.' }),
        { error: 'Please list the users by id.' },
      )
      .min(1, { error: 'Please list at least one user.' })
      .max(MAX_SAVED_LIST_USERS, { error: `A saved list holds at most ${MAX_SAVED_LIST_USERS} users.` })
      .describe('The users on the list (the organisation’s own).'),
  })
  .describe('A new saved list.');

export type SavedListStoreBody = z.infer<typeof savedListStoreBodySchema>;

export const savedListSchema = z
  .object({
    id: z.number().int().describe('The saved list.'),
    name: z.string().describe('What the list is called.'),
    type: z.literal('users').describe('What the list holds.'),
    user_ids: z.array(z.number().int()).describe('The users on the list who still exist, as saved.'),
    users: z
      .array(
        z
          .object({
            id: z.number().int().describe('The user.'),
            first_name: z.string().describe('First name.'),
            last_name: z.string().describe('Last name.'),
            email: z.string().nullable().describe('Primary email address; null for none.'),
          })
          .describe('A person on the list.'),
      )
      .describe('The people on the list, by last name.'),
    created_by: z.number().int().nullable().describe('Who saved the list.'),
    created_at: z.string().describe('When it was saved.'),
    updated_at: z.string().describe('When it last changed.'),
  })
  .describe('A saved list of users.');

export type SavedList = z.infer<typeof savedListSchema>;

export const savedListResponseSchema = z.object({ data: savedListSchema });
