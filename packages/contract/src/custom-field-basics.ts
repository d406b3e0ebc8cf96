/*
 * What a page needs of custom fields before it validates anything: the types, the photo rules,
 * emptiness and option order. Free of zod, so that the form's first paint does not load it
 * (custom-field.ts, which re-exports these, holds the schemas).
 */

/** The attribute types a custom field can have (applicant-flow §3.8); any other type renders as plain text. */
export const CUSTOM_FIELD_TYPES = [
  'text',
  'integer',
  'date',
  'datetime',
  'html',
  'email',
  'telephone',
  'boolean',
  'decimal',
  'currency',
  'dropdown',
  'startenddate',
  'checkboxes',
  'radio',
  'files',
  'file',
  'photo',
  'link',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** True for one of the 18 known types. */
export function isKnownCustomFieldType(type: string): type is CustomFieldType {
  return (CUSTOM_FIELD_TYPES as readonly string[]).includes(type);
}

/** Mime types a photo field accepts: bmp, gif, jpeg and png only (applicant-flow §5). */
export const PHOTO_MIME_TYPES = ['image/bmp', 'image/gif', 'image/jpeg', 'image/png'] as const;
/** File name endings a photo field accepts, matching {@link PHOTO_MIME_TYPES}. */
export const PHOTO_EXTENSIONS = ['.bmp', '.gif', '.jpeg', '.jpg', '.png'] as const;

/** Whether a picked file may go into a photo field, judged by its mime type or, lacking one, its name. */
export function isAcceptedPhoto(file: { type?: string | undefined; name?: string | undefined }): boolean {
  const mime = (file.type ?? '').toLowerCase();
  if (mime !== '') {
    return (PHOTO_MIME_TYPES as readonly string[]).includes(mime);
  }
  const name = (file.name ?? '').toLowerCase();
  return PHOTO_EXTENSIONS.some((extension) => name.endsWith(extension));
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The attachments held by a file field, whether stored as one attachment or a list. */
export function attachmentsOf(value: unknown): unknown[] {
  if (Array.isArray(value)) {
    return value;
  }
  return isBlank(value) ? [] : [value];
}

/** Whether a field holds no value at all, by its type. */
export function isCustomFieldValueEmpty(type: string, value: unknown): boolean {
  switch (type) {
    case 'checkboxes':
      return !Array.isArray(value) || value.length === 0;
    case 'files':
    case 'file':
    case 'photo':
      return attachmentsOf(value).length === 0;
    case 'startenddate': {
      // What startEndValueSchema accepts, checked by hand: this module stays free of zod.
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return true;
      }
      const { start, end } = value as Record<string, unknown>;
      const isDateText = (date: unknown) => date === null || typeof date === 'string';
      return !isDateText(start) || !isDateText(end) || (isBlank(start) && isBlank(end));
    }
    case 'boolean':
      return typeof value !== 'boolean';
    case 'integer':
    case 'decimal':
    case 'currency':
      return isBlank(value) || (typeof value === 'number' && Number.isNaN(value));
    default:
      return isBlank(value);
  }
}

/** Options in the order they are shown: by ascending position. */
export function sortCustomFieldOptions<T extends { position: number }>(options: readonly T[]): T[] {
  return [...options].sort((a, b) => a.position - b.position);
}
