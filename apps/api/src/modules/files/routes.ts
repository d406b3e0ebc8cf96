import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_UPLOAD_BYTES,
  errorResponseSchema,
  fileParamsSchema,
  fileReadQuerySchema,
  fileTypeListResponseSchema,
  renameFileBodySchema,
  renamedFileResponseSchema,
  uploadFileQuerySchema,
  uploadFileResponseSchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { clientAddressKey } from '../../plugins/rate-limit.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { createFileUrlSigner } from './file-urls.js';
import { MAX_UPLOAD_REQUEST_BYTES, uploadAddressRule } from './limits.js';
import type { UploadClient } from './repository.js';
import { assertUploadLength } from './request-size.js';
import {
  UploadRefusedError,
  assertEphemeralQuota,
  deleteStoredFile,
  fileTypeList,
  filesDirectoryOf,
  openStoredFile,
  renameStoredFile,
  storeUpload,
  uploadRefusalResponse,
  uploadedFileOf,
  type FileStore,
} from './service.js';
import { ByteBudgetExceededError, spoolToDisk } from './spool.js';

/**
 * Types a browser may show in the page: images only (re-encoded at upload, so nothing but pixels).
 * Everything else, PDF included, is offered as a download.
 */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/webp']);

const TOO_LARGE = 'The file is larger than the 10 MB limit.';

function tooLarge(): HttpError {
  return new HttpError(413, TOO_LARGE, { file: [TOO_LARGE] });
}

/** Whose ephemeral uploads the per-client quota counts: the signed-in user, or else the client address. */
function uploadClientOf(request: FastifyRequest): UploadClient {
  return request.session ? { userId: request.session.userId } : { address: clientAddressKey(request) };
}

/**
 * Files used by form widgets (platform-foundation §7): the accepted types, ephemeral uploads
 * and reading a file back. Uploads are public (the application form uploads before the applicant
 * has an account): limited per client address before the body is read, streamed to disk, capped
 * at one file of 10 MB, and held to per-client and per-organisation quotas of unattached files.
 * A file is read back only by whoever may see it (see `openStoredFile`), through a signed link
 * or the bearer token; never across organisations. Renaming and deleting need sign-in (see
 * `renameStoredFile`, `deleteStoredFile`). Choices: docs/files.md.
 */
export async function registerFilesModule(app: FastifyInstance): Promise<void> {
  const store: FileStore = { db: app.db, directory: filesDirectoryOf(app.config.dataDir) };
  const urls = createFileUrlSigner(app.auth.codeKey);
  const uploadLimit = app.limiter(uploadAddressRule);

  // Own scope, so that multipart parsing exists for these routes only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // The one file; no field is read, so fields stay tiny and few.
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
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
        // Before the body is read: a flood is refused, and an oversized body never received.
        onRequest: async (request) => {
          await uploadLimit.consume(request, clientAddressKey(request));
          assertUploadLength(request, MAX_UPLOAD_REQUEST_BYTES, tooLarge);
        },
        schema: {
          tags: ['files'],
          summary:
            'Upload a file (multipart field `file`, at most 10 MB); deleted unless attached within 24 hours',
          description: [
            'The type is judged from the bytes. Raster images (PNG, JPEG, GIF, WebP, BMP) over 40 megapixels are refused (422); the others are re-encoded with no metadata kept (a BMP becomes a PNG).',
            '',
            '- 60 uploads per minute per client address (429 with Retry-After), counted before the body is read.',
            '- Quotas of unattached uploads within 24 hours, per client (the signed-in user, or else the address) and per organisation: 429 with a sentence and Retry-After.',
            '- The answer’s `url` is the uploader’s signed link to read the file back while it is unattached.',
          ].join('\n'),
          consumes: ['multipart/form-data'],
          querystring: uploadFileQuerySchema,
          response: {
            201: uploadFileResponseSchema,
            404: errorResponseSchema,
            413: errorResponseSchema,
            415: errorResponseSchema,
            422: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const organisation = organisationOf(request);
        if (!request.isMultipart()) {
          throw new HttpError(415, 'Send the file as multipart/form-data in the field `file`.');
        }
        const client = uploadClientOf(request);
        await assertEphemeralQuota(store.db, { organisationId: organisation.id, client, incomingBytes: 0 });
        const part = await request.file();
        if (!part || part.fieldname !== 'file') {
          part?.file.resume();
          throw validationError({ file: ['Please select a file'] });
        }
        let spooled: { path: string; size: number };
        try {
          spooled = await spoolToDisk(part.file, store.directory, { remaining: MAX_UPLOAD_BYTES });
        } catch (error) {
          if (
            error instanceof ByteBudgetExceededError ||
            error instanceof scope.multipartErrors.RequestFileTooLargeError
          ) {
            throw tooLarge();
          }
          throw error;
        }
        try {
          if (part.file.truncated) {
            throw tooLarge();
          }
          await assertEphemeralQuota(store.db, {
            organisationId: organisation.id,
            client,
            incomingBytes: spooled.size,
          });
          const row = await storeUpload(store, {
            organisationId: organisation.id,
            uploadedByUserId: request.session?.userId ?? null,
            uploadedFrom: 'address' in client ? client.address : null,
            filename: part.filename,
            declaredMime: part.mimetype,
            source: { path: spooled.path, move: true },
          });
          return await reply.status(201).send({ data: { data: uploadedFileOf(row, urls) } });
        } catch (error) {
          throw error instanceof UploadRefusedError ? uploadRefusalResponse(error) : error;
        } finally {
          await fs.promises.rm(spooled.path, { force: true });
        }
      },
    );

    routes.get(
      '/files/:id',
      {
        schema: {
          tags: ['files'],
          summary: 'Read a file back (its uploader while unattached; then its owner or view-users)',
          description: [
            'With a signed link (`access`, from the answer that showed the file) or the bearer token.',
            '',
            '- Unattached upload: its uploader only (the upload answer’s link, or signed in as them).',
            '- Attached file: its owner, holders of `view-users`, or a `view` link handed out with a profile or application answer (valid one hour).',
            '- 401 without sign-in or valid link (before the file is looked up); 403 signed in without the right; 404 unknown, or another organisation’s.',
            '- Images are shown inline; everything else, PDF included, is `Content-Disposition: attachment`.',
          ].join('\n'),
          params: fileParamsSchema,
          querystring: fileReadQuerySchema,
          response: {
            200: z.unknown().describe('The file bytes, in the file type judged at upload.'),
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            422: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const organisationId = organisationOf(request).id;
        const { id } = request.params;
        const access = request.query.access;
        const { row, stream } = await openStoredFile(store, organisationId, id, {
          session: request.session,
          link: access ? urls.verify(organisationId, id, access) : null,
        });
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
    const signedIn = {
      attachValidation: true,
      // Sign-in is checked before the input: an anonymous caller learns nothing of the rules.
      preHandler: [app.requireAuth, rethrowValidation],
    };
    const manageRules = [
      '- An unattached upload: its uploader only.',
      '- An attached file: its owner (the uploader when none is recorded) or holders of `manage-users`.',
      '- 401 without sign-in; 403 signed in without the right; 404 unknown, or another organisation’s.',
    ];

    routes.put(
      '/files/:id',
      {
        ...signedIn,
        schema: {
          tags: ['files'],
          summary: 'Rename a file (its uploader while unattached; then its owner or manage-users)',
          description: [
            ...manageRules,
            '- The stored type’s extension is kept; the answer’s `url` is a link for the caller.',
          ].join('\n'),
          params: fileParamsSchema,
          body: renameFileBodySchema,
          response: {
            200: renamedFileResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            422: errorResponseSchema,
          },
        },
      },
      async (request) => ({
        data: await renameStoredFile(store, urls, {
          organisationId: organisationOf(request).id,
          id: request.params.id,
          name: request.body.original_name,
          session: viewerOf(request),
        }),
      }),
    );

    routes.delete(
      '/files/:id',
      {
        ...signedIn,
        schema: {
          tags: ['files'],
          summary: 'Delete an unattached upload (its uploader); an attached file is 409',
          description: [
            ...manageRules,
            '- 409 for an attached file: remove it from the record that holds it instead.',
          ].join('\n'),
          params: fileParamsSchema,
          response: {
            204: z.null().describe('Deleted, bytes included.'),
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
            422: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        await deleteStoredFile(store, {
          organisationId: organisationOf(request).id,
          id: request.params.id,
          session: viewerOf(request),
        });
        return reply.status(204).send(null);
      },
    );
  });
}
