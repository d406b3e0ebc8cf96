import type { FastifyRequest } from 'fastify';
import type { HttpError } from '../../plugins/errors.js';

/**
 * Refuses a multipart body by its `Content-Length` before a byte of it is read: throws `refusal`
 * (a 413) when it declares more than `maxBytes`. A body without a length (chunked) is left to the
 * byte counting of whoever reads it.
 */
export function assertUploadLength(request: FastifyRequest, maxBytes: number, refusal: () => HttpError): void {
  if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')) {
    return;
  }
  const header = request.headers['content-length'];
  if (header !== undefined && (!/^\d+$/.test(header) || Number(header) > maxBytes)) {
    throw refusal();
  }
}
