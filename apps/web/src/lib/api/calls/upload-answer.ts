import { uploadFileResponseSchema, type Attachment } from '@muster/contract';

/**
 * The stored attachment an upload answered with, or null when the answer does not describe one.
 * A module of its own, imported when an upload has finished (files.ts): the contract's schema
 * brings zod, which the pages with file fields do not otherwise need before the upload.
 */
export function attachmentOfUploadAnswer(body: unknown): Attachment | null {
  const parsed = uploadFileResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.data.data : null;
}
