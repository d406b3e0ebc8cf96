import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportingDocumentMessages, uploadFileResponseSchema } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { newApplicantDetails } from '../../../test/factories/application.js';
import { createAccount, sessionTokenFor, TEST_PASSWORD } from '../../../test/factories/auth.js';
import { createFileTypes, multipartBody, pngBytes } from '../../../test/factories/files.js';
import { createOpportunity, createQuestion } from '../../../test/factories/opportunity.js';
import { createOrganisation, type TestOrganisation } from '../../../test/factories/organisation.js';

// Issue 10, finding 7: an answer could name any file of the organisation, someone else's included.
let ctx: TestContext;
let organisation: TestOrganisation;
let slug: string;
let questionSlug: string;
let otherToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  organisation = await createOrganisation(ctx.db);
  await createFileTypes(ctx.db);
  const question = await createQuestion(ctx.db, organisation.id, { name: 'Your CV', type: 'file' });
  questionSlug = question.slug;
  slug = (
    await createOpportunity(ctx.db, organisation.id, {
      sections: [
        { type: 'basic-details' },
        { type: 'about-you', questionIds: [question.id] },
        { type: 'review-apply' },
      ],
    })
  ).slug;
  const other = await createAccount(ctx.db, organisation.id);
  otherToken = await sessionTokenFor(ctx.app, organisation.id, other.id);
});
afterAll(() => ctx?.close());

async function upload(token?: string): Promise<string> {
  const { payload, headers } = multipartBody([
    { name: 'file', filename: 'cv.png', contentType: 'image/png', content: pngBytes(2, 2) },
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/files?ephemeral=1',
    headers: {
      ...headers,
      host: organisation.hosts[0],
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return uploadFileResponseSchema.parse(response.json()).data.data.id;
}

function dryRun(fileId: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/opportunities/${slug}/apply/`,
    headers: { host: organisation.hosts[0] },
    payload: {
      ...newApplicantDetails(),
      new_password: TEST_PASSWORD,
      new_password_confirm: TEST_PASSWORD,
      questions: { [questionSlug]: { '0': { id: fileId, url: `/api/files/${fileId}` } } },
      validateOnly: '1',
    },
  });
}

describe('a file named by a question answer', () => {
  it('may be the applicant’s own upload', async () => {
    const response = await dryRun(await upload());
    expect(response.statusCode, response.body).toBe(200);
  });

  it('may not be a file someone else uploaded while signed in', async () => {
    const response = await dryRun(await upload(otherToken));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { [`questions.${questionSlug}`]: [supportingDocumentMessages.notYours] },
    });
  });

  it('is not found when it is not the organisation’s', async () => {
    const response = await dryRun('4b1c6a5e-8f6f-4f55-9d5e-0c8a8a2a6f11');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { [`questions.${questionSlug}`]: ['This file was not found. Please upload it again.'] },
    });
  });
});
