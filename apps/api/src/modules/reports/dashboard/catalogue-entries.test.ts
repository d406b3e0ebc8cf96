import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueOutcomesOf } from '../../../catalogue/generic-routes.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { callAs, createTenant, type Caller } from '../../../test/tenant.js';

/*
 * The catalogue declares the entries these reports answer (`mobile.dashboard.stats`,
 * `analytics.organisation-stats`, the report and training routes). The generic module must leave
 * the reports' paths to them and keep answering 405 for the operations the spec disables.
 */

let ctx: TestContext;
let reader: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  const tenant = await createTenant(ctx.app);
  reader = await tenant.person(['view-reports']);
});
afterAll(() => ctx?.close());

const outcomesOf = (entry: string) =>
  catalogueOutcomesOf(ctx.app)
    .filter((outcome) => outcome.entry === entry)
    .map((outcome) => `${outcome.method} ${outcome.url} ${outcome.outcome}`)
    .sort();

describe('catalogue entries answered by the reports module', () => {
  it('leaves the list calls of the dashboard and organisation figures to the reports', () => {
    expect(outcomesOf('mobile.dashboard.stats')).toContain('GET /api/mobile/dashboard/stats skipped');
    expect(outcomesOf('analytics.organisation-stats')).toEqual([
      'DELETE /api/analytics/organisation-stats/:id refused',
      'GET /api/analytics/organisation-stats skipped',
      'GET /api/analytics/organisation-stats/:id refused',
      'POST /api/analytics/organisation-stats refused',
      'PUT /api/analytics/organisation-stats/:id refused',
    ]);
    expect(outcomesOf('reports.recruitment.classification')).toContain(
      'GET /api/reports/recruitment/classification skipped',
    );
  });

  it('answers every report path of this area rather than the generic 405', async () => {
    for (const path of [
      '/reports/expenses/overview',
      '/reports/expenses/by-claim',
      '/reports/expenses/by-user',
      '/reports/expenses/by-expense-type',
      '/analytics/training/compulsory-training/',
      '/analytics/training/adoption-by-module/',
      '/analytics/training/by-user/',
      '/analytics/training/users-by-module/',
      '/reports/overview/status',
      '/reports/recruitment/classification/',
      '/analytics/organisation-stats',
      '/analytics/key-stats',
      '/mobile/dashboard/stats/',
    ]) {
      const response = await callAs(ctx.app, reader.headers, 'GET', `/api${path}`);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    }
  });

  it('keeps the disabled operations of those entries refused', async () => {
    expect((await callAs(ctx.app, reader.headers, 'PUT', '/api/reports/expenses/1', {})).statusCode).toBe(
      405,
    );
    expect((await callAs(ctx.app, reader.headers, 'GET', '/api/reports/expenses/')).statusCode).toBe(405);
    expect(
      (await callAs(ctx.app, reader.headers, 'POST', '/api/mobile/dashboard/stats', {})).statusCode,
    ).toBe(405);
  });
});
