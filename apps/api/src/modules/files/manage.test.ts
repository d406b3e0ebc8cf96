import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileMessages, renamedFileResponseSchema } from '@muster/contract';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createStoredFile } from '../../test/factories/files.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../test/tenant.js';
import { filesDirectoryOf } from './service.js';

/*
 * The catalogue's `files` update and delete (issue 11): renaming a file and deleting an upload.
 * An unattached upload is its uploader's; an attached file its owner's and manage-users holders';
 * an attached file is never deleted on its own (409).
 */

let ctx: TestContext;
let root: string;
let tenant: Tenant;
let elsewhere: Tenant;
let uploader: Caller;
let stranger: Caller;
let manager: Caller;
let outsider: Caller;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-files-manage-'));
  ctx = await createTestContext({ dataDir: path.join(root, 'db') });
  tenant = await createTenant(ctx.app);
  elsewhere = await createTenant(ctx.app);
  uploader = await tenant.person();
  stranger = await tenant.person();
  manager = await tenant.person(['manage-users']);
  outsider = await elsewhere.person(['manage-users']);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** An upload of `uploader` with bytes on disk; attached (to `owner`) when asked. */
async function upload(options: { attachedTo?: number; name?: string } = {}) {
  const directory = filesDirectoryOf(ctx.config.dataDir);
  fs.mkdirSync(directory, { recursive: true });
  const row = await createStoredFile(ctx.db, tenant.id, {
    uploadedByUserId: uploader.id,
    originalName: options.name ?? 'notes.txt',
    ...(options.attachedTo === undefined
      ? {}
      : { ephemeral: false, attachedAt: new Date(), ownerUserId: options.attachedTo }),
  });
  fs.writeFileSync(path.join(directory, row.storageName), 'hello');
  return { ...row, bytesAt: path.join(directory, row.storageName) };
}

async function stored(id: string) {
  const [row] = await ctx.db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

describe('PUT /api/files/{id} (rename)', () => {
  it('lets the uploader rename an unattached upload, keeping its extension', async () => {
    const file = await upload();
    const response = await callAs(ctx.app, uploader.headers, 'PUT', `/api/files/${file.id}`, {
      original_name: '  folder/Meeting notes  ',
    });
    expect(response.statusCode).toBe(200);
    const body = renamedFileResponseSchema.parse(response.json());
    expect(body.data).toMatchObject({ id: file.id, original_name: 'Meeting notes.txt', type: 'text/plain' });
    expect(body.data.url).toMatch(new RegExp(`^/api/files/${file.id}\\?access=`));
    expect((await stored(file.id))?.originalName).toBe('Meeting notes.txt');
  });

  it('keeps a name that already ends with the extension', async () => {
    const file = await upload();
    const response = await callAs(ctx.app, uploader.headers, 'PUT', `/api/files/${file.id}`, {
      original_name: 'Agenda.TXT',
    });
    expect(response.json()).toMatchObject({ data: { original_name: 'Agenda.TXT' } });
  });

  it('lets the owner and manage-users rename an attached file, and nobody else', async () => {
    const file = await upload({ attachedTo: stranger.id });
    const byOwner = await callAs(ctx.app, stranger.headers, 'PUT', `/api/files/${file.id}`, {
      original_name: 'cv',
    });
    expect(byOwner.statusCode).toBe(200);
    expect((await stored(file.id))?.originalName).toBe('cv.txt');
    const byManager = await callAs(ctx.app, manager.headers, 'PUT', `/api/files/${file.id}`, {
      original_name: 'reviewed.txt',
    });
    expect(byManager.statusCode).toBe(200);
    const byUploader = await callAs(ctx.app, uploader.headers, 'PUT', `/api/files/${file.id}`, {
      original_name: 'mine.txt',
    });
    expect(byUploader.statusCode).toBe(403);
    expect((await stored(file.id))?.originalName).toBe('reviewed.txt');
  });

  it('answers 401 without sign-in, before looking at the input', async () => {
    const file = await upload();
    const response = await callAs(ctx.app, tenant.anonymous, 'PUT', `/api/files/${file.id}`, {
      original_name: '',
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to someone else, even a manage-users holder, for an unattached upload', async () => {
    const file = await upload();
    for (const caller of [stranger, manager]) {
      const response = await callAs(ctx.app, caller.headers, 'PUT', `/api/files/${file.id}`, {
        original_name: 'taken.txt',
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await stored(file.id))?.originalName).toBe('notes.txt');
  });

  it('answers 422 at the field for an empty or too long name', async () => {
    const file = await upload();
    for (const name of ['   ', 'x'.repeat(256)]) {
      const response = await callAs(ctx.app, uploader.headers, 'PUT', `/api/files/${file.id}`, {
        original_name: name,
      });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['original_name']);
    }
  });

  it('answers 404 for another organisation’s file and an unknown id', async () => {
    const file = await upload({ attachedTo: uploader.id });
    const across = await callAs(ctx.app, outsider.headers, 'PUT', `/api/files/${file.id}`, {
      original_name: 'x',
    });
    expect(across.statusCode).toBe(404);
    const unknown = await callAs(
      ctx.app,
      uploader.headers,
      'PUT',
      '/api/files/00000000-0000-4000-8000-000000000000',
      {
        original_name: 'x',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect((await stored(file.id))?.originalName).toBe('notes.txt');
  });
});

describe('DELETE /api/files/{id}', () => {
  it('deletes the uploader’s unattached upload, row and bytes', async () => {
    const file = await upload();
    const response = await callAs(ctx.app, uploader.headers, 'DELETE', `/api/files/${file.id}`);
    expect(response.statusCode).toBe(204);
    expect(await stored(file.id)).toBeNull();
    expect(fs.existsSync(file.bytesAt)).toBe(false);
  });

  it('refuses an attached file with 409 and keeps it', async () => {
    const file = await upload({ attachedTo: uploader.id });
    for (const caller of [uploader, manager]) {
      const response = await callAs(ctx.app, caller.headers, 'DELETE', `/api/files/${file.id}`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: fileMessages.attached });
    }
    expect(await stored(file.id)).not.toBeNull();
    expect(fs.existsSync(file.bytesAt)).toBe(true);
  });

  it('answers 401 without sign-in, 403 to someone else, 404 across organisations', async () => {
    const file = await upload();
    expect((await callAs(ctx.app, tenant.anonymous, 'DELETE', `/api/files/${file.id}`)).statusCode).toBe(401);
    expect((await callAs(ctx.app, stranger.headers, 'DELETE', `/api/files/${file.id}`)).statusCode).toBe(403);
    expect((await callAs(ctx.app, outsider.headers, 'DELETE', `/api/files/${file.id}`)).statusCode).toBe(404);
    expect(await stored(file.id)).not.toBeNull();
  });

  it('answers 422 for an id that is not a file id', async () => {
    const response = await callAs(ctx.app, uploader.headers, 'DELETE', '/api/files/not-a-uuid');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['params.id']);
  });
});
