import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  userAddresses,
  userAttributeValues,
  userDiversityAnswers,
  userRoles,
} from '../../db/schema/index.js';
import { createOrganisationTestContext, type TestContext } from '../../test/context.js';
import { createApplication } from '../../test/factories/application.js';
import { createAccount, sessionTokenFor } from '../../test/factories/auth.js';
import {
  createAttribute,
  createOpportunity,
  createRoleProfile,
  createTeam,
} from '../../test/factories/opportunity.js';
import { createOrganisation, type TestOrganisation } from '../../test/factories/organisation.js';

let ctx: TestContext;
let organisation: TestOrganisation;
let other: TestOrganisation;

beforeAll(async () => {
  ({ ctx, organisation } = await createOrganisationTestContext());
  other = await createOrganisation(ctx.db);
});
afterAll(() => ctx?.close());

function get(url: string, token?: string, host = organisation.hosts[0]) {
  return ctx.app.inject({ url, headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

const ALL =
  'roles.team,roles.roleProfile,emailAddresses,addresses,historicalAddresses,phoneNumbers,attributes,recruitmentApplications';

describe('GET /api/users/{id}', () => {
  it('answers the user themself with every relation the form asks for (applicant-flow §3.6)', async () => {
    const account = await createAccount(ctx.db, organisation.id, {
      firstName: 'Jess',
      lastName: 'Stone',
      preferredName: 'JJ',
      phoneNumber: '+447911123456',
    });
    const team = await createTeam(ctx.db, organisation.id, 'Riverside');
    const profile = await createRoleProfile(ctx.db, organisation.id, {
      displayName: 'Helper',
      enforceTwoFactor: true,
    });
    await ctx.db
      .insert(userRoles)
      .values({
        organisationId: organisation.id,
        userId: account.id,
        teamId: team.id,
        roleProfileId: profile.id,
      });
    await ctx.db.insert(userAddresses).values([
      {
        organisationId: organisation.id,
        userId: account.id,
        street: '1 New St',
        city: 'Bath',
        postcode: 'BA1 1AA',
      },
      {
        organisationId: organisation.id,
        userId: account.id,
        street: '2 Old St',
        city: 'Bath',
        postcode: 'BA1 1AB',
        historical: true,
        fromDate: '2019-01-01',
      },
    ]);
    const attribute = await createAttribute(ctx.db, organisation.id, {
      slug: 'occupation',
      name: 'Occupation',
    });
    await ctx.db
      .insert(userAttributeValues)
      .values({
        organisationId: organisation.id,
        userId: account.id,
        attributeId: attribute.id,
        value: 'Baker',
      });
    const opportunity = await createOpportunity(ctx.db, organisation.id);
    const application = await createApplication(ctx.db, organisation.id, {
      opportunityId: opportunity.id,
      userId: account.id,
      status: 'submitted',
    });

    const response = await get(
      `/api/users/${account.id}?include=${ALL}`,
      await sessionTokenFor(ctx.app, organisation.id, account.id),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: {
        id: account.id,
        display_name: 'JJ Stone',
        title: null,
        preferred_name: 'JJ',
        first_name: 'Jess',
        last_name: 'Stone',
        dob: account.dob,
        status: { id: 1, name: 'Applicant' },
        '2fa_enabled': false,
        '2fa_method': null,
        '2fa_enforced': true,
        '2fa_trusted': false,
        '2fa_secret': false,
        roles: [
          {
            id: expect.any(Number) as number,
            end_date: null,
            team: { id: team.id, name: 'Riverside' },
            roleProfile: { id: profile.id, display_name: 'Helper' },
          },
        ],
        emailAddresses: [{ id: expect.any(Number) as number, email: account.email, primary: true }],
        phoneNumbers: [
          {
            id: expect.any(Number) as number,
            phone_number: '+447911123456',
            country_code: 'GB',
            primary: true,
            default_sms: true,
          },
        ],
        addresses: [
          expect.objectContaining({
            street: '1 New St',
            city: 'Bath',
            country: 'United Kingdom',
            to_date: null,
          }),
        ],
        historicalAddresses: [expect.objectContaining({ street: '2 Old St', from_date: '2019-01-01' })],
        attributes: [
          {
            id: attribute.id,
            slug: 'occupation',
            name: 'Occupation',
            type: 'text',
            permission: 'write',
            position: 0,
            category: null,
            value: 'Baker',
          },
        ],
        recruitmentApplications: [
          {
            id: application.id,
            active: true,
            status: 'submitted',
            created_at: expect.any(String) as string,
            opportunity: {
              id: opportunity.id,
              slug: opportunity.slug,
              display_name: opportunity.displayName,
              type: 'One-off',
            },
          },
        ],
      },
    });
  });

  it('leaves out relations not asked for, and never the TOTP secret itself', async () => {
    const account = await createAccount(ctx.db, organisation.id, { twoFactor: 'auth_app' });
    const response = await get(
      `/api/users/${account.id}?include=roles`,
      await sessionTokenFor(ctx.app, organisation.id, account.id),
    );
    const data = response.json<{ data: Record<string, unknown> }>().data;
    expect(data.roles).toEqual([]);
    expect(data.emailAddresses).toBeUndefined();
    expect(data['2fa_secret']).toBe(true);
    expect(data['2fa_method']).toBe('auth_app');
    expect(response.body).not.toContain(account.secret ?? 'no secret');
  });

  it('lets a view-users holder read someone else; 404 for a user of another organisation', async () => {
    const staff = await createAccount(ctx.db, organisation.id, { permissions: ['view-users'] });
    const person = await createAccount(ctx.db, organisation.id);
    const stranger = await createAccount(ctx.db, other.id);
    const token = await sessionTokenFor(ctx.app, organisation.id, staff.id);
    expect((await get(`/api/users/${person.id}`, token)).statusCode).toBe(200);
    const foreign = await get(`/api/users/${stranger.id}`, token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'This user does not exist.' });
    // The other organisation's token is not valid on this host.
    expect(
      (await get(`/api/users/${stranger.id}`, await sessionTokenFor(ctx.app, other.id, stranger.id)))
        .statusCode,
    ).toBe(401);
  });

  it('401 without a token, 403 for someone else without view-users, 422 for a bad id or include', async () => {
    const person = await createAccount(ctx.db, organisation.id);
    const nosy = await createAccount(ctx.db, organisation.id);
    expect((await get(`/api/users/${person.id}`)).statusCode).toBe(401);
    expect((await get('/api/users/abc')).statusCode).toBe(401);
    const token = await sessionTokenFor(ctx.app, organisation.id, nosy.id);
    const forbidden = await get(`/api/users/${person.id}`, token);
    expect(forbidden.statusCode).toBe(403);
    const badId = await get('/api/users/abc', token);
    expect(badId.statusCode).toBe(422);
    expect(badId.json()).toMatchObject({ errors: { 'params.userId': ['A user is named by their number.'] } });
    const badInclude = await get(`/api/users/${nosy.id}?include=roles,passwords`, token);
    expect(badInclude.statusCode).toBe(422);
    expect(
      badInclude.json<{ errors: Record<string, string[]> }>().errors['querystring.include']?.[0],
    ).toMatch(/Unknown include: passwords/);
  });
});

describe('GET /api/users/{id}/diversity/has-answers', () => {
  it('answers whether the user has given diversity answers', async () => {
    const account = await createAccount(ctx.db, organisation.id);
    const token = await sessionTokenFor(ctx.app, organisation.id, account.id);
    const before = await get(`/api/users/${account.id}/diversity/has-answers`, token);
    expect(before.json()).toEqual({ data: { data: { has_answered: false } } });
    // A row with every answer empty is not an answer.
    await ctx.db.insert(userDiversityAnswers).values({ organisationId: organisation.id, userId: account.id });
    expect((await get(`/api/users/${account.id}/diversity/has-answers`, token)).json()).toEqual({
      data: { data: { has_answered: false } },
    });
    await ctx.db
      .update(userDiversityAnswers)
      .set({ genderId: 2 })
      .where(eq(userDiversityAnswers.userId, account.id));
    expect((await get(`/api/users/${account.id}/diversity/has-answers`, token)).json()).toEqual({
      data: { data: { has_answered: true } },
    });
  });

  it('401, 403, 404 and 422 like the profile', async () => {
    const person = await createAccount(ctx.db, organisation.id);
    const nosy = await createAccount(ctx.db, organisation.id);
    const staff = await createAccount(ctx.db, organisation.id, { permissions: ['view-users'] });
    const stranger = await createAccount(ctx.db, other.id);
    expect((await get(`/api/users/${person.id}/diversity/has-answers`)).statusCode).toBe(401);
    const token = await sessionTokenFor(ctx.app, organisation.id, nosy.id);
    expect((await get(`/api/users/${person.id}/diversity/has-answers`, token)).statusCode).toBe(403);
    expect((await get('/api/users/x1/diversity/has-answers', token)).statusCode).toBe(422);
    const staffToken = await sessionTokenFor(ctx.app, organisation.id, staff.id);
    expect((await get(`/api/users/${person.id}/diversity/has-answers`, staffToken)).statusCode).toBe(200);
    expect((await get(`/api/users/${stranger.id}/diversity/has-answers`, staffToken)).statusCode).toBe(404);
  });
});
