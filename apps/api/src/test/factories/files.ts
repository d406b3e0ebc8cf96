import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { Executor } from '../../db/client.js';
import { files, fileTypes } from '../../db/schema/index.js';
import { insertedRow } from '../../db/rows.js';

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

/**
 * A decompression bomb's header: a PNG that declares `width` by `height` pixels (20000 x 20000 by
 * default, 400 megapixels) but holds the compressed data of one row only, a few bytes.
 */
export function declaredPngBytes(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Text planted in the EXIF of {@link jpegWithExifBytes}, to look for after re-encoding. */
export const EXIF_MARKER = 'Muster test camera owner';

/**
 * A real JPEG photo (`width` x `height`, orange) carrying EXIF: IFD0 with the artist and
 * copyright set to {@link EXIF_MARKER}, and a GPS position (51.5 N, 0.12 W).
 */
export async function jpegWithExifBytes(width = 16, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 128, b: 0 } } })
    .jpeg()
    .withExif({
      IFD0: { Artist: EXIF_MARKER, Copyright: EXIF_MARKER },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

/**
 * An uncompressed BMP of `width` x `height` pixels with 24 bits per pixel, bottom-up rows, every
 * pixel `rgb`; `declared` overrides the dimensions written in the header (a bomb's lie).
 */
export function bmpBytes(
  width: number,
  height: number,
  rgb: [number, number, number] = [0, 0, 255],
  declared: { width: number; height: number } = { width, height },
): Buffer {
  const stride = Math.floor((24 * width + 31) / 32) * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column < width; column += 1) {
      const at = row * stride + column * 3;
      pixels[at] = rgb[2];
      pixels[at + 1] = rgb[1];
      pixels[at + 2] = rgb[0];
    }
  }
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(declared.width, 18);
  header.writeInt32LE(declared.height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
}

/**
 * A file row (no bytes on disk): by default an ephemeral, unattached upload of 1 KB made now.
 * For tests of quotas and of who may read what.
 */
export async function createStoredFile(
  db: Executor,
  organisationId: number,
  overrides: Partial<typeof files.$inferInsert> = {},
) {
  return insertedRow(
    await db
      .insert(files)
      .values({
        organisationId,
        storageName: randomUUID(),
        originalName: 'file.txt',
        mime: 'text/plain',
        size: 1024,
        ephemeral: true,
        ...overrides,
      })
      .returning(),
    'file',
  );
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
