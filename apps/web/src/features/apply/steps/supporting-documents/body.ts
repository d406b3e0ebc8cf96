import type { Attachment } from '@muster/contract';
import type { StepBody } from '../step-props';

/** A document the applicant supplied before (applicant-flow §3.1 `documents`): not asked again. */
export type SuppliedDocument = { documentId: number };

/** The supporting-documents step's answers (applicant-flow §2.6, §3.1). */
export type SupportingDocumentsValues = {
  /** The file uploaded for each document, by document id (`POST /api/files?ephemeral=1`); null once removed. */
  supportingDocuments: Record<string, Attachment | null>;
  /** Documents already supplied, from the profile or the application an application key opens. */
  documents: SuppliedDocument[];
};

/** The step's answers when nothing is given. */
export function supportingDocumentsDefaults(): SupportingDocumentsValues {
  return { supportingDocuments: {}, documents: [] };
}

/** The top-level fields (and error paths) the step owns. */
export const supportingDocumentsFields = ['supportingDocuments', 'documents'] as const;

/** The form path of one document's file, where its errors are reported (`supportingDocuments.{id}`). */
export function documentField(documentId: number): `supportingDocuments.${string}` {
  return `supportingDocuments.${documentId}`;
}

/** Whether the applicant has supplied this document before. */
export function isSupplied(documents: readonly SuppliedDocument[], documentId: number): boolean {
  return documents.some((document) => document.documentId === documentId);
}

/** Supplied documents in the form's shape, from any list of `{documentId}` entries (a profile, a saved application). */
export function suppliedDocumentsOf(
  entries: readonly { documentId: number }[] | undefined,
): SuppliedDocument[] {
  return (entries ?? []).map(({ documentId }) => ({ documentId }));
}

/**
 * `supportingDocuments` as the contract reads it: `{documentId, file}` per document of the step
 * that has an upload, the file named by its id. Documents supplied before are not sent.
 */
export const supportingDocumentsBody: StepBody = (section, values) => ({
  supportingDocuments: section.documents.flatMap((document) => {
    const file = values.supportingDocuments[String(document.id)];
    return file && !isSupplied(values.documents, document.id)
      ? [{ documentId: document.id, file: String(file.id) }]
      : [];
  }),
});
