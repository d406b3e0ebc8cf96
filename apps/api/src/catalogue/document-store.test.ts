import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MEDIA_TYPE } from '@muster/contract';
import { catalogueRecords, files } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/context.js';
import { createAccount, sessionTokenFor } from '../test/factories/auth.js';
import { createFileTypes } from '../test/factories/files.js';
import { createOrganisation } from '../test/factories/organisation.js';

/**
 * The behaviour of the JSON-document store the catalogue walk does not reach: multipart stores
 * with files, a person's own records, filters by type, and what a deleted parent takes with it.
 */

let ctx: TestContext;
let host: string;
let manager: { host: string; authorization: string; accept: string; userId: number };
let volunteer: { host: string; authorization: string; accept: string; userId: number };

async function signedIn(organisationId: number, permissions: string[]) {
  const account = await createAccount(ctx.db, organisationId, { permissions });
  const token = await sessionTokenFor(ctx.app, organisationId, account.id);
  return { host, accept: API_MEDIA_TYPE, authorization: `Bearer ${token}`, userId: account.id };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await createFileTypes(ctx.db);
  const organisation = await createOrganisation(ctx.db);
  host = organisation.hosts[0] ?? '';
  manager = await signedIn(organisation.id, [
    'view-documents',
    'manage-documents',
    'view-users',
    'manage-users',
    'view-chats',
    'manage-chats',
  ]);
  volunteer = await signedIn(organisation.id, []);
}, 60_000);
afterAll(() => ctx?.close());

/** A multipart body with text fields and one PDF file. */
function multipart(fields: Record<string, string>, file: { field: string; name: string; bytes: Buffer }) {
  const boundary = 'walkboundary7a1';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('') + head),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('a multipart store', () => {
  it('stores the text fields as the record and each file through the file module, attached', async () => {
    const { payload, contentType } = multipart(
      { title: 'Risk assessment', pages: '3' },
      { field: 'file', name: 'risk.pdf', bytes: PDF },
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/documents/',
      headers: { ...manager, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json<{ data: unknown }>().data as Record<string, unknown>;
    expect(data).toMatchObject({ title: 'Risk assessment', pages: 3, created_by: manager.userId });
    const [file] = await ctx.db
      .select()
      .from(files)
      .where(eq(files.id, String(data.file)));
    expect(file).toMatchObject({ mime: 'application/pdf', ephemeral: false, originalName: 'risk.pdf' });
  });

  it('refuses anyone without the permission before reading a byte of it', async () => {
    const { payload, contentType } = multipart(
      { title: 'Sneaky' },
      { field: 'file', name: 'x.pdf', bytes: PDF },
    );
    const before = (await ctx.db.select().from(files)).length;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/documents/',
      headers: { ...volunteer, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(403);
    expect((await ctx.db.select().from(files)).length).toBe(before);
  });

  it('answers 422 at the field for a file of a type the product does not accept', async () => {
    const { payload, contentType } = multipart(
      { title: 'Program' },
      { field: 'file', name: 'run.exe', bytes: Buffer.from('MZ\x90\x00binary') },
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/documents/',
      headers: { ...manager, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['file']);
  });
});

describe('a person’s own records', () => {
  it('lets the user keep their own todos without a permission, and nobody else’s', async () => {
    const own = `/api/users/${volunteer.userId}/todos/`;
    const stored = await ctx.app.inject({
      method: 'POST',
      url: own,
      headers: volunteer,
      payload: { text: 'Bring gloves', done: false },
    });
    expect(stored.statusCode).toBe(201);
    const id = (stored.json<{ data: unknown }>().data as { id: number }).id;
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `${own}${id}`,
      headers: volunteer,
      payload: { done: true },
    });
    expect(changed.json<{ data: unknown }>().data).toMatchObject({ text: 'Bring gloves', done: true });
    const done = await ctx.app.inject({ url: `${own}?done=true`, headers: volunteer });
    expect((done.json<{ data: unknown }>().data as Array<{ id: number }>).map((row) => row.id)).toEqual([id]);
    const notDone = await ctx.app.inject({ url: `${own}?done=false`, headers: volunteer });
    expect(notDone.json<{ data: unknown }>().data).toEqual([]);
    const someoneElse = await ctx.app.inject({
      url: `/api/users/${manager.userId}/todos/`,
      headers: volunteer,
    });
    expect(someoneElse.statusCode).toBe(403);
    // Managers reach them through manage-users.
    const managed = await ctx.app.inject({ url: own, headers: manager });
    expect(managed.statusCode).toBe(200);
  });

  it('lets the user read but not write what the organisation keeps about them', async () => {
    const url = `/api/users/${volunteer.userId}/recognitions/`;
    const byManager = await ctx.app.inject({
      method: 'POST',
      url,
      headers: manager,
      payload: { title: 'Ten years' },
    });
    expect(byManager.statusCode).toBe(201);
    expect((await ctx.app.inject({ url, headers: volunteer })).statusCode).toBe(200);
    const write = await ctx.app.inject({
      method: 'POST',
      url,
      headers: volunteer,
      payload: { title: 'Self-awarded' },
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('a deleted document', () => {
  it('takes the records stored under it along, and only those', async () => {
    const chat = await ctx.app.inject({
      method: 'POST',
      url: '/api/chats/',
      headers: manager,
      payload: { name: 'Wardens' },
    });
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/chats/',
      headers: manager,
      payload: { name: 'Drivers' },
    });
    const chatId = (chat.json<{ data: unknown }>().data as { id: number }).id;
    const otherId = (other.json<{ data: unknown }>().data as { id: number }).id;
    for (const id of [chatId, otherId]) {
      const message = await ctx.app.inject({
        method: 'POST',
        url: `/api/chats/${id}/messages/`,
        headers: manager,
        payload: { text: 'Hello' },
      });
      expect(message.statusCode).toBe(201);
    }
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/chats/${chatId}`, headers: manager })).statusCode,
    ).toBe(204);
    const left = await ctx.db
      .select()
      .from(catalogueRecords)
      .where(eq(catalogueRecords.entry, 'chats.messages'));
    expect(left.map((row) => row.parentKey)).toEqual([`chatId=${otherId}`]);
    expect(
      (await ctx.app.inject({ url: `/api/chats/${chatId}/messages/`, headers: manager })).statusCode,
    ).toBe(404);
  });
});
