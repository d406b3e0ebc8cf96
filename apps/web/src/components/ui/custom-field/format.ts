import { parseIsoDate } from '@muster/contract';
import { format } from 'date-fns';
import type { Attachment } from '@muster/contract';

/** Shown in display mode for a field with no value (applicant-flow §4). */
export const NOT_SET = 'Not set';
/** Currency symbol unless the organisation sets one (applicant-flow §9, platform-foundation §9). */
export const DEFAULT_CURRENCY_SYMBOL = '£';
/** Date format unless the organisation sets one (platform-foundation §9): day/month/full year. */
export const DEFAULT_DATE_FORMAT = 'DD/MM/Y';

/** What a custom field needs to know about the organisation to show values. */
export type OrganisationFormat = {
  currency_symbol?: string | null | undefined;
  date_format?: string | null | undefined;
};

/** Moment-style tokens (as organisations write their date format) and their date-fns equivalents. */
const tokenMap: Record<string, string> = {
  YYYY: 'yyyy',
  YY: 'yy',
  Y: 'yyyy',
  Do: 'do',
  DD: 'dd',
  D: 'd',
  dddd: 'EEEE',
  ddd: 'EEE',
  MMMM: 'MMMM',
  MMM: 'MMM',
  MM: 'MM',
  M: 'M',
  HH: 'HH',
  H: 'H',
  hh: 'hh',
  h: 'h',
  mm: 'mm',
  m: 'm',
  ss: 'ss',
  s: 's',
  A: 'a',
  a: 'aaa',
};

const tokenPattern =
  /\[([^\]]*)\]|YYYY|YY|Y|Do|DD|D|dddd|ddd|MMMM|MMM|MM|M|HH|H|hh|h|mm|m|ss|s|A|a|[A-Za-z]+/g;

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Converts an organisation's moment-style date format (e.g. `DD/MM/Y`) into a date-fns pattern
 * (`dd/MM/yyyy`). Bracketed text and letters that are not tokens are kept as literal text.
 */
export function toDateFnsPattern(organisationFormat: string): string {
  return organisationFormat.replace(tokenPattern, (match: string, literal: string | undefined) => {
    if (literal !== undefined) {
      return quote(literal);
    }
    return tokenMap[match] ?? quote(match);
  });
}

/** A stored date (YYYY-MM-DD) as shown: DD/MM/YYYY (applicant-flow §9). Null when it is not a date. */
export function formatDate(value: string): string | null {
  const date = parseIsoDate(value.trim());
  return date ? format(date, 'dd/MM/yyyy') : null;
}

/**
 * A stored datetime (`YYYY-MM-DD HH:mm`) as shown: the date in the organisation's format
 * (DD/MM/YYYY by default), then the time as HH:mm. Null when it is not a datetime.
 */
export function formatDateTime(
  value: string,
  dateFormat: string | null | undefined = DEFAULT_DATE_FORMAT,
): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})/.exec(value.trim());
  const date = match?.[1] ? parseIsoDate(match[1]) : null;
  if (!match || !date) {
    return null;
  }
  const [hours, minutes] = [Number(match[2]), Number(match[3])];
  if (hours > 23 || minutes > 59) {
    return null;
  }
  let shownDate: string;
  try {
    shownDate = format(date, toDateFnsPattern(dateFormat?.trim() || DEFAULT_DATE_FORMAT));
  } catch {
    // A format date-fns cannot use falls back to the default rather than hiding the value.
    shownDate = format(date, toDateFnsPattern(DEFAULT_DATE_FORMAT));
  }
  return `${shownDate} ${match[2]}:${match[3]}`;
}

// Built on first use, not when the module loads: the first Intl object of a page loads the
// browser's locale data (40-130 ms on a phone), which the apply form's first paint does not need.
let moneyFormat: Intl.NumberFormat | undefined;

/** An amount with the organisation's currency symbol (£ by default) and two decimals. Null when not a number. */
export function formatCurrency(
  value: number | string,
  symbol: string | null | undefined = DEFAULT_CURRENCY_SYMBOL,
): string | null {
  const amount = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isFinite(amount) || (typeof value === 'string' && value.trim() === '')) {
    return null;
  }
  const sign = amount < 0 ? '-' : '';
  moneyFormat ??= new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${sign}${symbol || DEFAULT_CURRENCY_SYMBOL}${moneyFormat.format(Math.abs(amount))}`;
}

/** A file size in KB, or in MB above 1024 KB (applicant-flow §9), with binary (1024) units. */
export function formatFileSize(bytes: number): string {
  const kilobytes = bytes / 1024;
  if (kilobytes > 1024) {
    return `${(kilobytes / 1024).toFixed(2)} MB`;
  }
  return `${kilobytes.toFixed(2)} KB`;
}

/** Where a link value opens: as given when it starts with http, otherwise with an `http://` prefix. */
export function linkHref(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
}

/** The name an attachment is shown with (`original_name`, or `name` on older records). */
export function attachmentName(attachment: Attachment): string {
  return attachment.original_name ?? attachment.name ?? 'File';
}

/** An attachment's size in bytes (`file_size`, or `size` on older records), when known. */
export function attachmentSize(attachment: Attachment): number | undefined {
  return attachment.file_size ?? attachment.size;
}
