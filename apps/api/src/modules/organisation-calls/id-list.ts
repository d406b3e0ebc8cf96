import { parseRowId } from '@muster/contract';
import { validationError } from '../../plugins/errors.js';

/** Ids listed in a query string, each once, with the position it was first listed at. */
export type IdList = { ids: number[]; positionOf: ReadonlyMap<number, number> };

/**
 * Parses a comma-separated id list of a query string (`1,2,3`): 422 at `querystring.ids` when it
 * is empty or too long, at `querystring.ids.{i}` for a part that is not an id. Duplicates go.
 */
export function parseIdList(raw: string, max: number): IdList {
  const parts = raw.split(',').map((part) => part.trim());
  if (raw.trim() === '' || parts.length > max) {
    throw validationError({ 'querystring.ids': [`List 1 to ${max} ids, separated by commas.`] });
  }
  const errors: Record<string, string[]> = {};
  const positionOf = new Map<number, number>();
  parts.forEach((part, index) => {
    const id = parseRowId(part);
    if (id === null) {
      errors[`querystring.ids.${index}`] = ['An id is a whole number.'];
    } else if (!positionOf.has(id)) {
      positionOf.set(id, index);
    }
  });
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
  return { ids: [...positionOf.keys()], positionOf };
}

/** 422 at `querystring.ids.{i}` for each listed id not among `found`; nothing when all are. */
export function assertAllFound(list: IdList, found: ReadonlySet<number>, message: string): void {
  const errors: Record<string, string[]> = {};
  for (const id of list.ids) {
    if (!found.has(id)) {
      errors[`querystring.ids.${list.positionOf.get(id) ?? 0}`] = [message];
    }
  }
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
}
