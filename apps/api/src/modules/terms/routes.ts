import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, organisationTermsResponseSchema } from '@muster/contract';
import { organisationOf } from '../../plugins/tenancy.js';
import { listTerms } from './repository.js';

/**
 * `GET /api/organisation/terms` (applicant-flow §7 "GET organisation terms"): public, the form
 * reads `data.data`. Registered at the catalogue's exact path (`/organisation/terms/`) before
 * the generic catalogue module, which skips a method and path already registered; the generic
 * module still serves show, store, update and delete of terms.
 */
export async function registerTermsModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/organisation/terms/',
    {
      schema: {
        tags: ['applications'],
        summary: 'The organisation’s terms (name and link), for the application form',
        response: { 200: organisationTermsResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ data: { data: await listTerms(app.db, organisationOf(request).id) } }),
  );
}
