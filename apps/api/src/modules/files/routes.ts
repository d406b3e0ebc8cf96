import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_UPLOAD_BYTES,
  errorResponseSchema,
  fileParamsSchema,
  fileTypeListResponseSchema,
  uploadFileQuerySchema,
  uploadFileResponseSchema,
} from '@muster/contract';
import { HttpError, validationError } from '../../plugins/errors.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { fileTypeList, filesDirectoryOf, openStoredFile, storeUpload, type FileStore } from './service.js';

/** Types a browser may show in the page; everything else is offered as a download. */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/bmp',
  'image/webp',
  'application/pdf',
]);

/**
 * Files used by form widgets (platform-foundation §7): the accepted types, ephemeral uploads
 * and reading a file back. Public: the application form uploads before the applicant has an
 * account; tenancy still applies and a file is only ever served to the organisation owning it.
 */
export async function registerFilesModule(app: FastifyInstance): Promise<void> {
  const store: FileStore = { db: app.db, directory: filesDirectoryOf(app.config.dataDir) };

  // Own scope, so that multipart parsing exists for these routes only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 },
    });
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/files/types',
      {
        schema: {
          tags: ['files'],
          summary: 'File types accepted for upload',
          response: { 200: fileTypeListResponseSchema, 404: errorResponseSchema },
        },
      },
      async () => ({ data: { data: await fileTypeList(store.db) } }),
    );

    routes.post(
      '/files',
      {
        schema: {
          tags: ['files'],
          summary:
            'Upload a file (multipart field `file`, at most 10 MB); deleted unless attached within 24 hours',
          consumes: ['multipart/form-data'],
          querystring: uploadFileQuerySchema,
          response: {
            201: uploadFileResponseSchema,
            404: errorResponseSchema,
            413: errorResponseSchema,
            415: errorResponseSchema,
            422: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const organisation = organisationOf(request);
        if (!request.isMultipart()) {
          throw new HttpError(415, 'Send the file as multipart/form-data in the field `file`.');
        }
        const part = await request.file();
        if (!part || part.fieldname !== 'file') {
          part?.file.resume();
          throw validationError({ file: ['Please select a file'] });
        }
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          if (error instanceof scope.multipartErrors.RequestFileTooLargeError) {
            throw new HttpError(413, 'The file is larger than the 10 MB limit.', {
              file: ['The file is larger than the 10 MB limit.'],
            });
          }
          throw error;
        }
        const uploaded = await storeUpload(store, {
          organisationId: organisation.id,
          uploadedByUserId: request.session?.userId ?? null,
          filename: part.filename,
          declaredMime: part.mimetype,
          bytes,
        });
        return reply.status(201).send({ data: { data: uploaded } });
      },
    );

    routes.get(
      '/files/:id',
      {
        schema: {
          tags: ['files'],
          summary: 'Read a file back (only at the owning organisation)',
          params: fileParamsSchema,
          response: {
            200: z.unknown().describe('The file bytes, in the file type judged at upload.'),
            404: errorResponseSchema,
            422: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { row, stream } = await openStoredFile(store, organisationOf(request).id, request.params.id);
        const disposition = INLINE_TYPES.has(row.mime) ? 'inline' : 'attachment';
        return (
          reply
            .header('content-type', row.mime)
            .header('content-length', String(row.size))
            .header(
              'content-disposition',
              `${disposition}; filename*=UTF-8''${encodeURIComponent(row.originalName)}`,
            )
            .header('cache-control', 'no-store')
            // Even if a browser were to render it, an uploaded file runs no script and loads nothing.
            .header(
              'content-security-policy',
              "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
            )
            .send(stream)
        );
      },
    );
  });
}
