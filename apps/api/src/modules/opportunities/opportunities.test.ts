import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createOpportunity } from '../../test/factories/opportunity.js';
import { seedReferenceData } from '../../db/seed/reference-data.js';
import { BEACH_CLEAN_SECTION_TYPES, seedDemo } from '../../db/seed/demo.js';
import type { ApplicationFormResponse, FormSection } from '@muster/contract';
import { opportunityApplyActions } from '../../db/schema/index.js';

let ctx: TestContext;
const demo = { host: 'localhost' };

beforeAll(async () => {
  ctx = await createTestContext();
  await seedReferenceData(ctx.db);
  await seedDemo(ctx.db);
});
afterAll(() => ctx?.close());

async function form(reference: string, host = demo.host) {
  return ctx.app.inject({ url: `/api/opportunities/${reference}/application-form/`, headers: { host } });
}

describe('GET /api/opportunities/{id}', () => {
  it('answers the opportunity by slug and by numeric id, with role profile, team and timeslots', async () => {
    const bySlug = await ctx.app.inject({ url: '/api/opportunities/beach-clean', headers: demo });
    expect(bySlug.statusCode).toBe(200);
    const { data } = bySlug.json<{ data: { id: number } & Record<string, unknown> }>();
    expect(data).toMatchObject({
      slug: 'beach-clean',
      type: 'One-off',
      role_profile: { display_name: expect.any(String) as unknown },
      team: { name: expect.any(String) as unknown },
      default_phone_country_code: 'GB',
    });
    const byId = await ctx.app.inject({ url: `/api/opportunities/${data.id}/`, headers: demo });
    expect(byId.json()).toEqual(bySlug.json());
  });

  it('answers 404 JSON for an unknown opportunity and 422 for a malformed reference', async () => {
    const missing = await ctx.app.inject({ url: '/api/opportunities/no-such-thing', headers: demo });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'This opportunity does not exist or is no longer open.' });
    const malformed = await ctx.app.inject({ url: '/api/opportunities/bad%20slug!', headers: demo });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({ errors: { 'params.opportunityId': [expect.any(String) as unknown] } });
  });
});

describe('GET /api/opportunities/{id}/application-form/', () => {
  it('answers the steps of beach-clean in order, every step type', async () => {
    const response = await form('beach-clean');
    expect(response.statusCode).toBe(200);
    const sections = response.json<ApplicationFormResponse>().data;
    expect(sections.map((section) => section.type)).toEqual([...BEACH_CLEAN_SECTION_TYPES]);
    const byType = (type: FormSection['type']) => sections.find((section) => section.type === type);
    expect(byType('motivation')?.apply_right_to_work).toBe(true);
    expect(byType('address-details')?.min_address_history).toBe(36);
    expect(byType('references')?.requested_references).toBe(2);
    expect(byType('supporting-documents')?.documents).toHaveLength(2);
  });

  it('carries one attribute of each of the 18 types, with category and ordered options', async () => {
    const sections = (await form('beach-clean')).json<ApplicationFormResponse>().data;
    const aboutYou = sections.find((section) => section.type === 'about-you');
    const types = aboutYou?.attributes.map(({ attribute }) => attribute.type).sort();
    expect(types).toEqual(
      [
        'boolean', 'checkboxes', 'currency', 'date', 'datetime', 'decimal', 'dropdown', 'email', 'file', 'files',
        'html', 'integer', 'link', 'photo', 'radio', 'startenddate', 'telephone', 'text',
      ].sort(),
    );
    const dropdown = aboutYou?.attributes.find(({ attribute }) => attribute.type === 'dropdown')?.attribute;
    const positions = dropdown?.options.map((option) => option.position) ?? [];
    expect(positions.length).toBeGreaterThan(1);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(aboutYou?.questions.length).toBeGreaterThan(0);
  });

  it('supplies the diversity questions with a dependency and an Other option', async () => {
    const sections = (await form('beach-clean')).json<ApplicationFormResponse>().data;
    const diversity = sections.find((section) => section.type === 'diversity')?.diversity;
    expect(diversity?.mode).toBe('v2');
    if (diversity?.mode !== 'v2') {
      return;
    }
    expect(diversity.questions.some((question) => question.depends_on.length > 0)).toBe(true);
    expect(diversity.questions.some((question) => question.options.some((option) => option.is_other))).toBe(true);
  });

  it('carries consents (one compulsory), additional consents and terms on review-apply', async () => {
    const sections = (await form('beach-clean')).json<ApplicationFormResponse>().data;
    const review = sections.at(-1);
    expect(review?.type).toBe('review-apply');
    expect(review?.consents.some((consent) => consent.compulsory)).toBe(true);
    expect(review?.consents.every((consent) => consent.options.length > 0)).toBe(true);
    expect(review?.additional_consents.length).toBeGreaterThan(0);
    expect(review?.terms.length).toBeGreaterThan(0);
  });

  it('serves the residential opportunity with its residential step', async () => {
    const sections = (await form('residential-week')).json<ApplicationFormResponse>().data;
    expect(sections.map((section) => section.type)).toContain('residential');
  });
});

describe('opportunities are scoped to their organisation', () => {
  it('never shows one organisation’s opportunity through another’s host', async () => {
    const other = await createOrganisation(ctx.db, { hosts: ['other.test'] });
    const mine = await createOpportunity(ctx.db, other.id, { slug: 'other-only' });
    expect((await form('other-only', 'other.test')).statusCode).toBe(200);
    expect((await form('other-only', 'localhost')).statusCode).toBe(404);
    expect((await form(String(mine.id), 'localhost')).statusCode).toBe(404);
    expect((await form('beach-clean', 'other.test')).statusCode).toBe(404);
  });

  it('hides an unpublished opportunity', async () => {
    const organisation = await createOrganisation(ctx.db, { hosts: ['draft.test'] });
    await createOpportunity(ctx.db, organisation.id, { slug: 'draft', published: false });
    expect((await ctx.app.inject({ url: '/api/opportunities/draft', headers: { host: 'draft.test' } })).statusCode).toBe(404);
  });
});

describe('POST /api/opportunities/log-apply-action', () => {
  const post = (payload: string, host = demo.host) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/opportunities/log-apply-action',
      headers: { host, 'content-type': 'application/json' },
      payload,
    });

  it('records one arrival per call', async () => {
    const before = await ctx.db.$count(opportunityApplyActions);
    const response = await post(JSON.stringify({ slug: 'quick-help' }));
    expect(response.statusCode).toBe(204);
    expect(await ctx.db.$count(opportunityApplyActions)).toBe(before + 1);
  });

  it('answers 422 keyed by field for a missing slug, 404 for an unknown one', async () => {
    const missing = await post('{}');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ message: expect.any(String) as unknown, errors: { slug: [expect.any(String) as unknown] } });
    expect((await post(JSON.stringify({ slug: 'nope' }))).statusCode).toBe(404);
  });

  it('answers a malformed JSON body with 400 JSON and no internals', async () => {
    const response = await post('{"slug": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
    expect(response.headers['content-type']).toContain('json');
  });
});
