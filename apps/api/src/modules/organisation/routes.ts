import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  organisationItemParamsSchema,
  organisationResponseSchema,
  organisationUpdateBodySchema,
  resourcePermissions,
} from '@muster/contract';
import { rethrowValidation } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { findOrganisationById } from './repository.js';
import { toOrganisation, updateOrganisationDetails } from './service.js';

/** Who changes the organisation's own settings (`manage-organisation`). */
export const MANAGE_ORGANISATION = resourcePermissions('organisation').manage;

/**
 * `GET /api/organisation/detailed/`: the organisation served at this host. Public: the apply form
 * needs it. `PUT /api/organisation/detailed/{id}`: an administrator changes its details.
 */
export async function registerOrganisationModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/organisation/detailed',
    { schema: { response: { 200: organisationResponseSchema } } },
    async (request, reply) => {
      const organisationId = organisationOf(request).id;
      // Read afresh when built: the request's row may predate a change the cache has already seen.
      return app.answerCache.sendJson(reply, `organisation:${String(organisationId)}`, async () => {
        const row = await findOrganisationById(app.db, organisationId);
        if (!row) {
          throw new HttpError(404, 'No organisation is served at this address.');
        }
        return { data: toOrganisation(row) };
      });
    },
  );
  api.put(
    '/organisation/detailed/:id',
    {
      attachValidation: true,
      preHandler: [app.requirePermission(MANAGE_ORGANISATION), rethrowValidation],
      schema: {
        tags: ['organisation', 'catalogue'],
        summary: 'Change the organisation’s details (organisation.detailed update)',
        description:
          '`{id}` is the organisation served at the host (any other is 404). Name, minor age, currency symbol, date format and IANA time zone; omitted fields keep their value. The public detail shows the change at once.',
        params: organisationItemParamsSchema,
        body: organisationUpdateBodySchema,
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
      data: await updateOrganisationDetails(app.db, {
        organisationId: organisationOf(request).id,
        id: request.params.id,
        body: request.body,
      }),
    }),
  );
}
