import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  errorResponseSchema,
  paginatedResponseSchema,
  paginationQuerySchema,
  repeatingShiftBodySchema,
  repeatingShiftSchema,
  resourcePermissions,
  rotaBulkBodySchema,
  rotaDayBodySchema,
  rotaDayParamsSchema,
  rotaDaySchema,
  rotaDayShiftBodySchema,
  rotaDayShiftParamsSchema,
  rotaListResponseSchema,
  rotaParamsSchema,
  rotaPdfParamsSchema,
  rotaPdfQuerySchema,
  rotaReplaceBodySchema,
  rotaTeamBodySchema,
  rotaTeamListResponseSchema,
  rotaTeamSchema,
  rotaTeamsQuerySchema,
  rotaTeamsResponseSchema,
  rotaTimeslotListResponseSchema,
  rotaTimeslotsBodySchema,
  rotaTimeslotsQuerySchema,
  shiftBodySchema,
  shiftSchema,
  signupBodySchema,
  signupSchema,
  todayIn,
} from '@muster/contract';
import { rethrowValidation } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { bulkUpdateRotas, changeRepeatingShift, changeRotaDay, changeRotaDayShift, changeShift, changeSignup, deleteRotaDayShift, destroyRepeatingShift, listRotaDayShifts, listTeamsWithRotas, replaceRotaTeams, rotaDayPdf, setRotaTimeslots, storeRepeatingShift, storeRotaDay, storeRotaTeam, storeShift, storeSignup, updateRotaTeamLink } from './service.js';

const refusals = { 401: errorResponseSchema, 403: errorResponseSchema };
const itemParams = z.object({ id: z.string().describe('The identifier of the row.') });
const rotaTeamItemParams = rotaParamsSchema.extend({
  id: z.string().describe('The rota team’s identifier.'),
});

/**
 * Rotas and shifts (platform-foundation §7; docs/catalogue.md "Rotas and shifts"): the named
 * calls (rotas bulk and replace, a rota's timeslots, the teams with rotas, the day's PDF, a rota's
 * shifts of one day) and the stores and updates of the catalogue entries that check more than the
 * generic module can (one team per rota, one entry per rota and day, a shift's timeslot and free
 * places, planning a repeating shift). Registered before the generic module, which serves the
 * other operations of these entries. Each route needs its entry's `view-`/`manage-` permission.
 */
export async function registerRotasModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = (entry: string, kind: 'view' | 'manage') => [
    app.requirePermission(resourcePermissions(entry)[kind]),
    rethrowValidation,
  ];
  const organisationId = (request: FastifyRequest) => organisationOf(request).id;
  const today = (request: FastifyRequest) => todayIn(organisationOf(request).timezone);
  const tags = ['catalogue', 'roles-rotas-shifts'];

  // Named calls of /organisation/rotas/.
  api.put(
    '/organisation/rotas/bulk',
    {
      attachValidation: true,
      preHandler: guard('organisation.rotas', 'manage'),
      schema: {
        tags,
        summary: 'Change several rotas at once, all or none (organisation.rotas bulk)',
        body: rotaBulkBodySchema,
        response: { 200: rotaListResponseSchema, ...refusals, 422: errorResponseSchema },
      },
    },
    async (request) => ({ data: await bulkUpdateRotas(app.db, organisationId(request), request.body) }),
  );

  api.post(
    '/organisation/rotas/replace',
    {
      attachValidation: true,
      preHandler: guard('organisation.rotas', 'manage'),
      schema: {
        tags,
        summary: 'Replace the teams that staff a rota with exactly these (organisation.rotas replace)',
        body: rotaReplaceBodySchema,
        response: { 200: rotaTeamListResponseSchema, ...refusals, 422: errorResponseSchema },
      },
    },
    async (request) => ({ data: await replaceRotaTeams(app.db, organisationId(request), request.body) }),
  );

  // Named calls of /rota/.
  api.put(
    '/rota/:rotaId/timeslots',
    {
      attachValidation: true,
      preHandler: guard('rota', 'manage'),
      schema: {
        tags,
        summary: 'Set a rota’s timeslots: listed ids kept, new ones added, the rest removed (rota timeslots)',
        params: rotaParamsSchema,
        querystring: rotaTimeslotsQuerySchema,
        body: rotaTimeslotsBodySchema,
        response: {
          200: rotaTimeslotListResponseSchema,
          ...refusals,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await setRotaTimeslots(
        app.db,
        organisationId(request),
        request.params.rotaId,
        request.body,
        request.query,
      ),
    }),
  );

  api.get(
    '/rota/teams',
    {
      attachValidation: true,
      preHandler: guard('rota', 'view'),
      schema: {
        tags,
        summary: 'The teams that have rotas, optionally with shifts on a date (rota teams)',
        querystring: rotaTeamsQuerySchema,
        response: { 200: rotaTeamsResponseSchema, ...refusals, 422: errorResponseSchema },
      },
    },
    async (request) => ({ data: await listTeamsWithRotas(app.db, organisationId(request), request.query) }),
  );

  api.get(
    '/rota/:date/pdf',
    {
      attachValidation: true,
      preHandler: guard('rota', 'view'),
      schema: {
        tags,
        summary: 'The day’s rota as a PDF: shifts by team and time with the people on them (rota pdf)',
        description: 'Answers `application/pdf` as an attachment named `rota-{date}.pdf`.',
        params: rotaPdfParamsSchema,
        querystring: rotaPdfQuerySchema,
        response: {
          200: z.unknown().describe('The PDF file (application/pdf).'),
          ...refusals,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await rotaDayPdf(
        app.db,
        organisationOf(request),
        request.params.date,
        request.query,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  // `/rota/{date}/{rotaId}/` (and `/rota/{date}/{team}/`, the same route): index, update, del.
  api.get(
    '/rota/:date/:rotaId',
    {
      attachValidation: true,
      preHandler: guard('rota.date.rota', 'view'),
      schema: {
        tags,
        summary: 'A rota’s shifts on one day, by start time (rota.date.rota index)',
        params: rotaDayParamsSchema,
        querystring: paginationQuerySchema(),
        response: {
          200: paginatedResponseSchema(shiftSchema),
          ...refusals,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) =>
      listRotaDayShifts(app.db, organisationId(request), request.params.date, request.params.rotaId, {
        page: request.query.page,
        perPage: request.query.per_page,
      }),
  );

  api.put(
    '/rota/:date/:rotaId/:id',
    {
      attachValidation: true,
      preHandler: guard('rota.date.rota', 'manage'),
      schema: {
        tags,
        summary: 'Change one of a rota’s shifts of that day (rota.date.rota update)',
        params: rotaDayShiftParamsSchema,
        body: rotaDayShiftBodySchema.partial(),
        response: {
          200: dataEnvelope(shiftSchema),
          ...refusals,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await changeRotaDayShift(
        app.db,
        organisationId(request),
        request.params.date,
        request.params.rotaId,
        request.params.id,
        request.body,
      ),
    }),
  );

  api.delete(
    '/rota/:date/:rotaId/:id',
    {
      attachValidation: true,
      preHandler: guard('rota.date.rota', 'manage'),
      schema: {
        tags,
        summary: 'Delete one of a rota’s shifts of that day with its signups (rota.date.rota del)',
        params: rotaDayShiftParamsSchema,
        response: {
          204: z.null().describe('Deleted.'),
          ...refusals,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await deleteRotaDayShift(
        app.db,
        organisationId(request),
        request.params.date,
        request.params.rotaId,
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  );

  // Checked stores and updates of catalogue entries (their index, show and del are generic).
  const failures = { ...refusals, 404: errorResponseSchema, 422: errorResponseSchema };
  const stored = <Row extends z.ZodObject>(row: Row) => ({ 201: dataEnvelope(row), ...failures });
  const changed = <Row extends z.ZodObject>(row: Row) => ({ 200: dataEnvelope(row), ...failures });

  api.post(
    '/organisation/rota/:rotaId/teams',
    {
      attachValidation: true,
      preHandler: guard('organisation.rota.teams', 'manage'),
      schema: {
        tags,
        summary: 'Staff a rota from one more team (organisation.rota.teams store)',
        params: rotaParamsSchema,
        body: rotaTeamBodySchema,
        response: stored(rotaTeamSchema),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({
          data: await storeRotaTeam(app.db, organisationId(request), request.params.rotaId, request.body),
        }),
  );

  api.put(
    '/organisation/rota/:rotaId/teams/:id',
    {
      attachValidation: true,
      preHandler: guard('organisation.rota.teams', 'manage'),
      schema: {
        tags,
        summary: 'Point a rota’s team link at another team (organisation.rota.teams update)',
        params: rotaTeamItemParams,
        body: rotaTeamBodySchema.partial(),
        response: changed(rotaTeamSchema),
      },
    },
    async (request) => ({
      data: await updateRotaTeamLink(
        app.db,
        organisationId(request),
        request.params.rotaId,
        request.params.id,
        request.body,
      ),
    }),
  );

  api.post(
    '/rota',
    {
      attachValidation: true,
      preHandler: guard('rota', 'manage'),
      schema: {
        tags,
        summary: 'Add a rota’s entry for a day: closed or a note (rota store)',
        body: rotaDayBodySchema,
        response: stored(rotaDaySchema),
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await storeRotaDay(app.db, organisationId(request), request.body) }),
  );

  api.put(
    '/rota/:id',
    {
      attachValidation: true,
      preHandler: guard('rota', 'manage'),
      schema: {
        tags,
        summary: 'Change a rota day; omitted fields keep their value (rota update)',
        params: itemParams,
        body: rotaDayBodySchema.partial(),
        response: changed(rotaDaySchema),
      },
    },
    async (request) => ({
      data: await changeRotaDay(app.db, organisationId(request), request.params.id, request.body),
    }),
  );

  api.post(
    '/shifts',
    {
      attachValidation: true,
      preHandler: guard('shifts', 'manage'),
      schema: {
        tags,
        summary: 'Plan a shift; a timeslot fills what the body leaves out (shifts store)',
        body: shiftBodySchema,
        response: stored(shiftSchema),
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await storeShift(app.db, organisationId(request), request.body) }),
  );

  api.put(
    '/shifts/:id',
    {
      attachValidation: true,
      preHandler: guard('shifts', 'manage'),
      schema: {
        tags,
        summary: 'Change a shift; omitted fields keep their value (shifts update)',
        params: itemParams,
        body: shiftBodySchema.partial(),
        response: changed(shiftSchema),
      },
    },
    async (request) => ({
      data: await changeShift(app.db, organisationId(request), request.params.id, request.body),
    }),
  );

  api.post(
    '/repeating-shifts',
    {
      attachValidation: true,
      preHandler: guard('repeating-shifts', 'manage'),
      schema: {
        tags,
        summary: 'Add a repeating shift and plan its dates as shifts (repeating-shifts store)',
        body: repeatingShiftBodySchema,
        response: stored(repeatingShiftSchema),
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await storeRepeatingShift(app.db, organisationId(request), request.body, today(request)),
      }),
  );

  api.put(
    '/repeating-shifts/:id',
    {
      attachValidation: true,
      preHandler: guard('repeating-shifts', 'manage'),
      schema: {
        tags,
        summary: 'Change a repeating shift and plan it again (repeating-shifts update)',
        params: itemParams,
        body: repeatingShiftBodySchema.partial(),
        response: changed(repeatingShiftSchema),
      },
    },
    async (request) => ({
      data: await changeRepeatingShift(
        app.db,
        organisationId(request),
        request.params.id,
        request.body,
        today(request),
      ),
    }),
  );

  api.delete(
    '/repeating-shifts/:id',
    {
      attachValidation: true,
      preHandler: guard('repeating-shifts', 'manage'),
      schema: {
        tags,
        summary: 'Delete a repeating shift with its future shifts nobody is on (repeating-shifts del)',
        params: itemParams,
        response: { 204: z.null().describe('Deleted.'), ...refusals, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await destroyRepeatingShift(app.db, organisationId(request), request.params.id, today(request));
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/organisation/signups',
    {
      attachValidation: true,
      preHandler: guard('organisation.signups', 'manage'),
      schema: {
        tags,
        summary: 'Put a person on a shift, once, into a free place (organisation.signups store)',
        body: signupBodySchema,
        response: stored(signupSchema),
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await storeSignup(app.db, organisationId(request), request.body) }),
  );

  api.put(
    '/organisation/signups/:id',
    {
      attachValidation: true,
      preHandler: guard('organisation.signups', 'manage'),
      schema: {
        tags,
        summary: 'Change a signup; taking a place needs a free one (organisation.signups update)',
        params: itemParams,
        body: signupBodySchema.partial(),
        response: changed(signupSchema),
      },
    },
    async (request) => ({
      data: await changeSignup(app.db, organisationId(request), request.params.id, request.body),
    }),
  );
}
