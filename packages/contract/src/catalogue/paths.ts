import type { CatalogueEntry, CatalogueOperation } from './types.js';

/*
 * Reading catalogue entries, apart from the catalogue itself (index.ts): a browser page that
 * calls one area of the catalogue loads these helpers and that area, not every route.
 */

/** True when the spec leaves `operation` enabled on the entry's route. */
export function isOperationEnabled(entry: CatalogueEntry, operation: CatalogueOperation): boolean {
  return entry.operations.includes(operation);
}

const placeholder = /\{([^}]+)\}/g;

/** The `{param}` names of a catalogue path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(placeholder)].map((match) => match[1] ?? '');
}

/**
 * Fills a catalogue path's `{param}` placeholders with URL-encoded values.
 * Throws when a placeholder has no value (or an empty one): a call to `/users//consents/` is a bug.
 */
export function fillPath(path: string, params: Readonly<Record<string, string | number>>): string {
  return path.replace(placeholder, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}.`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * The path of an entry's route relative to `/api/` with its parameters filled; with `id`, the path
 * of one item (`{route}{id}`, with a `/` between when the route has no trailing slash).
 */
export function resourcePath(
  entry: CatalogueEntry,
  params: Readonly<Record<string, string | number>> = {},
  id?: string | number,
): string {
  const route = fillPath(entry.path, params);
  if (id === undefined) {
    return route;
  }
  if (id === '') {
    throw new Error(`Empty id for ${entry.name}.`);
  }
  return `${route.endsWith('/') ? route : `${route}/`}${encodeURIComponent(String(id))}`;
}
