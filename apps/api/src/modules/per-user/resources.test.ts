import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  userAddresses,
  userEmailAddresses,
  userGuardians,
  userMemberships,
  userPhoneNumbers,
  userRoles,
  users,
  userSupervisors,
} from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { grantToRoleProfile } from '../../test/factories/auth.js';
import { createRoleProfileRow, createTeamRow } from '../../test/factories/catalogue.js';
import { createUser } from '../../test/factories/user.js';
import { SIGN_IN_NUMBER_LOCKED } from './contacts-service.js';
import { ROLE_GRANTS_MORE, TARGET_HOLDS_MORE } from './roles-service.js';
import { perUserTenant, send, type PerUserTenant } from './test-support.js';

let ctx: TestContext;
let a: PerUserTenant;
let b: PerUserTenant;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await perUserTenant(ctx.app);
  b = await perUserTenant(ctx.app);
}, 60_000);
afterAll(() => ctx?.close());

const call = (...args: Parameters<typeof send> extends [unknown, ...infer Rest] ? Rest : never) =>
  send(ctx.app, ...args);

type Row = Record<string, unknown> & { id: number };
const dataOf = (body: { data?: unknown }) => body.data as Row;
const listOf = (body: { data?: unknown }) => body.data as Row[];

describe('postal addresses (generic table binding, the user themself may write)', () => {
  it('the user adds, lists, changes and deletes their own address', async () => {
    const person = await a.make([]);
    const base = `/api/users/${person.id}/postal-addresses`;
    const created = await call('POST', base, person.headers, {
      street: ' 10 Harbour Street ',
      city: 'St Ives',
      postcode: 'TR26 1LF',
      from_date: '2021-03-01',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const address = dataOf(created.body);
    expect(address).toMatchObject({
      street: '10 Harbour Street',
      country: 'United Kingdom',
      historical: false,
      to_date: null,
    });

    const listed = await call('GET', base, person.headers);
    expect(listOf(listed.body).map((row) => row.id)).toEqual([address.id]);

    const changed = await call('PUT', `${base}/${address.id}`, person.headers, {
      historical: true,
      to_date: '2024-06-30',
    });
    expect(dataOf(changed.body)).toMatchObject({ historical: true, to_date: '2024-06-30' });
    const [stored] = await ctx.db.select().from(userAddresses).where(eq(userAddresses.id, address.id));
    expect(stored).toMatchObject({ userId: person.id, organisationId: a.id, historical: true });

    expect((await call('DELETE', `${base}/${address.id}`, person.headers)).status).toBe(204);
    expect(await ctx.db.select().from(userAddresses).where(eq(userAddresses.id, address.id))).toEqual([]);
  });

  it('401, 403 for someone else without the permission, 422 by field, 404 across organisations', async () => {
    const base = `/api/users/${a.person.id}/postal-addresses`;
    expect((await call('GET', base, a.anonymous)).status).toBe(401);
    expect((await call('GET', base, a.other.headers)).status).toBe(403);
    expect(
      (await call('POST', base, a.viewer.headers, { street: 'x', city: 'y', postcode: 'z' })).status,
    ).toBe(403);
    const invalid = await call('POST', base, a.manager.headers, {
      street: '',
      city: 'St Ives',
      postcode: 'TR26',
      from_date: '1/3/21',
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors ?? {}).sort()).toEqual(['from_date', 'street']);
    expect((await call('GET', `/api/users/${b.person.id}/postal-addresses`, a.admin.headers)).status).toBe(
      404,
    );
  });
});

describe('guardians (generic table binding, the user may only read)', () => {
  it('a manager records a guardian; the user reads but cannot write; references stay in the organisation', async () => {
    const person = await a.make([]);
    const base = `/api/users/${person.id}/guardians`;
    const created = await call('POST', base, a.manager.headers, {
      first_name: 'Morwenna',
      last_name: 'Trevithick',
      email: 'morwenna@example.org',
      guardian_user_id: a.other.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(listOf((await call('GET', base, person.headers)).body)).toHaveLength(1);
    expect(
      (await call('POST', base, person.headers, { first_name: 'A', last_name: 'B', email: 'a@b.org' }))
        .status,
    ).toBe(403);
    const foreign = await call('POST', base, a.manager.headers, {
      first_name: 'A',
      last_name: 'B',
      email: 'a@example.org',
      guardian_user_id: b.person.id,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({
      guardian_user_id: ['The guardian must be a user of this organisation.'],
    });
    const rows = await ctx.db.select().from(userGuardians).where(eq(userGuardians.userId, person.id));
    expect(rows.map((row) => row.guardianUserId)).toEqual([a.other.id]);
  });
});

describe('phone numbers', () => {
  it('the first number is primary and for texts, stored in E.164; a new primary or SMS number takes the flag', async () => {
    const person = await a.make([]);
    const base = `/api/users/${person.id}/phone-numbers`;
    const first = await call('POST', base, person.headers, { phone_number: '07911 123123' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(dataOf(first.body)).toMatchObject({
      phone_number: '+447911123123',
      country_code: 'GB',
      primary: true,
      default_sms: true,
    });

    const second = await call('POST', base, person.headers, {
      phone_number: '087 123 4567',
      country_code: 'ie',
    });
    expect(dataOf(second.body)).toMatchObject({
      phone_number: '+353871234567',
      country_code: 'IE',
      primary: false,
      default_sms: false,
    });
    const secondId = dataOf(second.body).id;

    const promoted = await call('PUT', `${base}/${secondId}`, person.headers, {
      primary: true,
      default_sms: true,
    });
    expect(dataOf(promoted.body)).toMatchObject({ primary: true, default_sms: true });
    const rows = await ctx.db.select().from(userPhoneNumbers).where(eq(userPhoneNumbers.userId, person.id));
    expect(rows.filter((row) => row.primary).map((row) => row.id)).toEqual([secondId]);
    expect(rows.filter((row) => row.defaultSms).map((row) => row.id)).toEqual([secondId]);

    // Deleting the primary makes the oldest remaining number primary.
    expect((await call('DELETE', `${base}/${secondId}`, person.headers)).status).toBe(204);
    const listed = listOf((await call('GET', base, person.headers)).body);
    expect(listed).toEqual([
      expect.objectContaining({ id: dataOf(first.body).id, primary: true, default_sms: false }),
    ]);
  });

  it('422 for an unreadable or repeated number, by field', async () => {
    const person = await a.make([], { phoneNumber: '+447911123555' });
    const base = `/api/users/${person.id}/phone-numbers`;
    const unreadable = await call('POST', base, person.headers, { phone_number: '12' });
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.errors).toEqual({ phone_number: ['Please enter a valid telephone number'] });
    const repeated = await call('POST', base, person.headers, { phone_number: '07911 123555' });
    expect(repeated.body.errors).toEqual({ phone_number: ['This number is already on the list.'] });
    const badRegion = await call('POST', base, person.headers, {
      phone_number: '07911 123556',
      country_code: 'GBR',
    });
    expect(Object.keys(badRegion.body.errors ?? {})).toEqual(['country_code']);
  });

  it('keeps the number SMS sign-in codes go to (409), whoever asks', async () => {
    const person = await a.make([], { phoneNumber: '+447911123777', twoFactor: 'sms' });
    const base = `/api/users/${person.id}/phone-numbers`;
    const [signIn] = await ctx.db
      .select()
      .from(userPhoneNumbers)
      .where(eq(userPhoneNumbers.userId, person.id));
    if (!signIn) {
      throw new Error('no number');
    }
    for (const headers of [person.headers, a.admin.headers]) {
      const changed = await call('PUT', `${base}/${signIn.id}`, headers, { phone_number: '07911 123778' });
      expect(changed.status).toBe(409);
      expect(changed.body.message).toBe(SIGN_IN_NUMBER_LOCKED);
      expect((await call('DELETE', `${base}/${signIn.id}`, headers)).status).toBe(409);
    }
    const other = await call('POST', base, person.headers, {
      phone_number: '07911 123779',
      default_sms: true,
    });
    expect(other.status).toBe(409);
    // Another number without the SMS flag is fine, and so is making the sign-in number primary.
    expect((await call('POST', base, person.headers, { phone_number: '07911 123779' })).status).toBe(201);
    expect((await call('PUT', `${base}/${signIn.id}`, person.headers, { primary: true })).status).toBe(200);
    const [after] = await ctx.db.select().from(userPhoneNumbers).where(eq(userPhoneNumbers.id, signIn.id));
    expect(after).toMatchObject({ phoneNumber: '+447911123777', defaultSms: true });
  });

  it('401, 403 for someone else without manage-users, 404 across organisations and for another user’s number', async () => {
    const base = `/api/users/${a.person.id}/phone-numbers`;
    expect((await call('POST', base, a.anonymous, { phone_number: '07911123123' })).status).toBe(401);
    expect((await call('POST', base, a.other.headers, { phone_number: '07911123123' })).status).toBe(403);
    expect((await call('POST', base, a.viewer.headers, {})).status).toBe(403);
    expect((await call('GET', base, a.viewer.headers)).status).toBe(200);
    const made = await call('POST', base, a.manager.headers, { phone_number: '07911 123124' });
    expect(made.status).toBe(201);
    const id = dataOf(made.body).id;
    expect(
      (
        await call('PUT', `/api/users/${a.other.id}/phone-numbers/${id}`, a.manager.headers, {
          primary: true,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/users/${b.person.id}/phone-numbers`, a.admin.headers, {
          phone_number: '07911123123',
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/users/${a.person.id}/phone-numbers/${id}`, b.admin.headers)).status,
    ).toBe(404);
  });
});

describe('email addresses', () => {
  it('the user reads theirs but changes them only through the verified contact change (403 here)', async () => {
    const base = `/api/users/${a.person.id}/email-addresses`;
    const listed = await call('GET', base, a.person.headers);
    expect(listOf(listed.body)).toEqual([expect.objectContaining({ email: a.person.email, primary: true })]);
    expect((await call('POST', base, a.person.headers, { email: 'mine@example.org' })).status).toBe(403);
    expect((await call('POST', base, a.anonymous, { email: 'mine@example.org' })).status).toBe(401);
  });

  it('a manager adds an address, makes it primary (the old one is told), and cannot leave none primary', async () => {
    const person = await a.make([]);
    const base = `/api/users/${person.id}/email-addresses`;
    const added = await call('POST', base, a.manager.headers, { email: ' Work.Address@Example.org ' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const work = dataOf(added.body);
    expect(work).toMatchObject({ email: 'Work.Address@Example.org', primary: false });

    const promoted = await call('PUT', `${base}/${work.id}`, a.manager.headers, { primary: true });
    expect(dataOf(promoted.body)).toMatchObject({ primary: true });
    const rows = await ctx.db
      .select()
      .from(userEmailAddresses)
      .where(eq(userEmailAddresses.userId, person.id));
    expect(rows.filter((row) => row.primary).map((row) => row.email)).toEqual(['Work.Address@Example.org']);
    const [notice] = await ctx.app.outbox.list(1, { to: person.email });
    expect(notice?.subject).toContain('email address of your');
    expect(notice?.text).toContain('Work.Address@Example.org');

    const unmarked = await call('PUT', `${base}/${work.id}`, a.manager.headers, { primary: false });
    expect(unmarked.status).toBe(422);
    expect(Object.keys(unmarked.body.errors ?? {})).toEqual(['primary']);
    expect((await call('DELETE', `${base}/${work.id}`, a.manager.headers)).status).toBe(409);
    const old = rows.find((row) => !row.primary);
    expect((await call('DELETE', `${base}/${old?.id}`, a.manager.headers)).status).toBe(204);
  });

  it('422 for an address someone else holds (any case) or a malformed one; 404 across organisations', async () => {
    const base = `/api/users/${a.person.id}/email-addresses`;
    const taken = await call('POST', base, a.manager.headers, { email: a.other.email.toUpperCase() });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ['This email address is already used by another account.'] });
    const malformed = await call('POST', base, a.manager.headers, { email: 'not an address' });
    expect(Object.keys(malformed.body.errors ?? {})).toEqual(['email']);
    // Another organisation's person may hold the same address: addresses are unique per organisation.
    expect((await call('POST', base, a.manager.headers, { email: b.person.email })).status).toBe(201);
    expect(
      (
        await call('POST', `/api/users/${b.person.id}/email-addresses`, a.admin.headers, {
          email: 'x@example.org',
        })
      ).status,
    ).toBe(404);
  });
});

describe('roles (users.role-profiles)', () => {
  it('a manager gives, changes and takes away a role; the permissions it grants apply at once', async () => {
    const person = await a.make([]);
    const team = await createTeamRow(ctx.db, a.id);
    const profile = await createRoleProfileRow(ctx.db, a.id);
    await grantToRoleProfile(ctx.db, profile.id, ['view-users']);
    const base = `/api/users/${person.id}/role-profiles`;
    expect((await call('GET', `/api/users/${a.other.id}/postal-addresses`, person.headers)).status).toBe(403);

    const given = await call('POST', base, a.manager.headers, {
      team_id: team.id,
      role_profile_id: profile.id,
    });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    const role = dataOf(given.body);
    expect(role).toMatchObject({ team_id: team.id, role_profile_id: profile.id, end_date: null });
    expect((await call('GET', `/api/users/${a.other.id}/postal-addresses`, person.headers)).status).toBe(200);
    expect(listOf((await call('GET', base, person.headers)).body).map((row) => row.id)).toEqual([role.id]);

    const twice = await call('POST', base, a.manager.headers, {
      team_id: team.id,
      role_profile_id: profile.id,
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ role_profile_id: ['They already hold this role in this team.'] });

    const ended = await call('PUT', `${base}/${role.id}`, a.manager.headers, { end_date: '2020-01-31' });
    expect(dataOf(ended.body)).toMatchObject({ end_date: '2020-01-31' });
    expect((await call('GET', `/api/users/${a.other.id}/postal-addresses`, person.headers)).status).toBe(403);

    expect((await call('DELETE', `${base}/${role.id}`, a.manager.headers)).status).toBe(204);
    expect(await ctx.db.select().from(userRoles).where(eq(userRoles.userId, person.id))).toEqual([]);
  });

  it('a first role opens a period of volunteering from today; more roles do not; after leaving, a role opens a new one', async () => {
    const person = await a.make([]);
    const team = await createTeamRow(ctx.db, a.id);
    const base = `/api/users/${person.id}/role-profiles`;
    const give = async () => {
      const profile = await createRoleProfileRow(ctx.db, a.id);
      const given = await call('POST', base, a.manager.headers, {
        team_id: team.id,
        role_profile_id: profile.id,
      });
      expect(given.status, JSON.stringify(given.body)).toBe(201);
    };
    const periods = () =>
      ctx.db
        .select({ joinedOn: userMemberships.joinedOn, leftOn: userMemberships.leftOn })
        .from(userMemberships)
        .where(eq(userMemberships.userId, person.id))
        .orderBy(userMemberships.id);
    const today = new Date().toISOString().slice(0, 10);
    expect(await periods()).toEqual([]);
    await give();
    expect(await periods()).toEqual([{ joinedOn: today, leftOn: null }]);
    await give();
    expect(await periods()).toHaveLength(1);
    await ctx.db
      .update(userMemberships)
      .set({ joinedOn: '2020-01-01', leftOn: '2020-06-30' })
      .where(eq(userMemberships.userId, person.id));
    await give();
    expect(await periods()).toEqual([
      { joinedOn: '2020-01-01', leftOn: '2020-06-30' },
      { joinedOn: today, leftOn: null },
    ]);
  });

  it('403 for a role granting a permission the caller lacks (nothing stored), or for someone holding more', async () => {
    const person = await a.make([]);
    const team = await createTeamRow(ctx.db, a.id);
    const mighty = await createRoleProfileRow(ctx.db, a.id);
    await grantToRoleProfile(ctx.db, mighty.id, ['manage-organisation']);
    const base = `/api/users/${person.id}/role-profiles`;
    const refused = await call('POST', base, a.manager.headers, {
      team_id: team.id,
      role_profile_id: mighty.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ROLE_GRANTS_MORE);
    expect(await ctx.db.select().from(userRoles).where(eq(userRoles.userId, person.id))).toEqual([]);

    expect(
      (await call('POST', base, a.admin.headers, { team_id: team.id, role_profile_id: mighty.id })).status,
    ).toBe(201);
    const plain = await createRoleProfileRow(ctx.db, a.id);
    const holdsMore = await call('POST', base, a.manager.headers, {
      team_id: team.id,
      role_profile_id: plain.id,
    });
    expect(holdsMore.status).toBe(403);
    expect(holdsMore.body.message).toBe(TARGET_HOLDS_MORE);
  });

  it('401, 403 without manage-users, 422 for another organisation’s team or profile, 404 across organisations', async () => {
    const base = `/api/users/${a.person.id}/role-profiles`;
    const team = await createTeamRow(ctx.db, a.id);
    const theirTeam = await createTeamRow(ctx.db, b.id);
    const theirProfile = await createRoleProfileRow(ctx.db, b.id);
    expect((await call('POST', base, a.anonymous, {})).status).toBe(401);
    expect((await call('POST', base, a.viewer.headers, {})).status).toBe(403);
    expect((await call('POST', base, a.person.headers, {})).status).toBe(403);
    const invalid = await call('POST', base, a.manager.headers, {
      team_id: theirTeam.id,
      role_profile_id: theirProfile.id,
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors ?? {}).sort()).toEqual(['role_profile_id', 'team_id']);
    const missing = await call('POST', base, a.manager.headers, { team_id: team.id });
    expect(Object.keys(missing.body.errors ?? {})).toEqual(['role_profile_id']);
    expect(
      (
        await call('POST', `/api/users/${b.person.id}/role-profiles`, a.admin.headers, {
          team_id: team.id,
          role_profile_id: 1,
        })
      ).status,
    ).toBe(404);
  });
});

describe('supervisors (hand-written: named by the supervisor’s user id)', () => {
  it('a manager adds, lists, hands over and ends a supervision; the user reads theirs', async () => {
    const person = await a.make([]);
    const first = await createUser(ctx.db, a.id, { firstName: 'Sam', lastName: 'Supervisor' });
    const second = await createUser(ctx.db, a.id, { firstName: 'Tess', lastName: 'Takeover' });
    const base = `/api/users/${person.id}/supervisors`;
    const added = await call('POST', base, a.manager.headers, { supervisor_user_id: first.id });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(dataOf(added.body)).toMatchObject({
      id: first.id,
      supervisor_user_id: first.id,
      first_name: 'Sam',
      last_name: 'Supervisor',
      email: first.email,
    });
    const listed = await call('GET', base, person.headers);
    expect(listed.body).toMatchObject({ meta: { current_page: 1, total: 1 } });
    expect((await call('GET', `${base}/${first.id}`, a.viewer.headers)).status).toBe(200);

    const handed = await call('PUT', `${base}/${first.id}`, a.manager.headers, {
      supervisor_user_id: second.id,
    });
    expect(dataOf(handed.body)).toMatchObject({ id: second.id, first_name: 'Tess' });
    const rows = await ctx.db.select().from(userSupervisors).where(eq(userSupervisors.userId, person.id));
    expect(rows.map((row) => row.supervisorUserId)).toEqual([second.id]);

    expect((await call('DELETE', `${base}/${second.id}`, a.manager.headers)).status).toBe(204);
    expect((await call('GET', `${base}/${second.id}`, a.manager.headers)).status).toBe(404);
  });

  it('422 for themself, twice, or someone of another organisation; 401, 403, 404 across organisations', async () => {
    const person = await a.make([]);
    const base = `/api/users/${person.id}/supervisors`;
    const self = await call('POST', base, a.manager.headers, { supervisor_user_id: person.id });
    expect(self.body.errors).toEqual({ supervisor_user_id: ['A person cannot supervise themself.'] });
    const foreign = await call('POST', base, a.manager.headers, { supervisor_user_id: b.person.id });
    expect(foreign.body.errors).toEqual({
      supervisor_user_id: ['The supervisor must be a user of this organisation.'],
    });
    expect((await call('POST', base, a.manager.headers, { supervisor_user_id: a.other.id })).status).toBe(
      201,
    );
    const twice = await call('POST', base, a.manager.headers, { supervisor_user_id: a.other.id });
    expect(twice.body.errors).toEqual({ supervisor_user_id: ['They already supervise this person.'] });
    const malformed = await call('POST', base, a.manager.headers, { supervisor_user_id: 'someone' });
    expect(Object.keys(malformed.body.errors ?? {})).toEqual(['supervisor_user_id']);

    expect((await call('GET', base, a.anonymous)).status).toBe(401);
    expect((await call('GET', base, a.other.headers)).status).toBe(403);
    expect((await call('POST', base, person.headers, { supervisor_user_id: a.viewer.id })).status).toBe(403);
    expect((await call('GET', `/api/users/${person.id}/supervisors`, b.admin.headers)).status).toBe(404);
    expect((await call('DELETE', `${base}/${a.other.id}`, b.admin.headers)).status).toBe(404);
    const stillThere = await ctx.db
      .select()
      .from(userSupervisors)
      .innerJoin(users, eq(users.id, userSupervisors.userId))
      .where(and(eq(userSupervisors.userId, person.id), eq(users.organisationId, a.id)));
    expect(stillThere).toHaveLength(1);
  });
});
