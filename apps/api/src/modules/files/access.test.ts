import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, uploadFileResponseSchema, userResponseSchema, type UploadedFile } from '@muster/contract';
import { userAttributeValueFiles, userAttributeValues } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAccount, sessionTokenFor } from '../../test/factories/auth.js';
import { createFileTypes, multipartBody, pngBytes } from '../../test/factories/files.js';
import { createAttribute } from '../../test/factories/opportunity.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createFileUrlSigner, type FileUrlSigner } from './file-urls.js';
import { claimEphemeralFiles, markFilesAttached } from './repository.js';

/*
 * Issue 10, finding 7: stored files were served to anyone holding the id, forever. Now an
 * unattached upload is served to its uploader only, an attached file to its owner and holders of
 * `view-users`, or through a short-lived signed link the API handed out with an authorised answer.
 */

let ctx: TestContext;
let root: string;
let signer: FileUrlSigner;
let organisationId: number;
let otherOrganisationId: number;
const host = 'access.test';
const otherHost = 'access-elsewhere.test';
const HOUR = 60 * 60 * 1000;
const tokens: Record<'uploader' | 'other' | 'staff' | 'elsewhere', string> = {
  uploader: '',
  other: '',
  staff: '',
  elsewhere: '',
};
let uploaderId: number;

/** A minimal valid PDF (file-type judges it `application/pdf`). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-access-test-'));
  ctx = await createTestContext({ dataDir: path.join(root, 'db') });
  signer = createFileUrlSigner(ctx.app.auth.codeKey);
  organisationId = (await createOrganisation(ctx.db, { hosts: [host] })).id;
  otherOrganisationId = (await createOrganisation(ctx.db, { hosts: [otherHost] })).id;
  await createFileTypes(ctx.db);
  const uploader = await createAccount(ctx.db, organisationId);
  uploaderId = uploader.id;
  const other = await createAccount(ctx.db, organisationId);
  const staff = await createAccount(ctx.db, organisationId, { permissions: ['view-users'] });
  const elsewhere = await createAccount(ctx.db, otherOrganisationId, { permissions: ['view-users'] });
  tokens.uploader = await sessionTokenFor(ctx.app, organisationId, uploader.id);
  tokens.other = await sessionTokenFor(ctx.app, organisationId, other.id);
  tokens.staff = await sessionTokenFor(ctx.app, organisationId, staff.id);
  tokens.elsewhere = await sessionTokenFor(ctx.app, otherOrganisationId, elsewhere.id);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function upload(
  options: { as?: keyof typeof tokens; content?: Buffer; filename?: string; contentType?: string } = {},
): Promise<UploadedFile> {
  const { payload, headers } = multipartBody([
    {
      name: 'file',
      filename: options.filename ?? 'photo.png',
      contentType: options.contentType ?? 'image/png',
      content: options.content ?? pngBytes(2, 2),
    },
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/files?ephemeral=1',
    headers: {
      ...headers,
      host,
      ...(options.as ? { authorization: `Bearer ${tokens[options.as]}` } : {}),
    },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return uploadFileResponseSchema.parse(response.json()).data.data;
}

/** `GET` a file link, anonymously or with one of the test users' tokens. */
function read(url: string, as?: keyof typeof tokens, onHost = host) {
  return ctx.app.inject({
    url,
    headers: { host: onHost, ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}) },
  });
}

const bare = (file: UploadedFile) => `/api/files/${file.id}`;

describe('an anonymous, unattached upload', () => {
  it('is served through the link its upload answered, and not by its id alone (401)', async () => {
    const file = await upload();
    expect((await read(file.url)).statusCode).toBe(200);
    const byId = await read(bare(file));
    expect(byId.statusCode).toBe(401);
    expect(errorResponseSchema.parse(byId.json()).message).toBe('You need to sign in to do that.');
  });

  it('refuses a forged, altered or expired link (401)', async () => {
    const file = await upload();
    const access = new URL(file.url, 'http://x').searchParams.get('access') ?? '';
    const [scope, expires, signature] = access.split('.');
    const later = `${scope}.${Number(expires) + 3600}.${signature}`;
    const another = await upload();
    for (const url of [
      `${bare(file)}?access=${later}`,
      `${bare(file)}?access=v.${expires}.${signature}`,
      `${bare(another)}?access=${access}`,
      `${bare(file)}?access=u.99999999999.${'A'.repeat(43)}`,
      signer.url(organisationId, file.id, 'view', new Date(Date.now() - 2 * HOUR)),
    ]) {
      expect((await read(url)).statusCode, url).toBe(401);
    }
  });

  it('is not served to someone else signed in, nor to view-users while unattached (403)', async () => {
    const file = await upload();
    const other = await read(bare(file), 'other');
    expect(other.statusCode).toBe(403);
    expect(errorResponseSchema.parse(other.json()).message).toBe('You do not have permission to do that.');
    expect((await read(bare(file), 'staff')).statusCode).toBe(403);
  });
});

describe('a signed-in upload', () => {
  it('is served to its uploader by id with the bearer token, to nobody else', async () => {
    const file = await upload({ as: 'uploader' });
    expect((await read(bare(file), 'uploader')).statusCode).toBe(200);
    expect((await read(bare(file), 'other')).statusCode).toBe(403);
    expect((await read(bare(file))).statusCode).toBe(401);
  });
});

describe('an attached file', () => {
  it('is served to its owner and view-users, not to others, and no longer through the upload link', async () => {
    const file = await upload();
    expect(await claimEphemeralFiles(ctx.db, organisationId, [file.id], uploaderId, new Date())).toEqual([file.id]);

    expect((await read(file.url)).statusCode).toBe(401);
    expect((await read(bare(file), 'uploader')).statusCode).toBe(200);
    expect((await read(bare(file), 'staff')).statusCode).toBe(200);
    expect((await read(bare(file), 'other')).statusCode).toBe(403);
    // Another organisation's staff do not find it.
    expect((await read(bare(file), 'elsewhere', otherHost)).statusCode).toBe(404);
    // A view link the API handed out with an authorised answer works without sign-in, for an hour.
    expect((await read(signer.url(organisationId, file.id, 'view'))).statusCode).toBe(200);
  });

  it('becomes its attacher’s when attached with no owner, and keeps an owner it has', async () => {
    const file = await upload();
    await markFilesAttached(ctx.db, organisationId, [file.id], new Date(), uploaderId);
    expect((await read(bare(file), 'uploader')).statusCode).toBe(200);

    const owned = await upload({ as: 'uploader' });
    await markFilesAttached(ctx.db, organisationId, [owned.id], new Date(), uploaderId);
    const other = await createAccount(ctx.db, organisationId);
    await markFilesAttached(ctx.db, organisationId, [owned.id], new Date(), other.id);
    expect((await read(bare(owned), 'uploader')).statusCode).toBe(200);
  });
});

describe('Content-Disposition', () => {
  it('shows images inline and offers everything else, PDF included, as a download', async () => {
    const image = await read((await upload({ filename: 'me.png' })).url);
    expect(image.headers['content-disposition']).toBe("inline; filename*=UTF-8''me.png");
    const pdf = await read((await upload({ content: PDF, filename: 'cv.pdf', contentType: 'application/pdf' })).url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe("attachment; filename*=UTF-8''cv.pdf");
  });
});

describe('file links in answers', () => {
  it('gives the profile photo on a user’s own profile as a signed link an <img> can load', async () => {
    const photo = await upload({ as: 'uploader' });
    await markFilesAttached(ctx.db, organisationId, [photo.id], new Date(), uploaderId);
    const attribute = await createAttribute(ctx.db, organisationId, { slug: 'profile-photo', type: 'photo' });
    const [value] = await ctx.db
      .insert(userAttributeValues)
      .values({ organisationId, userId: uploaderId, attributeId: attribute.id, value: null })
      .returning();
    await ctx.db
      .insert(userAttributeValueFiles)
      .values({ organisationId, valueId: value?.id ?? 0, fileId: photo.id });

    const profile = await ctx.app.inject({
      url: `/api/users/${uploaderId}?include=attributes`,
      headers: { host, authorization: `Bearer ${tokens.uploader}` },
    });
    expect(profile.statusCode).toBe(200);
    const attributes = userResponseSchema.parse(profile.json()).data.attributes ?? [];
    const files = attributes.find((entry) => entry.slug === 'profile-photo')?.value as Array<{ url: string }>;
    const url = files[0]?.url ?? '';
    expect(url).toMatch(new RegExp(`^/api/files/${photo.id}\\?access=v\\.`));
    // No Authorization header, as a browser loads an image.
    const image = await read(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });
});
