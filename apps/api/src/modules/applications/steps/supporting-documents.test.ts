import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportingDocumentMessages as messages } from '@muster/contract';
import {
  applicationDocuments,
  applications,
  documentTypes,
  files,
  userEmailAddresses,
} from '../../../db/schema/index.js';
import { seedReferenceData } from '../../../db/seed/reference-data.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { applicationFormData, newApplicantDetails } from '../../../test/factories/application.js';
import { createAccount, sessionTokenFor } from '../../../test/factories/auth.js';
import { createFileTypes, declaredPngBytes, multipartBody, pngBytes } from '../../../test/factories/files.js';
import { createOpportunity } from '../../../test/factories/opportunity.js';
import { createOrganisation } from '../../../test/factories/organisation.js';
import { attachFiles, filesDirectoryOf, purgeExpiredEphemeralFiles } from '../../files/service.js';

/*
 * The supporting-documents step through the submit route (applicant-flow §2.6): uploads named by
 * the form become the application's documents, owned by the applicant; files the applicant may
 * not attach are refused at `supportingDocuments.{documentId}`.
 */

let ctx: TestContext;
let organisationId: number;
const host = 'documents.test';
const otherHost = 'documents-elsewhere.test';
const PASSWORD = 'Sunshine42';
let slug: string;
let photoId: number;
let proofOfAddress: number;

/** A minimal valid PDF: file-type judges it `application/pdf` from its signature. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

beforeAll(async () => {
  ctx = await createTestContext();
  await seedReferenceData(ctx.db);
  const organisation = await createOrganisation(ctx.db, { hosts: [host] });
  organisationId = organisation.id;
  await createOrganisation(ctx.db, { hosts: [otherHost] });
  await createFileTypes(ctx.db);
  const types = await ctx.db
    .insert(documentTypes)
    .values([
      { organisationId, name: 'Photo ID' },
      { organisationId, name: 'Proof of address' },
    ])
    .returning({ id: documentTypes.id });
  photoId = types[0]?.id ?? 0;
  proofOfAddress = types[1]?.id ?? 0;
  const opportunity = await createOpportunity(ctx.db, organisationId, {
    sections: [
      { type: 'basic-details' },
      { type: 'supporting-documents', documentTypeIds: [photoId, proofOfAddress] },
      { type: 'review-apply' },
    ],
  });
  slug = opportunity.slug;
});
afterAll(() => ctx?.close());

/** `POST /api/files?ephemeral=1` as the form's file widget sends it; answers the file id. */
async function upload(
  options: { token?: string; onHost?: string; name?: string; content?: Buffer } = {},
): Promise<string> {
  const { payload, headers } = multipartBody([
    {
      name: 'file',
      filename: options.name ?? 'passport.png',
      contentType: 'image/png',
      content: options.content ?? pngBytes(),
    },
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/files?ephemeral=1',
    headers: {
      ...headers,
      host: options.onHost ?? host,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { data: { id: string } } }>().data.data.id;
}

/** Each submit from its own client address: this file names more new applicants a minute than one client may. */
let applyAddress = 0;

function apply(payload: Record<string, unknown> | FormData, token?: string) {
  applyAddress += 1;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/opportunities/${slug}/apply/`,
    remoteAddress: `10.8.0.${applyAddress}`,
    headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: payload as never,
  });
}

/** A new applicant's complete form naming these files for the two documents. */
function newApplicantForm(photo: unknown, proof: unknown, overrides: Record<string, unknown> = {}) {
  return {
    ...newApplicantDetails(),
    supportingDocuments: [
      { documentId: photoId, file: photo },
      { documentId: proofOfAddress, file: proof },
    ],
    new_password: PASSWORD,
    new_password_confirm: PASSWORD,
    ...overrides,
  };
}

async function fileRows(ids: string[]) {
  return ctx.db.select().from(files).where(inArray(files.id, ids));
}

async function documentsOf(applicationId: number) {
  return ctx.db
    .select({ documentTypeId: applicationDocuments.documentTypeId, fileId: applicationDocuments.fileId })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId));
}

function errorsOf(response: { json: <T>() => T }) {
  return response.json<{ errors: Record<string, string[]> }>().errors;
}

describe('supporting documents on submit', () => {
  it('makes a new applicant’s uploads the application’s documents, owned by them and kept by the purge', async () => {
    const photo = await upload({ name: 'passport.png' });
    const proof = await upload({ name: 'bill.pdf', content: PDF });
    const response = await apply(newApplicantForm(photo, proof));
    expect(response.statusCode, response.body).toBe(201);
    const applicationId = response.json<{ data: { application_id: number } }>().data.application_id;
    const [application] = await ctx.db.select().from(applications).where(eq(applications.id, applicationId));
    const userId = application?.userId ?? 0;

    expect(await documentsOf(applicationId)).toEqual(
      expect.arrayContaining([
        { documentTypeId: photoId, fileId: photo },
        { documentTypeId: proofOfAddress, fileId: proof },
      ]),
    );
    const rows = await fileRows([photo, proof]);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ ephemeral: false, ownerUserId: userId, uploadedByUserId: null });
      expect(row.attachedAt).toBeInstanceOf(Date);
    }

    // A day and more later the purge deletes ephemeral uploads, not these.
    const store = { db: ctx.db, directory: filesDirectoryOf(ctx.config.dataDir) };
    await purgeExpiredEphemeralFiles(store, new Date(Date.now() + 48 * 60 * 60 * 1000));
    expect(await fileRows([photo, proof])).toHaveLength(2);

    // The applicant's profile now lists both as supplied, so a later form does not ask again.
    const profile = await ctx.app.inject({
      url: `/api/users/${userId}?include=documents`,
      headers: { host, authorization: `Bearer ${await sessionTokenFor(ctx.app, organisationId, userId)}` },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json<{ data: { documents: unknown } }>().data.documents).toEqual(
      [{ documentId: photoId }, { documentId: proofOfAddress }].sort((a, b) => a.documentId - b.documentId),
    );
  });

  it('owns a file sent with the form (multipart) and one uploaded before alike', async () => {
    const photo = await upload();
    const response = await apply(
      applicationFormData(
        newApplicantForm(photo, new File([PDF], 'statement.pdf', { type: 'application/pdf' })),
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    const applicationId = response.json<{ data: { application_id: number } }>().data.application_id;
    const [application] = await ctx.db.select().from(applications).where(eq(applications.id, applicationId));
    const documents = await documentsOf(applicationId);
    expect(documents).toHaveLength(2);
    const rows = await fileRows(documents.map((document) => document.fileId));
    expect(rows.map((row) => [row.originalName, row.ephemeral, row.ownerUserId]).sort()).toEqual(
      [
        ['passport.png', false, application?.userId],
        ['statement.pdf', false, application?.userId],
      ].sort(),
    );
  });

  it('refuses a decompression bomb sent with the form at its document, in the dry run too (issue 10, finding 9)', async () => {
    const photo = await upload();
    const bomb = new File([declaredPngBytes()], 'bomb.png', { type: 'image/png' });
    for (const validateOnly of ['1', '0']) {
      const response = await apply(applicationFormData(newApplicantForm(photo, bomb, { validateOnly })));
      expect(response.statusCode, response.body).toBe(422);
      expect(errorsOf(response)).toEqual({
        [`supportingDocuments.${proofOfAddress}`]: ['This image is too large to process'],
      });
    }
  });

  it('lets a signed-in applicant attach their own uploads', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const token = await sessionTokenFor(ctx.app, organisationId, account.id);
    const photo = await upload({ token });
    const proof = await upload({ token, content: PDF, name: 'bill.pdf' });
    const response = await apply(
      {
        supportingDocuments: [
          { documentId: photoId, file: photo },
          { documentId: proofOfAddress, file: proof },
        ],
      },
      token,
    );
    expect(response.statusCode, response.body).toBe(201);
    const rows = await fileRows([photo, proof]);
    expect(rows.map((row) => [row.uploadedByUserId, row.ownerUserId, row.ephemeral])).toEqual([
      [account.id, account.id, false],
      [account.id, account.id, false],
    ]);
  });

  it('gives a supervisor’s uploads to the person they apply for', async () => {
    const supervisor = await createAccount(ctx.db, organisationId, { permissions: ['apply-on-behalf'] });
    const token = await sessionTokenFor(ctx.app, organisationId, supervisor.id);
    const photo = await upload({ token });
    const proof = await upload({ token, content: PDF, name: 'bill.pdf' });
    const response = await apply(
      {
        supervisor_mode: '1',
        has_email: 'no',
        first_name: 'Lee',
        last_name: 'Hart',
        dob: '1999-09-09',
        supportingDocuments: [
          { documentId: photoId, file: photo },
          { documentId: proofOfAddress, file: proof },
        ],
      },
      token,
    );
    expect(response.statusCode, response.body).toBe(201);
    const applicationId = response.json<{ data: { application_id: number } }>().data.application_id;
    const [application] = await ctx.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(application?.userId).not.toBe(supervisor.id);
    const rows = await fileRows([photo, proof]);
    expect(rows.map((row) => [row.uploadedByUserId, row.ownerUserId, row.ephemeral])).toEqual([
      [supervisor.id, application?.userId, false],
      [supervisor.id, application?.userId, false],
    ]);
  });

  it('asks for every document the applicant has not supplied', async () => {
    const response = await apply(newApplicantForm(undefined, undefined, { validateOnly: '1' }));
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toMatchObject({
      [`supportingDocuments.${photoId}`]: [messages.required],
      [`supportingDocuments.${proofOfAddress}`]: [messages.required],
    });
  });

  it('does not ask a returning applicant again for a document supplied with an earlier application', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const token = await sessionTokenFor(ctx.app, organisationId, account.id);
    const earlier = await createOpportunity(ctx.db, organisationId, {
      sections: [
        { type: 'basic-details' },
        { type: 'supporting-documents', documentTypeIds: [photoId] },
        { type: 'review-apply' },
      ],
    });
    const first = await ctx.app.inject({
      method: 'POST',
      url: `/api/opportunities/${earlier.slug}/apply/`,
      headers: { host, authorization: `Bearer ${token}` },
      payload: { supportingDocuments: [{ documentId: photoId, file: await upload({ token }) }] },
    });
    expect(first.statusCode, first.body).toBe(201);

    const dryRun = await apply({ validateOnly: '1' }, token);
    expect(dryRun.statusCode).toBe(422);
    expect(errorsOf(dryRun)).toEqual({ [`supportingDocuments.${proofOfAddress}`]: [messages.required] });
  });

  it('refuses files the applicant may not attach, each at its document with its reason', async () => {
    // Another organisation's upload: not found here.
    const elsewhere = await upload({ onHost: otherHost });
    // Someone else's upload, made while signed in, not attached yet.
    const someone = await createAccount(ctx.db, organisationId);
    const theirs = await upload({ token: await sessionTokenFor(ctx.app, organisationId, someone.id) });
    // An anonymous upload already attached to something else.
    const attached = await upload();
    expect(await attachFiles(ctx.db, organisationId, [attached])).toEqual([attached]);
    // A file that is someone else's document already (owned and permanent).
    const owned = await upload();
    await ctx.db
      .update(files)
      .set({ ephemeral: false, attachedAt: new Date(), ownerUserId: someone.id })
      .where(eq(files.id, owned));
    // A missing id.
    const missing = '00000000-0000-4000-8000-000000000000';

    const cases: Array<[string, string]> = [
      [elsewhere, messages.notFound],
      [missing, messages.notFound],
      [theirs, messages.notYours],
      [owned, messages.notYours],
      [attached, messages.alreadyAttached],
    ];
    for (const [file, message] of cases) {
      for (const validateOnly of ['1', undefined]) {
        const fine = await upload();
        const response = await apply(newApplicantForm(file, fine, { validateOnly }));
        expect(response.statusCode, `${message} ${response.body}`).toBe(422);
        expect(errorsOf(response)).toEqual({ [`supportingDocuments.${photoId}`]: [message] });
        // The refused submit claimed nothing, not even the file it was allowed.
        expect((await fileRows([fine]))[0]).toMatchObject({
          ephemeral: true,
          ownerUserId: null,
          attachedAt: null,
        });
      }
    }

    // A signed-in applicant cannot take another person's upload either.
    const applicant = await createAccount(ctx.db, organisationId);
    const token = await sessionTokenFor(ctx.app, organisationId, applicant.id);
    const response = await apply(
      {
        supportingDocuments: [
          { documentId: photoId, file: theirs },
          { documentId: proofOfAddress, file: await upload({ token }) },
        ],
      },
      token,
    );
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({ [`supportingDocuments.${photoId}`]: [messages.notYours] });
    expect((await fileRows([theirs]))[0]).toMatchObject({
      ephemeral: true,
      ownerUserId: null,
      uploadedByUserId: someone.id,
    });
  });

  it('refuses one file given for two documents', async () => {
    const photo = await upload();
    const response = await apply(newApplicantForm(photo, photo));
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({ [`supportingDocuments.${proofOfAddress}`]: [messages.usedTwice] });
  });

  it('changes nothing on a validate-only dry run', async () => {
    const photo = await upload();
    const proof = await upload({ content: PDF, name: 'bill.pdf' });
    const body = newApplicantForm(photo, proof, { validateOnly: '1' });
    const response = await apply(body);
    expect(response.statusCode, response.body).toBe(200);
    expect(await fileRows([photo, proof])).toEqual([
      expect.objectContaining({ ephemeral: true, attachedAt: null, ownerUserId: null }),
      expect.objectContaining({ ephemeral: true, attachedAt: null, ownerUserId: null }),
    ]);
    expect(
      await ctx.db
        .select()
        .from(applicationDocuments)
        .where(inArray(applicationDocuments.fileId, [photo, proof])),
    ).toEqual([]);
  });

  it('leaves the files ephemeral when the submit fails inside its transaction', async () => {
    const photo = await upload();
    const proof = await upload({ content: PDF, name: 'bill.pdf' });
    const body = newApplicantForm(photo, proof);
    // The database refuses the documents' rows, after the files have been claimed in the same transaction.
    await ctx.db.execute(
      sql.raw(`create function refuse_documents() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end $$`),
    );
    await ctx.db.execute(
      sql.raw(
        'create trigger refuse_documents before insert on application_documents for each row execute function refuse_documents()',
      ),
    );
    try {
      const response = await apply(body);
      expect(response.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql.raw('drop trigger refuse_documents on application_documents'));
      await ctx.db.execute(sql.raw('drop function refuse_documents()'));
    }
    expect(await fileRows([photo, proof])).toEqual([
      expect.objectContaining({ ephemeral: true, attachedAt: null, ownerUserId: null }),
      expect.objectContaining({ ephemeral: true, attachedAt: null, ownerUserId: null }),
    ]);
    // Nor was the new applicant's user created.
    expect(
      await ctx.db
        .select({ id: userEmailAddresses.id })
        .from(userEmailAddresses)
        .where(
          and(
            eq(userEmailAddresses.organisationId, organisationId),
            eq(userEmailAddresses.email, body.email),
          ),
        ),
    ).toEqual([]);

    // The same form goes through once the database accepts it again: nothing was half-written.
    const retry = await apply(body);
    expect(retry.statusCode, retry.body).toBe(201);
  });

  it('gives an upload named by two racing submits to exactly one of them', async () => {
    const photo = await upload();
    const [first, second] = await Promise.all([
      apply(newApplicantForm(photo, await upload({ content: PDF, name: 'a.pdf' }))),
      apply(newApplicantForm(photo, await upload({ content: PDF, name: 'b.pdf' }))),
    ]);
    const statuses = [first?.statusCode, second?.statusCode].sort();
    expect(statuses).toEqual([201, 422]);
    const refused = first?.statusCode === 422 ? first : second;
    expect(Object.keys(refused ? errorsOf(refused) : {})).toEqual([`supportingDocuments.${photoId}`]);
    const documents = await ctx.db
      .select()
      .from(applicationDocuments)
      .where(eq(applicationDocuments.fileId, photo));
    expect(documents).toHaveLength(1);
  });
});
