import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  API_MEDIA_TYPE,
  MAX_UPLOAD_BYTES,
  errorResponseSchema,
  fileTypeListResponseSchema,
  uploadFileResponseSchema,
} from '@muster/contract';
import { files } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAccount, sessionTokenFor } from '../../test/factories/auth.js';
import { createFileTypes, multipartBody, pngBytes } from '../../test/factories/files.js';
import { createOrganisation } from '../../test/factories/organisation.js';

let ctx: TestContext;
let root: string;
let organisationA: number;
let organisationB: number;
const hostA = 'files-a.test';
const hostB = 'files-b.test';

beforeAll(async () => {
  // Only the purge schedule's clock is faked, so that a test can move it on an hour.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-files-test-'));
  ctx = await createTestContext({ dataDir: path.join(root, 'db') });
  organisationA = (await createOrganisation(ctx.db, { hosts: [hostA] })).id;
  organisationB = (await createOrganisation(ctx.db, { hosts: [hostB] })).id;
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
  fs.rmSync(root, { recursive: true, force: true });
});

function upload(
  part: { filename?: string; contentType?: string; content: Buffer | string; name?: string },
  options: { host?: string; url?: string } = {},
) {
  const { payload, headers } = multipartBody([{ name: part.name ?? 'file', ...part }]);
  return ctx.app.inject({
    method: 'POST',
    url: options.url ?? '/api/files?ephemeral=1',
    headers: { ...headers, host: options.host ?? hostA },
    payload,
  });
}

describe('GET /api/files/types', () => {
  it('answers an empty list before any type is accepted', async () => {
    const response = await ctx.app.inject({ url: '/api/files/types', headers: { host: hostA } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { data: [] } });
  });

  it('lists the accepted types as data.data[] of {mime, extension, kind}', async () => {
    await createFileTypes(ctx.db);
    const response = await ctx.app.inject({
      url: '/api/files/types',
      headers: { host: hostA, accept: API_MEDIA_TYPE },
    });
    expect(response.statusCode).toBe(200);
    const body = fileTypeListResponseSchema.parse(response.json());
    expect(body.data.data.map((type) => type.mime)).toEqual([
      'text/csv',
      'image/jpeg',
      'application/pdf',
      'image/png',
      'text/plain',
    ]);
    expect(body.data.data).toContainEqual({ mime: 'image/png', extension: 'png', kind: 'Image' });
  });
});

describe('POST /api/files?ephemeral=1', () => {
  it('accepts a real PNG from an anonymous applicant, judging the type from its bytes', async () => {
    const bytes = pngBytes(2, 2);
    // The client's header is deliberately wrong: the bytes decide.
    const response = await upload({
      filename: 'C:\\Users\\sam\\me.png',
      contentType: 'application/octet-stream',
      content: bytes,
    });
    expect(response.statusCode).toBe(201);
    const { data } = uploadFileResponseSchema.parse(response.json());
    const [row] = await ctx.db.select().from(files).where(eq(files.id, data.data.id));
    expect(data.data).toEqual({
      id: expect.any(String) as string,
      // The uploader's signed link (finding 7): the bare id no longer reads the file.
      url: expect.stringMatching(new RegExp(`^/api/files/${data.data.id}\\?access=u\\.\\d+\\.[\\w-]{43}$`)) as string,
      original_name: 'me.png',
      file_size: row?.size,
      type: 'image/png',
    });
    expect(row?.ephemeral).toBe(true);
    expect(row?.uploadedByUserId).toBeNull();
    expect(row?.uploadedFrom).toBe('ip:127.0.0.1');
    // Stored under a server-generated name beside the database directory, re-encoded (finding 9).
    expect(row?.storageName).toMatch(/^[0-9a-f-]{36}$/);
    const stored = fs.readFileSync(path.join(root, 'files', row?.storageName ?? ''));
    expect(stored.length).toBe(row?.size);
    const { data: pixels, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect([info.format, info.width, info.height]).toEqual(['raw', 2, 2]);
    expect([...pixels.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('refuses HTML in a .png with 415', async () => {
    const response = await upload({
      filename: 'innocent.png',
      contentType: 'image/png',
      content: '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
    });
    expect(response.statusCode).toBe(415);
    expect(errorResponseSchema.parse(response.json()).message).toBe('This type of file is not accepted.');
  });

  it('refuses SVG in a .png with 415', async () => {
    const response = await upload({
      filename: 'innocent.png',
      contentType: 'image/png',
      content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    });
    expect(response.statusCode).toBe(415);
  });

  it('refuses SVG declared as plain text with 415, as it starts with markup', async () => {
    const response = await upload({
      filename: 'notes.txt',
      contentType: 'text/plain',
      content: '  <svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    });
    expect(response.statusCode).toBe(415);
  });

  it('refuses XML even when the type table accepts it', async () => {
    await createFileTypes(ctx.db, [{ mime: 'application/xml', extension: 'xml', kind: 'Document' }]);
    const response = await upload({
      filename: 'image.svg',
      contentType: 'image/svg+xml',
      content: '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    });
    expect(response.statusCode).toBe(415);
  });

  it('accepts plain text declared as text/plain', async () => {
    const response = await upload({
      filename: 'notes.txt',
      contentType: 'text/plain',
      content: 'Hello, 5 < 6\n',
    });
    expect(response.statusCode).toBe(201);
    expect(uploadFileResponseSchema.parse(response.json()).data.data.type).toBe('text/plain');
  });

  it('refuses bytes with no signature declared as anything but text/plain or text/csv', async () => {
    const response = await upload({
      filename: 'notes.doc',
      contentType: 'application/msword',
      content: 'Hello',
    });
    expect(response.statusCode).toBe(415);
  });

  it('refuses a recognised type that is not in the file type table', async () => {
    const gif = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');
    const response = await upload({ filename: 'dot.gif', contentType: 'image/gif', content: gif });
    expect(response.statusCode).toBe(415);
  });

  it('refuses a file over 10 MB with 413 JSON', async () => {
    const big = Buffer.concat([pngBytes(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const response = await upload({ filename: 'big.png', contentType: 'image/png', content: big });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toContain('json');
    expect(errorResponseSchema.parse(response.json()).message).toBe(
      'The file is larger than the 10 MB limit.',
    );
  });

  it('accepts a file of exactly 10 MB', async () => {
    const png = pngBytes();
    const exact = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES - png.length)]);
    const response = await upload({ filename: 'exact.png', contentType: 'image/png', content: exact });
    expect(response.statusCode).toBe(201);
  });

  it('answers 422 keyed by file when the field is missing or named otherwise', async () => {
    const response = await upload({
      name: 'document',
      filename: 'me.png',
      contentType: 'image/png',
      content: pngBytes(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { file: ['Please select a file'] },
    });
  });

  it('answers 422 for an empty file', async () => {
    const response = await upload({ filename: 'empty.txt', contentType: 'text/plain', content: '' });
    expect(response.statusCode).toBe(422);
    expect(errorResponseSchema.parse(response.json()).errors).toEqual({ file: ['The file is empty.'] });
  });

  it('answers 422 without ephemeral=1', async () => {
    const response = await upload(
      { filename: 'me.png', contentType: 'image/png', content: pngBytes() },
      { url: '/api/files' },
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(errorResponseSchema.parse(response.json()).errors ?? {})).toEqual([
      'querystring.ephemeral',
    ]);
  });

  it('answers 415 JSON to a body that is not multipart', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/files?ephemeral=1',
      headers: { host: hostA, 'content-type': 'application/json' },
      payload: { file: 'data:image/png;base64,AAAA' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toContain('json');
  });
});

describe('GET /api/files/:id', () => {
  it('streams the file back to its organisation, and not to another (401 with the link, 404 signed in there)', async () => {
    const bytes = pngBytes(3, 1);
    const created = uploadFileResponseSchema.parse(
      (await upload({ filename: 'photo.png', contentType: 'image/png', content: bytes })).json(),
    ).data.data;

    const own = await ctx.app.inject({ url: created.url, headers: { host: hostA } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['content-disposition']).toBe("inline; filename*=UTF-8''photo.png");
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-security-policy']).toContain('sandbox');
    const [row] = await ctx.db.select().from(files).where(eq(files.id, created.id));
    expect(own.rawPayload.equals(fs.readFileSync(path.join(root, 'files', row?.storageName ?? '')))).toBe(true);
    expect((await sharp(own.rawPayload).metadata()).width).toBe(3);

    // The link is signed for its organisation: elsewhere it is no link at all.
    const elsewhere = await ctx.app.inject({ url: created.url, headers: { host: hostB } });
    expect(elsewhere.statusCode).toBe(401);
    const staff = await createAccount(ctx.db, organisationB, { permissions: ['view-users'] });
    const other = await ctx.app.inject({
      url: `/api/files/${created.id}`,
      headers: { host: hostB, authorization: `Bearer ${await sessionTokenFor(ctx.app, organisationB, staff.id)}` },
    });
    expect(other.statusCode).toBe(404);
    expect(errorResponseSchema.parse(other.json()).message).toBe('File not found.');
  });

  it('offers text files as downloads rather than showing them inline', async () => {
    const created = uploadFileResponseSchema.parse(
      (await upload({ filename: 'a b.csv', contentType: 'text/csv', content: 'a,b\n1,2\n' })).json(),
    ).data.data;
    const response = await ctx.app.inject({ url: created.url, headers: { host: hostA } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe("attachment; filename*=UTF-8''a%20b.csv");
    expect(response.body).toBe('a,b\n1,2\n');
  });

  it('answers 404 for an unknown id and 422 for an id that is not a UUID', async () => {
    const user = await createAccount(ctx.db, organisationA);
    const token = await sessionTokenFor(ctx.app, organisationA, user.id);
    const unknown = await ctx.app.inject({
      url: `/api/files/${crypto.randomUUID()}`,
      headers: { host: hostA, authorization: `Bearer ${token}` },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await ctx.app.inject({ url: '/api/files/../../etc/passwd', headers: { host: hostA } });
    expect([404, 422]).toContain(malformed.statusCode);
    const notUuid = await ctx.app.inject({ url: '/api/files/not-a-uuid', headers: { host: hostA } });
    expect(notUuid.statusCode).toBe(422);
  });
});

describe('ephemeral purge schedule', () => {
  it('deletes expired ephemeral uploads every hour once the server is ready', async () => {
    const created = uploadFileResponseSchema.parse(
      (await upload({ filename: 'old.png', contentType: 'image/png', content: pngBytes() })).json(),
    ).data.data;
    await ctx.db
      .update(files)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(files.id, created.id));
    vi.advanceTimersByTime(60 * 60 * 1000);
    await vi.waitFor(async () => {
      expect(await ctx.db.select().from(files).where(eq(files.id, created.id))).toEqual([]);
    });
  });
});
