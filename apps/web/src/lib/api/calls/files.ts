import type { Attachment } from '@muster/contract';
import type { ApiClient, UploadProgress } from '../client';
import { apiClient } from '../default-client';
import { ApiError, isCancelledError } from '../errors';

export type FileUploadOptions = {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * Where form widgets upload: ephemeral files, attached when the form is saved (applicant-flow §7).
 * The catalogue's `files` entry notes the route as `POST /files?ephemeral=1`, without the
 * trailing slash of its generic route, and that is the URL the widgets have always used.
 */
const EPHEMERAL_UPLOAD_PATH = 'files';

/**
 * Uploads one file as multipart field `file` to `POST files?ephemeral=1` through the API client:
 * with upload progress, the 401 renewal and retry, the 503 hook, and cancellation through
 * `signal` (rejecting with CancelledError). Answers the stored attachment.
 */
export async function uploadEphemeralFile(
  file: File,
  options: FileUploadOptions = {},
  client: ApiClient = apiClient,
): Promise<Attachment> {
  // The answer's reader loads while the file goes up, so that reading the answer waits for nothing.
  const answerReader = import('./upload-answer');
  void answerReader.catch(() => undefined);
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await client.upload<unknown>(EPHEMERAL_UPLOAD_PATH, form, {
    query: { ephemeral: 1 },
    signal: options.signal,
    onProgress: options.onProgress,
  });
  const { attachmentOfUploadAnswer } = await answerReader;
  const attachment = attachmentOfUploadAnswer(body);
  if (!attachment) {
    throw new ApiError(200, 'The upload answer did not describe a file.', { body });
  }
  return attachment;
}

/**
 * {@link uploadEphemeralFile} for the file widgets (`uploader` of the custom field and of
 * `useUploads`), which tell a cancelled upload by a DOMException named AbortError, as the
 * browser's own aborts are named.
 */
export async function ephemeralUploader(file: File, options: FileUploadOptions): Promise<Attachment> {
  try {
    return await uploadEphemeralFile(file, options);
  } catch (error) {
    if (isCancelledError(error)) {
      throw new DOMException('The upload was cancelled.', 'AbortError');
    }
    throw error;
  }
}
