import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { PHOTO_EXTENSIONS, PHOTO_MIME_TYPES, isAcceptedPhoto, type Attachment } from '@muster/contract';
import { AttachmentList } from './attachment-list';
import type { Uploader } from './upload-file';
import { UploadProgressList } from './upload-progress-list';
import { useUploads } from './use-uploads';
import { attachmentsOf } from './values';

/** The file input's accept list of a photo field: bmp, gif, jpeg and png only (applicant-flow §5). */
export const PHOTO_ACCEPT = [...PHOTO_MIME_TYPES, ...PHOTO_EXTENSIONS].join(',');

export type FileFieldProps = {
  type: 'file' | 'files' | 'photo';
  /** Id of the file input. */
  inputId: string;
  value: unknown;
  /** Receives the new value: a list for `files`, one attachment or null for `file` and `photo`. */
  onChange: (value: Attachment[] | Attachment | null) => void;
  /** Only with write permission can files be added or removed. */
  editable: boolean;
  busy: boolean;
  describedBy: string | undefined;
  onUploadingChange?: ((uploading: boolean) => void) | undefined;
  uploader?: Uploader | undefined;
};

/**
 * The edit view of a file, files or photo field: the files held (each with a Remove button when
 * editable), a progress bar per upload in flight and a file input. Uploads start as soon as files
 * are chosen; a single-file field takes one file, replacing any it holds. A failed upload is only
 * logged (applicant-flow §8).
 */
export function FileField({
  type,
  inputId,
  value,
  onChange,
  editable,
  busy,
  describedBy,
  onUploadingChange,
  uploader,
}: FileFieldProps) {
  const single = type !== 'files';
  const attachments = attachmentsOf(value);
  const { uploads, uploading, start: startUpload } = useUploads({ uploader, onUploadingChange });
  const [refused, setRefused] = useState<string[]>([]);
  // Uploads finish one by one after renders the parent may not have made yet: each adds to the latest list.
  const latest = useRef<Attachment[]>(attachments);
  const refusedId = `${inputId}-refused`;

  useLayoutEffect(() => {
    latest.current = attachmentsOf(value);
  }, [value]);

  function emit(list: Attachment[]) {
    latest.current = list;
    onChange(single ? (list[list.length - 1] ?? null) : list);
  }

  function start(file: File) {
    void startUpload(file).then((attachment) => {
      if (attachment) {
        emit(single ? [attachment] : [...latest.current, attachment]);
      }
    });
  }

  function handleFiles(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again is still a change.
    event.target.value = '';
    const wanted = single ? chosen.slice(0, 1) : chosen;
    const accepted = type === 'photo' ? wanted.filter((file) => isAcceptedPhoto(file)) : wanted;
    setRefused(wanted.filter((file) => !accepted.includes(file)).map((file) => file.name));
    accepted.forEach(start);
  }

  const inputLabel = type === 'photo' ? 'Choose a photo' : single ? 'Choose a file' : 'Choose files';
  const inputDescribedBy =
    [describedBy, refused.length > 0 ? refusedId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className="custom-field__files" aria-busy={uploading || undefined}>
      <AttachmentList
        attachments={attachments}
        photo={type === 'photo'}
        onRemove={
          editable ? (removed) => emit(latest.current.filter((item) => item.id !== removed.id)) : undefined
        }
        removeDisabled={busy}
      />
      <UploadProgressList uploads={uploads} />
      {editable ? (
        <div className="custom-field__file-input">
          <label htmlFor={inputId}>{inputLabel}</label>
          {refused.length > 0 ? (
            <p id={refusedId} className="custom-field__error">
              <span className="visually-hidden">Error:</span> {refused.join(', ')}{' '}
              {refused.length === 1 ? 'is not' : 'are not'} a BMP, GIF, JPEG or PNG image.
            </p>
          ) : null}
          <input
            id={inputId}
            type="file"
            multiple={!single}
            accept={type === 'photo' ? PHOTO_ACCEPT : undefined}
            disabled={busy || (single && uploading)}
            aria-describedby={inputDescribedBy}
            onChange={handleFiles}
          />
        </div>
      ) : null}
    </div>
  );
}
