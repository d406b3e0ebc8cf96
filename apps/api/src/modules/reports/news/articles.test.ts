import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsArticlesReportRow } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  createNewsArticleRow,
  createPlannedOrganisation,
  getReport,
  inFilters,
  londonDay,
  PEOPLE,
  personOf,
  recordNewsRead,
  type PlannedOrganisation,
  type ReportAnswer,
  type RoleKey,
  type TeamKey,
} from '../../../test/factories/activities.js';
import { createUser } from '../../../test/factories/user.js';
import { createTenant, type Caller } from '../../../test/tenant.js';

/*
 * GET /reports/news/articles over a hand-built organisation (the people of the activities
 * factory): the audience, readers and read rate of each article are worked out here from the plan
 * in plain data, not by the report's SQL.
 */

let ctx: TestContext;
let org: PlannedOrganisation;
let otherReader: Caller;

type PlannedArticle = {
  key: string;
  title: string;
  team: TeamKey | null;
  publishedAt: string | null;
  reads: { person: string; at: string }[];
};

const ARTICLES: PlannedArticle[] = [
  {
    key: 'december',
    title: 'Christmas thanks',
    team: null,
    publishedAt: '2025-12-01T09:00:00Z',
    reads: [{ person: 'dan', at: '2025-12-02T09:00:00Z' }],
  },
  {
    key: 'march',
    title: 'Spring programme',
    team: null,
    publishedAt: '2026-03-10T09:00:00Z',
    reads: [
      { person: 'ann', at: '2026-03-11T09:00:00Z' },
      { person: 'eve', at: '2026-03-12T09:00:00Z' },
      { person: 'fay', at: '2026-04-05T09:00:00Z' },
    ],
  },
  {
    // 23:30 UTC on 31 March is 00:30 on 1 April in London.
    key: 'north',
    title: 'North team rota',
    team: 'north',
    publishedAt: '2026-03-31T23:30:00Z',
    reads: [{ person: 'ann', at: '2026-04-01T08:00:00Z' }],
  },
  { key: 'south', title: 'South team social', team: 'south', publishedAt: '2026-02-15T10:00:00Z', reads: [] },
  { key: 'draft', title: 'Draft', team: null, publishedAt: null, reads: [] },
  { key: 'scheduled', title: 'Scheduled', team: null, publishedAt: '2099-01-01T09:00:00Z', reads: [] },
];
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createPlannedOrganisation(ctx.app);
  for (const article of ARTICLES) {
    const row = await createNewsArticleRow(ctx.db, org.tenant.id, {
      title: article.title,
      teamId: article.team ? org.ids.team[article.team] : null,
      publishedAt: article.publishedAt,
    });
    ids[article.key] = row.id;
    for (const read of article.reads) {
      await recordNewsRead(ctx.db, org.tenant.id, row.id, org.ids.person[read.person] ?? 0, read.at);
    }
  }
  const other = await createTenant(ctx.app);
  otherReader = await other.person(['view-reports']);
  const theirs = await createNewsArticleRow(ctx.db, other.id, {
    title: 'Theirs',
    publishedAt: '2026-03-10T09:00:00Z',
  });
  const stranger = await createUser(ctx.db, other.id);
  await recordNewsRead(ctx.db, other.id, theirs.id, stranger.id, '2026-03-10T10:00:00Z');
});
afterAll(() => ctx?.close());

function expected(
  from: string,
  to: string,
  teams: TeamKey[] = [],
  roles: RoleKey[] = [],
): NewsArticlesReportRow[] {
  return ARTICLES.flatMap((article) => {
    if (article.publishedAt === null || Date.parse(article.publishedAt) > Date.now()) {
      return [];
    }
    const published = londonDay(article.publishedAt);
    if (
      published < from ||
      published > to ||
      (teams.length > 0 && (article.team === null || !teams.includes(article.team)))
    ) {
      return [];
    }
    const audience = PEOPLE.filter((person) =>
      person.roles.some(
        (role) =>
          role.from <= published &&
          (role.until === null || role.until >= published) &&
          (article.team === null || role.team === article.team) &&
          (roles.length === 0 || roles.includes(role.role)),
      ),
    ).map((person) => person.key);
    const readers = article.reads
      .filter((read) => londonDay(read.at) <= to && inFilters(personOf(read.person), { from, to }, [], roles))
      .map((read) => read.person);
    const reached = readers.filter((reader) => audience.includes(reader)).length;
    return [
      {
        id: ids[article.key] ?? 0,
        label: article.title,
        team_id: article.team ? org.ids.team[article.team] : null,
        published_at: new Date(article.publishedAt).toISOString(),
        audience: audience.length,
        readers: readers.length,
        read_rate: audience.length === 0 ? null : Math.round((reached / audience.length) * 1000) / 10,
      },
    ];
  }).sort((x, y) => y.published_at.localeCompare(x.published_at));
}

const get = (who: Parameters<typeof getReport>[1], query: string, path = '/api/reports/news/articles') =>
  getReport(ctx.app, who, `${path}${query}`);
const rowsOf = (response: Awaited<ReturnType<typeof get>>) =>
  response.json<ReportAnswer<NewsArticlesReportRow>>().data;

describe('GET /reports/news/articles', () => {
  it('has one row per article published in the period with its audience, readers and read rate', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-12-31'],
      ['2025-01-01', '2025-12-31'],
      ['2026-03-01', '2026-03-31'],
      ['2026-01-01', '2099-12-31'],
    ] as const) {
      const response = await get(org.reader, `?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      const rows = expected(from, to);
      expect(response.json<ReportAnswer<NewsArticlesReportRow>>()).toEqual({
        data: rows,
        meta: { from, to, team: [], role_profile: [], current_page: 1, per_page: 100, total: rows.length },
      });
    }
    const march = rowsOf(await get(org.reader, '?from=2026-03-01&to=2026-03-31'));
    // For everyone on 10 March: Ann, Cat and Fay held a role; Ann read it in March (Eve holds no role).
    expect(march).toEqual([
      expect.objectContaining({ label: 'Spring programme', audience: 3, readers: 2, read_rate: 33.3 }),
    ]);
  });

  it('answers on the route itself, with and without the trailing slash', async () => {
    const slash = await get(org.reader, '?from=2026-01-01&to=2026-12-31', '/api/reports/news/articles/');
    expect(slash.statusCode).toBe(200);
    expect(rowsOf(slash)).toEqual(expected('2026-01-01', '2026-12-31'));
  });

  it('reads days in the organisation’s time zone, both edge days included; reads count to the period’s end', async () => {
    const april = rowsOf(await get(org.reader, '?from=2026-04-01&to=2026-04-01'));
    expect(april).toEqual(expected('2026-04-01', '2026-04-01'));
    expect(april).toEqual([
      expect.objectContaining({ label: 'North team rota', audience: 2, readers: 1, read_rate: 50 }),
    ]);
    expect(rowsOf(await get(org.reader, '?from=2026-03-31&to=2026-03-31'))).toEqual([]);
    const later = rowsOf(await get(org.reader, '?from=2026-03-10&to=2026-04-05'));
    expect(later.find((row) => row.label === 'Spring programme')).toMatchObject({
      readers: 3,
      read_rate: 66.7,
    });
  });

  it('narrows the articles to the teams asked for, and the people to role profiles', async () => {
    const { team, role } = org.ids;
    const south = rowsOf(await get(org.reader, `?from=2026-01-01&to=2026-12-31&team=${team.south}`));
    expect(south).toEqual(expected('2026-01-01', '2026-12-31', ['south']));
    expect(south.map((row) => [row.label, row.audience, row.readers, row.read_rate])).toEqual([
      ['South team social', 2, 0, 0],
    ]);
    expect(
      rowsOf(await get(org.reader, `?from=2026-01-01&to=2026-12-31&role_profile=${role.steward}`)),
    ).toEqual(expected('2026-01-01', '2026-12-31', [], ['steward']));
  });

  it('never counts another organisation’s articles or reads', async () => {
    expect(rowsOf(await get(otherReader, '?from=2026-01-01&to=2026-12-31'))).toEqual([
      expect.objectContaining({ label: 'Theirs', audience: 0, readers: 1, read_rate: null }),
    ]);
  });

  it('401 without a session, 403 without view-reports, 422 for a bad query', async () => {
    expect((await get(org.tenant.anonymous, '')).statusCode).toBe(401);
    expect((await get(org.nobody, '')).statusCode).toBe(403);
    expect((await get(org.reader, '?from=2026-13-01')).statusCode).toBe(422);
  });
});
