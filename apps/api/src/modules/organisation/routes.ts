import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { organisationResponseSchema } from '@muster/contract';
import { HttpError } from '../../plugins/errors.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { findOrganisationById } from './repository.js';
import { toOrganisation } from './service.js';

/** `GET /api/organisation/detailed/`: the organisation served at this host. Public: the apply form needs it. */
export async function registerOrganisationModule(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
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
}
