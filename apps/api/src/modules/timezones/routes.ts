import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  organisationItemParamsSchema,
  organisationResponseSchema,
  organisationTimezoneBodySchema,
  timezoneListResponseSchema,
} from '@muster/contract';
import { rethrowValidation } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { MANAGE_ORGANISATION } from '../organisation/routes.js';
import { updateOrganisationTimezone } from '../organisation/service.js';
import { timezoneOptions } from './service.js';

/**
 * `GET /api/organisation/timezones/`: the timezone picker's options. Public (no sign-in), because
 * the application form uses it before the applicant has an account; tenancy still applies.
 * `PUT /api/organisation/timezones/{id}`: an administrator sets the organisation's time zone.
 */
export async function registerTimezonesModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/organisation/timezones',
    {
      schema: {
        tags: ['organisation'],
        summary: 'Time zones offered by the timezone picker',
        response: { 200: timezoneListResponseSchema, 404: errorResponseSchema },
      },
    },
    async () => ({ data: await timezoneOptions(app.db) }),
  );
  api.put(
    '/organisation/timezones/:id',
    {
      attachValidation: true,
      preHandler: [app.requirePermission(MANAGE_ORGANISATION), rethrowValidation],
      schema: {
        tags: ['organisation', 'catalogue'],
        summary: 'Set the organisation’s time zone (organisation.timezones update)',
        description:
          '`{id}` is the organisation served at the host (any other is 404). `timezone` must be an IANA name the server’s time zone database knows (422 otherwise), whether or not the picker lists it. Answers the organisation’s detail.',
        params: organisationItemParamsSchema,
        body: organisationTimezoneBodySchema,
        response: {
          200: organisationResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await updateOrganisationTimezone(app.db, {
        organisationId: organisationOf(request).id,
        id: request.params.id,
        timezone: request.body.timezone,
      }),
    }),
  );
}
