import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  errorResponseSchema,
  hubDocumentBodySchema,
  hubDocumentDetailSchema,
  hubDocumentSchema,
  hubDocumentShowQuerySchema,
  newsArticleSchema,
  resourcePermissions,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { createFileUrlSigner } from '../files/file-urls.js';
import { viewUrlsOf } from '../files/service.js';
import { openHubDocument, readArticle, storeHubDocument, type ContentScope } from './service.js';

const guardedErrors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

const itemParams = z.object({ id: z.string().describe('The record’s identifier.') });

function scopeOf(request: FastifyRequest): ContentScope {
  return { organisationId: organisationOf(request).id, userId: viewerOf(request).userId };
}

/**
 * The calls of news and the hub that do more than plain CRUD (docs/reports.md "News and hub"):
 * opening an article records that the reader read it; opening a hub document records the
 * opening (or, with `download=true`, the download) and answers a fresh link to its file; sharing
 * a document checks that its file is the caller's upload. Everything else of `/news/` and `/hub/`
 * is the catalogue's generic module (catalogue/bindings/activities.ts), which leaves these
 * method-and-path pairs alone.
 */
export async function registerContentModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const news = resourcePermissions('news');
  const hub = resourcePermissions('hub');
  const fileUrls = createFileUrlSigner(app.auth.codeKey);
  const guard = (permission: string) => ({
    attachValidation: true,
    // Authorisation before validation: a caller who may not act learns nothing of the input rules.
    preHandler: [app.requirePermission(permission), rethrowValidation],
  });

  api.get(
    '/news/:id',
    {
      ...guard(news.view),
      schema: {
        tags: ['catalogue', 'news'],
        summary: 'Show one news article; a published one is recorded as read by the caller (news)',
        description:
          'The first opening of a published article records that the caller read it (the news articles report counts these); drafts and scheduled articles are not recorded.',
        params: itemParams,
        response: { 200: dataEnvelope(newsArticleSchema), ...guardedErrors },
      },
    },
    async (request) => ({ data: await readArticle(app.db, scopeOf(request), request.params.id) }),
  );

  api.get(
    '/hub/:id',
    {
      ...guard(hub.view),
      schema: {
        tags: ['catalogue', 'hub'],
        summary: 'Show one hub document with a link to its file; the opening is recorded (hub)',
        description:
          'Each opening of a published document is recorded as a view, or as a download with `download=true` (ask for the document so just before fetching its file). The hub documents report counts both.',
        params: itemParams,
        querystring: hubDocumentShowQuerySchema,
        response: { 200: dataEnvelope(hubDocumentDetailSchema), ...guardedErrors },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const download = request.query.download === 'true' || request.query.download === '1';
      return {
        data: await openHubDocument(
          app.db,
          scope,
          request.params.id,
          download ? 'download' : 'view',
          viewUrlsOf(fileUrls, scope.organisationId),
        ),
      };
    },
  );

  api.post(
    '/hub',
    {
      ...guard(hub.manage),
      schema: {
        tags: ['catalogue', 'hub'],
        summary: 'Share a file you uploaded as a hub document (hub)',
        body: hubDocumentBodySchema,
        response: { 201: dataEnvelope(hubDocumentSchema), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const data = await storeHubDocument(app.db, scopeOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );
}
