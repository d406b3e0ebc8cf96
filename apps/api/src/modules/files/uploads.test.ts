import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, errorResponseSchema, uploadFileResponseSchema } from '@muster/contract';
import { files } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAccount, sessionTokenFor } from '../../test/factories/auth.js';
import {
  EXIF_MARKER,
  bmpBytes,
  createFileTypes,
  createStoredFile,
  declaredPngBytes,
  jpegWithExifBytes,
  multipartBody,
} from '../../test/factories/files.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { EPHEMERAL_QUOTAS, quotaMessages } from './limits.js';
import { incomingDirectoryOf } from './spool.js';

/*
 * Issue 10, finding 6 (uploads could exhaust memory and disk) and finding 9 (images were not
 * checked for decompression bombs, nor stripped of their metadata), through `POST /api/files`.
 */

let ctx: TestContext;
let root: string;
let filesDirectory: string;
let organisationId: number;
let quotaOrganisationId: number;
const host = 'uploads.test';
const quotaHost = 'uploads-quota.test';
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-uploads-test-'));
  ctx = await createTestContext({ dataDir: path.join(root, 'db') });
  filesDirectory = path.join(root, 'files');
  organisationId = (await createOrganisation(ctx.db, { hosts: [host] })).id;
  quotaOrganisationId = (await createOrganisation(ctx.db, { hosts: [quotaHost] })).id;
  await createFileTypes(ctx.db, [
    { mime: 'image/png', extension: 'png', kind: 'Image' },
    { mime: 'image/jpeg', extension: 'jpg', kind: 'Image' },
    { mime: 'image/bmp', extension: 'bmp', kind: 'Image' },
    { mime: 'text/plain', extension: 'txt', kind: 'Document' },
  ]);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A made-up client address per test, so that the per-address limits of one test do not reach another. */
let addresses = 0;
const nextAddress = () => `198.51.100.${(addresses += 1)}`;

function upload(
  part: { filename: string; contentType: string; content: Buffer | string },
  options: { address?: string; token?: string; onHost?: string } = {},
) {
  const { payload, headers } = multipartBody([{ name: 'file', ...part }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/files?ephemeral=1',
    remoteAddress: options.address ?? nextAddress(),
    headers: {
      ...headers,
      host: options.onHost ?? host,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    payload,
  });
}

const note = { filename: 'note.txt', contentType: 'text/plain', content: 'hello\n' };

function incomingFiles(): string[] {
  try {
    return fs.readdirSync(incomingDirectoryOf(filesDirectory));
  } catch {
    return [];
  }
}

async function storedRow(id: string) {
  const [row] = await ctx.db.select().from(files).where(eq(files.id, id));
  return row;
}

describe('rate limit before the body is read', () => {
  it('answers 429 after 60 uploads a minute from one address, without parsing the body', async () => {
    const address = nextAddress();
    for (let index = 0; index < 60; index += 1) {
      // Not even multipart: refused by the handler (415), but counted before it.
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/files?ephemeral=1',
        remoteAddress: address,
        headers: { host, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(415);
    }
    // A malformed multipart body would be a 400 if it were read: the limit answers first.
    const limited = await ctx.app.inject({
      method: 'POST',
      url: '/api/files?ephemeral=1',
      remoteAddress: address,
      headers: { host, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nunclosed',
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload(note)).statusCode).toBe(201);
  });
});

describe('request size', () => {
  it('refuses a 30 MB body by its Content-Length with 413, before reading it', async () => {
    const big = Buffer.alloc(30 * 1024 * 1024, 0x61);
    const before = incomingFiles().length;
    const response = await upload({ filename: 'big.txt', contentType: 'text/plain', content: big });
    expect(response.statusCode).toBe(413);
    expect(errorResponseSchema.parse(response.json())).toEqual({
      message: 'The file is larger than the 10 MB limit.',
      errors: { file: ['The file is larger than the 10 MB limit.'] },
    });
    expect(incomingFiles()).toHaveLength(before);
  });

  it('streams a 30 MB body sent without a length to disk, stops at 10 MB with 413 and leaves nothing behind', async () => {
    const boundary = 'muster-stream';
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    let sent = 0;
    // 30 MB made a chunk at a time, so that the test holds no more than the server does.
    const body = Readable.from(
      (function* () {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
        );
        for (let index = 0; index < 30; index += 1) {
          sent += chunk.length;
          yield chunk;
        }
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const rowsBefore = (await ctx.db.select().from(files)).length;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/files?ephemeral=1',
      remoteAddress: nextAddress(),
      headers: { host, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
      payload: body,
    });
    expect(response.statusCode).toBe(413);
    expect(errorResponseSchema.parse(response.json()).message).toBe('The file is larger than the 10 MB limit.');
    expect(sent).toBeGreaterThan(MAX_UPLOAD_BYTES);
    // The partial file on disk is gone, and nothing was recorded.
    expect(incomingFiles()).toEqual([]);
    expect((await ctx.db.select().from(files)).length).toBe(rowsBefore);
  });

  it('refuses a second file in the same request', async () => {
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'a.txt', contentType: 'text/plain', content: 'a' },
      { name: 'file', filename: 'b.txt', contentType: 'text/plain', content: 'b' },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/files?ephemeral=1',
      remoteAddress: nextAddress(),
      headers: { ...headers, host },
      payload,
    });
    // The first file is stored; the second is never read (one file per request).
    expect(response.statusCode).toBe(201);
    expect(uploadFileResponseSchema.parse(response.json()).data.data.original_name).toBe('a.txt');
  });
});

describe('quotas of ephemeral uploads within 24 hours', () => {
  it('refuses an anonymous client address over its file count with 429 and a sentence', async () => {
    const address = nextAddress();
    for (let index = 0; index < EPHEMERAL_QUOTAS.client.files; index += 1) {
      await createStoredFile(ctx.db, organisationId, { uploadedFrom: `ip:${address}` });
    }
    const refused = await upload(note, { address });
    expect(refused.statusCode).toBe(429);
    expect(errorResponseSchema.parse(refused.json()).message).toBe(quotaMessages.client);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // Another address is not held to this one's quota.
    expect((await upload(note)).statusCode).toBe(201);
  });

  it('counts only unattached uploads of the last 24 hours', async () => {
    const address = nextAddress();
    const from = { uploadedFrom: `ip:${address}` };
    for (let index = 0; index < EPHEMERAL_QUOTAS.client.files; index += 1) {
      await createStoredFile(
        ctx.db,
        organisationId,
        index % 2 === 0
          ? { ...from, ephemeral: false, attachedAt: new Date() }
          : { ...from, createdAt: new Date(Date.now() - 25 * HOUR) },
      );
    }
    expect((await upload(note, { address })).statusCode).toBe(201);
  });

  it('refuses a signed-in uploader over the byte quota, from any address, once the body shows it', async () => {
    const user = await createAccount(ctx.db, organisationId);
    const token = await sessionTokenFor(ctx.app, organisationId, user.id);
    await createStoredFile(ctx.db, organisationId, {
      uploadedByUserId: user.id,
      size: EPHEMERAL_QUOTAS.client.bytes - 3,
    });
    // 3 bytes still fit; 6 do not.
    expect((await upload({ ...note, content: 'ok\n' }, { token })).statusCode).toBe(201);
    const refused = await upload(note, { token });
    expect(refused.statusCode).toBe(429);
    expect(errorResponseSchema.parse(refused.json()).message).toBe(quotaMessages.client);
    expect(incomingFiles()).toEqual([]);
  });

  it('refuses any client once the organisation is over its quota', async () => {
    await ctx.db.insert(files).values(
      Array.from({ length: EPHEMERAL_QUOTAS.organisation.files }, (_, index) => ({
        organisationId: quotaOrganisationId,
        storageName: `quota-${index}-${crypto.randomUUID()}`,
        originalName: 'file.txt',
        mime: 'text/plain',
        size: 1,
        uploadedFrom: `ip:203.0.113.${index % 250}`,
      })),
    );
    const refused = await upload(note, { onHost: quotaHost });
    expect(refused.statusCode).toBe(429);
    expect(errorResponseSchema.parse(refused.json()).message).toBe(quotaMessages.organisation);
    // The other organisation is not affected.
    expect((await upload(note)).statusCode).toBe(201);
  });
});

describe('images', () => {
  it('refuses a decompression bomb (a tiny PNG declaring 20000 x 20000) with 422 at file', async () => {
    const response = await upload({ filename: 'bomb.png', contentType: 'image/png', content: declaredPngBytes() });
    expect(response.statusCode).toBe(422);
    expect(errorResponseSchema.parse(response.json())).toEqual({
      message: 'This image is too large to process',
      errors: { file: ['This image is too large to process'] },
    });
    expect(incomingFiles()).toEqual([]);
  });

  it('stores a photo without its EXIF (GPS included), and serves it back that way', async () => {
    const response = await upload({ filename: 'holiday.jpg', contentType: 'image/jpeg', content: await jpegWithExifBytes() });
    expect(response.statusCode).toBe(201);
    const created = uploadFileResponseSchema.parse(response.json()).data.data;
    expect(created.type).toBe('image/jpeg');
    const served = await ctx.app.inject({ url: created.url, headers: { host } });
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 16, 8]);
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from(EXIF_MARKER))).toBe(false);
    expect(served.rawPayload.length).toBe(created.file_size);
  });

  it('stores a BMP as a PNG named .png', async () => {
    const response = await upload({ filename: 'scan.bmp', contentType: 'image/bmp', content: bmpBytes(4, 3) });
    expect(response.statusCode).toBe(201);
    const created = uploadFileResponseSchema.parse(response.json()).data.data;
    expect([created.type, created.original_name]).toEqual(['image/png', 'scan.png']);
    const row = await storedRow(created.id);
    const metadata = await sharp(path.join(filesDirectory, row?.storageName ?? '')).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 4, 3]);
  });

  it('keeps files that are not images byte for byte', async () => {
    const response = await upload({ filename: 'notes.txt', contentType: 'text/plain', content: 'as sent\n' });
    const created = uploadFileResponseSchema.parse(response.json()).data.data;
    const row = await storedRow(created.id);
    expect(fs.readFileSync(path.join(filesDirectory, row?.storageName ?? ''), 'utf8')).toBe('as sent\n');
  });
});
