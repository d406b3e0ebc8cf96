/**
 * Turns flat form fields as a browser's FormData sends them (`addresses[0][street]`,
 * `questions[slug]`, `tags[]`) into nested objects. Bracket segments always make object keys —
 * `addresses[0]` gives `{addresses: {'0': …}}` — so ids used as keys survive
 * (`diversity[diversity_v2_questions][3][option]`); the application body schema reads objects
 * keyed `0`, `1`, … as lists. `name[]` appends to a list, and a name sent twice becomes a list.
 */

/** A field name or value the parser refuses; the route answers 422 at `field`. */
export class FormFieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'FormFieldError';
  }
}

export type FieldValue = string | Blob;
export type ParsedFields = { [key: string]: ParsedValue };
export type ParsedValue = FieldValue | ParsedFields | ParsedValue[];

/** How deep a name may nest (`a[b][c][d][e][f]` is 5 segments). */
const MAX_SEGMENTS = 6;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
const KEY_PATTERN = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

type Segment = { kind: 'key'; name: string } | { kind: 'push' };

const BRACKET_SEGMENT = /\[([^[\]]*)\]/g;

function splitKey(key: string): Segment[] {
  // Most names of a form are plain (`email`, `first_name`): one segment, no pattern to run.
  if (key !== '' && !key.includes('[') && !key.includes(']')) {
    if (FORBIDDEN.has(key)) {
      throw new FormFieldError(key, `The field name "${key}" is not allowed.`);
    }
    return [{ kind: 'key', name: key }];
  }
  const match = KEY_PATTERN.exec(key);
  if (!match?.[1]) {
    throw new FormFieldError(key, `The field name "${key}" is malformed.`);
  }
  const segments: Segment[] = [{ kind: 'key', name: match[1] }];
  for (const [, inner = ''] of (match[2] ?? '').matchAll(BRACKET_SEGMENT)) {
    segments.push(inner === '' ? { kind: 'push' } : { kind: 'key', name: inner });
  }
  if (segments.length > MAX_SEGMENTS) {
    throw new FormFieldError(key, `The field name "${key}" nests too deeply.`);
  }
  for (const segment of segments) {
    if (segment.kind === 'key' && FORBIDDEN.has(segment.name)) {
      throw new FormFieldError(key, `The field name "${key}" is not allowed.`);
    }
  }
  const pushAt = segments.findIndex((segment) => segment.kind === 'push');
  if (pushAt !== -1 && pushAt !== segments.length - 1) {
    throw new FormFieldError(key, `The field name "${key}" may only end with [].`);
  }
  return segments;
}

function isContainer(value: ParsedValue | undefined): value is ParsedFields {
  return (
    value !== undefined && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Blob)
  );
}

function isLeaf(value: ParsedValue | undefined): value is FieldValue {
  return typeof value === 'string' || value instanceof Blob;
}

/** The container at `path` under `root`, creating empty ones on the way. */
function walk(root: ParsedFields, path: Segment[], key: string): ParsedFields {
  let container = root;
  for (const segment of path) {
    const name = (segment as { name: string }).name;
    const existing = Object.hasOwn(container, name) ? container[name] : undefined;
    if (existing === undefined) {
      const created: ParsedFields = {};
      container[name] = created;
      container = created;
    } else if (isContainer(existing)) {
      container = existing;
    } else {
      throw new FormFieldError(key, `The field "${key}" conflicts with another field of the same name.`);
    }
  }
  return container;
}

/** Nests the fields; later duplicates of a plain name join a list, as FormData allows. */
export function parseBracketedFields(entries: Iterable<readonly [string, FieldValue]>): ParsedFields {
  const root: ParsedFields = {};
  for (const [key, value] of entries) {
    const segments = splitKey(key);
    // `name[]` appends to the list at `name`; otherwise the last segment names the value.
    const pushing = segments[segments.length - 1]?.kind === 'push';
    const named = pushing ? segments.slice(0, -1) : segments;
    const container = walk(root, named.slice(0, -1), key);
    const name = (named[named.length - 1] as { name: string }).name;
    const existing = Object.hasOwn(container, name) ? container[name] : undefined;
    if (existing === undefined) {
      container[name] = pushing ? [value] : value;
    } else if (isLeaf(existing)) {
      container[name] = [existing, value];
    } else if (Array.isArray(existing)) {
      existing.push(value);
    } else {
      throw new FormFieldError(key, `The field "${key}" conflicts with another field of the same name.`);
    }
  }
  return root;
}
