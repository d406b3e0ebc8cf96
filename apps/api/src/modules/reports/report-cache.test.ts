import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleProfiles, teams, userRoles } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createUser } from '../../test/factories/user.js';
import { statementsDuring } from '../../test/statements.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../test/tenant.js';

/*
 * Report answers are kept in the answer cache (issue 13): asked again, a report is served without
 * a statement; a committed write to a table it reads forgets it, so the next answer counts the
 * change; a call about the caller's own figures is kept per caller.
 */

let ctx: TestContext;
let a: Tenant;
let reader: Caller;
let otherReader: Caller;
let teamId = 0;
let roleId = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  const b = await createTenant(ctx.app);
  reader = await a.person(['view-reports']);
  otherReader = await b.person(['view-reports']);
  const [team] = await ctx.db.insert(teams).values({ organisationId: a.id, name: 'north' }).returning();
  const [role] = await ctx.db
    .insert(roleProfiles)
    .values({ organisationId: a.id, displayName: 'driver' })
    .returning();
  teamId = team?.id ?? 0;
  roleId = role?.id ?? 0;
});
afterAll(() => ctx?.close());

type Answer = { data: { label: string; count: number }[] };
const byRole = (caller: Caller) =>
  callAs(ctx.app, caller.headers, 'GET', '/api/reports/users/by-role?from=2026-01-01&to=2026-12-31');
const drivers = (body: string) =>
  (JSON.parse(body) as Answer).data.find((row) => row.label === 'driver')?.count ?? 0;

async function giveRole() {
  const user = await createUser(ctx.db, a.id);
  await ctx.db.insert(userRoles).values({
    organisationId: a.id,
    userId: user.id,
    teamId,
    roleProfileId: roleId,
    createdAt: new Date('2026-02-01T09:00:00Z'),
  });
}

describe('report answers in the answer cache', () => {
  it('serves a report asked again without a statement, and counts a role given since at once', async () => {
    await giveRole();
    const first = await byRole(reader);
    expect(first.statusCode, first.body).toBe(200);
    expect(drivers(first.body)).toBe(1);
    let again: Awaited<ReturnType<typeof byRole>> | undefined;
    const seen = await statementsDuring(async () => {
      again = await byRole(reader);
    });
    expect(again?.body).toBe(first.body);
    expect(seen.executed.filter((text) => /user_roles/.test(text))).toEqual([]);

    await giveRole();
    const after = await byRole(reader);
    expect(drivers(after.body)).toBe(2);
  });

  it('keeps each organisation’s answer apart, and still refuses a caller without the permission', async () => {
    const other = await byRole(otherReader);
    expect(other.statusCode, other.body).toBe(200);
    expect(drivers(other.body)).toBe(0);
    const nobody = await a.person([]);
    expect((await byRole(nobody)).statusCode).toBe(403);
  });

  it('keeps a call about the caller’s own figures per caller', async () => {
    const ann = await a.person([]);
    const bob = await a.person([]);
    const stats = (caller: Caller) => callAs(ctx.app, caller.headers, 'GET', '/api/mobile/dashboard/stats/');
    const annAnswer = await stats(ann);
    expect(annAnswer.statusCode, annAnswer.body).toBe(200);
    let bobs: Awaited<ReturnType<typeof stats>> | undefined;
    const seen = await statementsDuring(async () => {
      bobs = await stats(bob);
    });
    expect(bobs?.statusCode).toBe(200);
    // Bob's figures are computed for Bob, not served from Ann's.
    expect(seen.executed.length).toBeGreaterThan(0);
  });
});
