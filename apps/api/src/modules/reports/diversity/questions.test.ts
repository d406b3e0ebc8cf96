import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiversityQuestionsResponse } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { callAs, type Caller } from '../../../test/tenant.js';
import { buildWorld, QUESTIONS, type StoredOrganisation, type World } from './test-world.js';

/* GET /organisation/diversity/questions: the organisation's own questions with their options. */

let ctx: TestContext;
let world: World;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildWorld(ctx);
});
afterAll(() => ctx?.close());

type ErrorAnswer = { errors: Record<string, string[]> };

const get = (caller: Caller | { host: string }, query = '') =>
  callAs(
    ctx.app,
    'headers' in caller ? caller.headers : caller,
    'GET',
    `/api/organisation/diversity/questions${query}`,
  );

/** The questions as test-world.ts stored them. */
const expected = (organisation: StoredOrganisation) =>
  QUESTIONS.map((question) => {
    const ids = organisation.question[question.name];
    return {
      id: ids.id,
      label: question.text,
      multiple: question.multiple,
      compulsory: question.name === 'disabled',
      shown_when:
        question.name === 'which'
          ? [
              {
                question_id: organisation.question.disabled.id,
                option_id: organisation.question.disabled.option.Yes,
              },
            ]
          : [],
      options: question.options.map((text) => ({
        id: ids.option[text],
        label: text,
        is_other: text === 'Other',
        prefer_not_to_say: text === 'Prefer not to say',
      })),
    };
  });

describe('GET /organisation/diversity/questions', () => {
  it('lists the organisation’s own questions in form order with options and what reveals them', async () => {
    const response = await get(world.reader);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DiversityQuestionsResponse>().data).toEqual(expected(world.a));
  });

  it('never lists another organisation’s questions', async () => {
    const theirs = (await get(world.otherReader)).json<DiversityQuestionsResponse>().data;
    expect(theirs).toEqual(expected(world.b));
    const mine = new Set(expected(world.a).map((question) => question.id));
    expect(theirs.some((question) => mine.has(question.id))).toBe(false);
  });

  it('401 without a session; 403 with only one of view-reports and view-diversity-reports', async () => {
    expect((await get(world.a.tenant.anonymous)).statusCode).toBe(401);
    expect((await get(world.reportsOnly)).statusCode).toBe(403);
    expect((await get(world.diversityOnly)).statusCode).toBe(403);
  });

  it('422 for a malformed query, as every report call', async () => {
    const response = await get(world.reader, '?team=x');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<ErrorAnswer>().errors)).toEqual(['querystring.team.0']);
  });
});
