import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRecords, files } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createTeamRow, createTenant } from '../../test/factories/catalogue.js';
import { createFileTypes, createStoredFile, multipartBody } from '../../test/factories/files.js';
import { ENTRIES } from './documents.js';
import {
  publicTeamSiteResponseSchema,
  teamSiteResponseSchema,
  teamSiteHeroIndexResponseSchema,
  teamSiteDownloadResponseSchema,
} from '@muster/contract';

let ctx: TestContext;

type Headers = { host: string; authorization?: string };
type Errors = { message: string; errors: Record<string, string[]> };

async function tenant() {
  const created = await createTenant(ctx.app, {
    manager: ['view-teams', 'manage-teams'],
    colleague: ['view-teams', 'manage-teams'],
    viewer: ['view-teams'],
    nobody: [],
  });
  return { ...created, anonymous: { host: created.host } as Headers };
}

let a: Awaited<ReturnType<typeof tenant>>;
let b: Awaited<ReturnType<typeof tenant>>;
let address = 0;
/** A client address of its own per call, so that the public calls' limits are tested only where meant. */
const nextAddress = () => `10.0.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await tenant();
  b = await tenant();
  await createFileTypes(ctx.db);
});
afterAll(() => ctx?.close());

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Headers,
  payload?: unknown,
  remoteAddress = nextAddress(),
) {
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    headers,
    remoteAddress,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A team of the tenant with a site made through the API. */
async function teamWithSite(t: typeof a, site: Record<string, unknown>) {
  const team = await createTeamRow(ctx.db, t.id, { name: `Team ${String(site.title)}` });
  const created = await call('POST', `/teams/${team.id}/site`, t.manager, site);
  expect(created.statusCode, created.body).toBe(201);
  return { team, site: teamSiteResponseSchema.parse(created.json()).data };
}

async function upload(headers: Headers, content: string, filename = 'notes.txt') {
  const body = multipartBody([{ name: 'file', filename, contentType: 'text/plain', content }]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/files?ephemeral=1',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { data: { id: string } } }>().data.data.id;
}

describe('GET, POST and PUT /teams/{id}/site', () => {
  it('makes, shows and changes the team’s one site', async () => {
    const { team, site } = await teamWithSite(a, {
      title: 'Coast crew',
      slug: 'Coast-Crew',
      contact_email: 'coast@example.test',
    });
    expect(site).toMatchObject({
      team_id: team.id,
      title: 'Coast crew',
      slug: 'coast-crew',
      published: false,
      files: [],
    });
    const shown = await call('GET', `/teams/${team.id}/site`, a.viewer);
    expect(teamSiteResponseSchema.parse(shown.json()).data).toEqual(site);
    const again = await call('POST', `/teams/${team.id}/site`, a.manager, { title: 'Twice' });
    expect(again.statusCode).toBe(409);
    const changed = await call('PUT', `/teams/${team.id}/site`, a.manager, {
      intro: 'We pick litter.',
      published: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(teamSiteResponseSchema.parse(changed.json()).data).toMatchObject({
      title: 'Coast crew',
      intro: 'We pick litter.',
      published: true,
      contact_email: 'coast@example.test',
    });
    const stored = await ctx.db
      .select()
      .from(catalogueRecords)
      .where(
        and(eq(catalogueRecords.entry, ENTRIES.teamSite), eq(catalogueRecords.parentKey, `id=${team.id}`)),
      );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.body).toMatchObject({ intro: 'We pick litter.', published: true });
  });

  it('keeps a slug to one site of the organisation, but another organisation may use it', async () => {
    await teamWithSite(a, { title: 'Hills', slug: 'hills' });
    const other = await createTeamRow(ctx.db, a.id);
    const taken = await call('POST', `/teams/${other.id}/site`, a.manager, {
      title: 'Also hills',
      slug: 'hills',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json<Errors>().errors).toEqual({ slug: ['Another team’s site already has this address.'] });
    await teamWithSite(b, { title: 'Their hills', slug: 'hills' });
  });

  it('never reaches another organisation’s team (404), and 404 for a team without a site', async () => {
    const { team } = await teamWithSite(b, { title: 'Private', contact_email: 'private@example.test' });
    expect((await call('GET', `/teams/${team.id}/site`, a.viewer)).statusCode).toBe(404);
    expect((await call('PUT', `/teams/${team.id}/site`, a.manager, { title: 'Mine now' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/teams/${team.id}/site`, a.manager, { title: 'Mine now' })).statusCode).toBe(
      404,
    );
    const bare = await createTeamRow(ctx.db, a.id);
    expect((await call('GET', `/teams/${bare.id}/site`, a.viewer)).json()).toEqual({
      message: 'The team has no site.',
    });
    const stored = await ctx.db
      .select()
      .from(catalogueRecords)
      .where(eq(catalogueRecords.parentKey, `id=${team.id}`));
    expect(stored.map((row) => row.body.title)).toEqual(['Private']);
  });

  it('refuses 401 anonymous, 403 without the permission, 422 for bad fields', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    expect((await call('GET', `/teams/${team.id}/site`, a.anonymous)).statusCode).toBe(401);
    expect((await call('GET', `/teams/${team.id}/site`, a.nobody)).statusCode).toBe(403);
    expect((await call('POST', `/teams/${team.id}/site`, a.viewer, { title: 'x' })).statusCode).toBe(403);
    const bad = await call('POST', `/teams/${team.id}/site`, a.manager, {
      title: '',
      contact_email: 'nope',
      slug: 'Not a slug!',
    });
    expect(Object.keys(bad.json<Errors>().errors).sort()).toEqual(['contact_email', 'slug', 'title']);
    const empty = await call('PUT', `/teams/${team.id}/site`, a.manager, {});
    expect(empty.statusCode).toBe(422);
  });
});

describe('GET /teams/site (public)', () => {
  it('answers a published site by slug or team id, without its contact address', async () => {
    const { team } = await teamWithSite(a, {
      title: 'Dunes',
      slug: 'dunes',
      contact_email: 'dunes@example.test',
      published: true,
    });
    for (const query of ['?slug=dunes', `?team_id=${team.id}`]) {
      const response = await call('GET', `/teams/site${query}`, a.anonymous);
      expect(response.statusCode, query).toBe(200);
      const site = publicTeamSiteResponseSchema.parse(response.json()).data;
      expect(site).toMatchObject({ team_id: team.id, title: 'Dunes', slug: 'dunes', has_contact_form: true });
      expect(JSON.stringify(site)).not.toContain('dunes@example.test');
    }
  });

  it('is 404 for an unpublished site and for another organisation’s, 422 without slug or team id', async () => {
    const draft = await teamWithSite(a, { title: 'Draft', slug: 'draft' });
    const theirs = await teamWithSite(b, { title: 'Theirs', slug: 'theirs', published: true });
    expect((await call('GET', '/teams/site?slug=draft', a.anonymous)).statusCode).toBe(404);
    expect((await call('GET', `/teams/site?team_id=${draft.team.id}`, a.anonymous)).statusCode).toBe(404);
    expect((await call('GET', '/teams/site?slug=theirs', a.anonymous)).statusCode).toBe(404);
    expect((await call('GET', `/teams/site?team_id=${theirs.team.id}`, a.anonymous)).statusCode).toBe(404);
    expect((await call('GET', '/teams/site?slug=theirs', b.anonymous)).statusCode).toBe(200);
    expect((await call('GET', '/teams/site', a.anonymous)).statusCode).toBe(422);
  });
});

describe('POST /teams/{id}/site/contact-us (public)', () => {
  it('queues the message to the site’s contact address through the outbox', async () => {
    const { team } = await teamWithSite(a, {
      title: 'Rivers',
      contact_email: 'rivers@example.test',
      published: true,
    });
    const response = await call('POST', `/teams/${team.id}/site/contact-us`, a.anonymous, {
      name: 'Sam Lee',
      email: 'sam@example.test',
      phone: '07700 900123',
      message: 'Can I join on Saturday?\nI have my own boots.',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { queued: true } });
    const [message] = await ctx.app.outbox.list(1, { to: 'rivers@example.test' });
    expect(message).toMatchObject({ organisationId: a.id, subject: 'Contact form: Rivers' });
    expect(message?.text).toContain('From: Sam Lee <sam@example.test>');
    expect(message?.text).toContain('Can I join on Saturday?\nI have my own boots.');
  });

  it('is 404 for an unpublished site, a site without a contact address and another organisation’s site', async () => {
    const payload = { name: 'Sam', email: 'sam@example.test', message: 'Hello' };
    const draft = await teamWithSite(a, { title: 'Quiet draft', contact_email: 'quiet@example.test' });
    const silent = await teamWithSite(a, { title: 'Silent', published: true });
    const theirs = await teamWithSite(b, {
      title: 'Theirs too',
      contact_email: 'theirs@example.test',
      published: true,
    });
    expect(
      (await call('POST', `/teams/${draft.team.id}/site/contact-us`, a.anonymous, payload)).statusCode,
    ).toBe(404);
    const noForm = await call('POST', `/teams/${silent.team.id}/site/contact-us`, a.anonymous, payload);
    expect(noForm.json()).toEqual({ message: 'This team site takes no messages.' });
    expect(
      (await call('POST', `/teams/${theirs.team.id}/site/contact-us`, a.anonymous, payload)).statusCode,
    ).toBe(404);
    expect(await ctx.app.outbox.list(5, { to: 'quiet@example.test' })).toEqual([]);
    expect(await ctx.app.outbox.list(5, { to: 'theirs@example.test' })).toEqual([]);
  });

  it('answers 422 keyed by field and is rate-limited per client address', async () => {
    const { team } = await teamWithSite(a, {
      title: 'Busy',
      contact_email: 'busy@example.test',
      published: true,
    });
    const bad = await call('POST', `/teams/${team.id}/site/contact-us`, a.anonymous, {
      name: 'A\nBcc: x@y',
      email: 'no',
      message: '',
    });
    expect(Object.keys(bad.json<Errors>().errors).sort()).toEqual(['email', 'message', 'name']);
    const from = '10.9.9.9';
    const payload = { name: 'Flood', email: 'flood@example.test', message: 'Again' };
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push(
        (await call('POST', `/teams/${team.id}/site/contact-us`, a.anonymous, payload, from)).statusCode,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(await ctx.app.outbox.list(10, { to: 'busy@example.test' })).toHaveLength(5);
  });
});

describe('POST /teams/{id}/site/file and /log-file-download', () => {
  it('offers the caller’s upload on the site, records downloads and hands out a working link', async () => {
    const { team } = await teamWithSite(a, { title: 'Woods', published: true });
    const fileId = await upload(a.manager, 'Map of the woods');
    const attached = await call('POST', `/teams/${team.id}/site/file`, a.manager, {
      file_id: fileId,
      name: 'Site map',
    });
    expect(attached.statusCode).toBe(201);
    expect(teamSiteResponseSchema.parse(attached.json()).data.files).toEqual([
      { file_id: fileId, name: 'Site map', attached_at: expect.any(String) as string },
    ]);
    const [row] = await ctx.db.select().from(files).where(eq(files.id, fileId));
    expect(row).toMatchObject({ ephemeral: false });
    const twice = await call('POST', `/teams/${team.id}/site/file`, a.manager, { file_id: fileId });
    expect(twice.json<Errors>().errors).toEqual({ file_id: ['This file is already on the site.'] });

    const logged = await call('POST', `/teams/${team.id}/site/log-file-download`, a.anonymous, {
      file_id: fileId,
    });
    expect(logged.statusCode).toBe(201);
    const download = teamSiteDownloadResponseSchema.parse(logged.json()).data;
    expect(download).toMatchObject({ file_id: fileId, name: 'Site map' });
    const records = await ctx.db
      .select()
      .from(catalogueRecords)
      .where(
        and(
          eq(catalogueRecords.entry, ENTRIES.teamSiteDownloads),
          eq(catalogueRecords.parentKey, `id=${team.id}`),
        ),
      );
    expect(records.map((record) => record.body)).toEqual([
      { file_id: fileId, user_id: null, downloaded_at: download.downloaded_at },
    ]);
    const fetched = await ctx.app.inject({ url: download.download_url, headers: { host: a.host } });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.body).toBe('Map of the woods');
  });

  it('refuses someone else’s upload (422) and another organisation’s team (404)', async () => {
    const { team } = await teamWithSite(a, { title: 'Fields', published: true });
    const theirs = await upload(a.colleague, 'Not mine');
    const refused = await call('POST', `/teams/${team.id}/site/file`, a.manager, { file_id: theirs });
    expect(refused.json<Errors>().errors).toEqual({
      file_id: ['The file must be one you uploaded to this organisation.'],
    });
    const foreign = await teamWithSite(b, { title: 'Foreign fields', published: true });
    const mine = await upload(a.manager, 'Mine');
    expect(
      (await call('POST', `/teams/${foreign.team.id}/site/file`, a.manager, { file_id: mine })).statusCode,
    ).toBe(404);
    const foreignFile = await createStoredFile(ctx.db, b.id);
    expect(
      (
        await call('POST', `/teams/${team.id}/site/file`, a.manager, { file_id: foreignFile.id })
      ).json<Errors>().errors,
    ).toHaveProperty('file_id');
    const notOffered = await call('POST', `/teams/${team.id}/site/log-file-download`, a.anonymous, {
      file_id: mine,
    });
    expect(notOffered.statusCode).toBe(422);
    expect(
      (await call('POST', `/teams/${foreign.team.id}/site/log-file-download`, a.anonymous, { file_id: mine }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses 401 anonymous, 403 without manage-teams, 422 for a file id that is not one', async () => {
    const { team } = await teamWithSite(a, { title: 'Guarded' });
    expect(
      (await call('POST', `/teams/${team.id}/site/file`, a.anonymous, { file_id: 'x' })).statusCode,
    ).toBe(401);
    expect((await call('POST', `/teams/${team.id}/site/file`, a.viewer, { file_id: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/teams/${team.id}/site/file`, a.manager, { file_id: 'x' })).statusCode).toBe(
      422,
    );
    expect(
      (await call('POST', `/teams/${team.id}/site/log-file-download`, a.anonymous, { file_id: 'x' }))
        .statusCode,
    ).toBe(422);
  });
});

describe('GET /team-site-hero (public, read-only)', () => {
  it('lists the hero of each published site of the organisation and shows one by team id', async () => {
    const { team } = await teamWithSite(b, {
      title: 'Hero site',
      slug: 'hero',
      intro: 'Welcome',
      published: true,
    });
    const fileId = await upload(b.manager, 'banner');
    expect(
      (await call('POST', `/teams/${team.id}/site/file`, b.manager, { file_id: fileId })).statusCode,
    ).toBe(201);
    expect(
      (await call('PUT', `/teams/${team.id}/site`, b.manager, { hero_file_id: fileId })).statusCode,
    ).toBe(200);
    const index = await call('GET', '/team-site-hero', b.anonymous);
    expect(index.statusCode).toBe(200);
    const heroes = teamSiteHeroIndexResponseSchema.parse(index.json());
    const hero = heroes.data.find((entry) => entry.team_id === team.id);
    expect(hero).toMatchObject({
      id: team.id,
      title: 'Hero site',
      intro: 'Welcome',
      slug: 'hero',
      hero_file_id: fileId,
    });
    expect(hero?.hero_url).toMatch(new RegExp(`^/api/files/${fileId}\\?access=v\\.`));
    expect(heroes.data.every((entry) => entry.title !== 'Draft')).toBe(true);
    const shown = await call('GET', `/team-site-hero/${team.id}`, b.anonymous);
    expect(shown.json()).toMatchObject({ data: { team_id: team.id } });
    // Another organisation's heroes are not this one's.
    expect((await call('GET', `/team-site-hero/${team.id}`, a.anonymous)).statusCode).toBe(404);
    const theirs = teamSiteHeroIndexResponseSchema.parse(
      (await call('GET', '/team-site-hero', a.anonymous)).json(),
    );
    expect(theirs.data.map((entry) => entry.team_id)).not.toContain(team.id);
    // A hero image must be one of the site's files.
    const stray = await upload(b.manager, 'stray');
    const refused = await call('PUT', `/teams/${team.id}/site`, b.manager, { hero_file_id: stray });
    expect(refused.json<Errors>().errors).toEqual({
      hero_file_id: ['The hero image must be one of the site’s files.'],
    });
  });

  it('offers no writes', async () => {
    expect((await call('POST', '/team-site-hero', a.manager, { title: 'x' })).statusCode).toBe(405);
    expect((await call('PUT', '/team-site-hero/1', a.manager, { title: 'x' })).statusCode).toBe(405);
  });
});
