import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import {
  createUserExportBodySchema,
  errorResponseSchema,
  exportDownloadQuerySchema,
  exportFieldListResponseSchema,
  exportResponseSchema,
  parseRowId,
  reportQuerySchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { VIEW_REPORTS } from '../reports/report.js';
import { REPORTS } from '../reports/reports-list.js';
import { VIEW_USERS } from '../users/service.js';
import { userExportFields } from './fields.js';
import {
  createInProcessExportQueue,
  createPgBossExportQueue,
  EXPORT_BATCH_SIZE,
  type BuildDeps,
  type ExportQueue,
} from './jobs.js';
import {
  createReportExport,
  createUserExport,
  MANAGE_EXPORTS,
  openExportDownload,
  purgeExpiredExports,
  removeExport,
  resendExport,
  showExport,
  type ExportServiceDeps,
} from './service.js';
import { exportsDirectoryOf } from './storage.js';

/**
 * The report exports of platform-foundation §7 "Analytics" (and "Analytics and activities"): each
 * `POST {path}/export` exports the rows of the report answering `GET {path}`.
 */
export const REPORT_EXPORT_PATHS = [
  '/analytics/starters-leavers/starters',
  '/analytics/starters-leavers/leavers',
  '/analytics/starters-leavers/leaving-reasons',
  '/analytics/training/compulsory-training',
  '/analytics/training/adoption-by-module',
  '/analytics/training/by-user',
  '/analytics/training/users-by-module',
  '/analytics/activities/upcoming',
] as const;

/** How often expired exports (records and files) are deleted. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** The report answering at a path, looked up when asked: reports are added to `REPORTS` as they are written. */
function findReport(path: string) {
  const wanted = path.replace(/\/+$/, '');
  return REPORTS.find((report) => report.path.replace(/\/+$/, '') === wanted);
}

const idParamsSchema = z.object({ id: z.string().describe('The export’s id.') });

/** The export id of the path; anything but an id in range is "not found". */
function exportIdOf(request: FastifyRequest): number {
  const id = parseRowId((request.params as { id?: string }).id ?? '');
  if (id === null) {
    throw new HttpError(404, 'The export was not found.');
  }
  return id;
}

/** The pg pool under a PostgreSQL database handle (drizzle keeps its client as `$client`). */
function poolOf(app: FastifyInstance): pg.Pool {
  return (app.db as unknown as { $client: pg.Pool }).$client;
}

/**
 * Exports (platform-foundation §7 "Exports", and the `.../export` calls of "Analytics"): asking
 * creates an export record at once (202) and a background queue builds its CSV and XLSX files —
 * pg-boss on PostgreSQL, an in-process runner on the embedded database, both taking up after a
 * restart whatever was waiting or running. The requester is emailed a link when the files are
 * ready, and only they may read the record or download the files (docs/exports.md).
 */
export async function registerExportsModule(app: FastifyInstance): Promise<void> {
  const directory = exportsDirectoryOf(app.config.dataDir);
  const buildDeps: BuildDeps = {
    db: app.db,
    findReport,
    batchSize: EXPORT_BATCH_SIZE,
    directory,
    outbox: app.outbox,
    publicOrigin: app.config.publicOrigin,
    log: app.log,
  };
  const queue: ExportQueue =
    app.database.dialect === 'postgres'
      ? createPgBossExportQueue(buildDeps, poolOf(app), {
          eager: app.config.env === 'production',
          staleAfterMs: app.config.exportStaleAfterMs,
        })
      : createInProcessExportQueue(buildDeps, { staleAfterMs: app.config.exportStaleAfterMs });
  const deps: ExportServiceDeps = {
    db: app.db,
    queue,
    outbox: app.outbox,
    directory,
    publicOrigin: app.config.publicOrigin,
    findReport,
  };

  let purgeTimer: NodeJS.Timeout | undefined;
  let purging: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    await queue.start();
    purgeTimer = setInterval(() => {
      purging = purgeExpiredExports(app.db, directory, new Date()).catch((error: unknown) => {
        app.log.error({ err: error }, 'deleting expired exports failed');
      });
    }, PURGE_INTERVAL_MS);
    purgeTimer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    await Promise.all([queue.stop(), purging]);
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const org = (request: FastifyRequest) => organisationOf(request).id;
  const signedIn = { attachValidation: true, preHandler: [app.requireAuth, rethrowValidation] };
  const tags = ['exports'];
  const created = { 202: exportResponseSchema };
  const refusals = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

  for (const url of ['/exports/fields', '/exports/fields/users']) {
    api.get(
      url,
      {
        attachValidation: true,
        preHandler: [app.requirePermission(VIEW_USERS), rethrowValidation],
        schema: {
          tags,
          summary:
            url === '/exports/fields'
              ? 'The fields exports may choose'
              : 'The columns a users export may choose',
          description:
            'Every column `POST /exports/` may ask for in `columns`, in the order they are offered.',
          response: { 200: exportFieldListResponseSchema, ...refusals },
        },
      },
      async () => ({ data: userExportFields() }),
    );
  }

  api.post(
    '/exports',
    {
      attachValidation: true,
      // Authorisation before validation: a caller who may not export learns nothing of the input rules.
      preHandler: [
        app.requirePermission(VIEW_USERS),
        app.requirePermission(MANAGE_EXPORTS),
        rethrowValidation,
      ],
      schema: {
        tags,
        summary: 'Export people with the chosen columns (CSV and XLSX, built in the background)',
        description: [
          'Answers 202 with the export record; poll `GET /exports/{id}` for progress. When the files are ready the requester is emailed a link, and only they can download them.',
          '',
          "- Cells starting with `=`, `+`, `-`, `@`, a tab or a carriage return are written with a leading `'` so that spreadsheets never run them.",
          '- Files are kept seven days.',
        ].join('\n'),
        body: createUserExportBodySchema,
        response: { ...created, ...refusals, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await createUserExport(deps, org(request), viewerOf(request), request.body);
      return reply.status(202).header('location', `/api/exports/${data.id}`).send({ data });
    },
  );

  for (const path of REPORT_EXPORT_PATHS) {
    api.post(
      `${path}/export`,
      {
        attachValidation: true,
        preHandler: [app.requirePermission(VIEW_REPORTS), rethrowValidation],
        schema: {
          tags: [...tags, 'reports'],
          summary: `Export the rows of ${path} (CSV and XLSX, built in the background)`,
          description: [
            `Exports the rows \`GET ${path}\` answers for the same query (period resolved when asked). Answers 202 with the export record; the requester is emailed a link when the files are ready.`,
            '',
            '- 404 while no report answers at the path.',
            '- Reports that need more than `view-reports` need it here too.',
          ].join('\n'),
          querystring: reportQuerySchema,
          response: { ...created, ...refusals, 422: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const data = await createReportExport(deps, organisationOf(request), viewerOf(request), path, request.query);
        return reply.status(202).header('location', `/api/exports/${data.id}`).send({ data });
      },
    );
  }

  api.get(
    '/exports/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'An export’s status and progress (its requester only)',
        description: '403 for anyone but the person who asked for it, administrators included.',
        params: idParamsSchema,
        response: { 200: exportResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await showExport(deps, org(request), viewerOf(request), exportIdOf(request)),
    }),
  );

  api.delete(
    '/exports/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Delete an export and its files (its requester only)',
        description: 'A build in progress stops. 403 for anyone but the person who asked for it.',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted.'), ...refusals },
      },
    },
    async (request, reply) => {
      await removeExport(deps, org(request), viewerOf(request), exportIdOf(request));
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/exports/:id/resend',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Email the download link again (its requester only, once ready)',
        description:
          '409 before the export is ready (or when the requester has no email address), 410 once expired; 403 for anyone else, or when the requester no longer holds the permissions the export needed.',
        params: idParamsSchema,
        response: {
          200: exportResponseSchema,
          ...refusals,
          409: errorResponseSchema,
          410: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await resendExport(deps, org(request), viewerOf(request), exportIdOf(request)),
    }),
  );

  api.get(
    '/exports/:id/download',
    {
      attachValidation: true,
      // Whose export it is comes before the query's rules: anyone else learns nothing from a 422.
      preHandler: [
        app.requireAuth,
        async (request: FastifyRequest) => {
          await showExport(deps, org(request), viewerOf(request), exportIdOf(request));
        },
        rethrowValidation,
      ],
      schema: {
        tags,
        summary: 'Download an export’s CSV or XLSX file (its requester only)',
        description: [
          'With the bearer token of the person who asked for the export: 403 for anyone else, administrators included, and for a requester who no longer holds the permissions the export needed.',
          '',
          '- 409 before the export is ready; 410 once it has expired.',
        ].join('\n'),
        params: idParamsSchema,
        querystring: exportDownloadQuerySchema,
        response: {
          200: z.unknown().describe('The file: CSV (UTF-8 with a byte-order mark) or XLSX.'),
          ...refusals,
          409: errorResponseSchema,
          410: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const id = exportIdOf(request);
      const file = await openExportDownload(deps, org(request), viewerOf(request), id, request.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.bytes))
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
}
