import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  applicationSubmissions,
  userDiversityAnswers,
  userDiversityQuestionAnswerOptions,
  userDiversityQuestionAnswers,
} from '../../../db/schema/index.js';
import { createOrganisationTestContext, type TestContext } from '../../../test/context.js';
import { applicationFormData, newApplicantDetails } from '../../../test/factories/application.js';
import { createAccount, sessionTokenFor } from '../../../test/factories/auth.js';
import { answerDiversityQuestion, createDiversityQuestions } from '../../../test/factories/diversity.js';
import { createOpportunity } from '../../../test/factories/opportunity.js';
import type { TestOrganisation } from '../../../test/factories/organisation.js';

let ctx: TestContext;
let organisation: TestOrganisation;
let questions: Awaited<ReturnType<typeof createDiversityQuestions>>;
let v2Slug: string;
let fixedSlug: string;
const PASSWORD = 'Sunshine42';

beforeAll(async () => {
  ({ ctx, organisation } = await createOrganisationTestContext());
  questions = await createDiversityQuestions(ctx.db, organisation.id);
  const sections = (diversity: 'v2' | 'fixed') => [
    { type: 'basic-details' as const },
    { type: 'diversity' as const, diversityMode: diversity, diversityCompulsory: false },
    { type: 'review-apply' as const },
  ];
  v2Slug = (await createOpportunity(ctx.db, organisation.id, { sections: sections('v2') })).slug;
  fixedSlug = (await createOpportunity(ctx.db, organisation.id, { sections: sections('fixed') })).slug;
});
afterAll(() => ctx?.close());

function apply(slug: string, values: Record<string, unknown>, token?: string, idempotencyKey?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/opportunities/${slug}/apply/`,
    headers: {
      host: organisation.hosts[0],
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload: applicationFormData(values) as never,
  });
}

const newApplicant = () => ({
  ...newApplicantDetails(),
  new_password: PASSWORD,
  new_password_confirm: PASSWORD,
});

/** The user's stored v2 answers as `[questionId, optionIds, otherText]`, in question order. */
async function storedV2(userId: number) {
  const answers = await ctx.db
    .select()
    .from(userDiversityQuestionAnswers)
    .where(eq(userDiversityQuestionAnswers.userId, userId))
    .orderBy(asc(userDiversityQuestionAnswers.questionId));
  const options = await ctx.db.select().from(userDiversityQuestionAnswerOptions);
  return answers.map((answer) => [
    answer.questionId,
    options
      .filter((option) => option.answerId === answer.id)
      .map((option) => option.optionId)
      .sort((a, b) => a - b),
    answer.otherText,
  ]);
}

async function applicantOf(response: { json: <T>() => T }) {
  const applicationId = response.json<{ data: { application_id: number } }>().data.application_id;
  const [application] = await ctx.db.select().from(applications).where(eq(applications.id, applicationId));
  if (!application) {
    throw new Error('application missing');
  }
  return application;
}

describe('the diversity step on submit', () => {
  it('stores v2 answers with the Other text on the user, apart from the application', async () => {
    const { disabled, which, language } = questions;
    const response = await apply(
      v2Slug,
      {
        ...newApplicant(),
        diversity: {
          diversity_v2_questions: {
            [disabled.id]: { option: disabled.option.Yes },
            [which.id]: { options: [which.option.Sight, which.option.Other], other_text: ' Tinnitus ' },
            [language.id]: { option: language.option.Other, other_text: 'Cornish' },
          },
        },
      },
      undefined,
      'diversity-apart-1',
    );
    expect(response.statusCode, response.body).toBe(201);
    const application = await applicantOf(response);
    expect(await storedV2(application.userId)).toEqual([
      [disabled.id, [disabled.option.Yes], null],
      [which.id, [which.option.Sight, which.option.Other].sort((a, b) => (a ?? 0) - (b ?? 0)), 'Tinnitus'],
      [language.id, [language.option.Other], 'Cornish'],
    ]);
    // Special-category data stays in the user's diversity tables: nothing of it on the application
    // or in the record kept for a retry of the same submit.
    const submissions = await ctx.db
      .select()
      .from(applicationSubmissions)
      .where(eq(applicationSubmissions.organisationId, organisation.id));
    expect(submissions).toHaveLength(1);
    const kept = JSON.stringify([application, submissions]);
    expect(kept).not.toContain('Tinnitus');
    expect(kept).not.toContain('Cornish');
  });

  it('drops the answer of a child question its parent answer hides, and Other text without Other', async () => {
    const { disabled, which, language } = questions;
    const response = await apply(v2Slug, {
      ...newApplicant(),
      diversity: {
        diversity_v2_questions: {
          [disabled.id]: { option: disabled.option.No },
          [which.id]: { options: [which.option.Other], other_text: 'Stale' },
          [language.id]: { option: language.option.Welsh, other_text: 'Stale too' },
        },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const application = await applicantOf(response);
    expect(await storedV2(application.userId)).toEqual([
      [disabled.id, [disabled.option.No], null],
      [language.id, [language.option.Welsh], null],
    ]);
  });

  it('refuses an Other choice without its text at the question’s other_text', async () => {
    const { language } = questions;
    const response = await apply(v2Slug, {
      ...newApplicant(),
      validateOnly: '1',
      diversity: {
        diversity_v2_questions: { [language.id]: { option: language.option.Other, other_text: '' } },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: {
        [`diversity.diversity_v2_questions.${language.id}.other_text`]: ['Other text must be non-empty'],
      },
    });
  });

  it('leaves the answers of a user who answered before as they were', async () => {
    const { disabled, language } = questions;
    const account = await createAccount(ctx.db, organisation.id);
    await answerDiversityQuestion(ctx.db, organisation.id, {
      userId: account.id,
      questionId: language.id,
      optionIds: [language.option.English ?? 0],
    });
    const response = await apply(
      v2Slug,
      {
        diversity: {
          diversity_v2_questions: {
            [disabled.id]: { option: disabled.option.Yes },
            [language.id]: { option: language.option.Welsh },
          },
        },
      },
      await sessionTokenFor(ctx.app, organisation.id, account.id),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(await storedV2(account.id)).toEqual([[language.id, [language.option.English], null]]);
  });

  it('stores the fixed answers, the disability type only after Yes', async () => {
    const response = await apply(fixedSlug, {
      ...newApplicant(),
      diversity: {
        gender_id: '98',
        nationality_id: '68',
        nationality_other: 'Cornish',
        registered_disabled_id: '38',
        disabled_select_id: '50',
        disabled_select_other: 'Migraine',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const application = await applicantOf(response);
    const [row] = await ctx.db
      .select()
      .from(userDiversityAnswers)
      .where(eq(userDiversityAnswers.userId, application.userId));
    expect(row).toMatchObject({
      organisationId: organisation.id,
      genderId: 98,
      nationalityId: 68,
      nationalityOther: 'Cornish',
      registeredDisabledId: 38,
      disabledSelectId: null,
      disabledSelectOther: null,
    });
  });
});
