import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { applicationReferences, referenceQuestions } from '../../db/schema/index.js';
import { insertedRow } from '../../db/rows.js';

/** A reference question of the organisation (free text, optional, unless overridden). */
export async function createReferenceQuestionRow(
  db: Executor,
  organisationId: number,
  overrides: Partial<Omit<typeof referenceQuestions.$inferInsert, 'organisationId'>> = {},
) {
  const rows = await db
    .insert(referenceQuestions)
    .values({
      organisationId,
      question: `Question ${randomBytes(3).toString('hex')}?`,
      type: 'text',
      ...overrides,
    })
    .returning();
  return insertedRow(rows, 'reference question');
}

/** A referee of an application; `requestSentAt` makes it locked. */
export async function createReferee(
  db: Executor,
  organisationId: number,
  applicationId: number,
  overrides: Partial<
    Omit<typeof applicationReferences.$inferInsert, 'organisationId' | 'applicationId'>
  > = {},
) {
  const rows = await db
    .insert(applicationReferences)
    .values({
      organisationId,
      applicationId,
      firstName: 'Alex',
      lastName: 'Reed',
      email: `referee-${randomBytes(4).toString('hex')}@example.test`,
      ...overrides,
    })
    .returning();
  return insertedRow(rows, 'referee');
}

/** The single-use token in a reference request email's link (`…/reference/{token}`). */
export function tokenOfReferenceEmail(text: string): string {
  const token = /\/reference\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) {
    throw new Error(`no reference link in: ${text}`);
  }
  return token;
}
