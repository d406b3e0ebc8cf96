import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  geocodeRetrieveParamsSchema,
  geocodeRetrieveResponseSchema,
  geocodeSearchQuerySchema,
  geocodeSearchResponseSchema,
} from '@muster/contract';
import { getTableName } from 'drizzle-orm';
import { addresses } from '../../db/schema/index.js';
import { clientAddressKey } from '../../plugins/rate-limit.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { geocodeLimitRules } from './limits.js';
import { createGeocodeService } from './service.js';

/** What the built-in finder's suggestions are built from. */
const ADDRESS_TABLES = [getTableName(addresses)];

const errors = {
  404: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};

/**
 * The address finder (applicant-flow §2.4, §7; platform-foundation §7 `/geocode/retrieve/`, index
 * and show only): search and retrieve. Public, since anonymous applicants fill in addresses, but
 * only on a host that serves an organisation, and limited per client address. Registered before
 * the generic catalogue, so these routes are ours whatever the catalogue binds.
 */
export async function registerGeocodeModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createGeocodeService({ db: app.db, loqate: app.config.loqate, log: app.log });
  const limiter = app.limiter(geocodeLimitRules.lookupAddress);
  const limited: preHandlerAsyncHookHandler = async (request) => {
    // The gazetteer is global, but only a host that serves an organisation may search it.
    organisationOf(request);
    await limiter.consume(request, clientAddressKey(request));
  };

  api.get(
    '/geocode/retrieve/',
    {
      schema: {
        tags: ['geocode'],
        summary: 'Address suggestions for a postcode or part of an address',
        description:
          'A whole postcode answers its addresses (or itself as a container when it holds more than 50); the start of a postcode answers postcodes; words answer addresses, or streets as containers when many match. usePca=1 uses Loqate when the server has LOQATE_KEY. 502/503 when Loqate fails or does not answer.',
        querystring: geocodeSearchQuerySchema,
        response: { 200: geocodeSearchResponseSchema, ...errors },
      },
      preHandler: limited,
    },
    async (request, reply) => {
      const { q, usePca } = request.query;
      const build = async () => ({ data: { data: await service.search(q, usePca) } });
      if (!service.searchesBuiltIn(usePca)) {
        return build();
      }
      // The built-in finder's suggestions are kept until the addresses change (answer-cache.ts);
      // the host's organisation and the client's limit are still checked on every request.
      return app.answerCache.sendJson(reply, `geocode-search:${q}`, build, { tables: ADDRESS_TABLES });
    },
  );

  api.get(
    '/geocode/retrieve/:id',
    {
      schema: {
        tags: ['geocode'],
        summary: 'The full address of a suggestion, or the suggestions inside a container',
        params: geocodeRetrieveParamsSchema,
        response: { 200: geocodeRetrieveResponseSchema, ...errors },
      },
      preHandler: limited,
    },
    async (request) => ({ data: { data: await service.retrieve(request.params.id) } }),
  );
}
