import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diversityLinks, userDiversityAnswers, userDiversityQuestionAnswers } from '../../db/schema/index.js';
import { seedReferenceData } from '../../db/seed/reference-data.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { answerFixedDiversity, createDiversityQuestions } from '../../test/factories/diversity.js';
import { perUserTenant, send, type PerUserTenant } from '../per-user/test-support.js';
import { LINK_DEAD } from './link-service.js';

let ctx: TestContext;
let a: PerUserTenant;
let b: PerUserTenant;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedReferenceData(ctx.db);
  a = await perUserTenant(ctx.app);
  b = await perUserTenant(ctx.app);
}, 60_000);
afterAll(() => ctx?.close());

const call = (...args: Parameters<typeof send> extends [unknown, ...infer Rest] ? Rest : never) =>
  send(ctx.app, ...args);

type LinkAnswer = { url: string; expires_at: string; sent_to: string | null };

/** The secret at the end of a link. */
const tokenOf = (url: string) => url.split('/').at(-1) ?? '';

describe('POST /users/{userId}/diversity/url', () => {
  it('makes a single-use link, emails it to the user, and voids their older link', async () => {
    const person = await a.make([]);
    const first = await call('POST', `/api/users/${person.id}/diversity/url`, a.manager.headers, {});
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const link = first.body.data as LinkAnswer;
    expect(link.url).toMatch(/\/diversity\/[\w-]{40,}$/);
    expect(link.sent_to).toBe(person.email);
    const [email] = await ctx.app.outbox.list(1, { to: person.email });
    expect(email?.text).toContain(link.url);
    const days = (Date.parse(link.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);

    const second = await call('POST', `/api/users/${person.id}/diversity/url`, person.headers, {
      send_email: false,
      expires_in_days: 2,
    });
    expect((second.body.data as LinkAnswer).sent_to).toBeNull();
    expect((await call('GET', `/api/diversity/answer/${tokenOf(link.url)}`, a.anonymous)).status).toBe(404);
    const rows = await ctx.db.select().from(diversityLinks).where(eq(diversityLinks.userId, person.id));
    expect(rows.map((row) => row.usedAt === null)).toEqual([false, true]);
    // Only the hash of the secret is stored.
    expect(JSON.stringify(rows)).not.toContain(tokenOf((second.body.data as LinkAnswer).url));
  });

  it('401, 403 for someone else without manage-users, 422 by field, 404 across organisations', async () => {
    const url = `/api/users/${a.person.id}/diversity/url`;
    expect((await call('POST', url, a.anonymous, {})).status).toBe(401);
    expect((await call('POST', url, a.other.headers, {})).status).toBe(403);
    expect((await call('POST', url, a.viewer.headers, {})).status).toBe(403);
    const invalid = await call('POST', url, a.manager.headers, { expires_in_days: 365 });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors ?? {})).toEqual(['expires_in_days']);
    expect((await call('POST', `/api/users/${b.person.id}/diversity/url`, a.admin.headers, {})).status).toBe(404);
  });
});

describe('the link: GET and PUT /diversity/answer/{token}', () => {
  it('shows the fixed questions, saves the answers once, and then answers 404', async () => {
    const person = await a.make([]);
    await answerFixedDiversity(ctx.db, a.id, person.id, { genderId: 1 });
    const made = await call('POST', `/api/users/${person.id}/diversity/url`, a.manager.headers, { send_email: false });
    const token = tokenOf((made.body.data as LinkAnswer).url);
    const form = await call('GET', `/api/diversity/answer/${token}`, a.anonymous);
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body.data).toMatchObject({ has_answered: true, diversity: { mode: 'fixed' } });

    const invalid = await call('PUT', `/api/diversity/answer/${token}`, a.anonymous, { diversity: { gender_id: 999 } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ 'diversity.gender_id': ['Please select a valid option'] });

    const saved = await call('PUT', `/api/diversity/answer/${token}`, a.anonymous, {
      diversity: { gender_id: 3, ethnicity_id: null },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [row] = await ctx.db.select().from(userDiversityAnswers).where(eq(userDiversityAnswers.userId, person.id));
    expect(row).toMatchObject({ genderId: 3, organisationId: a.id });
    const again = await call('PUT', `/api/diversity/answer/${token}`, a.anonymous, { diversity: { gender_id: 2 } });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(LINK_DEAD);
  });

  it('asks the organisation’s own questions when it has them, checked as the application form checks them', async () => {
    const questions = await createDiversityQuestions(ctx.db, b.id);
    const made = await call('POST', `/api/users/${b.person.id}/diversity/url`, b.admin.headers, { send_email: false });
    const token = tokenOf((made.body.data as LinkAnswer).url);
    const form = await call('GET', `/api/diversity/answer/${token}`, { host: b.host });
    expect(form.body.data).toMatchObject({ has_answered: false, diversity: { mode: 'v2' } });
    // A link works only at its own organisation's address.
    expect((await call('GET', `/api/diversity/answer/${token}`, a.anonymous)).status).toBe(404);

    const otherWithoutText = await call('PUT', `/api/diversity/answer/${token}`, { host: b.host }, {
      diversity: { diversity_v2_questions: { [questions.language.id]: { option: questions.language.option.Other } } },
    });
    expect(otherWithoutText.body.errors).toEqual({
      [`diversity.diversity_v2_questions.${questions.language.id}.other_text`]: ['Other text must be non-empty'],
    });
    const saved = await call('PUT', `/api/diversity/answer/${token}`, { host: b.host }, {
      diversity: {
        diversity_v2_questions: {
          [questions.disabled.id]: { option: questions.disabled.option.No },
          [questions.language.id]: { option: questions.language.option.Welsh },
        },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const answers = await ctx.db
      .select()
      .from(userDiversityQuestionAnswers)
      .where(eq(userDiversityQuestionAnswers.userId, b.person.id));
    expect(answers.map((answer) => answer.questionId).sort()).toEqual([questions.disabled.id, questions.language.id].sort());
  });

  it('404 for an unknown or expired link', async () => {
    expect((await call('GET', '/api/diversity/answer/not-a-real-link', a.anonymous)).status).toBe(404);
    const person = await a.make([]);
    const made = await call('POST', `/api/users/${person.id}/diversity/url`, person.headers, { send_email: false });
    await ctx.db
      .update(diversityLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(diversityLinks.userId, person.id));
    const token = tokenOf((made.body.data as LinkAnswer).url);
    expect((await call('GET', `/api/diversity/answer/${token}`, a.anonymous)).status).toBe(404);
    expect((await call('PUT', `/api/diversity/answer/${token}`, a.anonymous, { diversity: {} })).status).toBe(404);
  });
});
