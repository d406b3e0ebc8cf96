import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPermissionHolders } from '../../modules/people-work/repository.js';
import { AUTHORISE_EXPENSES } from '../../modules/people-work/service.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { claims, expenses, tasks, touchpoints, userInductions, userSkills } from '../schema/index.js';
import { seedDemo, type DemoSeedResult } from './demo.js';

let ctx: TestContext;
let demo: DemoSeedResult;

beforeAll(async () => {
  ctx = await createTestContext();
  demo = await seedDemo(ctx.db, { today: new Date('2026-05-01T00:00:00Z') });
});
afterAll(() => ctx?.close());

describe('demo people’s work', () => {
  it('gives the demo people tasks, skills, expenses in claims, touchpoints with a follow-up and inductions', async () => {
    const ofDemo = { organisationId: demo.organisationId };
    const count = async (table: typeof tasks | typeof userSkills | typeof expenses | typeof userInductions) =>
      (await ctx.db.select().from(table).where(eq(table.organisationId, ofDemo.organisationId))).length;
    expect(await count(tasks)).toBe(3);
    expect(await count(userSkills)).toBe(6);
    expect(await count(expenses)).toBe(4);
    expect(await count(userInductions)).toBe(4);
    const claimRows = await ctx.db.select().from(claims).where(eq(claims.organisationId, ofDemo.organisationId));
    expect(claimRows.map((claim) => claim.status).sort()).toEqual(['approved', 'submitted']);
    const followUps = (await ctx.db.select().from(touchpoints)).filter((row) => row.parentId !== null);
    expect(followUps).toHaveLength(1);
  });

  it('makes the administrator someone who may authorise the applicant’s expenses', async () => {
    const holders = await listPermissionHolders(ctx.db, demo.organisationId, AUTHORISE_EXPENSES, demo.userIds.applicant);
    expect(holders.map((holder) => holder.id)).toContain(demo.userIds.admin);
  });
});
