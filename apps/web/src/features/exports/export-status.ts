import type { ExportFormat, ExportRecord } from '@muster/contract';

/** How often the page asks for the export while it is queued or running. */
export const EXPORT_POLL_MS = 2_000;

/** An export as the page shows it: the record, and whether its files have expired. */
export type ExportView = { record: ExportRecord; expired: boolean };

/**
 * The view of `record` at `now`. Until the hourly purge removes it, an expired export still
 * answers as ready, with `expires_at` in the past; its downloads would answer 410.
 */
export function viewOf(record: ExportRecord, now: Date = new Date()): ExportView {
  const expired =
    record.status === 'ready' && record.expires_at !== null && Date.parse(record.expires_at) <= now.getTime();
  return { record, expired };
}

/** Where the export stands for its requester. */
export type ExportPhase = 'queued' | 'running' | 'ready' | 'failed' | 'expired';

export function phaseOf(view: ExportView): ExportPhase {
  return view.expired ? 'expired' : view.record.status;
}

/** True while the files are still to come, and so the page keeps asking. */
export function isBuilding(view: ExportView | undefined): boolean {
  return view !== undefined && (view.record.status === 'queued' || view.record.status === 'running');
}

/** How each file is named on the page. */
export const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'XLSX' };

/** The sentence of an expired export, shown and announced as its status. */
export const EXPIRED_SENTENCE = 'This export has expired. Ask for a new one.';

/**
 * The status sentence of the page's live region. While the export is built it names progress in
 * steps of ten per cent only, so that a screen reader is not told a new figure every two seconds;
 * the exact figure is on the page beside the progress bar.
 */
export function statusSentence(view: ExportView): string {
  switch (phaseOf(view)) {
    case 'queued':
      return 'Your export is waiting to start.';
    case 'running': {
      const percent = view.record.progress.percent;
      const step = percent === null ? 0 : Math.floor(percent / 10) * 10;
      return step > 0 ? `Your export is being built: ${step}% done.` : 'Your export is being built.';
    }
    case 'ready':
      return 'Your export is ready to download.';
    case 'failed':
      return 'This export could not be built. Ask for a new one.';
    case 'expired':
      return EXPIRED_SENTENCE;
  }
}

const wholeNumber = new Intl.NumberFormat('en-GB');

/** The exact progress beside the bar, e.g. `1,200 of 5,000 rows written (24%)`. */
export function progressLine(view: ExportView): string {
  const { rows_done: done, rows_total: total, percent } = view.record.progress;
  if (view.record.status === 'queued') {
    return 'Not started yet.';
  }
  if (total === null) {
    return 'Counting the rows…';
  }
  const rows = total === 1 ? 'row' : 'rows';
  return `${wholeNumber.format(done)} of ${wholeNumber.format(total)} ${rows} written (${percent ?? 0}%)`;
}

const fileSize = (unit: 'kilobyte' | 'megabyte' | 'gigabyte') =>
  new Intl.NumberFormat('en-GB', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });

/** A file's size as people read it: `840 bytes`, `12.4 kB`, `3.1 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000) {
    return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  }
  if (bytes < 1_000_000) {
    return fileSize('kilobyte').format(bytes / 1_000);
  }
  if (bytes < 1_000_000_000) {
    return fileSize('megabyte').format(bytes / 1_000_000);
  }
  return fileSize('gigabyte').format(bytes / 1_000_000_000);
}
