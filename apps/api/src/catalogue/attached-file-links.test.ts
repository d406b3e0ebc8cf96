import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFileResponseSchema } from '@muster/contract';
import { createTestContext, type TestContext } from '../test/context.js';
import { createAccount, sessionTokenFor } from '../test/factories/auth.js';
import { createEventRow } from '../test/factories/events.js';
import { createFileTypes, multipartBody, pngBytes } from '../test/factories/files.js';
import { createOrganisation } from '../test/factories/organisation.js';

/*
 * A file attached to a record is its owner's: by its id alone only they and `view-users` read it.
 * Whoever may read the record gets, with each attachment the generic routes answer, a link that
 * reads the file for an hour (`file_url`), so an event's reader opens the event's risk assessment.
 */

let ctx: TestContext;
let root: string;
const host = 'attached-links.test';
const otherHost = 'attached-links-elsewhere.test';
const tokens = { organiser: '', reader: '', nobody: '', elsewhere: '' };
let organisationId: number;

const as = (token: string, onHost = host) => ({
  host: onHost,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-attached-links-'));
  ctx = await createTestContext({ dataDir: path.join(root, 'db') });
  organisationId = (await createOrganisation(ctx.db, { hosts: [host] })).id;
  const otherId = (await createOrganisation(ctx.db, { hosts: [otherHost] })).id;
  await createFileTypes(ctx.db);
  const people = {
    organiser: await createAccount(ctx.db, organisationId, { permissions: ['view-events', 'manage-events'] }),
    reader: await createAccount(ctx.db, organisationId, { permissions: ['view-events'] }),
    nobody: await createAccount(ctx.db, organisationId),
  };
  tokens.organiser = await sessionTokenFor(ctx.app, organisationId, people.organiser.id);
  tokens.reader = await sessionTokenFor(ctx.app, organisationId, people.reader.id);
  tokens.nobody = await sessionTokenFor(ctx.app, organisationId, people.nobody.id);
  const elsewhere = await createAccount(ctx.db, otherId, { permissions: ['view-events'] });
  tokens.elsewhere = await sessionTokenFor(ctx.app, otherId, elsewhere.id);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('links to attached files', () => {
  it('hands whoever may read an event a link that reads its attachment, and no one else the file', async () => {
    const content = pngBytes(3, 2);
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'map.png', contentType: 'image/png', content },
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/files?ephemeral=1',
      headers: { ...headers, ...as(tokens.organiser) },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploadFileResponseSchema.parse(uploaded.json()).data.data;
    const event = await createEventRow(ctx.db, organisationId);
    const attached = await ctx.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/attachments/`,
      headers: as(tokens.organiser),
      payload: { file_id: file.id, name: 'Map' },
    });
    expect(attached.statusCode, attached.body).toBe(201);

    // By its id alone the attached file is not the reader's.
    expect(
      (await ctx.app.inject({ url: `/api/files/${file.id}`, headers: as(tokens.reader) })).statusCode,
    ).toBe(403);

    const listed = await ctx.app.inject({
      url: `/api/events/${event.id}/attachments/`,
      headers: as(tokens.reader),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const [row] = listed.json<{ data: { id: number; file_id: string; file_url?: string }[] }>().data;
    expect(row?.file_id).toBe(file.id);
    expect(row?.file_url).toMatch(new RegExp(`^/api/files/${file.id}\\?access=`));
    const shown = await ctx.app.inject({
      url: `/api/events/${event.id}/attachments/${row?.id}`,
      headers: as(tokens.reader),
    });
    expect(shown.json<{ data: { file_url?: string } }>().data.file_url).toMatch(/\?access=/);

    const read = await ctx.app.inject({ url: row?.file_url ?? '', headers: as(tokens.reader) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['content-type']).toContain('image/png');

    // Someone who may not read events gets no list, so no link; another organisation's host refuses the link.
    expect(
      (await ctx.app.inject({ url: `/api/events/${event.id}/attachments/`, headers: as(tokens.nobody) }))
        .statusCode,
    ).toBe(403);
    const foreign = await ctx.app.inject({
      url: row?.file_url ?? '',
      headers: as(tokens.elsewhere, otherHost),
    });
    expect([403, 404]).toContain(foreign.statusCode);
    // A link is for the file it names: another id with the same access code is refused.
    const forged = (row?.file_url ?? '').replace(file.id, '00000000-0000-4000-8000-000000000000');
    expect((await ctx.app.inject({ url: forged, headers: as(tokens.reader) })).statusCode).not.toBe(200);
  });
});
