import { z } from 'zod';
import { dataEnvelope } from './api.js';

/** Largest upload accepted by `POST /api/files`: 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Ephemeral uploads not attached to anything within this time are deleted (rows and bytes). */
export const EPHEMERAL_FILE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The kinds a mime type maps to (platform-foundation §9). */
export const FILE_KINDS = ['Image', 'Video', 'Audio', 'PDF', 'Document'] as const;

/** One mime type accepted for upload. */
export const fileTypeSchema = z.object({
  mime: z.string().describe('Mime type, e.g. `image/png`.'),
  extension: z.string().describe('Usual file name ending, without the dot, e.g. `png`.'),
  kind: z.string().describe('One of Image, Video, Audio, PDF, Document.'),
});
export type FileType = z.infer<typeof fileTypeSchema>;

/** `GET /api/files/types`: the accepted types; clients read `data.data[].mime`. */
export const fileTypeListResponseSchema = dataEnvelope(dataEnvelope(z.array(fileTypeSchema))).describe(
  'Accepted file types',
);
export type FileTypeListResponse = z.infer<typeof fileTypeListResponseSchema>;

/** `POST /api/files` query: only ephemeral uploads (attached later by the form that uses them) exist. */
export const uploadFileQuerySchema = z.object({
  ephemeral: z
    .literal('1')
    .describe('Must be `1`: the upload is deleted unless attached to something within 24 hours.'),
});
export type UploadFileQuery = z.infer<typeof uploadFileQuerySchema>;

/** A stored file as the upload answers it. */
export const uploadedFileSchema = z.object({
  id: z.string().describe('File id (a UUID).'),
  url: z
    .string()
    .describe(
      'Where the uploader reads the file back: `/api/files/{id}?access=…`, a signed link that needs no sign-in and works while the file is unattached (at most 24 hours).',
    ),
  original_name: z.string().describe('The name the file was uploaded with, without any folder part.'),
  file_size: z.number().int().describe('Size in bytes.'),
  type: z.string().describe('Mime type judged from the file contents.'),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** `POST /api/files?ephemeral=1` (201): the created file. */
export const uploadFileResponseSchema = dataEnvelope(dataEnvelope(uploadedFileSchema)).describe(
  'Uploaded file',
);
export type UploadFileResponse = z.infer<typeof uploadFileResponseSchema>;

/** `GET /api/files/:id` path parameters. */
export const fileParamsSchema = z.object({
  id: z.uuid().describe('File id.'),
});
export type FileParams = z.infer<typeof fileParamsSchema>;

/** `GET /api/files/:id` query: the signed part of a file link, as the API hands file links out. */
export const fileReadQuerySchema = z.object({
  access: z
    .string()
    .max(200)
    .optional()
    .describe(
      'Signed access of a file link from an upload answer or a profile/application answer; without it, the bearer token decides.',
    ),
});
export type FileReadQuery = z.infer<typeof fileReadQuerySchema>;

/** The longest name a file is shown with. */
export const MAX_FILE_NAME_LENGTH = 255;

/** `PUT /api/files/:id`: rename a file (the catalogue's `files` update). */
export const renameFileBodySchema = z.object({
  original_name: z
    .string()
    .trim()
    .min(1, 'Please enter a name')
    .max(MAX_FILE_NAME_LENGTH, `The name may be at most ${MAX_FILE_NAME_LENGTH} characters`)
    .describe(
      'The name the file is shown and downloaded with. Folder parts and control characters are removed; the extension of the stored type is kept (added when left out).',
    ),
});
export type RenameFileBody = z.infer<typeof renameFileBodySchema>;

/** `PUT /api/files/:id` (200): the renamed file, its `url` a link for the caller. */
export const renamedFileResponseSchema = dataEnvelope(uploadedFileSchema).describe('Renamed file');
export type RenamedFileResponse = z.infer<typeof renamedFileResponseSchema>;

/** Why a file cannot be deleted through `DELETE /api/files/:id`. */
export const fileMessages = {
  attached:
    'This file is attached to a record and cannot be deleted on its own. Remove it from the record instead.',
} as const;
