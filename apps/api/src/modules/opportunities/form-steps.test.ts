import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { formStepMessages, formStepResponseSchema, type ApplicationFormResponse } from '@muster/contract';
import {
  applicationAdditionalConsents,
  formSectionAdditionalConsents,
  formSectionQuestions,
  formSections,
} from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createApplication } from '../../test/factories/application.js';
import { createUser } from '../../test/factories/user.js';
import { createOpportunity, createQuestion } from '../../test/factories/opportunity.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../test/tenant.js';

/*
 * The catalogue's `opportunities.application-form` store, show, update and delete (issue 11):
 * administrators with manage-opportunities shape a form's steps; the public form changes at once.
 */

let ctx: TestContext;
let tenant: Tenant;
let elsewhere: Tenant;
let admin: Caller;
let plain: Caller;
let outsider: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await createTenant(ctx.app);
  elsewhere = await createTenant(ctx.app);
  admin = await tenant.person(['manage-opportunities']);
  plain = await tenant.person(['view-users']);
  outsider = await elsewhere.person(['manage-opportunities']);
});
afterAll(() => ctx.close());

const formUrl = (reference: string | number) => `/api/opportunities/${reference}/application-form`;

async function steps(opportunityId: number) {
  return ctx.db
    .select({
      id: formSections.id,
      type: formSections.type,
      position: formSections.position,
      name: formSections.name,
    })
    .from(formSections)
    .where(eq(formSections.opportunityId, opportunityId))
    .orderBy(asc(formSections.position));
}

async function publicForm(slug: string) {
  const response = await ctx.app.inject({ url: `${formUrl(slug)}/`, headers: tenant.anonymous });
  return response.json<ApplicationFormResponse>().data;
}

describe('POST /api/opportunities/{id}/application-form/ (store)', () => {
  it('adds a step with its items at a position, and the public form shows it at once', async () => {
    const opportunity = await createOpportunity(ctx.db, tenant.id);
    const question = await createQuestion(ctx.db, tenant.id, { name: 'Why us?' });
    expect((await publicForm(opportunity.slug)).map((step) => step.type)).toEqual([
      'basic-details',
      'review-apply',
    ]);

    const response = await callAs(ctx.app, admin.headers, 'POST', formUrl(opportunity.slug), {
      type: 'motivation',
      position: 1,
      apply_right_to_work: true,
      question_ids: [question.id],
      additional_consents: ['I can commit two hours a week'],
    });
    expect(response.statusCode).toBe(201);
    const { data } = formStepResponseSchema.parse(response.json());
    expect(data).toMatchObject({
      type: 'motivation',
      name: 'Your motivation',
      position: 1,
      apply_right_to_work: true,
      questions: [{ id: question.id, name: 'Why us?' }],
      additional_consents: [{ name: 'I can commit two hours a week' }],
    });
    expect((await steps(opportunity.id)).map((step) => [step.type, step.position])).toEqual([
      ['basic-details', 0],
      ['motivation', 1],
      ['review-apply', 2],
    ]);
    const shown = await publicForm(opportunity.slug);
    expect(shown.map((step) => step.type)).toEqual(['basic-details', 'motivation', 'review-apply']);
  });

  it('appends by default, for an unpublished opportunity too, by numeric id', async () => {
    const opportunity = await createOpportunity(ctx.db, tenant.id, { published: false });
    const response = await callAs(ctx.app, admin.headers, 'POST', formUrl(opportunity.id), {
      type: 'references',
      name: 'Referees',
      requested_references: 2,
    });
    expect(response.statusCode).toBe(201);
    expect((await steps(opportunity.id)).map((step) => step.name)).toEqual([
      'Your details',
      'Review and apply',
      'Referees',
    ]);
  });

  it('answers 422 for a type the form has, for another organisation’s question, and for bad input', async () => {
    const opportunity = await createOpportunity(ctx.db, tenant.id);
    const foreign = await createQuestion(ctx.db, elsewhere.id);
    const duplicate = await callAs(ctx.app, admin.headers, 'POST', formUrl(opportunity.slug), {
      type: 'basic-details',
      question_ids: [foreign.id],
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toMatchObject({
      errors: { type: [formStepMessages.duplicateType], 'question_ids.0': [formStepMessages.unknownItem] },
    });
    const bad = await callAs(ctx.app, admin.headers, 'POST', formUrl(opportunity.slug), {
      type: 'no-such-step',
      minimum_age: -1,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual(['minimum_age', 'type']);
    expect(await steps(opportunity.id)).toHaveLength(2);
  });

  it('answers 401 anonymous and 403 without manage-opportunities, before validating', async () => {
    const opportunity = await createOpportunity(ctx.db, tenant.id);
    expect((await callAs(ctx.app, tenant.anonymous, 'POST', formUrl(opportunity.slug), {})).statusCode).toBe(
      401,
    );
    expect((await callAs(ctx.app, plain.headers, 'POST', formUrl(opportunity.slug), {})).statusCode).toBe(
      403,
    );
    expect(await steps(opportunity.id)).toHaveLength(2);
  });

  it('answers 404 for another organisation’s opportunity', async () => {
    const opportunity = await createOpportunity(ctx.db, tenant.id);
    const response = await callAs(ctx.app, outsider.headers, 'POST', formUrl(opportunity.id), {
      type: 'diversity',
    });
    expect(response.statusCode).toBe(404);
    expect(await steps(opportunity.id)).toHaveLength(2);
  });
});

describe('GET /api/opportunities/{id}/application-form/{stepId} (show)', () => {
  it('answers one step to an administrator; 404 for a step of another opportunity or organisation', async () => {
    const opportunity = await createOpportunity(ctx.db, tenant.id);
    const other = await createOpportunity(ctx.db, tenant.id);
    const [first] = await steps(opportunity.id);
    const [otherFirst] = await steps(other.id);
    const shown = await callAs(ctx.app, admin.headers, 'GET', `${formUrl(opportunity.slug)}/${first?.id}`);
    expect(shown.statusCode).toBe(200);
    expect(formStepResponseSchema.parse(shown.json()).data).toMatchObject({
      id: first?.id,
      type: 'basic-details',
    });
    const wrongParent = await callAs(
      ctx.app,
      admin.headers,
      'GET',
      `${formUrl(opportunity.slug)}/${otherFirst?.id}`,
    );
    expect(wrongParent.statusCode).toBe(404);
    const across = await callAs(ctx.app, outsider.headers, 'GET', `${formUrl(opportunity.id)}/${first?.id}`);
    expect(across.statusCode).toBe(404);
    const huge = await callAs(ctx.app, admin.headers, 'GET', `${formUrl(opportunity.slug)}/99999999999`);
    expect(huge.statusCode).toBe(404);
    expect(
      (await callAs(ctx.app, tenant.anonymous, 'GET', `${formUrl(opportunity.slug)}/${first?.id}`))
        .statusCode,
    ).toBe(401);
    expect(
      (await callAs(ctx.app, plain.headers, 'GET', `${formUrl(opportunity.slug)}/${first?.id}`)).statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/opportunities/{id}/application-form/{stepId} (update)', () => {
  it('changes settings, replaces lists, moves the step, and the public form follows at once', async () => {
    const questionA = await createQuestion(ctx.db, tenant.id);
    const questionB = await createQuestion(ctx.db, tenant.id);
    const opportunity = await createOpportunity(ctx.db, tenant.id, {
      sections: [
        { type: 'basic-details' },
        { type: 'motivation', questionIds: [questionA.id] },
        { type: 'review-apply' },
      ],
    });
    expect((await publicForm(opportunity.slug))[1]?.questions.map((question) => question.id)).toEqual([
      questionA.id,
    ]);
    const motivation = (await steps(opportunity.id))[1];
    const response = await callAs(
      ctx.app,
      admin.headers,
      'PUT',
      `${formUrl(opportunity.slug)}/${motivation?.id}`,
      {
        name: 'Why you?',
        position: 0,
        question_ids: [questionB.id, questionA.id],
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { name: 'Why you?', position: 0, type: 'motivation' } });
    expect((await steps(opportunity.id)).map((step) => step.type)).toEqual([
      'motivation',
      'basic-details',
      'review-apply',
    ]);
    const rows = await ctx.db
      .select({ questionId: formSectionQuestions.questionId })
      .from(formSectionQuestions)
      .where(eq(formSectionQuestions.sectionId, motivation?.id ?? 0))
      .orderBy(asc(formSectionQuestions.position));
    expect(rows.map((row) => row.questionId)).toEqual([questionB.id, questionA.id]);
    const shown = await publicForm(opportunity.slug);
    expect(shown[0]).toMatchObject({
      name: 'Why you?',
      questions: [{ id: questionB.id }, { id: questionA.id }],
    });
  });

  it('keeps a statement applicants answered, and refuses to remove it (422)', async () => {
    const opportunity = await createOpportunity(ctx.db, tenant.id, {
      sections: [
        { type: 'basic-details', additionalConsents: ['Over 16', 'Has a bike'] },
        { type: 'review-apply' },
      ],
    });
    const [step] = await steps(opportunity.id);
    const statements = await ctx.db
      .select()
      .from(formSectionAdditionalConsents)
      .where(eq(formSectionAdditionalConsents.sectionId, step?.id ?? 0))
      .orderBy(asc(formSectionAdditionalConsents.position));
    const applicant = await createUser(ctx.db, tenant.id);
    const application = await createApplication(ctx.db, tenant.id, {
      opportunityId: opportunity.id,
      userId: applicant.id,
    });
    await ctx.db.insert(applicationAdditionalConsents).values({
      organisationId: tenant.id,
      applicationId: application.id,
      additionalConsentId: statements[0]?.id ?? 0,
      agreed: true,
    });
    const url = `${formUrl(opportunity.slug)}/${step?.id}`;
    const refused = await callAs(ctx.app, admin.headers, 'PUT', url, { additional_consents: ['Has a bike'] });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json<{ errors: object }>().errors)).toEqual(['additional_consents']);
    const kept = await callAs(ctx.app, admin.headers, 'PUT', url, {
      additional_consents: ['Has a car', 'Over 16'],
    });
    expect(kept.statusCode).toBe(200);
    const after = await ctx.db
      .select()
      .from(formSectionAdditionalConsents)
      .where(eq(formSectionAdditionalConsents.sectionId, step?.id ?? 0))
      .orderBy(asc(formSectionAdditionalConsents.position));
    expect(after.map((row) => row.name)).toEqual(['Has a car', 'Over 16']);
    expect(after[1]?.id).toBe(statements[0]?.id);
    const deleted = await callAs(ctx.app, admin.headers, 'DELETE', url);
    expect(deleted.statusCode).toBe(409);
  });

  it('answers 422 when the new type is another step’s, 401/403 before that, 404 across organisations', async () => {
    const opportunity = await createOpportunity(ctx.db, tenant.id);
    const [first] = await steps(opportunity.id);
    const url = `${formUrl(opportunity.slug)}/${first?.id}`;
    const duplicate = await callAs(ctx.app, admin.headers, 'PUT', url, { type: 'review-apply' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toMatchObject({ errors: { type: [formStepMessages.duplicateType] } });
    expect((await callAs(ctx.app, tenant.anonymous, 'PUT', url, { type: 1 })).statusCode).toBe(401);
    expect((await callAs(ctx.app, plain.headers, 'PUT', url, { type: 1 })).statusCode).toBe(403);
    const across = await callAs(ctx.app, outsider.headers, 'PUT', `${formUrl(opportunity.id)}/${first?.id}`, {
      name: 'x',
    });
    expect(across.statusCode).toBe(404);
    expect((await steps(opportunity.id))[0]).toMatchObject({ type: 'basic-details', name: 'Your details' });
  });
});

describe('DELETE /api/opportunities/{id}/application-form/{stepId}', () => {
  it('removes the step, closes the gap, and the public form no longer shows it', async () => {
    const opportunity = await createOpportunity(ctx.db, tenant.id, {
      sections: [{ type: 'basic-details' }, { type: 'motivation' }, { type: 'review-apply' }],
    });
    expect(await publicForm(opportunity.slug)).toHaveLength(3);
    const [, motivation] = await steps(opportunity.id);
    const url = `${formUrl(opportunity.slug)}/${motivation?.id}`;
    expect((await callAs(ctx.app, tenant.anonymous, 'DELETE', url)).statusCode).toBe(401);
    expect((await callAs(ctx.app, plain.headers, 'DELETE', url)).statusCode).toBe(403);
    expect(
      (await callAs(ctx.app, outsider.headers, 'DELETE', `${formUrl(opportunity.id)}/${motivation?.id}`))
        .statusCode,
    ).toBe(404);
    const response = await callAs(ctx.app, admin.headers, 'DELETE', url);
    expect(response.statusCode).toBe(204);
    expect((await steps(opportunity.id)).map((step) => [step.type, step.position])).toEqual([
      ['basic-details', 0],
      ['review-apply', 1],
    ]);
    expect((await publicForm(opportunity.slug)).map((step) => step.type)).toEqual([
      'basic-details',
      'review-apply',
    ]);
    const again = await callAs(ctx.app, admin.headers, 'DELETE', url);
    expect(again.statusCode).toBe(404);
    const remaining = await ctx.db
      .select()
      .from(formSections)
      .where(and(eq(formSections.opportunityId, opportunity.id), eq(formSections.type, 'motivation')));
    expect(remaining).toEqual([]);
  });
});
