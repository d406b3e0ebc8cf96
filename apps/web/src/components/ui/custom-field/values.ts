import {
  attachmentSchema,
  sortCustomFieldOptions,
  startEndValueSchema,
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
    const parsed = attachmentSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A startenddate value, with both ends null when the value is missing or malformed. */
export function startEndOf(value: unknown): StartEndValue {
  const parsed = startEndValueSchema.safeParse(value);
  return parsed.success ? parsed.data : { start: null, end: null };
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
