import type { SubmittedFile } from '../submission.js';
import {
  allOf,
  INVALID,
  isBlank,
  readId,
  readList,
  readObject,
  readSubmittedFile,
  type StepReadContext,
} from '../read.js';

/* The supporting-documents step (applicant-flow §2.6): a file per document type asked for. */

/**
 * What the step says, in the form and in the server's 422 (at `supportingDocuments.{documentId}`).
 * The spec gives `required` (the file field's default message, §5) and `alreadySupplied` (§2.6);
 * the others are the server's refusals of a file the form names.
 */
export const supportingDocumentMessages = {
  required: 'Please select a file',
  alreadySupplied: 'This document has already been supplied',
  notAsked: 'This document is not asked for on this form',
  typeRefused: 'This type of file is not accepted.',
  notFound: 'This file was not found. Please upload it again.',
  notYours: 'This file was uploaded by someone else. Please upload your own copy.',
  alreadyAttached: 'This file is already attached elsewhere. Please upload it again.',
  usedTwice: 'This file is already given for another document. Please upload a separate file.',
} as const;

export type SupportingDocumentsPart = {
  /** The documents given, by document type; documents supplied before are not asked again. */
  documents: Array<{ documentTypeId: number; file: SubmittedFile }>;
};

/** The body fields this step owns, with their descriptions. */
export const supportingDocumentsFields = {
  supportingDocuments: 'List of `{documentId, file}`: a file part, or the id of an earlier upload.',
} as const;

/**
 * Reads the documents: each entry must name a document type the form asks for, with a file sent
 * with the form or the id of an earlier upload; every document asked for and not supplied before
 * must be given.
 */
export function readSupportingDocuments({
  issues,
  raw,
  sections,
  options,
}: StepReadContext): SupportingDocumentsPart {
  const supplied = options.suppliedDocumentIds ?? [];
  const wanted = allOf(sections, (section) =>
    section.type === 'supporting-documents' ? section.documents : [],
  );
  const wantedIds = new Set(wanted.map((document) => document.id));
  const given = new Map<number, SubmittedFile>();
  // Documents already reported (an unreadable file), so that they are not reported again as missing.
  const reported = new Set<number>();
  readList(issues, ['supportingDocuments'], raw.supportingDocuments).forEach((entry, index) => {
    const item = readObject(entry);
    if (!item) {
      return;
    }
    const documentId = readId(item.documentId ?? item.document_id);
    if (documentId === null && isBlank(item.file)) {
      return;
    }
    if (documentId === 'invalid' || documentId === null || !wantedIds.has(documentId)) {
      issues.add(['supportingDocuments', index, 'documentId'], supportingDocumentMessages.notAsked);
      return;
    }
    const file = readSubmittedFile(item.file);
    if (file === INVALID) {
      issues.add(['supportingDocuments', documentId], supportingDocumentMessages.required);
      reported.add(documentId);
    } else if (file !== null) {
      given.set(documentId, file);
    }
  });
  for (const document of wanted) {
    if (!given.has(document.id) && !supplied.includes(document.id) && !reported.has(document.id)) {
      issues.add(['supportingDocuments', document.id], supportingDocumentMessages.required);
    }
  }
  return { documents: [...given.entries()].map(([documentTypeId, file]) => ({ documentTypeId, file })) };
}
