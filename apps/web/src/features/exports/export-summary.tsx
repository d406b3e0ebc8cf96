import { USER_EXPORT_FIELDS, type ExportRecord } from '@muster/contract';
import { format, parseISO } from 'date-fns';

const FIELD_LABELS: ReadonlyMap<string, string> = new Map(
  USER_EXPORT_FIELDS.map((field) => [field.key, field.label]),
);

/** A key in words, as the files' headings write a report's columns: `rows_total` → `Rows total`. */
export function inWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A report's name from its path, each part in words: `/analytics/training/by-user` →
 * `Training › By user` (the reports have no titles of their own in the contract).
 */
export function reportName(path: string): string {
  const parts = path.split('/').filter((part) => part !== '');
  const named =
    parts.length > 1 && (parts[0] === 'analytics' || parts[0] === 'reports') ? parts.slice(1) : parts;
  return named.map(inWords).join(' › ');
}

/** A calendar day (`YYYY-MM-DD`) as people read it, e.g. `1 June 2030`. */
function formatDay(isoDay: string): string {
  return format(parseISO(isoDay), 'd MMMM yyyy');
}

/** An instant as the day and time it falls on in the visitor's time zone, e.g. `1 June 2030 at 14:05`. */
function formatInstant(instant: string): string {
  return format(new Date(instant), "d MMMM yyyy 'at' HH:mm");
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The export's filters, one line each; none for an export of everything. */
function filterLines(record: ExportRecord): string[] {
  const { status, team, role_profile: roleProfile } = record.query;
  return [
    status && status.length > 0 ? `Status: ${status.map(inWords).join(', ')}` : null,
    team && team.length > 0 ? `Teams: ${counted(team.length, 'team', 'teams')} chosen` : null,
    roleProfile && roleProfile.length > 0
      ? `Role profiles: ${counted(roleProfile.length, 'role profile', 'role profiles')} chosen`
      : null,
  ].filter((line): line is string => line !== null);
}

/** The period a report export covers, e.g. `1 January 2026 to 31 March 2026`. */
function periodOf(record: ExportRecord): string | null {
  const { from, to } = record.query;
  if (from && to) {
    return `${formatDay(from)} to ${formatDay(to)}`;
  }
  if (from) {
    return `From ${formatDay(from)}`;
  }
  return to ? `Up to ${formatDay(to)}` : null;
}

/**
 * What the export holds: people or a report's rows, the period (a report) or the chosen columns,
 * its filters, when it was asked for and, once ready, how long its files are kept.
 */
export function ExportSummary({ record, showExpiry }: { record: ExportRecord; showExpiry: boolean }) {
  const filters = filterLines(record);
  const period = record.kind === 'report' ? periodOf(record) : null;
  const columns = record.columns.map((key) =>
    record.kind === 'users' ? (FIELD_LABELS.get(key) ?? inWords(key)) : inWords(key),
  );
  return (
    <dl className="export-page__details">
      <dt>Contains</dt>
      <dd>
        {record.kind === 'users'
          ? 'People in your organisation, one row each'
          : `Rows of the report ${reportName(record.report ?? '')}`}
      </dd>
      {period ? (
        <>
          <dt>Period</dt>
          <dd>{period}</dd>
        </>
      ) : null}
      <dt>Columns</dt>
      <dd>
        {columns.length > 0 ? (
          <ul className="export-page__columns">
            {columns.map((column, index) => (
              <li key={`${index}-${column}`}>{column}</li>
            ))}
          </ul>
        ) : (
          'The report’s columns, listed here once the files are built'
        )}
      </dd>
      <dt>Filters</dt>
      <dd>
        {filters.length > 0 ? (
          <ul className="export-page__filters">
            {filters.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : record.kind === 'users' ? (
          'None: everyone in your organisation'
        ) : (
          'None'
        )}
      </dd>
      <dt>Asked for</dt>
      <dd>{formatInstant(record.created_at)}</dd>
      {showExpiry && record.expires_at ? (
        <>
          <dt>Files kept until</dt>
          <dd>{formatInstant(record.expires_at)}</dd>
        </>
      ) : null}
    </dl>
  );
}
