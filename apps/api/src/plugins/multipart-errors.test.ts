import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.js';
import { createOrganisation } from '../test/factories/organisation.js';
import { MULTIPART_UNREADABLE } from './errors.js';

// Issue 10, finding 12: malformed multipart surfaced the parser's error as 500.
let ctx: TestContext;
const host = 'multipart-errors.test';
beforeAll(async () => {
  ctx = await createTestContext();
  await createOrganisation(ctx.db, { hosts: [host] });
});
afterAll(() => ctx?.close());

const noBoundary = { 'content-type': 'multipart/form-data' };
const unclosed = { 'content-type': 'multipart/form-data; boundary=xyz' };
const unclosedFile =
  '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello';
const unclosedField = '--xyz\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nAda';

describe.each(['/api/files?ephemeral=1', '/api/opportunities/1/apply'])('POST %s', (url) => {
  it.each([
    ['without a boundary', noBoundary, 'abc'],
    ['without the closing boundary (file)', unclosed, unclosedFile],
    ['without the closing boundary (field)', unclosed, unclosedField],
  ])('answers a body %s with 400 JSON', async (_name, headers, payload) => {
    const response = await ctx.app.inject({ method: 'POST', url, headers: { host, ...headers }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MULTIPART_UNREADABLE });
  });
});
