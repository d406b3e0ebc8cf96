import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStatusMessages } from '@muster/contract';
import { USER_STATUS } from '../../db/seed/reference-data.js';
import { userMemberships, userRoles, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createSignedInAccount } from '../../test/factories/auth.js';
import { createRoleProfileRow, createTeamRow } from '../../test/factories/catalogue.js';
import { createLeavingReason, createMembership } from '../../test/factories/memberships.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../test/tenant.js';

/*
 * PUT /api/users/{userId}: recording that a person left (their period of volunteering closed with
 * its day and reason, their roles ended, status Left, signed out) and taking them back. The
 * reports are then read to see the leaver counted; what they should answer is worked out here
 * from the dates and names the test chose, never by the reports' SQL.
 */

let ctx: TestContext;
let a: Tenant;
let b: Tenant;
let manager: Caller;
let nobody: Caller;

const DAY_MS = 86_400_000;

/** Today in the organisation's calendar (the test organisations keep the default, Europe/London). */
function londonToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** `day` moved by whole days. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A volunteer of the tenant who can sign in: a period from `joinedOn` still open, unless told otherwise. */
async function volunteer(
  tenant: Tenant,
  options: { joinedOn?: string | null; permissions?: string[]; firstName?: string; lastName?: string } = {},
) {
  const account = await createSignedInAccount(ctx.app, tenant.id, {
    permissions: options.permissions ?? [],
    firstName: options.firstName ?? 'Vera',
    lastName: options.lastName ?? 'Volunteer',
    statusId: USER_STATUS.active,
  });
  const joinedOn = options.joinedOn === undefined ? addDays(londonToday(), -200) : options.joinedOn;
  if (joinedOn !== null) {
    await createMembership(ctx.db, tenant.id, account.id, { joinedOn });
  }
  return { id: account.id, headers: { host: tenant.host, authorization: `Bearer ${account.token}` } };
}

const put = (caller: Caller | { host: string }, userId: number, body: object) =>
  callAs(ctx.app, 'headers' in caller ? caller.headers : caller, 'PUT', `/api/users/${userId}`, body);

type ErrorAnswer = { message: string; errors?: Record<string, string[]> };

async function membershipsOf(userId: number) {
  return ctx.db.select().from(userMemberships).where(eq(userMemberships.userId, userId));
}

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  b = await createTenant(ctx.app);
  manager = await a.person(['manage-users']);
  nobody = await a.person(['view-users']);
}, 60_000);
afterAll(() => ctx?.close());

describe('PUT /api/users/{userId}: who may', () => {
  it('401 without a session; 403 without manage-users, before the body is looked at', async () => {
    const person = await volunteer(a);
    expect((await put(a.anonymous, person.id, { status: 'left' })).statusCode).toBe(401);
    const refused = await put(nobody, person.id, { status: 'gone' });
    expect(refused.statusCode).toBe(403);
    expect((await membershipsOf(person.id))[0]?.leftOn).toBeNull();
  });

  it('404 for another organisation’s user, or one that does not exist', async () => {
    const theirs = await volunteer(b);
    const response = await put(manager, theirs.id, { status: 'left' });
    expect(response.statusCode).toBe(404);
    expect((await membershipsOf(theirs.id))[0]?.leftOn).toBeNull();
    expect((await put(manager, 2_000_000_000, { status: 'left' })).statusCode).toBe(404);
  });

  it('403 for one’s own leaving, and for someone holding a permission the caller lacks', async () => {
    const self = await put(manager, manager.id, { status: 'left' });
    expect(self.statusCode).toBe(403);
    expect(self.json<ErrorAnswer>().message).toBe(userStatusMessages.self);
    const administrator = await volunteer(a, { permissions: ['manage-organisation'] });
    const refused = await put(manager, administrator.id, { status: 'left' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorAnswer>().message).toBe(userStatusMessages.holdsMore);
    expect((await membershipsOf(administrator.id))[0]?.leftOn).toBeNull();
  });
});

describe('PUT /api/users/{userId}: what it refuses', () => {
  it('422 keyed by field for a body it cannot read', async () => {
    const person = await volunteer(a);
    const cases: [object, string][] = [
      [{}, 'status'],
      [{ status: 'retired' }, 'status'],
      [{ status: 'left', left_on: '2026-02-30' }, 'left_on'],
      [{ status: 'left', leaving_reason_id: 'moved' }, 'leaving_reason_id'],
      [{ status: 'left', leaving_reason_id: 0 }, 'leaving_reason_id'],
    ];
    for (const [body, field] of cases) {
      const response = await put(manager, person.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json<ErrorAnswer>().errors ?? {}), JSON.stringify(body)).toEqual([field]);
    }
  });

  it('422 at leaving_reason_id for another organisation’s reason or one no longer offered', async () => {
    const person = await volunteer(a);
    const theirs = await createLeavingReason(ctx.db, b.id, { name: 'Moved away' });
    const retired = await createLeavingReason(ctx.db, a.id, { name: 'Retired', active: false });
    for (const reason of [theirs, retired]) {
      const response = await put(manager, person.id, { status: 'left', leaving_reason_id: reason.id });
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorAnswer>().errors).toEqual({
        leaving_reason_id: [userStatusMessages.reasonUnknown],
      });
    }
    expect((await membershipsOf(person.id))[0]?.leftOn).toBeNull();
  });

  it('422 at left_on for a day before they started or after today (in the organisation’s calendar)', async () => {
    const joinedOn = addDays(londonToday(), -30);
    const person = await volunteer(a, { joinedOn });
    const early = await put(manager, person.id, { status: 'left', left_on: addDays(joinedOn, -1) });
    expect(early.statusCode).toBe(422);
    expect(early.json<ErrorAnswer>().errors).toEqual({
      left_on: [userStatusMessages.leftBeforeJoined(joinedOn)],
    });
    const tomorrow = await put(manager, person.id, { status: 'left', left_on: addDays(londonToday(), 1) });
    expect(tomorrow.statusCode).toBe(422);
    expect(tomorrow.json<ErrorAnswer>().errors).toEqual({ left_on: [userStatusMessages.leftInFuture] });
    const [period] = await membershipsOf(person.id);
    expect(period).toMatchObject({ joinedOn, leftOn: null, leavingReasonId: null });
    const [row] = await ctx.db
      .select({ statusId: users.statusId })
      .from(users)
      .where(eq(users.id, person.id));
    expect(row?.statusId).toBe(USER_STATUS.active);
  });

  it('409 for someone with no open period of volunteering, and for taking back someone who has not left', async () => {
    const never = await volunteer(a, { joinedOn: null });
    const response = await put(manager, never.id, { status: 'left' });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorAnswer>().message).toBe(userStatusMessages.notVolunteering);
    const gone = await volunteer(a, { joinedOn: null });
    await createMembership(ctx.db, a.id, gone.id, { joinedOn: '2024-01-01', leftOn: '2024-06-30' });
    expect((await put(manager, gone.id, { status: 'left' })).statusCode).toBe(409);
    const staying = await volunteer(a);
    const back = await put(manager, staying.id, { status: 'active' });
    expect(back.statusCode).toBe(409);
    expect(back.json<ErrorAnswer>().message).toBe(userStatusMessages.notLeft);
  });
});

describe('PUT /api/users/{userId}: a leaver as the reports see them', () => {
  it('closes the period, ends the roles, signs them out, and the reports count them with their reason', async () => {
    // An organisation of its own, so the reports' figures are this leaver's alone.
    const org = await createTenant(ctx.app);
    const coordinator = await org.person(['manage-users']);
    const reader = await org.person(['view-reports']);
    const today = londonToday();
    const leftOn = addDays(today, -10);
    const joinedOn = addDays(leftOn, -399);
    const from = addDays(leftOn, -5);

    const moved = await createLeavingReason(ctx.db, org.id, { name: 'Moved away', position: 0 });
    const noTime = await createLeavingReason(ctx.db, org.id, { name: 'No time', position: 1 });
    await createLeavingReason(ctx.db, org.id, { name: 'Retired', position: 2, active: false });
    const shop = await createTeamRow(ctx.db, org.id, { name: 'Shop' });
    const garden = await createTeamRow(ctx.db, org.id, { name: 'Garden' });
    const cafe = await createTeamRow(ctx.db, org.id, { name: 'Café' });
    const steward = await createRoleProfileRow(ctx.db, org.id, { displayName: 'Steward' });
    const driver = await createRoleProfileRow(ctx.db, org.id, { displayName: 'Driver' });

    const leaver = await volunteer(org, { joinedOn, firstName: 'Lena', lastName: 'Leaver' });
    const given = new Date(`${joinedOn}T10:00:00Z`);
    const role = (teamId: number, roleProfileId: number, endDate: string | null) =>
      ctx.db
        .insert(userRoles)
        .values({
          organisationId: org.id,
          userId: leaver.id,
          teamId,
          roleProfileId,
          endDate,
          createdAt: given,
        })
        .returning({ id: userRoles.id })
        .then(([row]) => row?.id ?? 0);
    const openEnded = await role(shop.id, steward.id, null);
    const endingLater = await role(garden.id, driver.id, addDays(today, 90));
    const endedBefore = await role(cafe.id, steward.id, addDays(joinedOn, 30));

    const response = await put(coordinator, leaver.id, {
      status: 'left',
      left_on: leftOn,
      leaving_reason_id: noTime.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: { status: unknown; roles: unknown[] } }>().data).toMatchObject({
      id: leaver.id,
      status: { id: USER_STATUS.left, name: 'Left' },
      roles: expect.arrayContaining([
        { id: openEnded, end_date: leftOn },
        { id: endingLater, end_date: leftOn },
        { id: endedBefore, end_date: addDays(joinedOn, 30) },
      ]) as unknown,
    });
    const [period] = await membershipsOf(leaver.id);
    expect(period).toMatchObject({ joinedOn, leftOn, leavingReasonId: noTime.id });
    // Their sign-in ended with their leaving.
    const signedOut = await callAs(ctx.app, leaver.headers, 'GET', `/api/users/${leaver.id}`);
    expect(signedOut.statusCode).toBe(401);

    const query = `?from=${from}&to=${today}`;
    const report = async (path: string) => {
      const answer = await callAs(ctx.app, reader.headers, 'GET', `/api${path}${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ data: unknown }>().data;
    };
    // Both days count: 400 days from the first day to the last.
    expect(await report('/analytics/starters-leavers/leavers')).toEqual([
      {
        membership_id: period?.id,
        user_id: leaver.id,
        first_name: 'Lena',
        last_name: 'Leaver',
        joined_on: joinedOn,
        left_on: leftOn,
        days_volunteered: 400,
        leaving_reason: { id: noTime.id, name: 'No time' },
        // The café role ended long before the period: not one they held in it.
        teams: [
          { id: garden.id, name: 'Garden' },
          { id: shop.id, name: 'Shop' },
        ],
        role_profiles: [
          { id: driver.id, name: 'Driver' },
          { id: steward.id, name: 'Steward' },
        ],
      },
    ]);
    expect(await report('/reports/users/leavers')).toEqual([
      { id: garden.id, label: 'Garden', count: 1 },
      { id: shop.id, label: 'Shop', count: 1 },
      { id: cafe.id, label: 'Café', count: 0 },
    ]);
    // Reasons still offered are all listed, the given one first; the retired one nobody gave is not.
    expect(await report('/analytics/starters-leavers/leaving-reasons')).toEqual([
      { id: noTime.id, label: 'No time', count: 1, percentage: 100 },
      { id: moved.id, label: 'Moved away', count: 0, percentage: 0 },
    ]);
    expect(await report('/reports/users/leaving-reasons')).toEqual([
      { id: noTime.id, label: 'No time', count: 1 },
      { id: moved.id, label: 'Moved away', count: 0 },
    ]);
    // A period that closed on its last day: a leaver of the day, not of the day after.
    const dayAfter = await callAs(
      ctx.app,
      reader.headers,
      'GET',
      `/api/analytics/starters-leavers/leavers?from=${addDays(leftOn, 1)}&to=${today}`,
    );
    expect(dayAfter.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('with no day or reason: leaves today, the reason not recorded', async () => {
    const org = await createTenant(ctx.app);
    const coordinator = await org.person(['manage-users']);
    const reader = await org.person(['view-reports']);
    const today = londonToday();
    const person = await volunteer(org, { joinedOn: addDays(today, -3) });
    expect((await put(coordinator, person.id, { status: 'left' })).statusCode).toBe(200);
    expect((await membershipsOf(person.id))[0]).toMatchObject({ leftOn: today, leavingReasonId: null });
    const reasons = await callAs(
      ctx.app,
      reader.headers,
      'GET',
      `/api/reports/users/leaving-reasons?from=${today}&to=${today}`,
    );
    expect(reasons.json<{ data: unknown }>().data).toEqual([{ id: null, label: 'Not recorded', count: 1 }]);
  });

  it('takes back someone who left; their next role opens a new period', async () => {
    const leftOn = addDays(londonToday(), -20);
    const person = await volunteer(a, { joinedOn: addDays(leftOn, -100) });
    expect((await put(manager, person.id, { status: 'left', left_on: leftOn })).statusCode).toBe(200);
    const back = await put(manager, person.id, { status: 'active' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<{ data: { status: unknown } }>().data.status).toEqual({
      id: USER_STATUS.active,
      name: 'Active',
    });
    const team = await createTeamRow(ctx.db, a.id, { name: 'Returners' });
    const profile = await createRoleProfileRow(ctx.db, a.id, { displayName: 'Helper' });
    const given = await callAs(ctx.app, manager.headers, 'POST', `/api/users/${person.id}/role-profiles`, {
      team_id: team.id,
      role_profile_id: profile.id,
    });
    expect(given.statusCode, given.body).toBe(201);
    const periods = await ctx.db
      .select({ joinedOn: userMemberships.joinedOn, leftOn: userMemberships.leftOn })
      .from(userMemberships)
      .where(and(eq(userMemberships.organisationId, a.id), eq(userMemberships.userId, person.id)))
      .orderBy(userMemberships.joinedOn);
    expect(periods).toHaveLength(2);
    expect(periods[0]?.leftOn).toBe(leftOn);
    expect(periods[1]?.leftOn).toBeNull();
    expect((periods[1]?.joinedOn ?? '') > leftOn).toBe(true);
  });
});
