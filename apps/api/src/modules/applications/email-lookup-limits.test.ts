import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { applicantEmail, newApplicantDetails } from '../../test/factories/application.js';
import { TEST_PASSWORD } from '../../test/factories/auth.js';
import { createOpportunity } from '../../test/factories/opportunity.js';
import { createOrganisation, type TestOrganisation } from '../../test/factories/organisation.js';

// Issue 10, finding 5: the dry run answered "this email has an account" without the check-email limits.
let ctx: TestContext;
let organisation: TestOrganisation;
let slug: string;

beforeAll(async () => {
  ctx = await createTestContext();
  organisation = await createOrganisation(ctx.db);
  slug = (await createOpportunity(ctx.db, organisation.id)).slug;
});
afterAll(() => ctx?.close());

function dryRun(email: string, remoteAddress: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/opportunities/${slug}/apply/`,
    headers: { host: organisation.hosts[0] },
    remoteAddress,
    payload: {
      ...newApplicantDetails(email),
      new_password: TEST_PASSWORD,
      new_password_confirm: TEST_PASSWORD,
      validateOnly: '1',
    },
  });
}

describe('the email-exists answer of the application form', () => {
  it('counts each new address a client names in a dry run against the check-email limit (10 a minute)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await dryRun(applicantEmail('probe'), '10.9.0.1')).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it('shares the limit with the check-email call', async () => {
    for (let i = 0; i < 10; i += 1) {
      const check = await ctx.app.inject({
        method: 'POST',
        url: '/api/application/check-email',
        headers: { host: organisation.hosts[0] },
        remoteAddress: '10.9.0.2',
        payload: { email: applicantEmail('checked') },
      });
      expect(check.statusCode).toBe(200);
    }
    expect((await dryRun(applicantEmail('probe'), '10.9.0.2')).statusCode).toBe(429);
  });

  it('does not count an applicant’s repeated dry runs of one address more than once', async () => {
    const email = applicantEmail('steps');
    for (let i = 0; i < 15; i += 1) {
      expect((await dryRun(email, '10.9.0.3')).statusCode).toBe(200);
    }
  });
});
