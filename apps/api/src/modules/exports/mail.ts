import type { Executor } from '../../db/client.js';
import { findOrganisationById } from '../organisation/repository.js';
import type { Outbox } from '../outbox/service.js';
import { findPrimaryEmailOf, markExportEmailed, type ExportRow } from './repository.js';

/** The page where the requester, signed in, downloads an export (the web app's). */
export function exportPageLink(publicOrigin: string, exportId: number): string {
  return `${publicOrigin}/exports/${exportId}`;
}

/** What an export holds, in words: "people" or the report's name from its path. */
function whatOf(row: ExportRow): string {
  if (row.kind === 'users') {
    return 'people';
  }
  const words = (row.report ?? '')
    .split('/')
    .filter(Boolean)
    .slice(1)
    .map((segment) => segment.replace(/-/g, ' '));
  return `the ${words.join(', ')} report`;
}

/**
 * Queues the "your export is ready" email to the requester's primary address, inside `tx` (it
 * leaves only if the caller's transaction commits; `Outbox.dispatchQueued` sends it after), and
 * notes when it was sent. The link leads to a page that downloads only for the requester, signed
 * in: it carries no key, so a forwarded email opens nothing. False when the requester has no
 * email address.
 */
export async function queueExportReadyEmail(
  tx: Executor,
  outbox: Pick<Outbox, 'queueEmail'>,
  publicOrigin: string,
  row: ExportRow,
  now: Date,
): Promise<boolean> {
  const to = await findPrimaryEmailOf(tx, row.organisationId, row.requestedBy);
  if (!to) {
    return false;
  }
  const organisation = await findOrganisationById(tx, row.organisationId);
  const name = organisation?.name ?? 'Muster';
  const expires = row.expiresAt
    ? ` The files are deleted on ${row.expiresAt.toISOString().slice(0, 10)}.`
    : '';
  await outbox.queueEmail(tx, {
    organisationId: row.organisationId,
    to,
    subject: `${name}: your export is ready`,
    text:
      `Your export of ${whatOf(row)} (${row.rowsDone} rows) is ready to download as CSV and Excel:\n\n` +
      `${exportPageLink(publicOrigin, row.id)}\n\n` +
      `The link opens only for you, once you have signed in to ${name}.${expires}\n\n` +
      'If you did not ask for this export, tell your administrator.',
  });
  await markExportEmailed(tx, row.id, now);
  return true;
}
