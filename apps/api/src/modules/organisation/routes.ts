import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { organisationResponseSchema } from '@muster/contract';
import { organisationOf } from '../../plugins/tenancy.js';
import { toOrganisation } from './service.js';

/** `GET /api/organisation/detailed/`: the organisation served at this host. Public: the apply form needs it. */
export async function registerOrganisationModule(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/organisation/detailed',
    { schema: { response: { 200: organisationResponseSchema } } },
    async (request) => ({ data: toOrganisation(organisationOf(request)) }),
  );
}
