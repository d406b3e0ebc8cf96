import { API_MEDIA_TYPE, uploadFileResponseSchema, type Attachment } from '@muster/contract';
import { tokenStore } from '../../../lib/api';

/** Where form widgets upload: ephemeral files, attached when the form is saved (applicant-flow §7). */
export const EPHEMERAL_UPLOAD_URL = '/api/files?ephemeral=1';

export type UploadProgress = { loaded: number; total: number };

export type UploadOptions = {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** Sends one file and answers the stored attachment. */
export type Uploader = (file: File, options: UploadOptions) => Promise<Attachment>;

/** An upload the server refused or that never arrived. */
export class UploadError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the request did not complete. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

function serverMessage(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // Not JSON: the status says enough.
  }
  return null;
}

/**
 * Uploads a file as multipart field `file` to `POST /api/files?ephemeral=1`. XMLHttpRequest
 * rather than fetch, because only it reports upload progress. Carries the sign-in token when
 * there is one (anonymous applicants upload too). Rejects with an {@link UploadError}, or a
 * DOMException named AbortError when `signal` aborts.
 */
export function uploadFile(
  file: File,
  options: UploadOptions = {},
  url = EPHEMERAL_UPLOAD_URL,
): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', API_MEDIA_TYPE);
    const token = tokenStore.get();
    if (token) {
      request.setRequestHeader('Authorization', `Bearer ${token}`);
    }
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) {
        onProgress?.({ loaded: event.loaded, total: event.total });
      }
    });
    const onAbort = () => request.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    request.addEventListener('load', () => {
      settle();
      if (request.status !== 200 && request.status !== 201) {
        reject(
          new UploadError(
            serverMessage(request.responseText) ?? `Upload failed with status ${request.status}.`,
            request.status,
          ),
        );
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        reject(new UploadError('The upload answer was not JSON.', request.status));
        return;
      }
      const parsed = uploadFileResponseSchema.safeParse(body);
      if (!parsed.success) {
        reject(new UploadError('The upload answer did not describe a file.', request.status));
        return;
      }
      resolve(parsed.data.data.data);
    });
    request.addEventListener('error', () => {
      settle();
      reject(new UploadError('The upload did not reach the server.', 0));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });

    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
