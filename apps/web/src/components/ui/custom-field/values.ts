import {
  sortCustomFieldOptions,
  type Attachment,
  type CustomFieldOption,
  type StartEndValue,
} from '@muster/contract';

/** Options in display order (by position). */
export function orderedOptions(options: readonly CustomFieldOption[] | undefined): CustomFieldOption[] {
  return sortCustomFieldOptions(options ?? []);
}

/** The option whose value matches (compared as text, since a select only knows text). */
export function findOption(
  options: readonly CustomFieldOption[],
  value: unknown,
): CustomFieldOption | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') {
    return undefined;
  }
  return options.find((option) => String(option.value) === String(value));
}

/** The attachments a file field holds, whether stored as one attachment or a list; malformed entries are skipped. */
export function attachmentsOf(value: unknown): Attachment[] {
  const list: unknown[] = Array.isArray(value)
    ? value
    : value === null || value === undefined || value === ''
      ? []
      : [value];
  return list.flatMap((item) => {
    const attachment = attachmentOf(item);
    return attachment ? [attachment] : [];
  });
}

/** A startenddate value, with both ends null when the value is missing or malformed. */
export function startEndOf(value: unknown): StartEndValue {
  const nullableText = (end: unknown): end is string | null => end === null || typeof end === 'string';
  if (!isRecord(value)) {
    return { start: null, end: null };
  }
  const { start, end } = value;
  return nullableText(start) && nullableText(end) ? { start, end } : { start: null, end: null };
}

// The two readers below check by hand what the contract's `attachmentSchema` and
// `startEndValueSchema` describe, keeping their known keys only as zod does: fields render before
// zod's schemas load (they load with the form's validation, on the applicant's first key press).

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** One stored attachment, or null when it is not one (`attachmentSchema`). */
function attachmentOf(item: unknown): Attachment | null {
  if (
    !isRecord(item) ||
    !(typeof item.id === 'string' || isFiniteNumber(item.id)) ||
    typeof item.url !== 'string'
  ) {
    return null;
  }
  const attachment: Attachment = { id: item.id, url: item.url };
  for (const key of ['original_name', 'name', 'type'] as const) {
    const text = item[key];
    if (text !== undefined && typeof text !== 'string') {
      return null;
    }
    if (text !== undefined) {
      attachment[key] = text;
    }
  }
  for (const key of ['file_size', 'size'] as const) {
    const size = item[key];
    if (size !== undefined && !isFiniteNumber(size)) {
      return null;
    }
    if (size !== undefined) {
      attachment[key] = size;
    }
  }
  const { thumbnails } = item;
  if (thumbnails !== undefined) {
    if (!isRecord(thumbnails) || (thumbnails.thumb !== undefined && typeof thumbnails.thumb !== 'string')) {
      return null;
    }
    attachment.thumbnails = thumbnails.thumb === undefined ? {} : { thumb: thumbnails.thumb };
  }
  return attachment;
}

/** The text of a text-like value; '' for nothing. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    return String(value);
  }
  return '';
}

/** The stored `YYYY-MM-DD HH:mm` as a datetime-local box value (`YYYY-MM-DDTHH:mm`), and back. */
export function toDateTimeLocal(value: unknown): string {
  const match = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(value.trim()) : null;
  return match ? `${match[1]}T${match[2]}` : '';
}

export function fromDateTimeLocal(value: string): string | null {
  return value === '' ? null : value.replace('T', ' ').slice(0, 16);
}

/** A number box's text as the stored number, or null when empty or not a number. */
export function numberFromInput(text: string): number | null {
  if (text.trim() === '') {
    return null;
  }
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/**
 * What a field should hold when it has no value yet but has `default_selected` options: the
 * first such option for dropdown and radio, all of them for checkboxes. Undefined when nothing
 * is preselected.
 */
export function defaultSelection(type: string, options: readonly CustomFieldOption[]): unknown {
  const defaults = orderedOptions(options).filter((option) => option.default_selected === true);
  if (defaults.length === 0) {
    return undefined;
  }
  if (type === 'checkboxes') {
    return defaults.map((option) => option.value);
  }
  if (type === 'dropdown' || type === 'radio') {
    return defaults[0]?.value;
  }
  return undefined;
}
