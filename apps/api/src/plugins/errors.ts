import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@muster/contract';

/** An error a service throws to answer with a status and a sentence (and optional field errors). */
export const MULTIPART_UNREADABLE =
  'The upload could not be read: send multipart/form-data with a boundary, and end it with the closing boundary.';

/**
 * A malformed multipart body, as busboy (under @fastify/multipart) reports it while a route reads
 * the parts: plain errors, told apart by their documented messages.
 */
export function isMultipartParseError(error: { message?: unknown; statusCode?: unknown }): boolean {
  return (
    error.statusCode === undefined &&
    typeof error.message === 'string' &&
    /^(Multipart: .+|Unexpected end of (multipart data|form)|Malformed part header|Malformed urlencoded form)$/.test(
      error.message,
    )
  );
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** Extra fields merged into the body, e.g. `application_id` for "previously applied". */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 422 with field errors keyed by dotted path. */
export function validationError(errors: Record<string, string[]>, message = 'The given data was invalid.') {
  return new HttpError(422, message, errors);
}

/** Joins a zod issue path into the dotted form the clients key errors by (`addresses.0.street`). */
export function dottedPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((part) => String(part)).join('.');
}

/** Folds zod-style issues into `{path: [messages]}`. */
export function issuesToErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  prefix?: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = [prefix, dottedPath(issue.path)]
      .filter((part) => part !== undefined && part !== '')
      .join('.');
    (errors[key || '_'] ??= []).push(issue.message);
  }
  return errors;
}

const statusMessages: Record<number, string> = {
  400: 'The request could not be understood.',
  401: 'You need to sign in to do that.',
  403: 'You do not have permission to do that.',
  404: 'Not found.',
  405: 'Method not allowed.',
  406: 'Not acceptable.',
  409: 'Conflict.',
  413: 'The request is too large.',
  415: 'Unsupported media type.',
  429: 'Too many requests.',
};

/**
 * One error shape for the whole API: `{message, errors?}`. Validation failures answer 422
 * keyed by dotted path; 5xx answers never carry internals, only the request id that is logged.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const where = error.validationContext;
        const issues = error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? 'Invalid value',
        }));
        const body: ErrorResponse = {
          message: 'The given data was invalid.',
          errors: issuesToErrors(issues, where === 'body' ? undefined : where),
        };
        return reply.status(422).send(body);
      }
      if (error instanceof HttpError) {
        if (error.headers) {
          void reply.headers(error.headers);
        }
        return reply.status(error.statusCode).send({
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
          ...error.extra,
        });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
        return reply
          .status(500)
          .send({ message: 'Something went wrong on our side.', request_id: request.id });
      }
      if (isMultipartParseError(error)) {
        return reply.status(400).send({ message: MULTIPART_UNREADABLE });
      }
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply
          .status(status)
          .send({ message: 'Something went wrong on our side.', request_id: request.id });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return reply.status(400).send({ message: 'The request body is not valid JSON.' });
      }
      if (status === 429 && error.message) {
        return reply.status(429).send({ message: error.message });
      }
      // Client errors raised by Fastify itself (body too large, bad media type): its message is safe.
      return reply
        .status(status)
        .send({ message: error.message || statusMessages[status] || 'Bad request.' });
    });
  },
  { name: 'errors' },
);
