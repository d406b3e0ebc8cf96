import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_MEDIA_TYPE, API_VERSION } from '@muster/contract';

const vendorVersion = /application\/vnd\.muster\.v(\d+)\+json/i;

/** True for paths under the API base path. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The version convention: a request naming another API version in `Accept` is refused with 406;
 * one naming none is taken as v3. JSON answers carry the vendor media type.
 */
export const apiVersionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiPath(request.url)) {
        return;
      }
      const match = vendorVersion.exec(request.headers.accept ?? '');
      if (match && Number(match[1]) !== API_VERSION) {
        return reply.status(406).send({
          message: `API version ${match[1]} is not supported; send Accept: ${API_MEDIA_TYPE}.`,
        });
      }
      return undefined;
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (isApiPath(request.url) && typeof type === 'string' && type.startsWith('application/json')) {
        reply.header('content-type', `${API_MEDIA_TYPE}; charset=utf-8`);
      }
      return payload;
    });
  },
  { name: 'api-version' },
);
