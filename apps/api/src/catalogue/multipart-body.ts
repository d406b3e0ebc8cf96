import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client.js';
import { HttpError, validationError } from '../plugins/errors.js';
import { findInputProblem, NUL_MESSAGE } from '../plugins/input-guard.js';
import { MAX_UPLOAD_BYTES } from '@muster/contract';
import { markFilesAttached } from '../modules/files/repository.js';
import {
  filesDirectoryOf,
  storeUpload,
  uploadRefusalResponse,
  UploadRefusedError,
} from '../modules/files/service.js';
import { ByteBudgetExceededError, spoolToDisk } from '../modules/files/spool.js';

/** Limits of one multipart store: a few files, a record's worth of fields. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 5,
  fields: 100,
  fieldSize: 64 * 1024,
  parts: 105,
};

/**
 * A text field of a multipart store as the value the body schema expects: kept as text when the
 * schema takes text (or there is no schema for it), else read as JSON (`3`, `true`, `[1,2]`).
 */
function fieldValue(raw: string, schema: z.ZodType | undefined): unknown {
  if (schema?.safeParse(raw).success) {
    return raw;
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * Reads a multipart store (platform-foundation §7: "sent as multipart form data when form data is
 * given") into the JSON body the route validates: each text field by name, each file stored
 * through the file module (type judged, images re-encoded) and attached, its field holding the
 * file's id. Files stored before a refused part stay unattached, and the purge of unattached
 * uploads removes them.
 */
export async function readMultipartBody(
  request: FastifyRequest,
  options: {
    db: Database;
    dataDir: string;
    organisationId: number;
    /** Whose files they become (a per-user record's user), or null for the organisation's. */
    ownerUserId: number | null;
    shape: Record<string, z.ZodType> | undefined;
  },
): Promise<Record<string, unknown>> {
  const directory = filesDirectoryOf(options.dataDir);
  const body: Record<string, unknown> = {};
  const fileIds: string[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (findInputProblem({ [part.fieldname]: part.value }) !== null) {
          throw validationError({ [part.fieldname.replaceAll('\u0000', '')]: [NUL_MESSAGE] });
        }
        body[part.fieldname] = fieldValue(String(part.value), options.shape?.[part.fieldname]);
        continue;
      }
      let spooled: { path: string; size: number };
      try {
        spooled = await spoolToDisk(part.file, directory, { remaining: MAX_UPLOAD_BYTES });
      } catch (error) {
        if (error instanceof ByteBudgetExceededError) {
          throw validationError({ [part.fieldname]: ['The file is larger than 10 MB.'] });
        }
        throw error;
      }
      try {
        if (part.file.truncated) {
          throw validationError({ [part.fieldname]: ['The file is larger than 10 MB.'] });
        }
        const row = await storeUpload(
          { db: options.db, directory },
          {
            organisationId: options.organisationId,
            uploadedByUserId: request.session?.userId ?? null,
            filename: part.filename,
            declaredMime: part.mimetype,
            source: { path: spooled.path, move: true },
          },
        );
        fileIds.push(row.id);
        body[part.fieldname] = row.id;
      } catch (error) {
        if (error instanceof UploadRefusedError) {
          const refusal = uploadRefusalResponse(error);
          throw validationError({ [part.fieldname]: [refusal.message] });
        }
        throw error;
      } finally {
        await fs.promises.rm(spooled.path, { force: true });
      }
    }
  } catch (error) {
    if (error instanceof HttpError) {
      throw error;
    }
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('FST_')) {
      throw validationError({ body: ['The form could not be read: too many or too large parts.'] });
    }
    throw error;
  }
  await markFilesAttached(options.db, options.organisationId, fileIds, new Date(), options.ownerUserId);
  return body;
}
