import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.js';
import { createAccount, sessionTokenFor, uniqueEmail } from '../test/factories/auth.js';
import { createFileTypes, multipartBody, pngBytes } from '../test/factories/files.js';
import { createOrganisation } from '../test/factories/organisation.js';

// Issue 10, finding 14: answers with tokens or personal data are never kept by a browser or proxy.
let ctx: TestContext;
let root: string;
const host = 'no-store.test';
let account: Awaited<ReturnType<typeof createAccount>>;
let token: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-no-store-'));
  ctx = await createTestContext({ dataDir: path.join(root, 'db') });
  const organisation = await createOrganisation(ctx.db, { hosts: [host] });
  await createFileTypes(ctx.db);
  account = await createAccount(ctx.db, organisation.id, { email: uniqueEmail('no-store') });
  token = await sessionTokenFor(ctx.app, organisation.id, account.id);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('Cache-Control: no-store', () => {
  it('is on the sign-in and refresh answers', async () => {
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/api/',
      headers: { host },
      payload: { email: account.email, password: account.password, minimal: true },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/api/refresh',
      headers: { host },
      payload: { token: signIn.json<{ token: string }>().token, minimal: true },
    });
    expect(refresh.headers['cache-control']).toBe('no-store');
  });

  it('is on a user’s profile, and on refusals too', async () => {
    const own = await ctx.app.inject({
      url: `/api/users/${account.id}`,
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const anonymous = await ctx.app.inject({ url: `/api/users/${account.id}`, headers: { host } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('is on an uploaded file and its download', async () => {
    const body = multipartBody([
      { name: 'file', filename: 'dot.png', contentType: 'image/png', content: pngBytes() },
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/files?ephemeral=1',
      headers: { host, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.headers['cache-control']).toBe('no-store');
    // The upload answers the uploader's signed link to read the file back.
    const { url } = uploaded.json<{ data: { data: { url: string } } }>().data.data;
    const download = await ctx.app.inject({ url, headers: { host } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('no-store');
  });

  it('is on the site-root sign-in routes', async () => {
    const logout = await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: { host } });
    expect(logout.headers['cache-control']).toBe('no-store');
  });
});
