import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_DIVERSITY_ANSWERS } from '@muster/contract';
import {
  diversityAccessLog,
  diversityOptions,
  userDiversityAnswers,
  userDiversityQuestionAnswers,
} from '../../db/schema/index.js';
import { seedReferenceData } from '../../db/seed/reference-data.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import {
  answerDiversityQuestion,
  answerFixedDiversity,
  createDiversityQuestions,
} from '../../test/factories/diversity.js';
import { perUserTenant, send, type PerUserTenant } from '../per-user/test-support.js';

/*
 * The catalogue's generic operations of `users.diversity`: store a whole set of answers; a record
 * is the answer to one question (a fixed field name or a v2 question id): show, update, delete.
 */

let ctx: TestContext;
let a: PerUserTenant;
let b: PerUserTenant;
let questions: Awaited<ReturnType<typeof createDiversityQuestions>>;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedReferenceData(ctx.db);
  a = await perUserTenant(ctx.app);
  b = await perUserTenant(ctx.app);
  questions = await createDiversityQuestions(ctx.db, b.id);
}, 60_000);
afterAll(() => ctx?.close());

const call = (...args: Parameters<typeof send> extends [unknown, ...infer Rest] ? Rest : never) =>
  send(ctx.app, ...args);

async function fixedOf(userId: number) {
  const [row] = await ctx.db
    .select()
    .from(userDiversityAnswers)
    .where(eq(userDiversityAnswers.userId, userId));
  return row;
}

async function otherOption(field: 'ethnicity' | 'religion'): Promise<number> {
  const [row] = await ctx.db
    .select()
    .from(diversityOptions)
    .where(and(eq(diversityOptions.field, field), eq(diversityOptions.isOther, true)))
    .limit(1);
  return row?.id ?? 0;
}

describe('fixed questions (an organisation without its own)', () => {
  it('stores a set, shows one answer, changes it, withdraws it', async () => {
    const person = await a.make([]);
    const base = `/api/users/${person.id}/diversity`;
    const stored = await call('POST', base, person.headers, { diversity: { gender_id: 3 } });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    expect(stored.body.data).toMatchObject({ user_id: person.id, gender_id: 3 });
    expect((await fixedOf(person.id))?.genderId).toBe(3);

    const shown = await call('GET', `${base}/gender`, person.headers);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual({ id: 'gender', option_id: 3, options: [], other_text: null });

    const other = await otherOption('ethnicity');
    const changed = await call('PUT', `${base}/ethnicity`, person.headers, {
      option_id: other,
      other_text: 'Cornish',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toEqual({
      id: 'ethnicity',
      option_id: other,
      options: [],
      other_text: 'Cornish',
    });
    expect(await fixedOf(person.id)).toMatchObject({
      genderId: 3,
      ethnicityId: other,
      ethnicityOther: 'Cornish',
    });

    expect((await call('DELETE', `${base}/ethnicity`, person.headers)).status).toBe(204);
    expect(await fixedOf(person.id)).toMatchObject({ genderId: 3, ethnicityId: null, ethnicityOther: null });
  });

  it('422 keyed by the body’s field, 404 for an unknown question', async () => {
    const person = await a.make([]);
    const base = `/api/users/${person.id}/diversity`;
    const invalid = await call('PUT', `${base}/gender`, person.headers, { option_id: 999 });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ option_id: ['Please select a valid option'] });
    const noText = await call('PUT', `${base}/religion`, person.headers, {
      option_id: await otherOption('religion'),
    });
    expect(noText.body.errors).toEqual({ other_text: ['Other text must be non-empty'] });
    expect(
      Object.keys(
        (await call('PUT', `${base}/gender`, person.headers, { option_id: 'x' })).body.errors ?? {},
      ),
    ).toEqual(['option_id']);
    const badSet = await call('POST', base, person.headers, { diversity: { gender_id: 999 } });
    expect(badSet.body.errors).toEqual({ 'diversity.gender_id': ['Please select a valid option'] });
    expect((await call('GET', `${base}/shoe-size`, person.headers)).status).toBe(404);
    expect((await call('PUT', `${base}/12345`, person.headers, { option_id: 1 })).status).toBe(404);
    expect(await fixedOf(person.id)).toBeUndefined();
  });

  it('401, 403 (writes are the person’s own; reads need view-diversity-answers and are logged), 404 across organisations', async () => {
    const person = await a.make([]);
    await answerFixedDiversity(ctx.db, a.id, person.id, { genderId: 2 });
    const reader = await a.make([VIEW_DIVERSITY_ANSWERS]);
    const base = `/api/users/${person.id}/diversity`;
    expect((await call('POST', base, a.anonymous, { diversity: {} })).status).toBe(401);
    expect((await call('GET', `${base}/gender`, a.anonymous)).status).toBe(401);
    expect((await call('POST', base, a.admin.headers, { diversity: { gender_id: 1 } })).status).toBe(403);
    expect((await call('PUT', `${base}/gender`, a.admin.headers, { option_id: 1 })).status).toBe(403);
    expect((await call('DELETE', `${base}/gender`, a.admin.headers)).status).toBe(403);
    expect((await call('GET', `${base}/gender`, a.manager.headers)).status).toBe(403);
    const read = await call('GET', `${base}/gender`, reader.headers);
    expect(read.body.data).toMatchObject({ option_id: 2 });
    const logged = await ctx.db
      .select()
      .from(diversityAccessLog)
      .where(eq(diversityAccessLog.subjectUserId, person.id));
    expect(logged.map((row) => row.readerUserId)).toEqual([reader.id]);
    expect((await fixedOf(person.id))?.genderId).toBe(2);
    expect((await call('GET', `/api/users/${b.person.id}/diversity/gender`, a.admin.headers)).status).toBe(
      404,
    );
  });
});

describe('the organisation’s own (v2) questions', () => {
  it('changes one answer (a hidden child answer goes with its parent), withdraws one', async () => {
    const person = await b.make([]);
    await answerDiversityQuestion(ctx.db, b.id, {
      userId: person.id,
      questionId: questions.disabled.id,
      optionIds: [questions.disabled.option.Yes ?? 0],
    });
    await answerDiversityQuestion(ctx.db, b.id, {
      userId: person.id,
      questionId: questions.which.id,
      optionIds: [questions.which.option.Sight ?? 0],
    });
    const base = `/api/users/${person.id}/diversity`;
    expect((await call('GET', `${base}/${questions.which.id}`, person.headers)).body.data).toEqual({
      id: String(questions.which.id),
      option_id: null,
      options: [questions.which.option.Sight],
      other_text: null,
    });

    const language = await call('PUT', `${base}/${questions.language.id}`, person.headers, {
      option_id: questions.language.option.Other,
      other_text: 'Cornish',
    });
    expect(language.status, JSON.stringify(language.body)).toBe(200);
    expect(language.body.data).toMatchObject({
      option_id: questions.language.option.Other,
      other_text: 'Cornish',
    });

    const which = await call('PUT', `${base}/${questions.which.id}`, person.headers, {
      options: [questions.which.option.Sight, questions.which.option.Hearing],
    });
    expect((which.body.data as { options: number[] }).options.sort()).toEqual(
      [questions.which.option.Sight, questions.which.option.Hearing].sort(),
    );

    await call('PUT', `${base}/${questions.disabled.id}`, person.headers, {
      option_id: questions.disabled.option.No,
    });
    const rows = await ctx.db
      .select()
      .from(userDiversityQuestionAnswers)
      .where(eq(userDiversityQuestionAnswers.userId, person.id));
    expect(rows.map((row) => row.questionId).sort()).toEqual(
      [questions.disabled.id, questions.language.id].sort(),
    );

    expect((await call('DELETE', `${base}/${questions.language.id}`, person.headers)).status).toBe(204);
    const left = await ctx.db
      .select()
      .from(userDiversityQuestionAnswers)
      .where(eq(userDiversityQuestionAnswers.userId, person.id));
    expect(left.map((row) => row.questionId)).toEqual([questions.disabled.id]);
  });

  it('422 at options for an option of another question; 404 for another organisation’s question', async () => {
    const person = await b.make([]);
    const base = `/api/users/${person.id}/diversity`;
    const wrong = await call('PUT', `${base}/${questions.language.id}`, person.headers, {
      option_id: questions.disabled.option.Yes,
    });
    expect(wrong.body.errors).toEqual({ options: ['Please select a valid option'] });
    const other = await a.make([]);
    expect(
      (await call('GET', `/api/users/${other.id}/diversity/${questions.language.id}`, other.headers)).status,
    ).toBe(404);
  });
});
