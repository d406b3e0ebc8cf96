import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { organisationId, timestamps } from './columns.js';

/**
 * A reason for volunteering an applicant may pick on the motivation step (applicant-flow §2.3).
 * Only `public` ones are offered on the application form.
 */
export const motivations = pgTable(
  'motivations',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    content: text().notNull(),
    public: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('motivations_organisation_idx').on(t.organisationId, t.position)],
);
