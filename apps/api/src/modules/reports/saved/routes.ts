import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listReportPageQuerySchema,
  catalogue,
  errorResponseSchema,
  isOperationEnabled,
  paginationQuerySchema,
  parseRowId,
  savedReportBodySchema,
  savedReportPageSchema,
  savedReportRunSchema,
  savedReportSchema,
  savedReportUpdateSchema,
  type CatalogueEntry,
} from '@muster/contract';
import { entryPatterns } from '../../../catalogue/generic-routes.js';
import { rethrowValidation, viewerOf } from '../../../plugins/auth.js';
import { HttpError } from '../../../plugins/errors.js';
import { organisationOf } from '../../../plugins/tenancy.js';
import { VIEW_REPORTS } from '../report.js';
import { REPORTS } from '../reports-list.js';
import {
  changeSaved,
  listSaved,
  removeSaved,
  reportsUnder,
  runSaved,
  saveReport,
  type SavedReportContext,
  type SavedReportRoute,
} from './service.js';

/** The catalogue entries whose generic operations keep saved reports: every report and analytics route. */
export const SAVED_REPORT_ENTRIES: readonly string[] = [
  ...catalogue.filter((entry) => entry.area === 'reports').map((entry) => entry.name),
  'analytics',
  'analytics.starters-leavers',
  'analytics.training',
];

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

const idParams = z.object({ id: z.string().describe('The saved report’s id.') });

function savedIdOf(request: FastifyRequest): number {
  const id = parseRowId((request.params as { id?: string }).id ?? '');
  if (id === null) {
    // A name that is not a report of the route (a named report answers at its own path first).
    throw new HttpError(404, 'The saved report was not found.');
  }
  return id;
}

function contextOf(app: FastifyInstance, request: FastifyRequest): SavedReportContext {
  const organisation = organisationOf(request);
  return {
    db: app.db,
    organisationId: organisation.id,
    timezone: organisation.timezone,
    caller: viewerOf(request),
  };
}

/** Registers the enabled generic operations of one report or analytics route as its saved reports. */
function registerRoute(app: FastifyInstance, entry: CatalogueEntry): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { collection, item } = entryPatterns(entry);
  const where: SavedReportRoute = { route: entry.path, reports: reportsUnder(entry.path, REPORTS) };
  if (where.reports.size === 0) {
    return;
  }
  const guard = { attachValidation: true, preHandler: [app.requirePermission(VIEW_REPORTS), rethrowValidation] };
  const tags = ['reports', 'saved reports'];
  const needs = `Needs \`${VIEW_REPORTS}\` (and the report’s own permissions, e.g. \`view-diversity-reports\`).`;

  if (isOperationEnabled(entry, 'index')) {
    api.get(
      collection,
      {
        ...guard,
        schema: {
          tags,
          summary: `Saved reports under ${entry.path}`,
          description: `The reports saved under this route, newest first. ${needs}`,
          querystring: paginationQuerySchema(),
          response: { 200: savedReportPageSchema, ...errors },
        },
      },
      async (request) =>
        listSaved(contextOf(app, request), where, { page: request.query.page, perPage: request.query.per_page }),
    );
  }
  if (isOperationEnabled(entry, 'store')) {
    api.post(
      collection,
      {
        ...guard,
        schema: {
          tags,
          summary: `Save a report under ${entry.path}`,
          description: `Keeps a report of this route with its path values and filters, to run again with GET ${entry.path}{id}. ${needs}`,
          body: savedReportBodySchema,
          response: { 201: savedReportSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await saveReport(contextOf(app, request), where, request.body)),
    );
  }
  if (isOperationEnabled(entry, 'show')) {
    api.get(
      item,
      {
        ...guard,
        schema: {
          tags,
          summary: `Run a saved report under ${entry.path}`,
          description: `The saved report and its report’s answer, computed now with the saved filters (without saved dates: the twelve months to today). ${needs}`,
          params: idParams,
          // A saved list report answers a page of its rows, as its own GET call does.
          querystring: listReportPageQuerySchema,
          response: { 200: savedReportRunSchema, ...errors },
        },
      },
      async (request) =>
        runSaved(contextOf(app, request), where, savedIdOf(request), {
          page: request.query.page,
          perPage: request.query.per_page,
        }),
    );
  }
  if (isOperationEnabled(entry, 'update')) {
    api.put(
      item,
      {
        ...guard,
        schema: {
          tags,
          summary: `Change a saved report under ${entry.path}`,
          description: `Its creator renames it or changes what it runs. ${needs}`,
          params: idParams,
          body: savedReportUpdateSchema,
          response: { 200: savedReportSchema, ...errors },
        },
      },
      async (request) => changeSaved(contextOf(app, request), where, savedIdOf(request), request.body),
    );
  }
  if (isOperationEnabled(entry, 'del')) {
    api.delete(
      item,
      {
        ...guard,
        schema: {
          tags,
          summary: `Delete a saved report under ${entry.path}`,
          description: `Its creator deletes it. ${needs}`,
          params: idParams,
          response: { 204: z.null().describe('Deleted.'), ...errors },
        },
      },
      async (request, reply) => {
        await removeSaved(contextOf(app, request), where, savedIdOf(request));
        return reply.status(204).send(null);
      },
    );
  }
}

/**
 * Saved reports (docs/reports.md "Saved reports"): the generic operations the spec leaves enabled on
 * the report and analytics routes keep named reports with their filters, run again on show.
 */
export async function registerSavedReportsModule(app: FastifyInstance): Promise<void> {
  for (const name of SAVED_REPORT_ENTRIES) {
    const entry = catalogue.find((candidate) => candidate.name === name);
    if (entry) {
      registerRoute(app, entry);
    }
  }
}
