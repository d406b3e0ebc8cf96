import type { UploadInFlight } from './use-uploads';
import './custom-field.css';

/** The uploads on their way: each file's name and a progress bar labelled `Uploading {name}`. */
export function UploadProgressList({ uploads }: { uploads: readonly UploadInFlight[] }) {
  if (uploads.length === 0) {
    return null;
  }
  return (
    <ul className="custom-field__uploads">
      {uploads.map((upload) => (
        <li key={upload.key} className="custom-field__upload">
          <span>{upload.name}</span>
          <progress
            className="custom-field__progress"
            max={upload.total || 1}
            value={upload.loaded}
            aria-label={`Uploading ${upload.name}`}
          />
        </li>
      ))}
    </ul>
  );
}
