import { z } from 'zod';

/**
 * A record of the catalogue's JSON-document store as the API answers it: the record's own fields
 * and the ones the server keeps (docs/catalogue.md, "Documents").
 */
export const documentRecordSchema = z
  .object({
    id: z.number().int().describe('Identifier.'),
    created_by: z.number().int().nullable().describe('The user who created the record, if still known.'),
    created_at: z.string().describe('When the record was created (ISO 8601).'),
    updated_at: z.string().describe('When the record last changed (ISO 8601).'),
  })
  .catchall(z.json())
  .describe('A record with its own fields and the ones the server keeps.');
export type DocumentRecord = z.infer<typeof documentRecordSchema>;
