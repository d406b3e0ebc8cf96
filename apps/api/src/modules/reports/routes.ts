import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  listReportQuerySchema,
  parseRowId,
  reportQuerySchema,
  type ListReportQuery,
  todayIn,
} from '@muster/contract';
import { rethrowValidation } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { REPORT_ANSWER_TABLES } from './answer-tables.js';
import { reportPermissions, runReport, type ReportDefinition } from './report.js';
import { REPORTS } from './reports-list.js';
import { registerSavedReportsModule } from './saved/routes.js';

const guardedErrors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/** The path's integer parameters: anything but a positive id in range is "not found". */
function paramsSchema(names: readonly string[]) {
  return z.object(
    Object.fromEntries(
      names.map((name) => [name, z.string().describe(`The ${name} of the record reported on.`)]),
    ),
  );
}

function parsedParams(names: readonly string[], raw: Record<string, string>): Record<string, number> | null {
  const parsed: Record<string, number> = {};
  for (const name of names) {
    const id = parseRowId(raw[name] ?? '');
    if (id === null) {
      return null;
    }
    parsed[name] = id;
  }
  return parsed;
}

/** Registers one report: guards (every permission it needs) before validation, then runs it. */
function registerReport(app: FastifyInstance, report: ReportDefinition): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const permissions = reportPermissions(report);
  const names = report.pathParams ?? [];
  api.get(
    report.path,
    {
      attachValidation: true,
      // Authorisation before validation: a caller who may not read learns nothing of the input rules.
      // No permission named: the call is about the caller's own figures and needs only a session.
      preHandler: [
        ...(permissions.length === 0
          ? [app.requireAuth]
          : permissions.map((permission) => app.requirePermission(permission))),
        rethrowValidation,
      ],
      schema: {
        tags: ['reports'],
        summary: report.summary,
        description: `${report.description}\n\nNeeds ${
          permissions.length === 0 ? 'a signed-in session' : permissions.map((p) => `\`${p}\``).join(' and ')
        }.`,
        // A list report (one row per person or record) answers a page at a time.
        querystring: report.rows ? listReportQuerySchema : reportQuerySchema,
        ...(names.length > 0 ? { params: paramsSchema(names) } : {}),
        response: { 200: report.response, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const params = parsedParams(names, (request.params ?? {}) as Record<string, string>);
      if (!params) {
        throw new HttpError(404, 'The record was not found.');
      }
      const query = request.query;
      // The querystring schema depends on the report, so its type is not narrowed by `rows`:
      // a report with rows was validated by `listReportQuerySchema` above.
      const listQuery = report.rows ? (query as ListReportQuery) : undefined;
      const page = listQuery ? { page: listQuery.page, perPage: listQuery.per_page } : undefined;
      const organisation = organisationOf(request);
      if (!request.session) {
        // The guards above already refused anyone signed out; this keeps `userId` honest.
        throw new HttpError(401, 'You need to sign in to do that.');
      }
      const { userId } = request.session;
      const compute = () =>
        runReport(report, {
          db: app.db,
          organisationId: organisation.id,
          timezone: organisation.timezone,
          query,
          params,
          userId,
          page,
        });
      // Kept until a write changes the records (an aggregate over a large organisation takes a
      // second or more, and a dashboard asks it of many people): the answer depends on the
      // organisation, the URL (path, period, filters, page), the day its defaults are read on and,
      // for a call about the caller's own figures, the caller.
      const key = [
        'report',
        organisation.id,
        todayIn(organisation.timezone),
        permissions.length === 0 ? userId : 'any',
        request.url,
      ].join(':');
      return app.answerCache.sendJson(reply, key, compute, { tables: REPORT_ANSWER_TABLES });
    },
  );
}

/**
 * Reports and analytics (platform-foundation §7 "Reports", "Analytics", the diversity reports):
 * every call is computed by SQL over the organisation's own records on each request
 * (docs/reports.md). The generic operations the spec leaves enabled on these routes keep saved
 * reports (`saved/`). The generic catalogue module leaves these paths alone.
 */
export async function registerReportsModule(app: FastifyInstance): Promise<void> {
  for (const report of REPORTS) {
    registerReport(app, report);
  }
  await registerSavedReportsModule(app);
}
