import { EXPORT_FORMATS, type ExportFormat, type ExportRecord } from '@muster/contract';
import { useId, useState } from 'react';
import { Spinner } from '../../components/ui/spinner/spinner';
import { downloadExportFile, resendExportLink } from '../../lib/api/calls/exports';
import { isCancelledError } from '../../lib/api/errors';
import { FORMAT_LABELS, formatBytes } from './export-status';
import { saveFile } from './save-file';
import '../../components/ui/form-feedback/form-feedback.css';
import '../../components/ui/primary-button/primary-button.css';
import '../../components/ui/secondary-button/secondary-button.css';

/**
 * What the page makes of a refused download or resend: the sentence to show beside the button,
 * or null when the page itself now tells what happened (the export expired, went, or is not the
 * caller's).
 */
export type RefusalHandler = (error: unknown, action: RefusedAction) => Promise<string | null>;

/** The call that was refused: downloading one of the files, or resending the link. */
export type RefusedAction = { kind: 'download'; format: ExportFormat } | { kind: 'resend' };

/**
 * The two download buttons of a ready export. Each fetches its file through the API client with
 * the bearer token and hands it to the browser under the server's file name; a polite status says
 * what is happening and an alert what went wrong.
 */
export function ExportDownloads({ record, onRefused }: { record: ExportRecord; onRefused: RefusalHandler }) {
  const ids = useId();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [note, setNote] = useState('');
  const [alert, setAlert] = useState<string | null>(null);

  const download = async (format: ExportFormat) => {
    if (busy !== null) {
      return;
    }
    const label = FORMAT_LABELS[format];
    setBusy(format);
    setAlert(null);
    setNote(`Downloading the ${label} file…`);
    try {
      const file = await downloadExportFile(record.id, format);
      saveFile(file.blob, file.fileName);
      setNote(`The ${label} file has been downloaded as ${file.fileName}.`);
    } catch (error) {
      setNote('');
      if (!isCancelledError(error)) {
        setAlert(await onRefused(error, { kind: 'download', format }));
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="export-page__section" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Download the files</h2>
      <p>The same rows in two formats: CSV for any program, XLSX for Excel and other spreadsheets.</p>
      <ul className="export-page__downloads">
        {EXPORT_FORMATS.map((format) => {
          const size = record.files.find((file) => file.format === format)?.bytes ?? null;
          return (
            <li key={format}>
              <button
                type="button"
                className="primary-button export-page__download"
                aria-disabled={busy !== null || undefined}
                aria-describedby={size === null ? undefined : `${ids}-${format}-size`}
                onClick={() => void download(format)}
              >
                {busy === format ? <Spinner decorative size="small" /> : null}
                Download {FORMAT_LABELS[format]}
              </button>
              {size === null ? null : (
                <span id={`${ids}-${format}-size`} className="export-page__size">
                  {FORMAT_LABELS[format]} file, {formatBytes(size)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <p role="status" className="export-page__note">
        {note}
      </p>
      {alert ? (
        <p role="alert" className="form-alert">
          {alert}
        </p>
      ) : null}
    </section>
  );
}

/** "Email me the link again": asks the API to resend the email, and confirms when it has. */
export function ResendLink({
  record,
  onSent,
  onRefused,
}: {
  record: ExportRecord;
  onSent: (record: ExportRecord) => void;
  onRefused: RefusalHandler;
}) {
  const ids = useId();
  const [sending, setSending] = useState(false);
  const [note, setNote] = useState('');
  const [alert, setAlert] = useState<string | null>(null);

  const resend = async () => {
    if (sending) {
      return;
    }
    setSending(true);
    setAlert(null);
    setNote('Sending the link…');
    try {
      onSent(await resendExportLink(record.id));
      setNote('We have emailed you the link again. It can take a few minutes to arrive.');
    } catch (error) {
      setNote('');
      if (!isCancelledError(error)) {
        setAlert(await onRefused(error, { kind: 'resend' }));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="export-page__section" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Email the link</h2>
      <p>We emailed you a link to this page when the files were ready. We can send it again.</p>
      <button
        type="button"
        className="secondary-button export-page__resend"
        aria-disabled={sending || undefined}
        onClick={() => void resend()}
      >
        {sending ? <Spinner decorative size="small" /> : null}
        Email me the link again
      </button>
      <p role="status" className="export-page__note">
        {note}
      </p>
      {alert ? (
        <p role="alert" className="form-alert">
          {alert}
        </p>
      ) : null}
    </section>
  );
}
