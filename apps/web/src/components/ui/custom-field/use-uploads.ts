import { useCallback, useEffect, useRef, useState } from 'react';
import type { Attachment } from '@muster/contract';
import { uploadFile, type Uploader } from './upload-file';

/** One upload on its way: the file's name and how much of it has been sent. */
export type UploadInFlight = { key: number; name: string; loaded: number; total: number };

export type UseUploadsOptions = {
  /** Sends a chosen file; the shared client's `POST /api/files?ephemeral=1` ({@link uploadFile}) unless replaced. */
  uploader?: Uploader | undefined;
  /** Told when the first upload starts and when the last one ends (also when the widget goes away mid-upload). */
  onUploadingChange?: ((uploading: boolean) => void) | undefined;
};

export type Uploads = {
  /** The uploads on their way, in the order they started, with their progress. */
  uploads: UploadInFlight[];
  uploading: boolean;
  /**
   * Starts sending `file` at once. Answers the stored attachment, or null when the upload failed
   * (only logged, applicant-flow §8) or was cancelled because the widget went away.
   */
  start: (file: File) => Promise<Attachment | null>;
};

/**
 * The uploads of a file widget (the custom-field file widget, the supporting-documents step):
 * progress per upload, the uploading flag the form waits on, and cancelling what is still on its
 * way when the widget goes away.
 */
export function useUploads({ uploader = uploadFile, onUploadingChange }: UseUploadsOptions = {}): Uploads {
  const [uploads, setUploads] = useState<UploadInFlight[]>([]);
  const nextKey = useRef(0);
  const controllers = useRef(new Map<number, AbortController>());
  const uploading = uploads.length > 0;

  const reportedUploading = useRef(false);
  const latestOnUploadingChange = useRef(onUploadingChange);
  useEffect(() => {
    latestOnUploadingChange.current = onUploadingChange;
  }, [onUploadingChange]);
  useEffect(() => {
    if (reportedUploading.current !== uploading) {
      reportedUploading.current = uploading;
      onUploadingChange?.(uploading);
    }
  }, [uploading, onUploadingChange]);

  // Leaving the page cancels what is still on its way, and the form stops waiting for it.
  useEffect(() => {
    const inFlight = controllers.current;
    return () => {
      for (const controller of inFlight.values()) {
        controller.abort();
      }
      if (reportedUploading.current) {
        reportedUploading.current = false;
        latestOnUploadingChange.current?.(false);
      }
    };
  }, []);

  const start = useCallback(
    async (file: File): Promise<Attachment | null> => {
      const key = nextKey.current++;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      setUploads((current) => [...current, { key, name: file.name, loaded: 0, total: file.size }]);
      try {
        return await uploader(file, {
          signal: controller.signal,
          onProgress: ({ loaded, total }) =>
            setUploads((current) =>
              current.map((upload) => (upload.key === key ? { ...upload, loaded, total } : upload)),
            ),
        });
      } catch (error: unknown) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) {
          // applicant-flow §8: an upload failure is only logged, with no message to the user.
          console.error('File upload failed', error);
        }
        return null;
      } finally {
        controllers.current.delete(key);
        setUploads((current) => current.filter((upload) => upload.key !== key));
      }
    },
    [uploader],
  );

  return { uploads, uploading, start };
}
