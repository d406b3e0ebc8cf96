import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceFormResponseSchema, referenceMessages } from '@muster/contract';
import {
  applicationReferences,
  outboxMessages,
  referenceAnswers,
  type referenceQuestions,
  referenceRequests,
} from '../../db/schema/index.js';
import { createOrganisationTestContext, type TestContext } from '../../test/context.js';
import { applicantEmail, newApplicantDetails } from '../../test/factories/application.js';
import { createOpportunity } from '../../test/factories/opportunity.js';
import { createOrganisation, type TestOrganisation } from '../../test/factories/organisation.js';
import { createReferenceQuestionRow, tokenOfReferenceEmail } from '../../test/factories/references.js';
import { hashReferenceToken } from './service.js';

let ctx: TestContext;
let organisation: TestOrganisation;
let opportunity: Awaited<ReturnType<typeof createOpportunity>>;
let host: string;
let questions: Array<typeof referenceQuestions.$inferSelect>;

beforeAll(async () => {
  ({ ctx, organisation, host } = await createOrganisationTestContext());
  opportunity = await createOpportunity(ctx.db, organisation.id, {
    displayName: 'Beach Clean at Sandy Bay',
    sections: [{ type: 'basic-details' }, { type: 'references', requestedReferences: 1 }],
  });
  // Created out of order: the form asks them by position.
  const optional = await createReferenceQuestionRow(ctx.db, organisation.id, {
    question: 'Anything else we should know?',
    position: 3,
  });
  const howKnown = await createReferenceQuestionRow(ctx.db, organisation.id, {
    question: 'How do you know the applicant?',
    compulsory: true,
    position: 1,
  });
  const trust = await createReferenceQuestionRow(ctx.db, organisation.id, {
    question: 'Would you trust them with children?',
    type: 'yes-no',
    compulsory: true,
    position: 2,
  });
  questions = [howKnown, trust, optional];
});
afterAll(() => ctx?.close());

/** Applies with one referee who has an email address; answers the emailed token and the referee's id. */
async function requestReference(): Promise<{ token: string; refereeId: number }> {
  const refereeEmail = applicantEmail('referee');
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/opportunities/${opportunity.slug}/apply`,
    headers: { host },
    payload: {
      ...newApplicantDetails(),
      first_name: 'Robin',
      last_name: 'Fletcher',
      references: [{ first_name: 'Pat', last_name: 'Lee', email: refereeEmail }],
      new_password: 'Sunshine42',
      new_password_confirm: 'Sunshine42',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const [message] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.to, refereeEmail));
  const [referee] = await ctx.db
    .select()
    .from(applicationReferences)
    .where(eq(applicationReferences.email, refereeEmail));
  return { token: tokenOfReferenceEmail(message?.text ?? ''), refereeId: referee?.id ?? 0 };
}

function show(token: string, onHost = host) {
  return ctx.app.inject({ url: `/api/reference/${token}`, headers: { host: onHost } });
}

function answer(token: string, answers: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/reference/${token}`,
    headers: { host },
    payload: { answers },
  });
}

function completeAnswers(): Record<string, string> {
  const [howKnown, trust] = questions;
  return { [String(howKnown?.id)]: ' Their manager for three years. ', [String(trust?.id)]: 'yes' };
}

function answersOf(refereeId: number) {
  return ctx.db
    .select()
    .from(referenceAnswers)
    .where(
      and(eq(referenceAnswers.organisationId, organisation.id), eq(referenceAnswers.referenceId, refereeId)),
    )
    .orderBy(asc(referenceAnswers.position));
}

describe('GET /api/reference/{token}', () => {
  it('shows whom the reference is for and the organisation’s questions in order, without a session', async () => {
    const { token } = await requestReference();
    const response = await show(token);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = referenceFormResponseSchema.parse(response.json());
    expect(data).toMatchObject({
      applicant: { first_name: 'Robin', last_name: 'Fletcher' },
      opportunity: { id: opportunity.id, display_name: 'Beach Clean at Sandy Bay' },
      organisation: { name: organisation.name },
      referee: { first_name: 'Pat', last_name: 'Lee' },
    });
    expect(data.questions).toEqual(
      questions.map((question) => ({
        id: question.id,
        question: question.question,
        type: question.type,
        compulsory: question.compulsory,
      })),
    );
    expect(new Date(data.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it('answers 404 JSON for an unknown token, a malformed one, and a token of another organisation', async () => {
    const { token } = await requestReference();
    const other = await createOrganisation(ctx.db);
    for (const [candidate, onHost] of [
      ['A'.repeat(43), host],
      ['short', host],
      [`${token}x`, host],
      [token, other.hosts[0] ?? ''],
    ] as const) {
      const response = await show(candidate, onHost);
      expect(response.statusCode, candidate).toBe(404);
      expect(response.json()).toEqual({ message: referenceMessages.unknownLink });
    }
  });

  it('answers 410 JSON for an expired link, on GET and POST', async () => {
    const { token } = await requestReference();
    await ctx.db
      .update(referenceRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(referenceRequests.tokenHash, hashReferenceToken(token)));
    const response = await show(token);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ message: referenceMessages.expiredLink });
    const posted = await answer(token, completeAnswers());
    expect(posted.statusCode).toBe(410);
    expect(posted.json()).toEqual({ message: referenceMessages.expiredLink });
  });
});

describe('POST /api/reference/{token}', () => {
  it('answers 422 per question left empty, stores nothing and leaves the link working', async () => {
    const { token, refereeId } = await requestReference();
    const [howKnown, trust] = questions;
    const response = await answer(token, { [String(howKnown?.id)]: '  ', [String(trust?.id)]: 'maybe' });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      [`answers.${howKnown?.id}`]: ['Please provide an answer'],
      [`answers.${trust?.id}`]: ['Please select an option'],
    });
    expect(await answersOf(refereeId)).toHaveLength(0);
    expect((await show(token)).statusCode).toBe(200);
  });

  it('stores the answers on the referee with the time and the questions as asked; the link then works no more', async () => {
    const { token, refereeId } = await requestReference();
    const before = Date.now();
    const response = await answer(token, completeAnswers());
    expect(response.statusCode, response.body).toBe(200);
    const answeredAt = response.json<{ data: { answered_at: string } }>().data.answered_at;
    expect(new Date(answeredAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const stored = await answersOf(refereeId);
    expect(
      stored.map(({ questionId, question, type, answer: text, position }) => ({
        questionId,
        question,
        type,
        text,
        position,
      })),
    ).toEqual([
      {
        questionId: questions[0]?.id,
        question: 'How do you know the applicant?',
        type: 'text',
        text: 'Their manager for three years.',
        position: 0,
      },
      {
        questionId: questions[1]?.id,
        question: 'Would you trust them with children?',
        type: 'yes-no',
        text: 'yes',
        position: 1,
      },
      {
        questionId: questions[2]?.id,
        question: 'Anything else we should know?',
        type: 'text',
        text: null,
        position: 2,
      },
    ]);
    const [request] = await ctx.db
      .select()
      .from(referenceRequests)
      .where(eq(referenceRequests.referenceId, refereeId));
    expect(request?.answeredAt?.toISOString()).toBe(answeredAt);

    const again = await answer(token, completeAnswers());
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ message: referenceMessages.usedLink });
    const shown = await show(token);
    expect(shown.statusCode).toBe(410);
    expect(shown.json()).toEqual({ message: referenceMessages.usedLink });
    expect(await answersOf(refereeId)).toHaveLength(3);
  });

  it('takes exactly one of two answers sent at once', async () => {
    const { token, refereeId } = await requestReference();
    const responses = await Promise.all([answer(token, completeAnswers()), answer(token, completeAnswers())]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 410]);
    expect(await answersOf(refereeId)).toHaveLength(3);
  });

  it('answers 404 for an unknown token', async () => {
    const response = await answer('B'.repeat(43), completeAnswers());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: referenceMessages.unknownLink });
  });
});
