import { z } from 'zod';

/** Longest value one placeholder takes from the query string. */
const MAX_VALUE = 500;

/**
 * The query string: any snake_case names (first_name, last_name, email, login_url, …), each the
 * value of the placeholder of that name. `organisation_name` defaults to the organisation's name.
 */
export const newUserPreviewQuerySchema = z
  .record(
    z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,39}$/, { error: 'Placeholder names are snake_case, e.g. first_name.' }),
    z
      .string({ error: 'Give each placeholder one value.' })
      .max(MAX_VALUE, { error: `A value may be at most ${MAX_VALUE} characters.` })
      .describe('The value of the placeholder of this name.'),
  )
  .describe(
    'Placeholder values by name, e.g. `first_name=Sam&last_name=Lee&email=sam@example.org&login_url=https://…`; `organisation_name` defaults to the organisation’s name.',
  );
