import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';

let ctx: TestContext;
let host: string;

beforeAll(async () => {
  ctx = await createTestContext();
  host = (await createOrganisation(ctx.db)).hosts[0] ?? '';
});
afterAll(() => ctx?.close());

type OpenApi = {
  paths: Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>>;
};

describe('OpenAPI of the application form routes', () => {
  it('documents every route with its status codes, and what 409 and 410 of check-email mean', async () => {
    const response = await ctx.app.inject({ url: '/api/openapi.json', headers: { host } });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<OpenApi>();
    const checkEmail = paths['/api/application/check-email']?.post;
    expect(Object.keys(checkEmail?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '409', '410', '422', '429']),
    );
    expect(checkEmail?.description).toMatch(/409: an account holds the address and has a password/);
    expect(checkEmail?.description).toMatch(
      /410: an account holds the address but cannot sign in with a password here/,
    );
    const apply = paths['/api/opportunities/{opportunityId}/apply']?.post;
    expect(Object.keys(apply?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '201', '401', '403', '404', '409', '422', '429']),
    );
    expect(paths['/api/opportunities/{opportunityId}/apply']?.get).toBeDefined();
    expect(paths['/api/users/{userId}']?.get).toBeDefined();
    expect(paths['/api/users/{userId}/diversity/has-answers']?.get).toBeDefined();
    expect(paths['/api/motivations/public']?.get).toBeDefined();
    expect(paths['/api/organisation/terms']?.get ?? paths['/api/organisation/terms/']?.get).toBeDefined();
  });
});
