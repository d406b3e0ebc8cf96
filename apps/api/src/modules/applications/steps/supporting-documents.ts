import { supportingDocumentMessages as messages, type ApplicationSubmission } from '@muster/contract';
import type { Executor } from '../../../db/client.js';
import { validationError } from '../../../plugins/errors.js';
import { claimEphemeralFiles, listFilesForClaim, type FileClaimRow } from '../../files/repository.js';
import { UploadRefusedError, checkUpload, storeUpload } from '../../files/service.js';
import { insertApplicationDocuments } from '../repository.js';
import { ready } from '../../../db/write-batch.js';
import { addError, type ApplicationStep, type StepContext, type StepErrors } from './step.js';

/** A refused upload's sentence at its document: the step's own wording for a type not accepted. */
function refusalMessage(refusal: UploadRefusedError): string {
  return refusal.statusCode === 415 ? messages.typeRefused : refusal.message;
}

/** The files named by id in the form (earlier uploads), with the path a refusal is reported at. */
function namedFiles(submission: ApplicationSubmission): Array<{ id: string; path: string }> {
  return submission.documents.flatMap((document) =>
    typeof document.file === 'string'
      ? [{ id: document.file, path: `supportingDocuments.${document.documentTypeId}` }]
      : [],
  );
}

/**
 * Why a file named by the form may not become the applicant's document, or null when it may.
 * Only an upload still ephemeral and never attached can be claimed, and only by whoever uploaded
 * it: a file uploaded while signed in by that user, an anonymous upload by anyone who names it
 * (its random id, told only to the browser that sent it, is the anonymous uploader's only
 * proof). So nobody can take over another person's upload, or a file already in use.
 */
function refusalOf(row: FileClaimRow | undefined, actorUserId: number | null): string | null {
  if (!row) {
    return messages.notFound;
  }
  const holder = row.ownerUserId ?? row.uploadedByUserId;
  if (holder !== null && holder !== actorUserId) {
    return messages.notYours;
  }
  if (!row.ephemeral || row.attachedAt !== null) {
    return messages.alreadyAttached;
  }
  return null;
}

/** The refusals of the files the form names, by path; with `lock` their rows stay locked. */
async function fileRefusals(
  db: Executor,
  { organisation, session, submission }: StepContext,
  lock: boolean,
): Promise<StepErrors> {
  const errors: StepErrors = {};
  const named = namedFiles(submission);
  const rows = await listFilesForClaim(db, organisation.id, [...new Set(named.map((entry) => entry.id))], {
    lock,
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const seen = new Set<string>();
  for (const { id, path } of named) {
    const refusal = seen.has(id) ? messages.usedTwice : refusalOf(byId.get(id), session?.userId ?? null);
    seen.add(id);
    if (refusal !== null) {
      addError(errors, path, refusal);
    }
  }
  return errors;
}

/**
 * The supporting-documents step (applicant-flow §2.6). A document is a file uploaded earlier
 * (`POST /api/files?ephemeral=1`, named by id) or a file sent with the form (stored before the
 * transaction as an ephemeral upload, purged if the transaction fails). On submit the files
 * become the application's documents, owned by the applicant (a new applicant's user is created
 * in the same transaction) and no longer ephemeral. A named file must be this organisation's,
 * claimable by whoever submits (see {@link refusalOf}) and given for one document only;
 * otherwise the submit is refused with a 422 at `supportingDocuments.{documentId}`.
 */
export const supportingDocumentsStep: ApplicationStep = {
  type: 'supporting-documents',
  async check(db, context) {
    const errors = await fileRefusals(db, context, false);
    for (const document of context.submission.documents) {
      if (document.file instanceof Blob) {
        // The upload's own checks (type, image pixel limit), reported at the document.
        const refusal = await checkUpload(context.fileStore, document.file, document.file.type);
        if (refusal) {
          addError(errors, `supportingDocuments.${document.documentTypeId}`, refusalMessage(refusal));
        }
      }
    }
    return errors;
  },
  async prepare({ organisation, session, submission, fileStore, uploads }) {
    for (const document of submission.documents) {
      if (document.file instanceof Blob) {
        try {
          const stored = await storeUpload(fileStore, {
            organisationId: organisation.id,
            uploadedByUserId: session?.userId ?? null,
            filename: document.file instanceof File ? document.file.name : 'document',
            declaredMime: document.file.type,
            source: { blob: document.file },
          });
          uploads.set(document.documentTypeId, stored.id);
        } catch (error) {
          if (error instanceof UploadRefusedError) {
            throw validationError({ [`supportingDocuments.${document.documentTypeId}`]: [refusalMessage(error)] });
          }
          throw error;
        }
      }
    }
  },
  async lock(batch, context) {
    if (namedFiles(context.submission).length === 0) {
      return;
    }
    // Checked again with the rows locked: a racing submit may have claimed a file meanwhile.
    const errors = await fileRefusals(await ready(batch), context, true);
    if (Object.keys(errors).length > 0) {
      throw validationError(errors);
    }
  },
  async write(batch, { organisation, applicationId, userId, submission, uploads, now }) {
    if (submission.documents.length === 0) {
      return;
    }
    const rows = submission.documents.map((document) => ({
      organisationId: organisation.id,
      applicationId,
      documentTypeId: document.documentTypeId,
      fileId:
        typeof document.file === 'string' ? document.file : (uploads.get(document.documentTypeId) ?? ''),
    }));
    const fileIds = [...new Set(rows.map((row) => row.fileId))];
    const tx = await ready(batch);
    const claimed = await claimEphemeralFiles(tx, organisation.id, fileIds, userId, now);
    if (claimed.length !== fileIds.length) {
      // Cannot happen after `lock`, unless a file vanished; refused rather than half-written.
      const missing = rows.filter((row) => !claimed.includes(row.fileId));
      throw validationError(
        Object.fromEntries(
          missing.map((row) => [`supportingDocuments.${row.documentTypeId}`, [messages.notFound]]),
        ),
      );
    }
    await insertApplicationDocuments(tx, rows);
  },
};
