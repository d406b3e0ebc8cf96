import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubDocumentsReportRow } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  createHubDocumentRow,
  createPlannedOrganisation,
  getReport,
  inFilters,
  londonDay,
  personOf,
  recordHubOpening,
  type PlannedOrganisation,
  type ReportAnswer,
  type RoleKey,
  type TeamKey,
} from '../../../test/factories/activities.js';
import { createUser } from '../../../test/factories/user.js';
import { createTenant, type Caller } from '../../../test/tenant.js';

/*
 * GET /reports/hub/documents over a hand-built organisation (the people of the activities
 * factory): each document's opens and downloads are worked out here from the plan in plain data.
 */

let ctx: TestContext;
let org: PlannedOrganisation;
let otherReader: Caller;

type Opening = { person: string; kind: 'view' | 'download'; at: string };
type PlannedDocument = {
  key: string;
  title: string;
  folder: string | null;
  team: TeamKey | null;
  publishedAt: string | null;
  openings: Opening[];
};

const DOCUMENTS: PlannedDocument[] = [
  {
    key: 'handbook',
    title: 'Volunteer handbook',
    folder: 'Policies',
    team: null,
    publishedAt: '2026-01-05T09:00:00Z',
    openings: [
      { person: 'ann', kind: 'view', at: '2026-02-01T10:00:00Z' },
      { person: 'ann', kind: 'view', at: '2026-02-03T10:00:00Z' },
      { person: 'ann', kind: 'download', at: '2026-02-03T10:01:00Z' },
      // 23:30 UTC on 31 March is 00:30 on 1 April in London.
      { person: 'cat', kind: 'view', at: '2026-03-31T23:30:00Z' },
      { person: 'eve', kind: 'download', at: '2025-12-31T23:30:00Z' },
    ],
  },
  {
    key: 'rota',
    title: 'Rota guide',
    folder: null,
    team: 'north',
    publishedAt: '2026-03-31T23:30:00Z',
    openings: [
      { person: 'fay', kind: 'view', at: '2026-04-01T08:00:00Z' },
      { person: 'fay', kind: 'download', at: '2026-04-01T08:05:00Z' },
    ],
  },
  {
    key: 'map',
    title: 'Old site map',
    folder: 'Maps',
    team: 'south',
    publishedAt: '2025-06-01T09:00:00Z',
    openings: [{ person: 'dan', kind: 'view', at: '2025-07-01T09:00:00Z' }],
  },
  { key: 'draft', title: 'Draft rules', folder: null, team: null, publishedAt: null, openings: [] },
  {
    key: 'scheduled',
    title: 'Next year',
    folder: null,
    team: null,
    publishedAt: '2099-01-01T09:00:00Z',
    openings: [],
  },
];
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createPlannedOrganisation(ctx.app);
  for (const document of DOCUMENTS) {
    const row = await createHubDocumentRow(ctx.db, org.tenant.id, {
      title: document.title,
      folder: document.folder,
      teamId: document.team ? org.ids.team[document.team] : null,
      publishedAt: document.publishedAt,
    });
    ids[document.key] = row.id;
    for (const opening of document.openings) {
      await recordHubOpening(
        ctx.db,
        org.tenant.id,
        row.id,
        org.ids.person[opening.person] ?? 0,
        opening.kind,
        opening.at,
      );
    }
  }
  const other = await createTenant(ctx.app);
  otherReader = await other.person(['view-reports']);
  const theirs = await createHubDocumentRow(ctx.db, other.id, {
    title: 'Theirs',
    publishedAt: '2026-01-05T09:00:00Z',
  });
  const stranger = await createUser(ctx.db, other.id);
  await recordHubOpening(ctx.db, other.id, theirs.id, stranger.id, 'download', '2026-02-01T10:00:00Z');
});
afterAll(() => ctx?.close());

function expected(
  from: string,
  to: string,
  teams: TeamKey[] = [],
  roles: RoleKey[] = [],
): HubDocumentsReportRow[] {
  return DOCUMENTS.flatMap((document) => {
    if (
      document.publishedAt === null ||
      Date.parse(document.publishedAt) > Date.now() ||
      londonDay(document.publishedAt) > to ||
      (teams.length > 0 && (document.team === null || !teams.includes(document.team)))
    ) {
      return [];
    }
    const counted = document.openings.filter(
      (opening) =>
        londonDay(opening.at) >= from &&
        londonDay(opening.at) <= to &&
        inFilters(personOf(opening.person), { from, to }, [], roles),
    );
    const times = counted.map((opening) => new Date(opening.at).toISOString()).sort();
    return [
      {
        id: ids[document.key] ?? 0,
        label: document.title,
        folder: document.folder,
        team_id: document.team ? org.ids.team[document.team] : null,
        published_at: new Date(document.publishedAt).toISOString(),
        views: counted.filter((opening) => opening.kind === 'view').length,
        downloads: counted.filter((opening) => opening.kind === 'download').length,
        people: new Set(counted.map((opening) => opening.person)).size,
        last_opened_at: times.at(-1) ?? null,
      },
    ];
  }).sort((x, y) => y.views + y.downloads - (x.views + x.downloads) || x.label.localeCompare(y.label));
}

const get = (who: Parameters<typeof getReport>[1], query: string, path = '/api/reports/hub/documents') =>
  getReport(ctx.app, who, `${path}${query}`);
const rowsOf = (response: Awaited<ReturnType<typeof get>>) =>
  response.json<ReportAnswer<HubDocumentsReportRow>>().data;

describe('GET /reports/hub/documents', () => {
  it('has one row per document published by the period’s end, with its opens and downloads in the period', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-12-31'],
      ['2025-01-01', '2025-12-31'],
      ['2026-02-01', '2026-02-28'],
    ] as const) {
      const response = await get(org.reader, `?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      const rows = expected(from, to);
      expect(response.json<ReportAnswer<HubDocumentsReportRow>>()).toEqual({
        data: rows,
        meta: { from, to, team: [], role_profile: [], current_page: 1, per_page: 100, total: rows.length },
      });
    }
    const year = rowsOf(await get(org.reader, '?from=2026-01-01&to=2026-12-31'));
    expect(year.map((row) => [row.label, row.views, row.downloads, row.people])).toEqual([
      ['Volunteer handbook', 3, 1, 2],
      ['Rota guide', 1, 1, 1],
      ['Old site map', 0, 0, 0],
    ]);
  });

  it('answers on the route itself, with and without the trailing slash', async () => {
    const slash = await get(org.reader, '?from=2026-01-01&to=2026-12-31', '/api/reports/hub/documents/');
    expect(slash.statusCode).toBe(200);
    expect(rowsOf(slash)).toEqual(expected('2026-01-01', '2026-12-31'));
  });

  it('reads days in the organisation’s time zone, both edge days included', async () => {
    const april = rowsOf(await get(org.reader, '?from=2026-04-01&to=2026-04-01'));
    expect(april).toEqual(expected('2026-04-01', '2026-04-01'));
    expect(april.map((row) => [row.label, row.views, row.downloads])).toEqual([
      ['Rota guide', 1, 1],
      ['Volunteer handbook', 1, 0],
      ['Old site map', 0, 0],
    ]);
    const march = rowsOf(await get(org.reader, '?from=2026-03-31&to=2026-03-31'));
    expect(march).toEqual(expected('2026-03-31', '2026-03-31'));
    expect(march.map((row) => row.label)).toEqual(['Old site map', 'Volunteer handbook']);
  });

  it('narrows the documents to the teams asked for, and the people to role profiles', async () => {
    const { team, role } = org.ids;
    expect(rowsOf(await get(org.reader, `?from=2026-01-01&to=2026-12-31&team=${team.north}`))).toEqual(
      expected('2026-01-01', '2026-12-31', ['north']),
    );
    const drivers = rowsOf(
      await get(org.reader, `?from=2026-01-01&to=2026-12-31&role_profile=${role.driver}`),
    );
    expect(drivers).toEqual(expected('2026-01-01', '2026-12-31', [], ['driver']));
  });

  it('never counts another organisation’s documents or openings', async () => {
    expect(rowsOf(await get(otherReader, '?from=2026-01-01&to=2026-12-31'))).toEqual([
      expect.objectContaining({ label: 'Theirs', views: 0, downloads: 1, people: 1 }),
    ]);
  });

  it('401 without a session, 403 without view-reports, 422 for a bad query', async () => {
    expect((await get(org.tenant.anonymous, '')).statusCode).toBe(401);
    expect((await get(org.nobody, '')).statusCode).toBe(403);
    expect((await get(org.reader, `?team=${'9'.repeat(12)}`)).statusCode).toBe(422);
  });
});
