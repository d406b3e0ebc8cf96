import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, errorResponseSchema } from '@muster/contract';
import { createTestContext, type TestContext } from '../../test/context.js';
import { multipartBody, pngBytes } from '../../test/factories/files.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { MULTIPART_UNREADABLE } from '../../plugins/errors.js';
import { incomingDirectoryOf } from '../files/spool.js';

/*
 * Issue 10, finding 6: the apply route buffered up to 20 files of 10 MB in memory before any rate
 * limit. Now it is limited before the body is read, capped per request, and streams files to disk.
 */

let ctx: TestContext;
let root: string;
const host = 'apply-limits.test';
const url = '/api/opportunities/no-such-opportunity/apply';

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-apply-limits-test-'));
  ctx = await createTestContext({ dataDir: path.join(root, 'db') });
  await createOrganisation(ctx.db, { hosts: [host] });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(root, { recursive: true, force: true });
});

let addresses = 0;
const nextAddress = () => `192.0.2.${(addresses += 1)}`;

function incomingFiles(): string[] {
  try {
    return fs.readdirSync(incomingDirectoryOf(path.join(root, 'files')));
  } catch {
    return [];
  }
}

/** Posts a form to the apply route from a new client address. */
function postForm(form: { headers: Record<string, string>; payload: string | Buffer | Readable }) {
  return ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextAddress(),
    headers: { ...form.headers, host },
    payload: form.payload,
  });
}

/** A multipart body of `files` parts of `size` bytes each, made a megabyte at a time and sent without a length. */
function streamedForm(files: number, size: number) {
  const boundary = 'muster-apply-stream';
  const megabyte = Buffer.alloc(1024 * 1024, 0x62);
  const body = Readable.from(
    (function* () {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="validateOnly"\r\n\r\n1\r\n`);
      for (let file = 0; file < files; file += 1) {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="supportingDocuments[${file}][file]"; filename="doc${file}.txt"\r\nContent-Type: text/plain\r\n\r\n`,
        );
        for (let sent = 0; sent < size; sent += megabyte.length) {
          yield megabyte.subarray(0, Math.min(megabyte.length, size - sent));
        }
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${boundary}--\r\n`);
    })(),
  );
  return {
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
  };
}

describe('POST /api/opportunities/{id}/apply limits', () => {
  it('answers 429 after 120 requests a minute from one address, before reading the body', async () => {
    const remoteAddress = nextAddress();
    for (let index = 0; index < 120; index += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        remoteAddress,
        headers: { host },
        payload: { validateOnly: '1' },
      });
      expect(response.statusCode).toBe(404);
    }
    // Unreadable multipart would be a 400 if it were parsed: the limit answers first.
    const limited = await ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { host, 'content-type': 'multipart/form-data' },
      payload: 'abc',
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a body declaring more than 32 MB with 413 before reading it', async () => {
    const form = multipartBody([
      { name: 'validateOnly', content: '1' },
      {
        name: 'big',
        filename: 'big.txt',
        contentType: 'text/plain',
        content: Buffer.alloc(33 * 1024 * 1024),
      },
    ]);
    const response = await postForm(form);
    expect(response.statusCode).toBe(413);
    expect(errorResponseSchema.parse(response.json()).message).toBe(
      'The form is larger than the 32 MB limit.',
    );
    expect(incomingFiles()).toEqual([]);
  });

  it('counts the bytes of a form sent without a length: 4 files of 9 MB are refused with 413 and removed', async () => {
    const response = await postForm(streamedForm(4, 9 * 1024 * 1024));
    expect(response.statusCode).toBe(413);
    expect(errorResponseSchema.parse(response.json()).message).toBe(
      'The form is larger than the 32 MB limit.',
    );
    expect(incomingFiles()).toEqual([]);
  });

  it('refuses a file over 10 MB sent with the form (413) and removes what it received', async () => {
    const form = streamedForm(1, MAX_UPLOAD_BYTES + 1);
    const response = await postForm(form);
    expect(response.statusCode).toBe(413);
    expect(errorResponseSchema.parse(response.json()).message).toBe('A file is larger than the 10 MB limit.');
    expect(incomingFiles()).toEqual([]);
  });

  it('removes the files sent with a form once it is answered', async () => {
    // Over 64 KB: a smaller form is read whole, in memory, and nothing is spooled.
    const form = multipartBody([
      { name: 'validateOnly', content: '1' },
      {
        name: 'supportingDocuments[0][file]',
        filename: 'id.png',
        contentType: 'image/png',
        content: Buffer.concat([pngBytes(), Buffer.alloc(70 * 1024)]),
      },
    ]);
    const response = await postForm(form);
    // The opportunity does not exist: the body was read (the file spooled), then refused.
    expect(response.statusCode).toBe(404);
    expect(fs.existsSync(incomingDirectoryOf(path.join(root, 'files')))).toBe(true);
    expect(incomingFiles()).toEqual([]);
  });

  it('refuses a small form with more than 10 files (413), as a large one is', async () => {
    const form = multipartBody([
      { name: 'validateOnly', content: '1' },
      ...Array.from({ length: 11 }, (_, index) => ({
        name: `supportingDocuments[${index}][file]`,
        filename: `id-${index}.png`,
        contentType: 'image/png',
        content: pngBytes(),
      })),
    ]);
    expect(form.payload.length).toBeLessThan(64 * 1024);
    const response = await postForm(form);
    expect(response.statusCode).toBe(413);
    expect(errorResponseSchema.parse(response.json()).message).toBe('The form has too many fields or files.');
  });

  it('answers 400 for a small form it cannot parse, naming what to send', async () => {
    const response = await postForm({
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="validateOnly"\r\n\r\n1',
    });
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json()).message).toBe(MULTIPART_UNREADABLE);
  });
});
