import { describe, expect, it } from 'vitest';
import { buildTestFormSection as section } from '../../test-factories.js';
import { buildApplicationBodySchema } from '../body.js';
import { errorsOf, options, person } from '../test-support.js';
import { supportingDocumentMessages } from './supporting-documents.js';

const FILE_A = '0b6d4f8e-3c1a-4e7b-9f2d-5a8c1e3b7d90';
const FILE_B = '1c7e5a9f-4d2b-4f8c-8e3a-6b9d2f4c8e01';

const sections = [
  section('basic-details'),
  section('supporting-documents', {
    documents: [
      { id: 7, name: 'Photo ID' },
      { id: 8, name: 'Proof of address' },
    ],
  }),
];

describe('buildApplicationBodySchema: supporting documents', () => {
  it('reads `{documentId, file}` entries, the file an upload id or a file part', () => {
    const part = new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' });
    const parsed = buildApplicationBodySchema(sections, options).parse({
      ...person,
      supportingDocuments: [
        { documentId: '7', file: FILE_A },
        { documentId: 8, file: part },
      ],
    });
    expect(parsed.documents).toEqual([
      { documentTypeId: 7, file: FILE_A },
      { documentTypeId: 8, file: part },
    ]);
  });

  it('requires every document not supplied before, at supportingDocuments.{documentId}', () => {
    const none = buildApplicationBodySchema(sections, options).safeParse(person);
    expect(errorsOf(none)).toEqual({
      'supportingDocuments.7': [supportingDocumentMessages.required],
      'supportingDocuments.8': [supportingDocumentMessages.required],
    });
    expect(supportingDocumentMessages.required).toBe('Please select a file');

    const supplied = buildApplicationBodySchema(sections, { ...options, suppliedDocumentIds: [7] }).safeParse(
      {
        ...person,
        supportingDocuments: [{ documentId: 8, file: FILE_B }],
      },
    );
    expect(supplied.success).toBe(true);
  });

  it('refuses a document the form does not ask for and a file that is not an upload id', () => {
    const result = buildApplicationBodySchema(sections, options).safeParse({
      ...person,
      supportingDocuments: [
        { documentId: 99, file: FILE_A },
        { documentId: 7, file: 'not-an-id' },
        { documentId: 8, file: FILE_B },
      ],
    });
    expect(errorsOf(result)).toEqual({
      'supportingDocuments.0.documentId': [supportingDocumentMessages.notAsked],
      'supportingDocuments.7': [supportingDocumentMessages.required],
    });
  });
});
