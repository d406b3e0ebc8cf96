import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findOrganisationForHost, type OrganisationRow } from '../modules/organisation/repository.js';
import { HttpError } from './errors.js';
import { isApiPath } from './api-version.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The organisation the request's Host resolves to; set on every tenant route. */
    organisation: OrganisationRow | null;
  }
}

/** Paths that serve no tenant and need no organisation. */
const tenantFree = new Set(['/api/health', '/api/health/']);

/**
 * Resolves the request's organisation from its Host before any handler runs, so that every
 * repository call can be scoped by organisation id. A host that serves none answers 404.
 */
export const tenancyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('organisation', null);
    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0] ?? '';
      if (!isApiPath(path) || tenantFree.has(path)) {
        return;
      }
      // Every API request asks this; kept until an organisation or host list changes (answer-cache.ts).
      const hostname = request.hostname.toLowerCase();
      const organisation = await app.answerCache.remember(`host:${hostname}`, () =>
        findOrganisationForHost(app.db, hostname),
      );
      if (!organisation) {
        throw new HttpError(404, 'No organisation is served at this address.');
      }
      request.organisation = organisation;
    });
  },
  { name: 'tenancy', dependencies: ['errors', 'answer-cache'] },
);

/** The request's organisation; for use inside tenant routes, where tenancy has always run. */
export function organisationOf(request: FastifyRequest): OrganisationRow {
  if (!request.organisation) {
    throw new HttpError(404, 'No organisation is served at this address.');
  }
  return request.organisation;
}
