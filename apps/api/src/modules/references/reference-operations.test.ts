import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  referenceDraftResponseSchema,
  referenceFormResponseSchema,
  referenceIndexResponseSchema,
  referenceMessages,
} from '@muster/contract';
import { referenceAnswers, referenceRequests } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createApplication } from '../../test/factories/application.js';
import { createOpportunity } from '../../test/factories/opportunity.js';
import {
  createReferee,
  createReferenceQuestionRow,
  tokenOfReferenceEmail,
} from '../../test/factories/references.js';
import { createUser } from '../../test/factories/user.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../test/tenant.js';
import { sendReferenceRequests } from './service.js';

/*
 * The catalogue's `reference` operations (issue 11). The referee's side, the link's token as the
 * id: store gives the reference, update saves answers to finish later, delete declines. The index
 * is the organisation's overview of its referees, for view-applications.
 */

let ctx: TestContext;
let tenant: Tenant;
let elsewhere: Tenant;
let staff: Caller;
let plain: Caller;
let outsider: Caller;
let compulsoryId: number;
let yesNoId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.app);
  elsewhere = await createTenant(ctx.app);
  staff = await tenant.person(['view-applications']);
  plain = await tenant.person();
  outsider = await elsewhere.person(['view-applications']);
  compulsoryId = (
    await createReferenceQuestionRow(ctx.db, tenant.id, {
      question: 'How do you know them?',
      compulsory: true,
      position: 1,
    })
  ).id;
  yesNoId = (
    await createReferenceQuestionRow(ctx.db, tenant.id, {
      question: 'Reliable?',
      type: 'yes-no',
      position: 2,
    })
  ).id;
});
afterAll(() => ctx.close());

/** An application with one referee (email) whose request was sent; answers the token and ids. */
async function requested(organisationId = tenant.id) {
  const opportunity = await createOpportunity(ctx.db, organisationId);
  const applicant = await createUser(ctx.db, organisationId);
  const application = await createApplication(ctx.db, organisationId, {
    opportunityId: opportunity.id,
    userId: applicant.id,
    status: 'submitted',
  });
  const referee = await createReferee(ctx.db, organisationId, application.id);
  const emails: string[] = [];
  await sendReferenceRequests(
    ctx.db,
    { queueEmail: async (_tx, email) => void emails.push(email.text) },
    {
      organisationId,
      organisationName: 'Test',
      applicationId: application.id,
      opportunityName: opportunity.displayName,
      applicant: { firstName: 'Robin', lastName: 'Fletcher' },
      publicOrigin: 'https://example.test',
      now: new Date(),
    },
  );
  return {
    token: tokenOfReferenceEmail(emails[0] ?? ''),
    refereeId: referee.id,
    applicationId: application.id,
  };
}

async function requestOf(refereeId: number) {
  const [row] = await ctx.db
    .select()
    .from(referenceRequests)
    .where(eq(referenceRequests.referenceId, refereeId));
  return row;
}

describe('POST /api/reference/ (store: give the reference)', () => {
  it('stores the answers and uses the link up', async () => {
    const { token, refereeId } = await requested();
    const response = await callAs(ctx.app, tenant.anonymous, 'POST', '/api/reference', {
      token,
      answers: { [compulsoryId]: 'We worked together', [yesNoId]: 'yes' },
    });
    expect(response.statusCode).toBe(201);
    expect((await requestOf(refereeId))?.answeredAt).not.toBeNull();
    const answers = await ctx.db
      .select()
      .from(referenceAnswers)
      .where(eq(referenceAnswers.referenceId, refereeId));
    expect(answers.map((row) => row.answer).sort()).toEqual(['We worked together', 'yes']);
    const again = await callAs(ctx.app, tenant.anonymous, 'POST', '/api/reference', { token, answers: {} });
    expect(again.statusCode).toBe(410);
  });

  it('answers 422 at the question, 404 for an unknown token or another organisation’s', async () => {
    const { token, refereeId } = await requested();
    const missing = await callAs(ctx.app, tenant.anonymous, 'POST', '/api/reference', { token, answers: {} });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json<{ errors: object }>().errors)).toEqual([`answers.${compulsoryId}`]);
    expect(
      (await callAs(ctx.app, tenant.anonymous, 'POST', '/api/reference', { answers: {} })).statusCode,
    ).toBe(422);
    const across = await callAs(ctx.app, elsewhere.anonymous, 'POST', '/api/reference', {
      token,
      answers: { [compulsoryId]: 'x' },
    });
    expect(across.statusCode).toBe(404);
    expect((await requestOf(refereeId))?.answeredAt).toBeNull();
  });
});

describe('PUT /api/reference/{token} (update: save to finish later)', () => {
  it('keeps partial answers, shows them on the form, and giving the reference clears them', async () => {
    const { token, refereeId } = await requested();
    const saved = await callAs(ctx.app, tenant.anonymous, 'PUT', `/api/reference/${token}`, {
      answers: { [yesNoId]: 'No' },
    });
    expect(saved.statusCode).toBe(200);
    expect(referenceDraftResponseSchema.parse(saved.json()).data.saved_answers).toEqual({ [yesNoId]: 'no' });
    expect((await requestOf(refereeId))?.draftAnswers).toEqual({ [yesNoId]: 'no' });
    const form = await callAs(ctx.app, tenant.anonymous, 'GET', `/api/reference/${token}`);
    expect(referenceFormResponseSchema.parse(form.json()).data.saved_answers).toEqual({ [yesNoId]: 'no' });
    const given = await callAs(ctx.app, tenant.anonymous, 'POST', `/api/reference/${token}`, {
      answers: { [compulsoryId]: 'Neighbour', [yesNoId]: 'no' },
    });
    expect(given.statusCode).toBe(200);
    expect((await requestOf(refereeId))?.draftAnswers).toBeNull();
    expect(
      (await callAs(ctx.app, tenant.anonymous, 'PUT', `/api/reference/${token}`, { answers: {} })).statusCode,
    ).toBe(410);
  });

  it('answers 422 for an answer that is not one, 404 for another organisation’s link', async () => {
    const { token, refereeId } = await requested();
    const bad = await callAs(ctx.app, tenant.anonymous, 'PUT', `/api/reference/${token}`, {
      answers: { [yesNoId]: 'maybe' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors)).toEqual([`answers.${yesNoId}`]);
    const across = await callAs(ctx.app, elsewhere.anonymous, 'PUT', `/api/reference/${token}`, {
      answers: {},
    });
    expect(across.statusCode).toBe(404);
    expect((await requestOf(refereeId))?.draftAnswers).toBeNull();
  });
});

describe('DELETE /api/reference/{token} (delete: decline)', () => {
  it('records the decline with its reason and uses the link up', async () => {
    const { token, refereeId } = await requested();
    await callAs(ctx.app, tenant.anonymous, 'PUT', `/api/reference/${token}`, {
      answers: { [yesNoId]: 'yes' },
    });
    const response = await callAs(ctx.app, tenant.anonymous, 'DELETE', `/api/reference/${token}`, {
      reason: 'I hardly know them',
    });
    expect(response.statusCode).toBe(204);
    const row = await requestOf(refereeId);
    expect(row).toMatchObject({ declineReason: 'I hardly know them', draftAnswers: null, answeredAt: null });
    expect(row?.declinedAt).not.toBeNull();
    const form = await callAs(ctx.app, tenant.anonymous, 'GET', `/api/reference/${token}`);
    expect(form.statusCode).toBe(410);
    expect(form.json()).toEqual({ message: referenceMessages.declinedLink });
    const give = await callAs(ctx.app, tenant.anonymous, 'POST', `/api/reference/${token}`, {
      answers: { [compulsoryId]: 'x' },
    });
    expect(give.statusCode).toBe(410);
  });

  it('declines without a body; 404 for another organisation’s link; 422 for an overlong reason', async () => {
    const { token, refereeId } = await requested();
    const long = await callAs(ctx.app, tenant.anonymous, 'DELETE', `/api/reference/${token}`, {
      reason: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(422);
    const across = await callAs(ctx.app, elsewhere.anonymous, 'DELETE', `/api/reference/${token}`);
    expect(across.statusCode, across.body).toBe(404);
    expect((await requestOf(refereeId))?.declinedAt).toBeNull();
    expect((await callAs(ctx.app, tenant.anonymous, 'DELETE', `/api/reference/${token}`)).statusCode).toBe(
      204,
    );
    expect((await requestOf(refereeId))?.declineReason).toBeNull();
  });
});

describe('GET /api/reference/ (index: the organisation’s overview)', () => {
  it('pages the referees with their state and given answers, filtered by application and state', async () => {
    const answered = await requested();
    await callAs(ctx.app, tenant.anonymous, 'POST', '/api/reference', {
      token: answered.token,
      answers: { [compulsoryId]: 'Colleague' },
    });
    const awaiting = await requested();
    await requested(elsewhere.id);

    const one = await callAs(
      ctx.app,
      staff.headers,
      'GET',
      `/api/reference?application_id=${answered.applicationId}`,
    );
    expect(one.statusCode).toBe(200);
    const body = referenceIndexResponseSchema.parse(one.json());
    expect(body.meta).toEqual({ current_page: 1, per_page: 25, total: 1 });
    expect(body.data[0]).toMatchObject({
      id: answered.refereeId,
      status: 'answered',
      answers: [
        { question: 'How do you know them?', type: 'text', answer: 'Colleague' },
        { question: 'Reliable?', type: 'yes-no', answer: null },
      ],
    });
    expect(JSON.stringify(body)).not.toContain(answered.token);

    const waiting = referenceIndexResponseSchema.parse(
      (await callAs(ctx.app, staff.headers, 'GET', '/api/reference?status=awaiting&per_page=100')).json(),
    );
    expect(waiting.data.map((row) => row.id)).toContain(awaiting.refereeId);
    expect(waiting.data.every((row) => row.status === 'awaiting' && row.answers.length === 0)).toBe(true);

    const theirs = referenceIndexResponseSchema.parse(
      (await callAs(ctx.app, outsider.headers, 'GET', '/api/reference')).json(),
    );
    expect(theirs.meta.total).toBe(1);
    expect(theirs.data.map((row) => row.id)).not.toContain(answered.refereeId);
  });

  it('answers 401, 403 and 422', async () => {
    expect((await callAs(ctx.app, tenant.anonymous, 'GET', '/api/reference?status=nope')).statusCode).toBe(
      401,
    );
    expect((await callAs(ctx.app, plain.headers, 'GET', '/api/reference?status=nope')).statusCode).toBe(403);
    const bad = await callAs(ctx.app, staff.headers, 'GET', '/api/reference?status=nope&page=0');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual([
      'querystring.page',
      'querystring.status',
    ]);
  });
});
