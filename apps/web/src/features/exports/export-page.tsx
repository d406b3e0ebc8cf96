import { useQuery, useQueryClient } from '@tanstack/react-query';
import { parseRowId } from '@muster/contract';
import { SignedIn } from '../../lib/session';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { fetchExport } from '../../lib/api/calls/exports';
import { isApiError, type ApiError } from '../../lib/api/errors';
import { ExportDownloads, ResendLink, type RefusalHandler } from './export-actions';
import {
  EXPORT_POLL_MS,
  FORMAT_LABELS,
  isBuilding,
  phaseOf,
  progressLine,
  statusSentence,
  viewOf,
  type ExportView,
} from './export-status';
import { ExportSummary } from './export-summary';
import './export-page.css';

/** What the page can show: the export, or why it cannot. */
type PageState =
  | { kind: 'loading' }
  | { kind: 'unavailable' }
  | { kind: 'forbidden' }
  | { kind: 'missing' }
  | { kind: 'export'; view: ExportView; checkFailed: boolean };

const SENTENCES: Record<Exclude<PageState['kind'], 'export'>, string> = {
  loading: 'Loading your export…',
  unavailable: 'We could not load your export. Please reload the page to try again.',
  forbidden: 'This export belongs to someone else.',
  missing: 'We could not find this export.',
};

const NO_LONGER_ALLOWED =
  'You no longer have the permissions this export needs, so its files cannot be sent to you. Ask an administrator if you still need it.';
const NO_EMAIL_ADDRESS =
  'We could not email you the link because your account has no email address. You can download the files here.';

/** The query key of one export. */
const exportKey = (exportId: number) => ['exports', exportId] as const;

/** A refusal that says the export is not the caller's (403) or not there (404): not worth asking again. */
const isRefusal = (error: unknown): error is ApiError => isApiError(error, 403) || isApiError(error, 404);

/** Ask again every two seconds while the files are being built; stop once ready, failed or refused. */
function pollInterval({
  data,
  error,
}: {
  data: ExportView | undefined;
  error: Error | null;
}): number | false {
  return isBuilding(data) && !isRefusal(error) ? EXPORT_POLL_MS : false;
}

function pageStateOf(
  data: ExportView | undefined,
  error: Error | null,
  isError: boolean,
  expiredByServer: boolean,
): PageState {
  if (isApiError(error, 403)) {
    return { kind: 'forbidden' };
  }
  if (isApiError(error, 404)) {
    return { kind: 'missing' };
  }
  if (data) {
    return {
      kind: 'export',
      view: expiredByServer ? { ...data, expired: true } : data,
      checkFailed: isError,
    };
  }
  return isError ? { kind: 'unavailable' } : { kind: 'loading' };
}

/** The bar and exact figures of an export being built. */
function BuildProgress({ view }: { view: ExportView }) {
  const ids = useId();
  const percent = view.record.progress.percent;
  return (
    <div className="export-page__progress">
      <label htmlFor={`${ids}-bar`}>Progress</label>
      <progress
        id={`${ids}-bar`}
        max={100}
        // No value while the rows are still being counted: the bar shows activity, not an amount.
        value={view.record.status === 'running' && percent !== null ? percent : undefined}
        aria-describedby={`${ids}-line`}
      />
      <p id={`${ids}-line`} className="export-page__progress-line">
        {progressLine(view)}
      </p>
      <p>
        This page checks every few seconds. You can also leave it: we will email you a link when the files are
        ready.
      </p>
    </div>
  );
}

/** The export's status in words (a polite live region) and whatever else the state needs. */
function ExportDetails({ exportId }: { exportId: number }) {
  const queryClient = useQueryClient();
  const key = exportKey(exportId);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => viewOf(await fetchExport(exportId, { signal })),
    refetchInterval: (current) => pollInterval(current.state),
    // A refusal will not change on asking again; a dropped connection or a busy server may.
    retry: (failures, error) => !isRefusal(error) && !isApiError(error, 401) && failures < 1,
  });
  // A download or resend answered 410: the files are gone, whatever the record said.
  const [expiredByServer, setExpiredByServer] = useState(false);
  const state = pageStateOf(query.data, query.error, query.isError, expiredByServer);
  const sentence = state.kind === 'export' ? statusSentence(state.view) : SENTENCES[state.kind];

  // After a download or resend changed what the page shows (and took the button away), focus
  // goes to the status that says why, rather than being lost.
  const status = useRef<HTMLParagraphElement>(null);
  const focusStatus = useRef(false);
  useEffect(() => {
    if (focusStatus.current) {
      focusStatus.current = false;
      status.current?.focus();
    }
  }, [sentence]);

  const { refetch } = query;
  const onRefused = useCallback<RefusalHandler>(
    async (error, action) => {
      if (isApiError(error, 410)) {
        focusStatus.current = true;
        setExpiredByServer(true);
        return null;
      }
      if (isApiError(error, 403) || isApiError(error, 404) || isApiError(error, 409)) {
        // Ask for the export again: it may be someone else's now, gone, or not ready after all.
        const again = await refetch();
        if (isRefusal(again.error) || (again.data && phaseOf(again.data) !== 'ready')) {
          focusStatus.current = true;
          return null;
        }
        if (isApiError(error, 403)) {
          return NO_LONGER_ALLOWED;
        }
        if (isApiError(error, 409) && action.kind === 'resend') {
          return NO_EMAIL_ADDRESS;
        }
      }
      return action.kind === 'download'
        ? `We could not download the ${FORMAT_LABELS[action.format]} file. Please try again.`
        : 'We could not email you the link. Please try again.';
    },
    [refetch],
  );

  const phase = state.kind === 'export' ? phaseOf(state.view) : null;
  const tone =
    phase === 'ready'
      ? 'ready'
      : state.kind === 'loading' || phase === 'queued' || phase === 'running'
        ? 'info'
        : 'problem';

  return (
    <section className="page export-page" aria-busy={state.kind === 'loading' || undefined}>
      <h1>Your export</h1>
      <p
        ref={status}
        role="status"
        tabIndex={-1}
        className={`export-page__status export-page__status--${tone}`}
      >
        {sentence}
      </p>
      {state.kind === 'forbidden' ? (
        <p>
          Only the person who asked for an export can see it and download its files. If you asked for it, sign
          in with the account you asked from.
        </p>
      ) : null}
      {state.kind === 'missing' ? (
        <p>It may have been deleted, or it expired and was removed. Ask for a new one.</p>
      ) : null}
      {state.kind === 'export' ? (
        <>
          {state.checkFailed && isBuilding(state.view) ? (
            <p className="form-alert">We could not check on your export just now. We will try again.</p>
          ) : null}
          {phase === 'queued' || phase === 'running' ? <BuildProgress view={state.view} /> : null}
          {phase === 'failed' && state.view.record.error ? (
            <p>What went wrong: {state.view.record.error}</p>
          ) : null}
          {phase === 'expired' ? <p>Files are kept for seven days after they are ready.</p> : null}
          <section className="export-page__section" aria-labelledby="export-contents">
            <h2 id="export-contents">What it contains</h2>
            <ExportSummary record={state.view.record} showExpiry={phase === 'ready'} />
          </section>
          {phase === 'ready' ? (
            <>
              <ExportDownloads record={state.view.record} onRefused={onRefused} />
              <ResendLink
                record={state.view.record}
                onRefused={onRefused}
                onSent={(record) => queryClient.setQueryData(key, viewOf(record))}
              />
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/**
 * `/exports/{id}`, the page the export-ready email links to (docs/exports.md): what the export
 * holds, its status (with progress, asked for every two seconds, while it is queued or running),
 * and once ready its CSV and XLSX downloads, fetched with the signed-in requester's token, and
 * "Email me the link again". Someone else's export, a missing one and an expired one each get a
 * plain sentence. Signed-out visitors sign in first and come back here.
 */
export function ExportPage() {
  const exportId = useParams().exportId;
  return (
    <SignedIn>
      {() =>
        exportId !== undefined && parseRowId(exportId) !== null ? (
          <ExportDetails exportId={Number(exportId)} />
        ) : (
          <section className="page export-page">
            <h1>Your export</h1>
            <p className="export-page__status export-page__status--problem">{SENTENCES.missing}</p>
            <p>Check the link in your email: it ends with the export’s number.</p>
          </section>
        )
      }
    </SignedIn>
  );
}
