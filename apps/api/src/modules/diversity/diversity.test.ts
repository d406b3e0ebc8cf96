import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserDiversityAnswersResponse } from '@muster/contract';
import { diversityAccessLog } from '../../db/schema/index.js';
import { seedDemo } from '../../db/seed/demo.js';
import { PERMISSIONS } from '../../db/seed/reference-data.js';
import { createOrganisationTestContext, type TestContext } from '../../test/context.js';
import { createAccount, sessionTokenFor } from '../../test/factories/auth.js';
import {
  answerDiversityQuestion,
  answerFixedDiversity,
  createDiversityQuestions,
} from '../../test/factories/diversity.js';
import { createOrganisation, type TestOrganisation } from '../../test/factories/organisation.js';

let ctx: TestContext;
let organisation: TestOrganisation;
let other: TestOrganisation;
let questions: Awaited<ReturnType<typeof createDiversityQuestions>>;

beforeAll(async () => {
  ({ ctx, organisation } = await createOrganisationTestContext());
  other = await createOrganisation(ctx.db);
  questions = await createDiversityQuestions(ctx.db, organisation.id);
});
afterAll(() => ctx?.close());

function read(userId: number | string, token?: string, host = organisation.hosts[0]) {
  return ctx.app.inject({
    url: `/api/users/${userId}/diversity/`,
    headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

async function tokenOf(userId: number, organisationId = organisation.id) {
  return sessionTokenFor(ctx.app, organisationId, userId);
}

async function logOf(subjectUserId: number) {
  return ctx.db.select().from(diversityAccessLog).where(eq(diversityAccessLog.subjectUserId, subjectUserId));
}

/** A person with fixed answers and v2 answers (Yes → Sight + Other "Tinnitus", language Welsh). */
async function answeredPerson() {
  const person = await createAccount(ctx.db, organisation.id);
  await answerFixedDiversity(ctx.db, organisation.id, person.id, {
    genderId: 3,
    nationalityId: 68,
    nationalityOther: 'Cornish',
    registeredDisabledId: 37,
    disabledSelectId: 50,
    disabledSelectOther: 'Migraine',
  });
  await answerDiversityQuestion(ctx.db, organisation.id, {
    userId: person.id,
    questionId: questions.disabled.id,
    optionIds: [questions.disabled.option.Yes ?? 0],
  });
  await answerDiversityQuestion(ctx.db, organisation.id, {
    userId: person.id,
    questionId: questions.which.id,
    optionIds: [questions.which.option.Sight ?? 0, questions.which.option.Other ?? 0],
    otherText: 'Tinnitus',
  });
  await answerDiversityQuestion(ctx.db, organisation.id, {
    userId: person.id,
    questionId: questions.language.id,
    optionIds: [questions.language.option.Welsh ?? 0],
  });
  return person;
}

describe('the view-diversity-answers permission', () => {
  it('is reference data beside the aggregate reports permission', () => {
    const names = PERMISSIONS.map((permission) => permission.name);
    expect(names).toContain('view-diversity-answers');
    expect(names).toContain('view-diversity-reports');
  });
});

describe('GET /api/users/{userId}/diversity/', () => {
  it('answers the user their own fixed and v2 answers, without logging the read', async () => {
    const person = await answeredPerson();
    const response = await read(person.id, await tokenOf(person.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserDiversityAnswersResponse>()).toEqual({
      data: {
        user_id: person.id,
        gender_id: 3,
        gender_assigned_id: null,
        nationality_id: 68,
        nationality_other: 'Cornish',
        ethnicity_id: null,
        ethnicity_other: null,
        sexuality_id: null,
        sexuality_other: null,
        registered_disabled_id: 37,
        disabled_select_id: 50,
        disabled_select_other: 'Migraine',
        religion_id: null,
        religion_other: null,
        diversity_v2_questions: [
          {
            question_id: questions.disabled.id,
            option_id: questions.disabled.option.Yes,
            options: [],
            other_text: null,
            is_other: false,
          },
          {
            question_id: questions.which.id,
            option_id: null,
            options: [questions.which.option.Sight, questions.which.option.Other],
            other_text: 'Tinnitus',
            is_other: true,
          },
          {
            question_id: questions.language.id,
            option_id: questions.language.option.Welsh,
            options: [],
            other_text: null,
            is_other: false,
          },
        ],
      },
    });
    expect(await logOf(person.id)).toEqual([]);
  });

  it('answers empty answers for a user who gave none', async () => {
    const person = await createAccount(ctx.db, organisation.id);
    const response = await read(person.id, await tokenOf(person.id));
    expect(response.statusCode).toBe(200);
    expect(response.json<UserDiversityAnswersResponse>().data).toMatchObject({
      gender_id: null,
      registered_disabled_id: null,
      diversity_v2_questions: [],
    });
  });

  it('lets a holder of view-diversity-answers read, and logs who read whose answers and when', async () => {
    const person = await answeredPerson();
    const reader = await createAccount(ctx.db, organisation.id, { permissions: ['view-diversity-answers'] });
    const before = new Date(Date.now() - 1000);
    const response = await read(person.id, await tokenOf(reader.id));
    const after = new Date(Date.now() + 1000);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserDiversityAnswersResponse>().data.diversity_v2_questions).toHaveLength(3);
    const log = await logOf(person.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      organisationId: organisation.id,
      readerUserId: reader.id,
      subjectUserId: person.id,
    });
    expect(log[0]?.readAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(log[0]?.readAt.getTime()).toBeLessThanOrEqual(after.getTime());
    // Every read is a new entry.
    await read(person.id, await tokenOf(reader.id));
    expect(await logOf(person.id)).toHaveLength(2);
  });

  it('401 anonymous', async () => {
    const person = await answeredPerson();
    const response = await read(person.id);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'You need to sign in to do that.' });
  });

  it('403 for anyone else without view-diversity-answers, even with view-users or the reports permission', async () => {
    const person = await answeredPerson();
    for (const permissions of [[], ['view-users'], ['view-diversity-reports', 'manage-diversity']]) {
      const nosy = await createAccount(ctx.db, organisation.id, { permissions });
      const response = await read(person.id, await tokenOf(nosy.id));
      expect(response.statusCode, permissions.join()).toBe(403);
      expect(response.json()).toEqual({ message: 'You do not have permission to do that.' });
    }
    expect(await logOf(person.id)).toEqual([]);
  });

  it('404 for a user of another organisation, and nothing logged', async () => {
    const reader = await createAccount(ctx.db, organisation.id, { permissions: ['view-diversity-answers'] });
    const stranger = await createAccount(ctx.db, other.id);
    await answerFixedDiversity(ctx.db, other.id, stranger.id, { genderId: 2 });
    const response = await read(stranger.id, await tokenOf(reader.id));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'This user does not exist.' });
    expect(await logOf(stranger.id)).toEqual([]);
    // A user who does not exist at all is a 404 too.
    expect((await read(2_000_000_000, await tokenOf(reader.id))).statusCode).toBe(404);
  });

  it('422 for an id that is not a number', async () => {
    const person = await createAccount(ctx.db, organisation.id);
    const response = await read('x1', await tokenOf(person.id));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { 'params.userId': ['A user is named by their number.'] },
    });
  });

  it('refuses a read whose log entry cannot be written, and keeps the user’s own reads working', async () => {
    const person = await answeredPerson();
    const reader = await createAccount(ctx.db, organisation.id, { permissions: ['view-diversity-answers'] });
    // A constraint no new row can meet: every insert into the log fails.
    await ctx.db.execute(
      sql`alter table diversity_access_log add constraint diversity_access_log_refuse_check check (false) not valid`,
    );
    try {
      const response = await read(person.id, await tokenOf(reader.id));
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: 'The diversity answers cannot be shown right now. Please try again later.',
      });
      expect(response.body).not.toContain('Tinnitus');
      expect((await read(person.id, await tokenOf(person.id))).statusCode).toBe(200);
    } finally {
      await ctx.db.execute(
        sql`alter table diversity_access_log drop constraint diversity_access_log_refuse_check`,
      );
    }
    expect(await logOf(person.id)).toEqual([]);
    expect((await read(person.id, await tokenOf(reader.id))).statusCode).toBe(200);
    expect(await logOf(person.id)).toHaveLength(1);
  });
});

describe('the demo organisation', () => {
  it('has an applicant who answered before, readable by the administrator with the read logged', async () => {
    const demo = await seedDemo(ctx.db);
    const own = await ctx.app.inject({
      url: `/api/users/${demo.userIds.applicant}/diversity/has-answers`,
      headers: {
        host: 'localhost',
        authorization: `Bearer ${await tokenOf(demo.userIds.applicant, demo.organisationId)}`,
      },
    });
    expect(own.json()).toEqual({ data: { data: { has_answered: true } } });
    const response = await read(
      demo.userIds.applicant,
      await tokenOf(demo.userIds.admin, demo.organisationId),
      'localhost',
    );
    expect(response.statusCode, response.body).toBe(200);
    const answers = response.json<UserDiversityAnswersResponse>().data.diversity_v2_questions;
    expect(answers.map((answer) => answer.other_text)).toContain('Tinnitus');
    expect(answers.some((answer) => answer.is_other && answer.options.length === 2)).toBe(true);
    expect(await logOf(demo.userIds.applicant)).toEqual([
      expect.objectContaining({ organisationId: demo.organisationId, readerUserId: demo.userIds.admin }),
    ]);
  });
});
