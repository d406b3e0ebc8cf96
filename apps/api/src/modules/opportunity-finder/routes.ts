import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  opportunityCountiesQuerySchema,
  opportunityCountiesResponseSchema,
  opportunityCountriesResponseSchema,
  opportunityListQuerySchema,
  opportunityListResponseSchema,
  residentialOpportunityListQuerySchema,
} from '@muster/contract';
import { organisationOf } from '../../plugins/tenancy.js';
import {
  listOpportunities,
  listResidentialCounties,
  listResidentialCountries,
  listResidentialOpportunities,
} from './service.js';

/**
 * The opportunity finder of the home page (docs/opportunities.md): public lists of the host's
 * organisation's published opportunities that have not ended. Anyone may look, as anyone may apply.
 */
export async function registerOpportunityFinderModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['opportunities'];

  api.get(
    '/opportunities/',
    {
      schema: {
        tags,
        summary: 'Published opportunities, searched by name and description, soonest first',
        querystring: opportunityListQuerySchema,
        response: { 200: opportunityListResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => listOpportunities(app.db, organisationOf(request), request.query),
  );

  api.get(
    '/residential-opportunities/',
    {
      schema: {
        tags,
        summary: 'Published residential opportunities, searched and filtered by country and county',
        querystring: residentialOpportunityListQuerySchema,
        response: { 200: opportunityListResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => listResidentialOpportunities(app.db, organisationOf(request), request.query),
  );

  api.get(
    '/residential-opportunities/countries',
    {
      schema: {
        tags,
        summary: 'Countries with published residential opportunities',
        response: { 200: opportunityCountriesResponseSchema },
      },
    },
    async (request) => ({ data: await listResidentialCountries(app.db, organisationOf(request)) }),
  );

  api.get(
    '/residential-opportunities/counties/',
    {
      schema: {
        tags,
        summary: 'Counties of a country with published residential opportunities',
        querystring: opportunityCountiesQuerySchema,
        response: { 200: opportunityCountiesResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => ({
      data: await listResidentialCounties(app.db, organisationOf(request), request.query.country),
    }),
  );
}
