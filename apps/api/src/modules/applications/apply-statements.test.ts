import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  applications,
  formSectionQuestions,
  motivations,
  opportunities,
  questions,
} from '../../db/schema/index.js';
import { seedDemo, type DemoSeedResult } from '../../db/seed/demo.js';
import { statementsDuring } from '../../test/statements.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { newApplicantDetails } from '../../test/factories/application.js';

// What the apply route asks the database per request. It reads the opportunity, its form and its
// places and times from the answer cache (plugins/answer-cache.ts): per request it reads only what
// depends on the request, and a committed change to the opportunity or its form is seen by the
// next submit. A new application writes its parts without first deleting what cannot exist yet.

let ctx: TestContext;
let demo: DemoSeedResult;
const host = 'localhost';
let requestCount = 0;
let quickHelp: { motivation: number; timeslot: number; consentOption: number };

beforeAll(async () => {
  ctx = await createTestContext();
  demo = await seedDemo(ctx.db);
  const form = await ctx.app.inject({
    url: '/api/opportunities/quick-help/application-form',
    headers: { host },
  });
  const consentOption = form
    .json<{ data: Array<{ type: string; consents: Array<{ options: Array<{ id: number }> }> }> }>()
    .data.find((section) => section.type === 'review-apply')?.consents[0]?.options[0]?.id;
  const motivations = await ctx.app.inject({ url: '/api/motivations/public?limit=999', headers: { host } });
  const opportunity = await ctx.app.inject({ url: '/api/opportunities/quick-help', headers: { host } });
  quickHelp = {
    motivation: motivations.json<{ data: Array<{ id: number }> }>().data[0]?.id ?? 0,
    timeslot:
      opportunity.json<{ data: { sub_locations: Array<{ timeslots: Array<{ id: number }> }> } }>().data
        .sub_locations[0]?.timeslots[0]?.id ?? 0,
    consentOption: consentOption ?? 0,
  };
});
afterAll(() => ctx?.close());
beforeEach(() => ctx.app.answerCache.clear());

/** A valid quick-help form of a new applicant, checked only unless `validateOnly` is overridden. */
function dryRun(overrides: Record<string, unknown> = {}) {
  requestCount += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/opportunities/quick-help/apply',
    remoteAddress: `10.43.${requestCount >> 8}.${requestCount & 255}`,
    headers: { host },
    payload: {
      ...newApplicantDetails(),
      why: 'I would like to help my neighbours.',
      motivation: quickHelp.motivation,
      special_requirements_bool: 'no',
      attributes: { occupation: 'Nurse', 'preferred-contact': 'email' },
      questions: { 'availability-notes': 'Weekday afternoons', 'heard-about-us': 'friend' },
      consents: [quickHelp.consentOption],
      terms: [true],
      new_password: 'Sunshine42',
      new_password_confirm: 'Sunshine42',
      timeslot_ids: [quickHelp.timeslot],
      validateOnly: '1',
      ...overrides,
    },
  });
}

describe('the apply route and the answer cache', () => {
  it('a dry run reads the opportunity, its form and the motivations once: the next one reads only the email', async () => {
    const first = await dryRun();
    expect(first.statusCode, first.body).toBe(200);
    let second: Awaited<ReturnType<typeof dryRun>> | undefined;
    const { executed: statements } = await statementsDuring(async () => {
      second = await dryRun();
    });
    expect(second?.statusCode, second?.body).toBe(200);
    // Whether the new applicant's email has an account.
    expect(statements).toHaveLength(1);
  });

  it('a committed change to the form is seen by the next submit', async () => {
    expect((await dryRun()).statusCode).toBe(200);
    const [question] = await ctx.db
      .select({ id: questions.id, compulsory: questions.compulsory })
      .from(questions)
      .innerJoin(formSectionQuestions, eq(formSectionQuestions.questionId, questions.id))
      .where(and(eq(questions.organisationId, demo.organisationId), eq(questions.slug, 'availability-notes')))
      .limit(1);
    if (!question) {
      throw new Error('the demo quick-help form lacks its availability-notes question');
    }
    await ctx.db.update(questions).set({ compulsory: true }).where(eq(questions.id, question.id));
    try {
      const response = await dryRun({ questions: { 'heard-about-us': 'friend' } });
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toContain(
        'questions.availability-notes',
      );
    } finally {
      await ctx.db
        .update(questions)
        .set({ compulsory: question.compulsory })
        .where(eq(questions.id, question.id));
    }
  });

  it('a motivation taken off the form after a submit is refused (422) by the next one', async () => {
    expect((await dryRun()).statusCode).toBe(200);
    const chosen = eq(motivations.id, quickHelp.motivation);
    await ctx.db.update(motivations).set({ public: false }).where(chosen);
    try {
      const response = await dryRun();
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toContain(
        'motivation',
      );
    } finally {
      await ctx.db.update(motivations).set({ public: true }).where(chosen);
    }
    expect((await dryRun()).statusCode).toBe(200);
  });

  it('an opportunity unpublished after a submit is refused (404) by the next one', async () => {
    expect((await dryRun()).statusCode).toBe(200);
    const slug = eq(opportunities.slug, 'quick-help');
    await ctx.db.update(opportunities).set({ published: false }).where(slug);
    try {
      expect((await dryRun()).statusCode).toBe(404);
    } finally {
      await ctx.db.update(opportunities).set({ published: true }).where(slug);
    }
    expect((await dryRun()).statusCode).toBe(200);
  });

  it('a new application takes its ids, then writes every row in one statement, deleting and reading nothing first', async () => {
    // A dry run first, so that the opportunity and its form are kept.
    expect((await dryRun()).statusCode).toBe(200);
    let response: Awaited<ReturnType<typeof dryRun>> | undefined;
    const { executed: statements } = await statementsDuring(async () => {
      response = await dryRun({ validateOnly: undefined });
    });
    expect(response?.statusCode, response?.body).toBe(201);
    // Whether the email has an account, the new ids (the process's first block), the rows: three
    // round trips in all.
    expect(statements).toHaveLength(3);
    expect(statements.filter((text) => /nextval/.test(text))).toHaveLength(1);
    const writes = statements.filter((text) => /\b(insert into|update|delete from)\b/i.test(text));
    expect(writes).toHaveLength(1);
    const batch = writes[0] ?? '';
    expect(batch).toMatch(/^with "w0" as \(insert into "users"/);
    expect(batch).not.toMatch(/delete from|update "/);
    // Both attributes (occupation, preferred contact) in one insert, so are the answers; the
    // consent answer with its change log; the Finish link's row.
    for (const table of [
      'users',
      'user_email_addresses',
      'applications',
      'application_question_answers',
      'user_attribute_values',
      'application_timeslots',
      'application_terms',
      'user_consent_answers',
      'consent_change_logs',
      'single_use_tokens',
    ]) {
      expect(batch.match(new RegExp(`insert into "${table}"`, 'g')), table).toHaveLength(1);
    }
    // Nor reads the new person's consent answers before writing them.
    expect(statements.filter((text) => /^select .* from "user_consent_answers"/i.test(text))).toEqual([]);
    // One statement is atomic alone: no transaction around it (PostgreSQL's BEGIN is seen here).
    expect(statements.filter((text) => /^(begin|commit)\b/i.test(text))).toEqual([]);
  });

  it('the next new application takes its ids from the block the first took: two round trips', async () => {
    expect((await dryRun({ validateOnly: undefined })).statusCode).toBe(201);
    let response: Awaited<ReturnType<typeof dryRun>> | undefined;
    const { executed: statements } = await statementsDuring(async () => {
      response = await dryRun({ validateOnly: undefined });
    });
    expect(response?.statusCode, response?.body).toBe(201);
    // Whether the email has an account, then the rows, with ids no earlier row has.
    expect(statements).toHaveLength(2);
    expect(statements.filter((text) => /nextval/.test(text))).toEqual([]);
    const { application_id: applicationId } =
      response?.json<{ data: { application_id: number } }>().data ?? {};
    const [row] = await ctx.db
      .select({ id: applications.id, userId: applications.userId })
      .from(applications)
      .where(eq(applications.id, applicationId ?? 0));
    expect(row?.id).toBe(applicationId);
  });
});
