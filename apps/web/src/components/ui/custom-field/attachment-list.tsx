import type { Attachment } from '@muster/contract';
import { attachmentName, attachmentSize, formatFileSize } from './format';

export type AttachmentListProps = {
  attachments: Attachment[];
  /** Shows each file's thumbnail (photo fields). */
  photo?: boolean;
  /** When given, each file has a Remove button calling it. */
  onRemove?: ((attachment: Attachment) => void) | undefined;
  /** Remove buttons are shown but cannot be used (the field is busy). */
  removeDisabled?: boolean;
};

/** Files held by a file, files or photo field: a link to each with its size, and optionally a Remove button. */
export function AttachmentList({
  attachments,
  photo = false,
  onRemove,
  removeDisabled = false,
}: AttachmentListProps) {
  if (attachments.length === 0) {
    return null;
  }
  return (
    <ul className="custom-field__attachments">
      {attachments.map((attachment) => {
        const name = attachmentName(attachment);
        const size = attachmentSize(attachment);
        return (
          <li key={String(attachment.id)} className="custom-field__attachment">
            {photo ? (
              <img
                className="custom-field__thumbnail"
                src={attachment.thumbnails?.thumb ?? attachment.url}
                alt=""
                width={64}
                height={64}
              />
            ) : null}
            <a href={attachment.url} target="_blank" rel="noopener noreferrer">
              {name}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            {size === undefined ? null : <span className="custom-field__size">({formatFileSize(size)})</span>}
            {onRemove ? (
              <button
                type="button"
                className="custom-field__remove"
                aria-label={`Remove ${name}`}
                disabled={removeDisabled}
                onClick={() => onRemove(attachment)}
              >
                Remove
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
