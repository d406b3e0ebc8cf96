import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { supportingDocumentMessages, type Attachment } from '@muster/contract';
import { useFormContext, useWatch } from 'react-hook-form';
import { AttachmentList } from '../../../../components/ui/custom-field/attachment-list';
import { UploadProgressList } from '../../../../components/ui/custom-field/upload-progress-list';
import { useUploads } from '../../../../components/ui/custom-field/use-uploads';
import { ephemeralUploader } from '../../../../lib/api/calls/files';
import { FieldError, RequiredMark, fieldId } from '../../fields';
import { errorMessage } from '../../form-errors';
import type { ApplicationFormValues } from '../../form-values';
import { documentField } from './body';

export type DocumentFieldProps = {
  document: { id: number; name: string };
  /** Supplied before: the input is disabled and says so (applicant-flow §2.6). */
  supplied: boolean;
  /** The input's accept list, from the file types index. */
  accept: string | undefined;
  onUploadingChange: (key: string, uploading: boolean) => void;
};

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

/**
 * One document of the supporting-documents step: a file input labelled with the document's name
 * that uploads at once (`POST /api/files?ephemeral=1`) with its progress shown and announced, then
 * the file's name and size (KB, or MB above 1024 KB) with a Remove button. A failed upload is only
 * logged (applicant-flow §8): the field goes back to what it held before, and claims nothing.
 */
export function DocumentField({ document, supplied, accept, onUploadingChange }: DocumentFieldProps) {
  const name = documentField(document.id);
  const id = fieldId(name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<ApplicationFormValues>();
  const value = useWatch({ control, name });
  const attachment = !supplied && value && typeof value === 'object' && 'id' in value ? value : null;
  const error = supplied ? undefined : errorMessage(errors, name);
  const inputRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');

  const reportUploading = useCallback(
    (uploading: boolean) => onUploadingChange(name, uploading),
    [name, onUploadingChange],
  );
  const { uploads, uploading, start } = useUploads({
    uploader: ephemeralUploader,
    onUploadingChange: reportUploading,
  });

  const set = (next: Attachment | null) =>
    setValue(name, next, { shouldDirty: true, shouldValidate: Boolean(errorMessage(errors, name)) });

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again is still a change.
    event.target.value = '';
    if (!file) {
      return;
    }
    setStatus(`Uploading ${file.name}`);
    void start(file).then((stored) => {
      if (stored) {
        set(stored);
        setStatus(`${file.name} uploaded`);
      } else {
        setStatus('');
      }
    });
  }

  function remove() {
    set(null);
    setStatus('');
    // The Remove button goes with the file: focus moves back to the input.
    inputRef.current?.focus();
  }

  return (
    <div className={`apply-field apply-document${error ? ' apply-field--error' : ''}`}>
      <label htmlFor={id} className="apply-field__label">
        {document.name}
        <RequiredMark required={!supplied} />
      </label>
      {supplied ? (
        <p id={hintId} className="apply-field__hint">
          {supportingDocumentMessages.alreadySupplied}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
      {attachment ? (
        <AttachmentList attachments={[attachment]} onRemove={remove} removeDisabled={uploading} />
      ) : null}
      <UploadProgressList uploads={uploads} />
      <input
        ref={inputRef}
        id={id}
        type="file"
        className="apply-document__input"
        accept={accept}
        disabled={supplied || uploading}
        required={!supplied}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(supplied && hintId, error && errorId)}
        onChange={handleFile}
      />
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
