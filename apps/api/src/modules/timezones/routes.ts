import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, timezoneListResponseSchema } from '@muster/contract';
import { timezoneOptions } from './service.js';

/**
 * `GET /api/organisation/timezones/`: the timezone picker's options. Public (no sign-in), because
 * the application form uses it before the applicant has an account; tenancy still applies.
 */
export async function registerTimezonesModule(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
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
}
