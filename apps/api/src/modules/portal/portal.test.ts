import {
  portalApplicationListResponseSchema,
  portalApplicationResponseSchema,
  portalTeamResponseSchema,
} from '@muster/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationDocuments,
  applicationQuestionAnswerFiles,
  applicationQuestionAnswers,
  documentTypes,
  files,
  referenceRequests,
  userRoles,
} from '../../db/schema/index.js';
import { createOrganisationTestContext, type TestContext } from '../../test/context.js';
import { createApplication } from '../../test/factories/application.js';
import { createAccount, sessionTokenFor } from '../../test/factories/auth.js';
import {
  createOpportunity,
  createQuestion,
  createRoleProfile,
  createTeam,
} from '../../test/factories/opportunity.js';
import { createReferee } from '../../test/factories/references.js';
import { answerText } from './service.js';
import { createOrganisation, type TestOrganisation } from '../../test/factories/organisation.js';

let ctx: TestContext;
let organisation: TestOrganisation;
let other: TestOrganisation;

beforeAll(async () => {
  ({ ctx, organisation } = await createOrganisationTestContext());
  other = await createOrganisation(ctx.db);
});
afterAll(() => ctx?.close());

function get(url: string, token?: string) {
  return ctx.app.inject({
    url,
    headers: { host: organisation.hosts[0], ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

describe('GET /api/users/{userId}/applications/', () => {
  it("answers the user's own applications, newest first, with their opportunity", async () => {
    const volunteer = await createAccount(ctx.db, organisation.id);
    const someoneElse = await createAccount(ctx.db, organisation.id);
    const first = await createOpportunity(ctx.db, organisation.id, { displayName: 'Beach clean' });
    const second = await createOpportunity(ctx.db, organisation.id, { displayName: 'Tree planting' });
    const older = await createApplication(ctx.db, organisation.id, {
      opportunityId: first.id,
      userId: volunteer.id,
      status: 'submitted',
    });
    const newer = await createApplication(ctx.db, organisation.id, {
      opportunityId: second.id,
      userId: volunteer.id,
    });
    await createApplication(ctx.db, organisation.id, { opportunityId: first.id, userId: someoneElse.id });
    const token = await sessionTokenFor(ctx.app, organisation.id, volunteer.id);
    const response = await get(`/api/users/${volunteer.id}/applications/`, token);
    expect(response.statusCode).toBe(200);
    const { data } = portalApplicationListResponseSchema.parse(response.json());
    expect(data.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect(data[1]).toMatchObject({
      id: older.id,
      status: 'submitted',
      opportunity: { id: first.id, slug: first.slug, name: 'Beach clean' },
    });
    expect(data[0]?.completed_at).toBeNull();
  });

  it('401 signed out, 403 for someone else, 404 for another organisation, 422 for a bad id', async () => {
    const volunteer = await createAccount(ctx.db, organisation.id);
    const nosy = await createAccount(ctx.db, organisation.id);
    const staff = await createAccount(ctx.db, organisation.id, { permissions: ['view-users'] });
    const stranger = await createAccount(ctx.db, other.id);
    expect((await get(`/api/users/${volunteer.id}/applications/`)).statusCode).toBe(401);
    const nosyToken = await sessionTokenFor(ctx.app, organisation.id, nosy.id);
    expect((await get(`/api/users/${volunteer.id}/applications/`, nosyToken)).statusCode).toBe(403);
    const bad = await get('/api/users/x1/applications/', nosyToken);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { 'params.userId': ['A user is named by their number.'] } });
    const staffToken = await sessionTokenFor(ctx.app, organisation.id, staff.id);
    expect((await get(`/api/users/${volunteer.id}/applications/`, staffToken)).statusCode).toBe(200);
    const foreign = await get(`/api/users/${stranger.id}/applications/`, staffToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'This user does not exist.' });
  });
});

async function createFile(organisationId: number, originalName: string) {
  const [file] = await ctx.db
    .insert(files)
    .values({
      organisationId,
      storageName: randomBytes(12).toString('hex'),
      originalName,
      mime: 'application/pdf',
      size: 10,
      ephemeral: false,
    })
    .returning();
  if (!file) {
    throw new Error('file not inserted');
  }
  return file;
}

describe('GET /api/users/{userId}/applications/{applicationId}', () => {
  it('answers the application as submitted: answers, documents, referees and whether each answered', async () => {
    const volunteer = await createAccount(ctx.db, organisation.id);
    const opportunity = await createOpportunity(ctx.db, organisation.id, { displayName: 'Residential week' });
    const application = await createApplication(ctx.db, organisation.id, {
      opportunityId: opportunity.id,
      userId: volunteer.id,
      status: 'submitted',
    });
    const colour = await createQuestion(ctx.db, organisation.id, {
      name: 'Favourite colour',
      type: 'radio',
      options: [
        { value: 'r', display: 'Red' },
        { value: 'g', display: 'Green' },
      ],
    });
    const cv = await createQuestion(ctx.db, organisation.id, { name: 'Your CV', type: 'file' });
    await ctx.db.insert(applicationQuestionAnswers).values({
      organisationId: organisation.id,
      applicationId: application.id,
      questionId: colour.id,
      value: 'g',
    });
    const [cvAnswer] = await ctx.db
      .insert(applicationQuestionAnswers)
      .values({
        organisationId: organisation.id,
        applicationId: application.id,
        questionId: cv.id,
        value: null,
      })
      .returning();
    const cvFile = await createFile(organisation.id, 'cv.pdf');
    await ctx.db
      .insert(applicationQuestionAnswerFiles)
      .values({ organisationId: organisation.id, answerId: cvAnswer?.id ?? 0, fileId: cvFile.id });
    const [passport] = await ctx.db
      .insert(documentTypes)
      .values({ organisationId: organisation.id, name: 'Passport' })
      .returning();
    const scan = await createFile(organisation.id, 'passport.pdf');
    await ctx.db.insert(applicationDocuments).values({
      organisationId: organisation.id,
      applicationId: application.id,
      documentTypeId: passport?.id ?? 0,
      fileId: scan.id,
    });
    const answered = await createReferee(ctx.db, organisation.id, application.id, {
      firstName: 'Ann',
      lastName: 'Lee',
      position: 0,
    });
    const waiting = await createReferee(ctx.db, organisation.id, application.id, {
      firstName: 'Bo',
      lastName: 'Kim',
      position: 1,
    });
    const later = new Date(Date.now() + 86_400_000);
    await ctx.db.insert(referenceRequests).values([
      {
        organisationId: organisation.id,
        referenceId: answered.id,
        tokenHash: 'a'.repeat(64),
        expiresAt: later,
        answeredAt: new Date(),
      },
      {
        organisationId: organisation.id,
        referenceId: waiting.id,
        tokenHash: 'b'.repeat(64),
        expiresAt: later,
      },
    ]);
    const token = await sessionTokenFor(ctx.app, organisation.id, volunteer.id);
    const response = await get(`/api/users/${volunteer.id}/applications/${application.id}`, token);
    expect(response.statusCode).toBe(200);
    const { data } = portalApplicationResponseSchema.parse(response.json());
    expect(data).toMatchObject({
      id: application.id,
      status: 'submitted',
      opportunity: { id: opportunity.id, name: 'Residential week' },
      answers: [
        { question: 'Favourite colour', answer: 'Green', files: [] },
        { question: 'Your CV', answer: null, files: ['cv.pdf'] },
      ],
      documents: [{ type: 'Passport', file_name: 'passport.pdf' }],
      referees: [
        { name: 'Ann Lee', answered: true },
        { name: 'Bo Kim', answered: false },
      ],
    });
  });

  it('401, 403, 404 (not theirs, or another organisation) and 422', async () => {
    const volunteer = await createAccount(ctx.db, organisation.id);
    const nosy = await createAccount(ctx.db, organisation.id);
    const staff = await createAccount(ctx.db, organisation.id, { permissions: ['view-users'] });
    const opportunity = await createOpportunity(ctx.db, organisation.id);
    const mine = await createApplication(ctx.db, organisation.id, {
      opportunityId: opportunity.id,
      userId: volunteer.id,
    });
    const theirs = await createApplication(ctx.db, organisation.id, {
      opportunityId: opportunity.id,
      userId: nosy.id,
    });
    const url = `/api/users/${volunteer.id}/applications/${mine.id}`;
    expect((await get(url)).statusCode).toBe(401);
    const nosyToken = await sessionTokenFor(ctx.app, organisation.id, nosy.id);
    expect((await get(url, nosyToken)).statusCode).toBe(403);
    const bad = await get(`/api/users/${nosy.id}/applications/first`, nosyToken);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      errors: { 'params.applicationId': ['An application is named by its number.'] },
    });
    const staffToken = await sessionTokenFor(ctx.app, organisation.id, staff.id);
    expect((await get(url, staffToken)).statusCode).toBe(200);
    const misplaced = await get(`/api/users/${volunteer.id}/applications/${theirs.id}`, staffToken);
    expect(misplaced.statusCode).toBe(404);
    expect(misplaced.json()).toEqual({ message: 'This application does not exist.' });
    const stranger = await createAccount(ctx.db, other.id);
    expect((await get(`/api/users/${stranger.id}/applications/${mine.id}`, staffToken)).statusCode).toBe(404);
  });
});

describe('answerText', () => {
  it('shows each stored shape as text', () => {
    const label = (value: string) => (value === 'r' ? 'Red' : value);
    expect(answerText(null, label)).toBeNull();
    expect(answerText('', label)).toBeNull();
    expect(answerText(true, label)).toBe('Yes');
    expect(answerText(false, label)).toBe('No');
    expect(answerText(12.5, label)).toBe('12.5');
    expect(answerText('r', label)).toBe('Red');
    expect(answerText(['r', 'b'], label)).toBe('Red, b');
    expect(answerText([], label)).toBeNull();
    expect(answerText({ start: '2030-01-01', end: '2030-01-05' }, label)).toBe('2030-01-01 – 2030-01-05');
  });
});

describe('GET /api/teams/{teamId}', () => {
  async function member(teamId: number, roleName: string, endDate: string | null = null) {
    const account = await createAccount(ctx.db, organisation.id);
    const profile = await createRoleProfile(ctx.db, organisation.id, { displayName: roleName });
    await ctx.db
      .insert(userRoles)
      .values({
        organisationId: organisation.id,
        userId: account.id,
        teamId,
        roleProfileId: profile.id,
        endDate,
      });
    return account;
  }

  it("answers the team and the member's current roles; view-users may ask about anyone", async () => {
    const team = await createTeam(ctx.db, organisation.id, 'Kitchen');
    const cook = await member(team.id, 'Cook');
    const ended = await createRoleProfile(ctx.db, organisation.id, { displayName: 'Porter' });
    await ctx.db.insert(userRoles).values({
      organisationId: organisation.id,
      userId: cook.id,
      teamId: team.id,
      roleProfileId: ended.id,
      endDate: '2001-01-01',
    });
    const token = await sessionTokenFor(ctx.app, organisation.id, cook.id);
    const own = await get(`/api/teams/${team.id}`, token);
    expect(own.statusCode).toBe(200);
    expect(portalTeamResponseSchema.parse(own.json()).data).toEqual({
      id: team.id,
      name: 'Kitchen',
      user_id: cook.id,
      roles: ['Cook'],
    });
    const staff = await createAccount(ctx.db, organisation.id, { permissions: ['view-users'] });
    const staffToken = await sessionTokenFor(ctx.app, organisation.id, staff.id);
    const asked = await get(`/api/teams/${team.id}?user_id=${cook.id}`, staffToken);
    expect(portalTeamResponseSchema.parse(asked.json()).data.roles).toEqual(['Cook']);
    const outsider = await get(`/api/teams/${team.id}`, staffToken);
    expect(portalTeamResponseSchema.parse(outsider.json()).data).toMatchObject({
      user_id: staff.id,
      roles: [],
    });
  });

  it('401, 403 (not a member, or someone else), 404 and 422', async () => {
    const team = await createTeam(ctx.db, organisation.id, 'Garden');
    const gardener = await member(team.id, 'Gardener');
    const outsider = await createAccount(ctx.db, organisation.id);
    expect((await get(`/api/teams/${team.id}`)).statusCode).toBe(401);
    const outsiderToken = await sessionTokenFor(ctx.app, organisation.id, outsider.id);
    const notMember = await get(`/api/teams/${team.id}`, outsiderToken);
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json()).toEqual({ message: 'You are not a member of this team.' });
    expect((await get(`/api/teams/${team.id}?user_id=${gardener.id}`, outsiderToken)).statusCode).toBe(403);
    const gardenerToken = await sessionTokenFor(ctx.app, organisation.id, gardener.id);
    const foreignTeam = await createTeam(ctx.db, other.id, 'Elsewhere');
    expect((await get(`/api/teams/${foreignTeam.id}`, gardenerToken)).statusCode).toBe(404);
    const badTeam = await get('/api/teams/kitchen', gardenerToken);
    expect(badTeam.statusCode).toBe(422);
    expect(badTeam.json()).toMatchObject({ errors: { 'params.teamId': ['A team is named by its number.'] } });
    const badUser = await get(`/api/teams/${team.id}?user_id=me`, gardenerToken);
    expect(badUser.statusCode).toBe(422);
    expect(badUser.json()).toMatchObject({
      errors: { 'querystring.user_id': ['A user is named by their number.'] },
    });
  });
});
