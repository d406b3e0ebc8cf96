import { crc32, deflateSync } from 'node:zlib';
import type { Executor } from '../../db/client.js';
import { fileTypes } from '../../db/schema/index.js';

type NewFileType = typeof fileTypes.$inferInsert;

/** A few common accepted types, for tests that need the file type table filled. */
export const commonFileTypes: NewFileType[] = [
  { mime: 'image/png', extension: 'png', kind: 'Image' },
  { mime: 'image/jpeg', extension: 'jpg', kind: 'Image' },
  { mime: 'application/pdf', extension: 'pdf', kind: 'PDF' },
  { mime: 'text/plain', extension: 'txt', kind: 'Document' },
  { mime: 'text/csv', extension: 'csv', kind: 'Document' },
];

/** Inserts accepted file types (reference data) and returns the rows as stored. */
export async function createFileTypes(db: Executor, rows: NewFileType[] = commonFileTypes) {
  return db.insert(fileTypes).values(rows).onConflictDoNothing().returning();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The bytes of a real, valid PNG image of `width` by `height` red pixels. */
export function pngBytes(width = 1, height = 1): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([255, 0, 0]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body holding one file part (and optional text fields). */
export function multipartBody(
  parts: Array<{ name: string; filename?: string; contentType?: string; content: Buffer | string }>,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----muster${Math.random().toString(16).slice(2)}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) {
      head.push(`Content-Type: ${part.contentType}`);
    }
    pieces.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(pieces),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
