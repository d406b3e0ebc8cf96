import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutboxQuerySchema, listOutboxResponseSchema, type ListOutboxResponse } from '@muster/contract';
import { renderOutboxPage } from './page.js';
import type { Outbox } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends (and stores) every outgoing email and SMS. */
    outbox: Outbox;
  }
}

/**
 * True when the `Accept` header prefers JSON over HTML. Browsers ask for HTML (or anything), so
 * they get the page; `fetch` and tests asking for `application/json` get the data.
 */
export function prefersJson(accept: string | undefined): boolean {
  let json = 0;
  let html = 0;
  for (const range of (accept ?? '').split(',')) {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2)) || 0;
    if (type === 'application/json' || /^application\/[^/]*\+json$/.test(type)) {
      json = Math.max(json, q);
    } else if (type === 'text/html') {
      html = Math.max(html, q);
    }
  }
  return json > 0 && json > html;
}

/**
 * `GET /dev/outbox` (development only, registered at the root): the stored email and SMS newest
 * first, as a page for people or `{data: [...]}` for `Accept: application/json`.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        hide: true,
        querystring: listOutboxQuerySchema,
        response: {
          200: {
            content: {
              'application/json': { schema: listOutboxResponseSchema },
              'text/html': { schema: z.string().describe('The outbox page.') },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const to = request.query.to === '' ? undefined : request.query.to;
      const { limit } = request.query;
      const messages = await app.outbox.list(limit, to === undefined ? {} : { to });
      // Messages carry sign-in codes and links: never keep them in a cache.
      void reply.header('cache-control', 'no-store');
      void reply.header('vary', 'Accept');
      if (prefersJson(request.headers.accept)) {
        const body: ListOutboxResponse = {
          data: messages.map((message) => ({
            id: message.id,
            channel: message.channel,
            to: message.to,
            subject: message.subject,
            text: message.text,
            created_at: message.createdAt.toISOString(),
          })),
        };
        return reply.send(body);
      }
      return reply.type('text/html; charset=utf-8').send(renderOutboxPage(messages, { to, limit }));
    },
  );
};
