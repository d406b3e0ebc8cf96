/**
 * Appends `value` under `key` the way the apply endpoint reads multipart fields (applicant-flow
 * §7): objects and lists become bracketed keys (`addresses[0][street]`, `questions[slug]`),
 * booleans `1`/`0`, numbers their text, files as files. Undefined and null are left out, so an
 * unanswered optional field is simply absent.
 */
export function appendFlattened(form: FormData, key: string, value: unknown): void {
  if (value === undefined || value === null) {
    return;
  }
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    form.append(key, value);
    return;
  }
  if (typeof value === 'boolean') {
    form.append(key, value ? '1' : '0');
    return;
  }
  if (typeof value === 'number') {
    if (Number.isFinite(value)) {
      form.append(key, String(value));
    }
    return;
  }
  if (typeof value === 'string') {
    form.append(key, value);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => appendFlattened(form, `${key}[${index}]`, item));
    return;
  }
  if (typeof value === 'object') {
    for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
      appendFlattened(form, `${key}[${name}]`, item);
    }
  }
}

/** Every entry of `values` flattened into a new FormData (see {@link appendFlattened}). */
export function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    appendFlattened(form, key, value);
  }
  return form;
}
