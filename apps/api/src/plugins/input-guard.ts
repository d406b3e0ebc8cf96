import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_ROW_ID } from '@muster/contract';
import { HttpError } from './errors.js';

/** Deepest nesting of objects and arrays a request may carry; the deepest real body (the application form) uses five. */
export const MAX_INPUT_DEPTH = 32;

/** A NUL character: PostgreSQL text and jsonb cannot hold it, so it is refused at the door. */
const NUL = '\u0000';

export const NUL_MESSAGE = 'This value contains a character that is not allowed.';
export const DEPTH_MESSAGE = `The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`;

/**
 * The first problem in a parsed input, found without recursion (so that no depth can overflow
 * the stack): a NUL character in a key or a string value (with its dotted path), or nesting
 * beyond {@link MAX_INPUT_DEPTH}.
 */
export function findInputProblem(value: unknown): { path: string; kind: 'nul' | 'depth' } | null {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) {
        return { path: path.join('.'), kind: 'nul' };
      }
      continue;
    }
    if (current === null || typeof current !== 'object') {
      continue;
    }
    if (path.length >= MAX_INPUT_DEPTH) {
      return { path: path.join('.'), kind: 'depth' };
    }
    for (const [key, child] of Object.entries(current as Record<string, unknown>)) {
      if (key.includes(NUL)) {
        return { path: [...path, key.replaceAll(NUL, '')].join('.'), kind: 'nul' };
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/**
 * Refuses, before validation, inputs no handler can store or walk safely: NUL characters in the
 * path parameters, query or JSON body (422 at the field), and bodies nested beyond
 * {@link MAX_INPUT_DEPTH} (422). Multipart bodies are read by their routes, which apply the same
 * check to each field (see {@link findInputProblem}).
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      // A number no row id can be names nothing: 404 here, before a query overflows the column.
      for (const value of Object.values((request.params ?? {}) as Record<string, unknown>)) {
        if (typeof value === 'string' && /^\d+$/.test(value) && (value.length > 10 || Number(value) > MAX_ROW_ID)) {
          throw new HttpError(404, 'The record was not found.');
        }
      }
      for (const [where, input] of [
        ['params', request.params],
        ['querystring', request.query],
        ['body', request.body],
      ] as const) {
        const problem = findInputProblem(input);
        if (!problem) {
          continue;
        }
        if (problem.kind === 'depth') {
          // Keyed by the top-level field that goes too deep: the dotted path itself would be 32 levels long.
          const field = where === 'body' ? problem.path.split('.')[0] || where : where;
          throw new HttpError(422, DEPTH_MESSAGE, { [field]: [DEPTH_MESSAGE] });
        }
        const field = where === 'body' ? problem.path : [where, problem.path].filter(Boolean).join('.');
        throw new HttpError(422, 'The given data was invalid.', { [field || where]: [NUL_MESSAGE] });
      }
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
