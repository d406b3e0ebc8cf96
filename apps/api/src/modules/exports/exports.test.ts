import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportFieldListResponse, ExportRecord, ExportResponse } from '@muster/contract';
import {
  dataExports,
  teams,
  userEmailAddresses,
  userMemberships,
  userPermissions,
  userRoles,
} from '../../db/schema/index.js';
import { OPENAPI_PATH } from '../../plugins/openapi.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../test/tenant.js';
import { REPORTS } from '../reports/reports-list.js';
import { insertExport } from './repository.js';
import { REPORT_EXPORT_PATHS } from './routes.js';
import { purgeExpiredExports } from './service.js';
import { exportsDirectoryOf } from './storage.js';
import { createVolunteer, readCsv, type Volunteer } from './test-factories.js';

/*
 * Exports through the API: a users export of every volunteer, read back from its CSV (csv-parse)
 * and XLSX (exceljs) files and compared with rows worked out here from the volunteers the test
 * made; who may see, download, resend and delete an export; and each route's 401, 403 and 422.
 */

let ctx: TestContext;
let a: Tenant;
let b: Tenant;
/** Asks for the exports: may see people, export and read reports. */
let requester: Caller;
/** Holds every permission the exports need, but did not ask for the export. */
let admin: Caller;
let nobody: Caller;
/** May see people but not export them. */
let viewerOnly: Caller;
let otherOrganisation: Caller;
const volunteers: Volunteer[] = [];

const EXPORTER = ['view-users', 'manage-exports', 'view-reports'];
const COLUMNS = [
  'id',
  'title',
  'first_name',
  'last_name',
  'email',
  'phone',
  'date_of_birth',
  'status',
  'teams',
  'roles',
] as const;
const HEADINGS = [
  'ID',
  'Title',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Date of birth',
  'Status',
  'Teams',
  'Roles',
];

type Errors = { errors: Record<string, string[]> };

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  b = await createTenant(ctx.app);
  requester = await a.person(EXPORTER);
  admin = await a.person([...EXPORTER, 'manage-users', 'manage-organisation', 'view-diversity-reports']);
  nobody = await a.person([]);
  viewerOnly = await a.person(['view-users']);
  otherOrganisation = await b.person(EXPORTER);
  const inputs: Parameters<typeof createVolunteer>[2][] = [
    {
      title: '@Dr',
      firstName: '=HYPERLINK("http://evil.example","click")',
      lastName: 'Smith',
      phone: '+447700900123',
      roles: [
        ['North', 'Driver'],
        ['South', 'Driver'],
      ],
    },
    { firstName: 'Ann', lastName: '-2+3', roles: [['North', 'Steward']] },
    { firstName: '\tTabbed', lastName: '\rReturned', dob: null },
    { firstName: 'Zoë', lastName: 'O"Brien, Jr', email: null },
    { firstName: 'Bob', lastName: 'Jones =1+1' },
  ];
  for (const input of inputs) {
    volunteers.push(await createVolunteer(ctx.db, a.id, input));
  }
  // Their roles date from January, so a report of March counts them.
  await ctx.db
    .update(userRoles)
    .set({ createdAt: new Date('2026-01-05T09:00:00Z') })
    .where(eq(userRoles.organisationId, a.id));
  for (const volunteer of volunteers) {
    await ctx.db
      .insert(userMemberships)
      .values({ organisationId: a.id, userId: volunteer.id, joinedOn: startedOn(volunteer) });
  }
  // Another organisation's volunteer never appears in this organisation's export.
  await createVolunteer(ctx.db, b.id, { firstName: 'Elsewhere' });
});
afterAll(() => ctx?.close());

/** The same rule the files must follow, written out here: formula starters get a leading quote. */
function escaped(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The expected rows of the export of the volunteers, in id order, as text. */
function expectedRows(): string[][] {
  return [...volunteers]
    .sort((x, y) => x.id - y.id)
    .map((v) => [
      String(v.id),
      v.title ?? '',
      v.firstName,
      v.lastName,
      v.email ?? '',
      v.phone ?? '',
      v.dob ?? '',
      'Active',
      v.teams.join('; '),
      v.roles.join('; '),
    ])
    .map((row) => row.map(escaped));
}

/** Polls the export until it is ready or failed. */
async function settled(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  timeoutMs = 20_000,
): Promise<ExportRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await callAs(app, caller.headers, 'GET', `/api/exports/${id}`);
    expect(response.statusCode).toBe(200);
    const record = response.json<ExportResponse>().data;
    if (record.status === 'ready' || record.status === 'failed') {
      return record;
    }
    if (Date.now() > deadline) {
      throw new Error(`export ${id} still ${record.status} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function askForVolunteers(caller: Caller = requester): Promise<ExportRecord> {
  const response = await callAs(ctx.app, caller.headers, 'POST', '/api/exports', {
    kind: 'users',
    columns: COLUMNS,
    status: ['active'],
  });
  expect(response.statusCode).toBe(202);
  const record = response.json<ExportResponse>().data;
  expect(response.headers.location).toBe(`/api/exports/${record.id}`);
  return record;
}

async function download(caller: Caller, id: number, format: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/exports/${id}/download?format=${format}`,
    headers: caller.headers,
  });
}

/** The XLSX file's rows as text (numbers written back as their digits, empty cells as ''). */
async function xlsxRows(buffer: Buffer): Promise<{ rows: string[][]; types: string[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) {
    throw new Error('the workbook has no sheet');
  }
  const rows: string[][] = [];
  const types: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells = Array.from({ length: HEADINGS.length }, (_, index) => row.getCell(index + 1).value);
    rows.push(
      cells.map((cell) => (cell === null || cell === undefined ? '' : String(cell as string | number))),
    );
    types.push(cells.map((cell) => typeof cell));
  });
  return { rows, types };
}

async function emailOf(userId: number): Promise<string> {
  const [row] = await ctx.db
    .select({ email: userEmailAddresses.email })
    .from(userEmailAddresses)
    .where(and(eq(userEmailAddresses.userId, userId), eq(userEmailAddresses.primary, true)));
  return row?.email ?? '';
}

describe('an export of all volunteers', () => {
  let record: ExportRecord;

  beforeAll(async () => {
    const asked = await askForVolunteers();
    expect(asked).toMatchObject({
      kind: 'users',
      report: null,
      columns: [...COLUMNS],
      query: { status: ['active'] },
    });
    expect(['queued', 'running']).toContain(asked.status);
    record = await settled(ctx.app, requester, asked.id);
  });

  it('becomes ready with its progress complete and a CSV and an XLSX file', () => {
    expect(record.status).toBe('ready');
    expect(record.progress).toEqual({
      rows_done: volunteers.length,
      rows_total: volunteers.length,
      percent: 100,
    });
    expect(record.files.map((file) => file.format)).toEqual(['csv', 'xlsx']);
    expect(record.files[0]?.url).toBe(`/api/exports/${record.id}/download?format=csv`);
    expect(record.expires_at).not.toBeNull();
  });

  it('writes a CSV with the chosen columns, every volunteer and formula cells escaped', async () => {
    const response = await download(requester, record.id, 'csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="people-export-\d+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = readCsv(response.rawPayload);
    expect(rows[0]).toEqual(HEADINGS);
    expect(rows.slice(1)).toEqual(expectedRows());
    const text = rows.flat();
    expect(text).toContain(`'=HYPERLINK("http://evil.example","click")`);
    expect(text).toContain(`'+447700900123`);
    expect(text).toContain(`'-2+3`);
    expect(text).toContain(`'@Dr`);
    expect(text).toContain(`'\tTabbed`);
    expect(text).toContain(`'\rReturned`);
    // Only a formula character at the start counts.
    expect(text).toContain('Jones =1+1');
    expect(text.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('writes an XLSX that opens, with the same rows, numbers as numbers and formula cells escaped', async () => {
    const response = await download(requester, record.id, 'xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const { rows, types } = await xlsxRows(response.rawPayload);
    expect(rows[0]).toEqual(HEADINGS);
    // A cell's line breaks are line feeds in a workbook.
    expect(rows.slice(1)).toEqual(
      expectedRows().map((row) => row.map((cell) => cell.replace(/\r\n?/g, '\n'))),
    );
    expect(types.slice(1).map((row) => row[0])).toEqual(volunteers.map(() => 'number'));
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('emails the requester a link to the export, which carries no key', async () => {
    const [message] = await ctx.app.outbox.list(1, { to: await emailOf(requester.id) });
    expect(message?.subject).toMatch(/your export is ready$/);
    expect(message?.text).toContain(`${ctx.config.publicOrigin}/exports/${record.id}\n`);
    expect(message?.text).toContain(`(${volunteers.length} rows)`);
    expect(message?.text).not.toMatch(/[?&](access|token)=/);
  });

  it('answers only to the requester: 403 for an administrator, 401 signed out, 404 in another organisation', async () => {
    for (const format of ['csv', 'xlsx']) {
      expect((await download(admin, record.id, format)).statusCode).toBe(403);
      expect((await download(viewerOnly, record.id, format)).statusCode).toBe(403);
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: `/api/exports/${record.id}/download?format=${format}`,
        headers: a.anonymous,
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await download(otherOrganisation, record.id, format)).statusCode).toBe(404);
    }
    for (const [method, url] of [
      ['GET', `/api/exports/${record.id}`],
      ['POST', `/api/exports/${record.id}/resend`],
      ['DELETE', `/api/exports/${record.id}`],
    ] as const) {
      expect((await callAs(ctx.app, admin.headers, method, url)).statusCode).toBe(403);
      expect((await callAs(ctx.app, a.anonymous, method, url)).statusCode).toBe(401);
      expect((await callAs(ctx.app, otherOrganisation.headers, method, url)).statusCode).toBe(404);
    }
    // Someone else's export: a bad query still answers 403, not the query's rules.
    expect((await download(admin, record.id, 'pdf')).statusCode).toBe(403);
    expect((await callAs(ctx.app, requester.headers, 'GET', `/api/exports/${record.id}`)).statusCode).toBe(
      200,
    );
  });

  it('resends the link to the requester only, once more each time', async () => {
    const to = await emailOf(requester.id);
    const before = (await ctx.app.outbox.list(50, { to })).length;
    const response = await callAs(ctx.app, requester.headers, 'POST', `/api/exports/${record.id}/resend`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ExportResponse>().data.id).toBe(record.id);
    const messages = await ctx.app.outbox.list(50, { to });
    expect(messages.length).toBe(before + 1);
    expect(messages[0]?.text).toContain(`/exports/${record.id}`);
    const adminEmail = await emailOf(admin.id);
    expect(await ctx.app.outbox.list(50, { to: adminEmail })).toEqual([]);
  });

  it('refuses the download once the requester no longer holds the permissions it needed', async () => {
    const former = await a.person(EXPORTER);
    const asked = await askForVolunteers(former);
    expect((await settled(ctx.app, former, asked.id)).status).toBe('ready');
    // Permissions are read on each request: the same sign-in now holds none.
    await ctx.db.delete(userPermissions).where(eq(userPermissions.userId, former.id));
    expect((await download(former, asked.id, 'csv')).statusCode).toBe(403);
    expect(
      (await callAs(ctx.app, former.headers, 'POST', `/api/exports/${asked.id}/resend`)).statusCode,
    ).toBe(403);
    // Their own record stays theirs to see and delete.
    expect((await callAs(ctx.app, former.headers, 'GET', `/api/exports/${asked.id}`)).statusCode).toBe(200);
  });
});

describe('narrowing a users export', () => {
  it('exports only the people of a team, with the columns in the order asked', async () => {
    const response = await callAs(ctx.app, requester.headers, 'POST', '/api/exports', {
      kind: 'users',
      columns: ['last_name', 'id'],
      status: ['active'],
      team: [await teamId('North')],
    });
    expect(response.statusCode).toBe(202);
    const record = await settled(ctx.app, requester, response.json<ExportResponse>().data.id);
    const rows = readCsv((await download(requester, record.id, 'csv')).rawPayload);
    const north = volunteers.filter((v) => v.teams.includes('North')).sort((x, y) => x.id - y.id);
    expect(rows).toEqual([['Last name', 'ID'], ...north.map((v) => [escaped(v.lastName), String(v.id)])]);
  });
});

async function teamId(name: string): Promise<number> {
  const [row] = await ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organisationId, a.id), eq(teams.name, name)));
  return row?.id ?? 0;
}

describe('the export fields', () => {
  it('lists the columns a users export may choose, at both addresses', async () => {
    for (const url of ['/api/exports/fields/', '/api/exports/fields/users']) {
      const response = await callAs(ctx.app, requester.headers, 'GET', url);
      expect(response.statusCode).toBe(200);
      const fields = response.json<ExportFieldListResponse>().data;
      expect(fields.map((field) => field.key)).toEqual(
        expect.arrayContaining([...COLUMNS, 'joined', 'last_active']),
      );
      expect(fields.every((field) => field.kind === 'users' && field.label.length > 0)).toBe(true);
      expect((await callAs(ctx.app, a.anonymous, 'GET', url)).statusCode).toBe(401);
      expect((await callAs(ctx.app, nobody.headers, 'GET', url)).statusCode).toBe(403);
    }
  });

  it('every listed column can be exported', async () => {
    const fields = (
      await callAs(ctx.app, requester.headers, 'GET', '/api/exports/fields/users')
    ).json<ExportFieldListResponse>().data;
    const response = await callAs(ctx.app, requester.headers, 'POST', '/api/exports', {
      kind: 'users',
      columns: fields.map((field) => field.key),
    });
    expect(response.statusCode).toBe(202);
    const record = await settled(ctx.app, requester, response.json<ExportResponse>().data.id);
    expect(record.status).toBe('ready');
    const rows = readCsv((await download(requester, record.id, 'csv')).rawPayload);
    expect(rows[0]).toEqual(fields.map((field) => field.label));
  });
});

describe('asking for a users export', () => {
  it('answers 401 signed out and 403 without view-users and manage-exports, before validating', async () => {
    const body = { kind: 'users', columns: ['id'] };
    expect((await callAs(ctx.app, a.anonymous, 'POST', '/api/exports', body)).statusCode).toBe(401);
    expect((await callAs(ctx.app, nobody.headers, 'POST', '/api/exports', body)).statusCode).toBe(403);
    expect(
      (await callAs(ctx.app, viewerOnly.headers, 'POST', '/api/exports', { columns: 'x' })).statusCode,
    ).toBe(403);
  });

  it('answers 422 for unknown, missing or repeated columns, another kind or an unknown field', async () => {
    const cases: Array<[object, string]> = [
      [{ kind: 'users', columns: ['id', 'password_hash'] }, 'columns.1'],
      [{ kind: 'users', columns: [] }, 'columns'],
      [{ kind: 'users', columns: ['id', 'id'] }, 'columns'],
      [{ kind: 'users' }, 'columns'],
      [{ kind: 'report', columns: ['id'] }, 'kind'],
      [{ kind: 'users', columns: ['id'], status: ['retired'] }, 'status.0'],
      [{ kind: 'users', columns: ['id'], team: [0] }, 'team.0'],
    ];
    for (const [body, key] of cases) {
      const response = await callAs(ctx.app, requester.headers, 'POST', '/api/exports', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json<Errors>().errors), JSON.stringify(body)).toContain(key);
    }
    const extra = await callAs(ctx.app, requester.headers, 'POST', '/api/exports', {
      kind: 'users',
      columns: ['id'],
      sql: 'x',
    });
    expect(extra.statusCode).toBe(422);
  });
});

describe('report exports', () => {
  it('answer 401 signed out, 403 without view-reports and 422 on a bad query, on every export call', async () => {
    for (const path of REPORT_EXPORT_PATHS) {
      const url = `/api${path}/export`;
      expect((await callAs(ctx.app, a.anonymous, 'POST', url)).statusCode, url).toBe(401);
      expect((await callAs(ctx.app, viewerOnly.headers, 'POST', url)).statusCode, url).toBe(403);
      const bad = await callAs(ctx.app, requester.headers, 'POST', `${url}?from=2026-05-02&to=2026-05-01`);
      expect(bad.statusCode, url).toBe(422);
      expect(Object.keys(bad.json<Errors>().errors), url).toEqual(['querystring.to']);
      const badTeam = await callAs(ctx.app, requester.headers, 'POST', `${url}?team=north`);
      expect(Object.keys(badTeam.json<Errors>().errors), url).toEqual(['querystring.team.0']);
    }
  });

  it('export the rows each report answers for the same query, or 404 while the report is not there', async () => {
    const query = 'from=2025-01-01&to=2026-12-31';
    for (const path of REPORT_EXPORT_PATHS) {
      const report = REPORTS.find((candidate) => candidate.path.replace(/\/$/, '') === path);
      const response = await callAs(ctx.app, requester.headers, 'POST', `/api${path}/export?${query}`);
      if (!report) {
        expect(response.statusCode, path).toBe(404);
        continue;
      }
      expect(response.statusCode, path).toBe(202);
      const asked = response.json<ExportResponse>().data;
      expect(asked).toMatchObject({
        kind: 'report',
        report: path,
        query: { from: '2025-01-01', to: '2026-12-31' },
      });
      const record = await settled(ctx.app, requester, asked.id);
      expect(record.status, path).toBe('ready');
      const answer = (await callAs(ctx.app, requester.headers, 'GET', `/api${path}?${query}`)).json<{
        data: unknown[];
      }>();
      const rows = readCsv((await download(requester, record.id, 'csv')).rawPayload);
      expect(rows.length - 1, path).toBe(answer.data.length);
      expect(record.progress.rows_done, path).toBe(answer.data.length);
    }
  });

  it('write a report’s people with their names, and lists of records by name', async () => {
    const path = '/analytics/starters-leavers/starters';
    if (!REPORTS.some((candidate) => candidate.path === path)) {
      return;
    }
    const query = 'from=2026-03-01&to=2026-03-31';
    const response = await callAs(ctx.app, requester.headers, 'POST', `/api${path}/export?${query}`);
    const record = await settled(ctx.app, requester, response.json<ExportResponse>().data.id);
    const rows = readCsv((await download(requester, record.id, 'csv')).rawPayload);
    const headings = rows[0] ?? [];
    const cellOf = (row: string[], heading: string) => row[headings.indexOf(heading)];
    // Every volunteer started in March (see the memberships made above).
    expect(
      rows
        .slice(1)
        .map((row) => Number(cellOf(row, 'User id')))
        .sort((x, y) => x - y),
    ).toEqual(volunteers.map((v) => v.id).sort((x, y) => x - y));
    for (const volunteer of volunteers) {
      const row = rows.find((candidate) => cellOf(candidate, 'User id') === String(volunteer.id)) ?? [];
      expect(cellOf(row, 'First name')).toBe(escaped(volunteer.firstName));
      expect(cellOf(row, 'Joined on')).toBe(startedOn(volunteer));
      expect(cellOf(row, 'Teams')).toBe(volunteer.teams.join('; '));
    }
  });
});

/** The day each volunteer started (a membership made in `beforeAll`): March, one day apart. */
function startedOn(volunteer: Volunteer): string {
  return `2026-03-${String(volunteers.indexOf(volunteer) + 1).padStart(2, '0')}`;
}

describe('an export not yet ready, expired, or deleted', () => {
  /** An export stored without being queued: it stays queued while this server runs. */
  async function waiting(): Promise<number> {
    const row = await insertExport(ctx.db, {
      organisationId: a.id,
      requestedBy: requester.id,
      kind: 'users',
      report: null,
      columns: ['id'],
      query: {},
    });
    return row.id;
  }

  it('shows its status and answers 409 to a download or resend before it is ready', async () => {
    const id = await waiting();
    const shown = await callAs(ctx.app, requester.headers, 'GET', `/api/exports/${id}`);
    expect(shown.json<ExportResponse>().data).toMatchObject({
      status: 'queued',
      progress: { rows_done: 0, rows_total: null, percent: null },
      files: [],
    });
    expect((await download(requester, id, 'csv')).statusCode).toBe(409);
    expect((await callAs(ctx.app, requester.headers, 'POST', `/api/exports/${id}/resend`)).statusCode).toBe(
      409,
    );
  });

  it('answers 422 to its requester for an unknown format, and 404 for ids that are not ids', async () => {
    const id = await waiting();
    const response = await download(requester, id, 'pdf');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<Errors>().errors)).toEqual(['querystring.format']);
    for (const bad of ['0', 'abc', '99999999999', '2147483648']) {
      expect((await callAs(ctx.app, requester.headers, 'GET', `/api/exports/${bad}`)).statusCode).toBe(404);
    }
    expect((await callAs(ctx.app, requester.headers, 'GET', '/api/exports/2147483000')).statusCode).toBe(404);
  });

  it('answers 410 once expired, and deleting removes the record and its files', async () => {
    const record = await settled(ctx.app, requester, (await askForVolunteers()).id);
    const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, record.id));
    const directory = exportsDirectoryOf(ctx.config.dataDir);
    const files = [row?.csvFile, row?.xlsxFile].map((name) => `${directory}/${name ?? 'missing'}`);
    expect(files.every((file) => fs.existsSync(file))).toBe(true);

    await ctx.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, record.id));
    expect((await download(requester, record.id, 'csv')).statusCode).toBe(410);
    expect(
      (await callAs(ctx.app, requester.headers, 'POST', `/api/exports/${record.id}/resend`)).statusCode,
    ).toBe(410);

    expect((await callAs(ctx.app, admin.headers, 'DELETE', `/api/exports/${record.id}`)).statusCode).toBe(
      403,
    );
    expect((await callAs(ctx.app, requester.headers, 'DELETE', `/api/exports/${record.id}`)).statusCode).toBe(
      204,
    );
    expect(files.some((file) => fs.existsSync(file))).toBe(false);
    expect((await callAs(ctx.app, requester.headers, 'GET', `/api/exports/${record.id}`)).statusCode).toBe(
      404,
    );
  });

  it('deletes expired exports with their files in the hourly purge, and no others', async () => {
    const expired = await settled(ctx.app, requester, (await askForVolunteers()).id);
    const kept = await settled(ctx.app, requester, (await askForVolunteers()).id);
    await ctx.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, expired.id));
    const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, expired.id));
    const directory = exportsDirectoryOf(ctx.config.dataDir);
    expect(await purgeExpiredExports(ctx.db, directory, new Date())).toBe(1);
    expect(fs.existsSync(`${directory}/${row?.csvFile ?? 'missing'}`)).toBe(false);
    expect((await callAs(ctx.app, requester.headers, 'GET', `/api/exports/${expired.id}`)).statusCode).toBe(
      404,
    );
    expect((await download(requester, kept.id, 'csv')).statusCode).toBe(200);
  });

  it('has no list and no update', async () => {
    expect((await callAs(ctx.app, requester.headers, 'GET', '/api/exports')).statusCode).toBe(405);
    expect(
      (await callAs(ctx.app, requester.headers, 'PUT', '/api/exports/1', { columns: ['id'] })).statusCode,
    ).toBe(405);
  });
});

describe('the OpenAPI document', () => {
  type Operation = {
    'x-permission'?: string | string[];
    security?: unknown;
    responses?: Record<string, unknown>;
  };

  it('lists every export call with the access it needs and its refusals', async () => {
    const response = await ctx.app.inject({ url: OPENAPI_PATH, headers: { host: a.host } });
    const paths = response.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    const expected: Array<[string, string, string[]]> = [
      ['/exports', 'post', ['manage-exports', 'view-users']],
      ['/exports/fields', 'get', ['view-users']],
      ['/exports/fields/users', 'get', ['view-users']],
      ['/exports/{id}', 'get', ['signed-in']],
      ['/exports/{id}', 'delete', ['signed-in']],
      ['/exports/{id}/resend', 'post', ['signed-in']],
      ['/exports/{id}/download', 'get', ['signed-in']],
      ...REPORT_EXPORT_PATHS.map((path): [string, string, string[]] => [
        `${path}/export`,
        'post',
        ['view-reports'],
      ]),
    ];
    for (const [path, method, access] of expected) {
      const operation = paths[`/api${path}`]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      const declared = operation?.['x-permission'];
      expect(Array.isArray(declared) ? declared : [declared], `${method} ${path}`).toEqual(access);
      expect(Object.keys(operation?.responses ?? {}), `${method} ${path}`).toEqual(
        expect.arrayContaining(['401', '404']),
      );
    }
  });
});
