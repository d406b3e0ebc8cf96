import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityCategorySchema,
  activityParticipantSchema,
  activitySchema,
  dataEnvelope,
  hubDocumentDetailSchema,
  hubDocumentSchema,
  newsArticleSchema,
  paginatedResponseSchema,
} from '@muster/contract';
import { activities, files, hubDocumentViews, newsArticleReads } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createTeamRow } from '../../test/factories/catalogue.js';
import { createStoredFile } from '../../test/factories/files.js';
import { createUser } from '../../test/factories/user.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../test/tenant.js';

/*
 * Activities, their categories and outcomes, a person's activities, news and the hub, stored in
 * tables of their own (catalogue/bindings/activities.ts, modules/content): plain CRUD through the
 * API, who may do what, and the reads and openings the news and hub reports count.
 */

let ctx: TestContext;
let a: Tenant;
let b: Tenant;
let manager: Caller;
let volunteer: Caller;
let nobody: Caller;
let otherManager: Caller;

type Errors = { errors: Record<string, string[]> };

const MANAGER_PERMISSIONS = [
  'view-activities',
  'manage-activities',
  'manage-activity-categories',
  'manage-activity-outcomes',
  'view-users',
  'manage-users',
  'view-news',
  'manage-news',
  'view-hub',
  'manage-hub',
];

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  b = await createTenant(ctx.app);
  manager = await a.person(MANAGER_PERMISSIONS);
  volunteer = await a.person(['view-news', 'view-hub']);
  nobody = await a.person([]);
  otherManager = await b.person(MANAGER_PERMISSIONS);
});
afterAll(() => ctx?.close());

const call = (
  who: Caller | { host: string },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => callAs(ctx.app, 'headers' in who ? who.headers : who, method, url, payload);

async function created<T>(
  response: Awaited<ReturnType<typeof call>>,
  schema: { parse: (value: unknown) => { data: T } },
) {
  expect(response.statusCode, response.body).toBe(201);
  return schema.parse(response.json()).data;
}

describe('activity categories and outcomes', () => {
  it('are managed by holders of their manage permission and read by anyone signed in', async () => {
    const category = await created(
      await call(manager, 'POST', '/api/organisation/activity-categories/', {
        name: ' Conservation ',
        description: 'Green spaces and beaches',
        position: 2,
      }),
      dataEnvelope(activityCategorySchema),
    );
    expect({ ...category, id: 0 }).toEqual({
      id: 0,
      name: 'Conservation',
      description: 'Green spaces and beaches',
      position: 2,
      active: true,
    });
    const listed = await call(nobody, 'GET', '/api/organisation/activity-categories/');
    expect(listed.statusCode).toBe(200);
    expect(
      paginatedResponseSchema(activityCategorySchema)
        .parse(listed.json())
        .data.map((row) => row.id),
    ).toEqual([category.id]);
    const changed = await call(manager, 'PUT', `/api/organisation/activity-categories/${category.id}`, {
      active: false,
    });
    expect(changed.json<{ data: { active: boolean } }>().data.active).toBe(false);
    expect(
      (await call(nobody, 'POST', '/api/organisation/activity-categories/', { name: 'Mine' })).statusCode,
    ).toBe(403);
    expect((await call(a.anonymous, 'GET', '/api/organisation/activity-categories/')).statusCode).toBe(401);
    expect(
      (await call(otherManager, 'GET', `/api/organisation/activity-categories/${category.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(manager, 'DELETE', `/api/organisation/activity-categories/${category.id}`)).statusCode,
    ).toBe(204);

    const outcome = await call(manager, 'POST', '/api/organisation/activity-outcomes/', {
      name: 'Completed',
    });
    expect(outcome.statusCode).toBe(201);
    const bad = await call(manager, 'POST', '/api/organisation/activity-outcomes/', {
      name: '',
      position: -1,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Errors>().errors).sort()).toEqual(['name', 'position']);
  });
});

describe('activities', () => {
  it('create, read, list, update and delete an activity', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    const category = await created(
      await call(manager, 'POST', '/api/organisation/activity-categories/', { name: 'Befriending' }),
      dataEnvelope(activityCategorySchema),
    );
    const activity = await created(
      await call(manager, 'POST', '/api/activities/', {
        title: 'Tea and talk',
        category_id: category.id,
        team_id: team.id,
        starts_at: '2026-05-01T10:00:00+01:00',
        ends_at: '2026-05-01T12:30:00+01:00',
        location: 'Church hall',
        hours: 2.5,
        guests: 3,
      }),
      dataEnvelope(activitySchema),
    );
    expect({ ...activity, id: 0 }).toEqual({
      id: 0,
      title: 'Tea and talk',
      description: null,
      category_id: category.id,
      outcome_id: null,
      team_id: team.id,
      starts_at: '2026-05-01T09:00:00.000Z',
      ends_at: '2026-05-01T11:30:00.000Z',
      location: 'Church hall',
      hours: 2.5,
      guests: 3,
      created_by: manager.id,
    });
    const shown = await call(manager, 'GET', `/api/activities/${activity.id}`);
    expect(dataEnvelope(activitySchema).parse(shown.json()).data).toEqual(activity);
    const listed = await call(manager, 'GET', `/api/activities/?team_id=${team.id}`);
    expect(
      paginatedResponseSchema(activitySchema)
        .parse(listed.json())
        .data.map((row) => row.id),
    ).toEqual([activity.id]);
    const updated = await call(manager, 'PUT', `/api/activities/${activity.id}`, { hours: null, guests: 0 });
    expect(updated.statusCode).toBe(200);
    expect(dataEnvelope(activitySchema).parse(updated.json()).data).toMatchObject({ hours: null, guests: 0 });
    // A category in use stays until its activities move off it.
    expect(
      (await call(manager, 'DELETE', `/api/organisation/activity-categories/${category.id}`)).statusCode,
    ).toBe(409);
    expect((await call(manager, 'DELETE', `/api/activities/${activity.id}`)).statusCode).toBe(204);
    expect(await ctx.db.select().from(activities).where(eq(activities.id, activity.id))).toEqual([]);
  });

  it('422 with sentences keyed by field', async () => {
    const invalid = await call(manager, 'POST', '/api/activities/', {
      title: '',
      starts_at: '1 May',
      ends_at: '2026-05-01T12:00:00Z',
      hours: 1.234,
      guests: -1,
      team_id: 'north',
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json<Errors>().errors).sort()).toEqual([
      'guests',
      'hours',
      'starts_at',
      'team_id',
      'title',
    ]);
    const backwards = await call(manager, 'POST', '/api/activities/', {
      title: 'Backwards',
      starts_at: '2026-05-01T12:00:00Z',
      ends_at: '2026-05-01T11:00:00Z',
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json<Errors>().errors).toEqual({ ends_at: ['The activity must end after it starts.'] });
    const theirTeam = await createTeamRow(ctx.db, b.id);
    const foreign = await call(manager, 'POST', '/api/activities/', {
      title: 'Elsewhere',
      starts_at: '2026-05-01T12:00:00Z',
      team_id: theirTeam.id,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json<Errors>().errors).toEqual({
      team_id: ['The team must be a team of this organisation.'],
    });
  });

  it('401 anonymous, 403 without the permission, 404 for another organisation’s activity', async () => {
    const theirs = await created(
      await call(otherManager, 'POST', '/api/activities/', {
        title: 'Theirs',
        starts_at: '2026-05-01T12:00:00Z',
      }),
      dataEnvelope(activitySchema),
    );
    expect((await call(a.anonymous, 'GET', '/api/activities/')).statusCode).toBe(401);
    expect((await call(nobody, 'GET', '/api/activities/')).statusCode).toBe(403);
    expect((await call(volunteer, 'POST', '/api/activities/', {})).statusCode).toBe(403);
    expect((await call(manager, 'GET', `/api/activities/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(manager, 'PUT', `/api/activities/${theirs.id}`, { title: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await call(manager, 'DELETE', `/api/activities/${theirs.id}`)).statusCode).toBe(404);
  });
});

describe('a person’s activities (/users/{userId}/activities/)', () => {
  it('records who signed up and who took part, for how long; the person reads their own', async () => {
    const activity = await created(
      await call(manager, 'POST', '/api/activities/', {
        title: 'Litter pick',
        starts_at: '2026-06-01T09:00:00Z',
      }),
      dataEnvelope(activitySchema),
    );
    const url = `/api/users/${volunteer.id}/activities/`;
    const part = await created(
      await call(manager, 'POST', url, { activity_id: activity.id, hours: 1.5 }),
      dataEnvelope(activityParticipantSchema),
    );
    expect({ ...part, id: 0 }).toEqual({
      id: 0,
      user_id: volunteer.id,
      activity_id: activity.id,
      hours: 1.5,
      attended: null,
      created_by: manager.id,
    });
    const marked = await call(manager, 'PUT', `${url}${part.id}`, { attended: true });
    expect(dataEnvelope(activityParticipantSchema).parse(marked.json()).data.attended).toBe(true);

    const own = await call(volunteer, 'GET', url);
    expect(own.statusCode).toBe(200);
    expect(
      paginatedResponseSchema(activityParticipantSchema)
        .parse(own.json())
        .data.map((row) => row.id),
    ).toEqual([part.id]);
    expect((await call(volunteer, 'POST', url, { activity_id: activity.id })).statusCode).toBe(403);
    expect((await call(volunteer, 'GET', `/api/users/${manager.id}/activities/`)).statusCode).toBe(403);

    const twice = await call(manager, 'POST', url, { activity_id: activity.id });
    expect(twice.statusCode).toBe(422);
    expect(twice.json<Errors>().errors).toEqual({
      activity_id: ['This person is already recorded on the activity.'],
    });
    const theirs = await created(
      await call(otherManager, 'POST', '/api/activities/', {
        title: 'Theirs',
        starts_at: '2026-05-01T12:00:00Z',
      }),
      dataEnvelope(activitySchema),
    );
    const foreign = await call(manager, 'POST', url, { activity_id: theirs.id });
    expect(foreign.json<Errors>().errors).toEqual({
      activity_id: ['The activity must be an activity of this organisation.'],
    });
    const bad = await call(manager, 'POST', url, { activity_id: 'beach', hours: -2, attended: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Errors>().errors).sort()).toEqual(['activity_id', 'attended', 'hours']);
    // Another organisation's person is not found.
    const stranger = await createUser(ctx.db, b.id);
    expect((await call(manager, 'GET', `/api/users/${stranger.id}/activities/`)).statusCode).toBe(404);
  });
});

describe('news', () => {
  it('is managed with manage-news; opening a published article records one read per person', async () => {
    const article = await created(
      await call(manager, 'POST', '/api/news/', {
        title: 'Spring clean results',
        body: 'Forty of you came.',
        published_at: '2026-04-01T09:00:00Z',
      }),
      dataEnvelope(newsArticleSchema),
    );
    expect({ ...article, id: 0 }).toEqual({
      id: 0,
      title: 'Spring clean results',
      body: 'Forty of you came.',
      team_id: null,
      published_at: '2026-04-01T09:00:00.000Z',
      created_by: manager.id,
    });
    for (let time = 0; time < 2; time += 1) {
      const shown = await call(volunteer, 'GET', `/api/news/${article.id}`);
      expect(shown.statusCode).toBe(200);
      expect(dataEnvelope(newsArticleSchema).parse(shown.json()).data).toEqual(article);
    }
    const reads = await ctx.db
      .select()
      .from(newsArticleReads)
      .where(eq(newsArticleReads.articleId, article.id));
    expect(reads.map((read) => read.userId)).toEqual([volunteer.id]);

    const draft = await created(
      await call(manager, 'POST', '/api/news/', { title: 'Draft', body: 'Not yet.' }),
      dataEnvelope(newsArticleSchema),
    );
    expect((await call(manager, 'GET', `/api/news/${draft.id}`)).statusCode).toBe(200);
    expect(
      await ctx.db.select().from(newsArticleReads).where(eq(newsArticleReads.articleId, draft.id)),
    ).toEqual([]);

    const changed = await call(manager, 'PUT', `/api/news/${draft.id}`, {
      published_at: '2026-04-02T09:00:00+01:00',
    });
    expect(dataEnvelope(newsArticleSchema).parse(changed.json()).data.published_at).toBe(
      '2026-04-02T08:00:00.000Z',
    );
    expect((await call(volunteer, 'PUT', `/api/news/${draft.id}`, { title: 'Mine' })).statusCode).toBe(403);
    expect((await call(nobody, 'GET', `/api/news/${article.id}`)).statusCode).toBe(403);
    expect((await call(a.anonymous, 'GET', `/api/news/${article.id}`)).statusCode).toBe(401);
    expect((await call(otherManager, 'GET', `/api/news/${article.id}`)).statusCode).toBe(404);
    expect((await call(manager, 'GET', '/api/news/abc')).statusCode).toBe(404);
    const bad = await call(manager, 'POST', '/api/news/', { title: ' ', body: 5, published_at: 'tomorrow' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Errors>().errors).sort()).toEqual(['body', 'published_at', 'title']);
    expect((await call(manager, 'DELETE', `/api/news/${draft.id}`)).statusCode).toBe(204);
  });
});

describe('the hub', () => {
  it('shares a file the caller uploaded; opening and downloading are recorded', async () => {
    const file = await createStoredFile(ctx.db, a.id, { uploadedByUserId: manager.id });
    const team = await createTeamRow(ctx.db, a.id);
    const document = await created(
      await call(manager, 'POST', '/api/hub/', {
        title: 'Volunteer handbook',
        file_id: file.id,
        folder: 'Policies',
        team_id: team.id,
        published_at: '2026-01-05T09:00:00Z',
      }),
      dataEnvelope(hubDocumentSchema),
    );
    expect({ ...document, id: 0 }).toEqual({
      id: 0,
      title: 'Volunteer handbook',
      description: null,
      file_id: file.id,
      folder: 'Policies',
      team_id: team.id,
      published_at: '2026-01-05T09:00:00.000Z',
      created_by: manager.id,
    });
    const [kept] = await ctx.db.select().from(files).where(eq(files.id, file.id));
    expect(kept?.ephemeral).toBe(false);

    const opened = await call(volunteer, 'GET', `/api/hub/${document.id}`);
    expect(opened.statusCode).toBe(200);
    const detail = dataEnvelope(hubDocumentDetailSchema).parse(opened.json()).data;
    expect(detail).toMatchObject(document);
    expect(detail.file_url).toMatch(new RegExp(`^/api/files/${file.id}\\?access=`));
    expect((await call(volunteer, 'GET', `/api/hub/${document.id}?download=true`)).statusCode).toBe(200);
    const views = await ctx.db
      .select()
      .from(hubDocumentViews)
      .where(and(eq(hubDocumentViews.documentId, document.id), eq(hubDocumentViews.userId, volunteer.id)));
    expect(views.map((view) => view.kind).sort()).toEqual(['download', 'view']);

    const listed = await call(volunteer, 'GET', '/api/hub/?folder=Policies');
    expect(
      paginatedResponseSchema(hubDocumentSchema)
        .parse(listed.json())
        .data.map((row) => row.id),
    ).toEqual([document.id]);
    expect((await call(volunteer, 'GET', `/api/hub/${document.id}?download=maybe`)).statusCode).toBe(422);
    expect((await call(manager, 'PUT', `/api/hub/${document.id}`, { title: 'New' })).statusCode).toBe(405);
    expect((await call(otherManager, 'GET', `/api/hub/${document.id}`)).statusCode).toBe(404);
    expect((await call(nobody, 'GET', `/api/hub/${document.id}`)).statusCode).toBe(403);
    expect((await call(a.anonymous, 'GET', `/api/hub/${document.id}`)).statusCode).toBe(401);
    expect((await call(volunteer, 'POST', '/api/hub/', {})).statusCode).toBe(403);
    expect((await call(manager, 'DELETE', `/api/hub/${document.id}`)).statusCode).toBe(204);
  });

  it('422 for a file that is not the caller’s upload, another organisation’s team, or a bad body', async () => {
    const someoneElses = await createStoredFile(ctx.db, a.id, { uploadedByUserId: volunteer.id });
    const theirs = await createStoredFile(ctx.db, b.id, { uploadedByUserId: otherManager.id });
    const theirTeam = await createTeamRow(ctx.db, b.id);
    for (const fileId of [someoneElses.id, theirs.id]) {
      const refused = await call(manager, 'POST', '/api/hub/', { title: 'Not mine', file_id: fileId });
      expect(refused.statusCode).toBe(422);
      expect(refused.json<Errors>().errors).toEqual({
        file_id: ['The file must be one you uploaded to this organisation.'],
      });
    }
    const mine = await createStoredFile(ctx.db, a.id, { uploadedByUserId: manager.id });
    const foreignTeam = await call(manager, 'POST', '/api/hub/', {
      title: 'Theirs',
      file_id: mine.id,
      team_id: theirTeam.id,
    });
    expect(foreignTeam.json<Errors>().errors).toEqual({
      team_id: ['The team must be a team of this organisation.'],
    });
    const bad = await call(manager, 'POST', '/api/hub/', {
      title: '',
      file_id: 'handbook.pdf',
      published_at: 3,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Errors>().errors).sort()).toEqual(['file_id', 'published_at', 'title']);
  });
});
