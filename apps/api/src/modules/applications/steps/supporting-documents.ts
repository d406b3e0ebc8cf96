import { findFileType, markFilesAttached } from '../../files/repository.js';
import { judgeUploadType, storeUpload } from '../../files/service.js';
import { findOwnFileIds, insertApplicationDocuments } from '../repository.js';
import { addError, type ApplicationStep, type StepErrors } from './step.js';

/**
 * The supporting-documents step (applicant-flow §2.6): files named by id must be this
 * organisation's; files sent with the form must be of an accepted type, and are stored before
 * the transaction as ephemeral uploads (purged if the transaction fails).
 */
export const supportingDocumentsStep: ApplicationStep = {
  type: 'supporting-documents',
  async check(db, { organisation, submission }) {
    const errors: StepErrors = {};
    const referenced = submission.documents.flatMap((document) =>
      typeof document.file === 'string'
        ? [{ id: document.file, path: `supportingDocuments.${document.documentTypeId}` }]
        : [],
    );
    const own = await findOwnFileIds(db, organisation.id, [...new Set(referenced.map((entry) => entry.id))]);
    for (const { id, path } of referenced) {
      if (!own.has(id)) {
        addError(errors, path, 'This file was not found. Please upload it again.');
      }
    }
    for (const document of submission.documents) {
      if (document.file instanceof Blob) {
        const bytes = Buffer.from(await document.file.arrayBuffer());
        const mime = await judgeUploadType(bytes, document.file.type);
        if (mime === null || !(await findFileType(db, mime))) {
          addError(errors, `supportingDocuments.${document.documentTypeId}`, 'This type of file is not accepted.');
        }
      }
    }
    return errors;
  },
  async prepare({ organisation, session, submission, fileStore, uploads }) {
    for (const document of submission.documents) {
      if (document.file instanceof Blob) {
        const stored = await storeUpload(fileStore, {
          organisationId: organisation.id,
          uploadedByUserId: session?.userId ?? null,
          filename: document.file instanceof File ? document.file.name : 'document',
          declaredMime: document.file.type,
          bytes: Buffer.from(await document.file.arrayBuffer()),
        });
        uploads.set(document.documentTypeId, stored.id);
      }
    }
  },
  async write(tx, { organisation, applicationId, submission, uploads, now }) {
    const rows = submission.documents.map((document) => ({
      organisationId: organisation.id,
      applicationId,
      documentTypeId: document.documentTypeId,
      fileId: typeof document.file === 'string' ? document.file : (uploads.get(document.documentTypeId) ?? ''),
    }));
    await insertApplicationDocuments(tx, rows);
    await markFilesAttached(tx, organisation.id, [...new Set(rows.map((row) => row.fileId))], now);
  },
};
