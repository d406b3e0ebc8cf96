import { useId, useState } from 'react';
import type { ConsentLogEntry } from './consent-answer';
import { consentLogAuthor, describeConsentLog, sortConsentLogs } from './consent-log';

/** Entries shown before "Show more" (platform-foundation §9). */
export const CONSENT_HISTORY_VISIBLE = 2;

/**
 * The change history of a consent question: the 2 latest entries, and a Show more / Hide toggle
 * only when there are more. Each entry names who made the change in a tooltip, also given to
 * screen readers as the entry's description.
 */
export function ConsentHistory({ logs }: { logs: readonly ConsentLogEntry[] }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (logs.length === 0) {
    return null;
  }
  const sorted = sortConsentLogs(logs);
  const visible = expanded ? sorted : sorted.slice(0, CONSENT_HISTORY_VISIBLE);
  return (
    <div className="consent-history">
      <ul id={listId} className="consent-history__list" aria-label="Change history">
        {visible.map((entry) => (
          <ConsentHistoryEntry key={entry.id} entry={entry} />
        ))}
      </ul>
      {sorted.length > CONSENT_HISTORY_VISIBLE ? (
        <button
          type="button"
          className="consent-history__toggle"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Hide' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}

function ConsentHistoryEntry({ entry }: { entry: ConsentLogEntry }) {
  const authorId = useId();
  const author = consentLogAuthor(entry);
  return (
    <li className="consent-history__entry">
      <span title={author} aria-describedby={authorId}>
        {describeConsentLog(entry)}
      </span>
      <span id={authorId} className="visually-hidden">
        {author}
      </span>
    </li>
  );
}
