import type { Attachment } from '@muster/contract';
import { ephemeralUploader, type FileUploadOptions } from '../../../lib/api/calls/files';

export type { UploadProgress } from '../../../lib/api/client';

/** What a file widget's upload is told: progress, and a signal that cancels it. */
export type UploadOptions = FileUploadOptions;

/** Sends one file and answers the stored attachment; a cancelled upload rejects with an AbortError. */
export type Uploader = (file: File, options: UploadOptions) => Promise<Attachment>;

/**
 * The file widgets' uploader (`POST /api/files?ephemeral=1`, multipart field `file`): the shared
 * API client's {@link ephemeralUploader}, so an upload gets what every call gets: the bearer
 * token, one token renewal and retry on 401, the 503 error hook, and cancellation through the
 * signal (an AbortError, as the widgets expect), besides upload progress.
 */
export const uploadFile: Uploader = ephemeralUploader;
