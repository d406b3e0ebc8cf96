import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './api-version.js';

/**
 * API and sign-in answers carry tokens and personal data (sign-in, refresh, users, consents,
 * applications, files), so no browser or proxy may keep them: `Cache-Control: no-store` unless a
 * route chose otherwise. The built web app's files are not touched (they are cached by name).
 */
export const cacheControlPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const url = request.url;
      if ((isApiPath(url) || url.startsWith('/auth/')) && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'cache-control' },
);
