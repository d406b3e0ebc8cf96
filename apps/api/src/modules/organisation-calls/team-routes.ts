import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  teamIdParamsSchema,
  teamCallParamsSchema,
  teamSiteParamsSchema,
  teamSubtreeParamsSchema,
  teamHideBodySchema,
  teamHideResponseSchema,
  publicTeamSiteQuerySchema,
  publicTeamSiteResponseSchema,
  teamSiteResponseSchema,
  teamSiteStoreBodySchema,
  teamSiteUpdateBodySchema,
  teamSiteContactBodySchema,
  teamSiteContactResponseSchema,
  teamSiteFileBodySchema,
  teamSiteHeroIndexResponseSchema,
  teamSiteHeroShowResponseSchema,
  teamSiteDownloadBodySchema,
  teamSiteDownloadResponseSchema,
  teamsRecursiveQuerySchema,
  teamSubtreeResponseSchema,
  teamsTreeResponseSchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { clientAddressKey } from '../../plugins/rate-limit.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { createFileUrlSigner } from '../files/file-urls.js';
import { entryAccess } from './access.js';
import { setTeamHidden } from './team-hide.js';
import { publicTeamSite, showTeamSite, storeTeamSite, updateTeamSite } from './team-site.js';
import { sendTeamSiteContact, teamSiteLimitRules } from './team-site-contact-us.js';
import { attachTeamSiteFile } from './team-site-file.js';
import { teamSiteHero, teamSiteHeroes } from './team-site-hero.js';
import { logTeamSiteFileDownload } from './team-site-log-file-download.js';
import { isYes, teamSubtree, teamsTree } from './teams-recursive.js';

const guardedErrors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};
const publicErrors = { 404: errorResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema };

/**
 * The team calls of platform-foundation §7 ("Teams", "Team sites"): the team tree, hiding a team,
 * the team sites (managed, public, contact form, downloads, files) and the sites' heroes.
 * `/organisation/teams/recursive/` and `/teams/site` are static paths, so the router answers them
 * here rather than through the `:id` routes of the teams entries.
 */
export async function registerTeamCallRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = (permission: string) => ({
    attachValidation: true,
    preHandler: [app.requirePermission(permission), rethrowValidation],
  });
  const actor = (request: FastifyRequest) => ({
    organisationId: organisationOf(request).id,
    userId: viewerOf(request).userId,
  });
  const fileUrls = createFileUrlSigner(app.auth.codeKey);
  const viewLinkOf = (organisationId: number) => (fileId: string) =>
    fileUrls.url(organisationId, fileId, 'view');

  const teams = entryAccess('organisation.teams');
  api.get(
    '/organisation/teams/recursive',
    {
      ...guard(teams.read),
      schema: {
        tags: ['teams'],
        summary: 'The organisation’s teams as a tree (hidden teams only with `include_hidden=1`)',
        querystring: teamsRecursiveQuerySchema,
        response: { 200: teamsTreeResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await teamsTree(app.db, organisationOf(request).id, isYes(request.query.include_hidden)),
    }),
  );

  api.get(
    '/organisation/teams/recursive/:id',
    {
      ...guard(teams.read),
      schema: {
        tags: ['teams'],
        summary: 'One team and the teams under it, as a tree',
        params: teamSubtreeParamsSchema,
        querystring: teamsRecursiveQuerySchema,
        response: { 200: teamSubtreeResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await teamSubtree(
        app.db,
        organisationOf(request).id,
        request.params.id,
        isYes(request.query.include_hidden),
      ),
    }),
  );

  api.post(
    '/organisation/teams/:teamId/hide',
    {
      ...guard(entryAccess('organisation.teams.hide').write),
      schema: {
        tags: ['teams', 'catalogue'],
        summary: 'Hide a team from the team tree, or show it again (organisation.teams.hide store)',
        params: teamIdParamsSchema,
        body: teamHideBodySchema.nullish(),
        response: { 200: teamHideResponseSchema, 201: teamHideResponseSchema, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const { created, document } = await setTeamHidden(
        app.db,
        actor(request),
        request.params.teamId,
        request.body?.hidden ?? true,
      );
      return reply.status(created ? 201 : 200).send({ data: document });
    },
  );

  api.get(
    '/teams/site',
    {
      attachValidation: true,
      preHandler: [rethrowValidation],
      schema: {
        tags: ['team-sites'],
        summary: 'A published team site, by `slug` or `team_id` (public)',
        querystring: publicTeamSiteQuerySchema,
        response: { 200: publicTeamSiteResponseSchema, ...publicErrors },
      },
    },
    async (request) => ({ data: await publicTeamSite(app.db, organisationOf(request).id, request.query) }),
  );

  const sites = entryAccess('teams.site');
  api.get(
    '/teams/:id/site',
    {
      ...guard(sites.read),
      schema: {
        tags: ['team-sites'],
        summary: 'The team’s site as its managers see it, published or not',
        params: teamSiteParamsSchema,
        response: { 200: teamSiteResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({ data: await showTeamSite(app.db, organisationOf(request).id, request.params.id) }),
  );

  api.post(
    '/teams/:id/site',
    {
      ...guard(sites.write),
      schema: {
        tags: ['team-sites'],
        summary: 'Make the team’s site (409 when it has one)',
        params: teamSiteParamsSchema,
        body: teamSiteStoreBodySchema,
        response: { 201: teamSiteResponseSchema, 409: errorResponseSchema, ...guardedErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await storeTeamSite(app.db, actor(request), request.params.id, request.body) }),
  );

  api.put(
    '/teams/:id/site',
    {
      ...guard(sites.write),
      schema: {
        tags: ['team-sites'],
        summary: 'Change the team’s site; omitted fields keep their value',
        params: teamSiteParamsSchema,
        body: teamSiteUpdateBodySchema,
        response: { 200: teamSiteResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await updateTeamSite(app.db, organisationOf(request).id, request.params.id, request.body),
    }),
  );

  api.post(
    '/teams/:id/site/file',
    {
      ...guard(sites.write),
      schema: {
        tags: ['team-sites'],
        summary: 'Offer one of your uploads (`POST /files`) on the team’s site',
        params: teamSiteParamsSchema,
        body: teamSiteFileBodySchema,
        response: { 201: teamSiteResponseSchema, ...guardedErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await attachTeamSiteFile(app.db, actor(request), request.params.id, request.body) }),
  );

  const contactAddress = app.limiter(teamSiteLimitRules.contactAddress);
  const contactSite = app.limiter(teamSiteLimitRules.contactSite);
  api.post(
    '/teams/:id/site/contact-us',
    {
      attachValidation: true,
      preHandler: [
        // Counted before the body is looked at, so that refused attempts count too.
        async (request) => contactAddress.consume(request, clientAddressKey(request)),
        rethrowValidation,
        async (request) => contactSite.consume(request, `${organisationOf(request).id}:${request.params.id}`),
      ],
      schema: {
        tags: ['team-sites'],
        summary: 'Send a message through a published team site’s contact form (public, rate-limited)',
        params: teamSiteParamsSchema,
        body: teamSiteContactBodySchema,
        response: { 202: teamSiteContactResponseSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      await sendTeamSiteContact(
        app.db,
        app.outbox,
        organisationOf(request).id,
        request.params.id,
        request.body,
      );
      // Queued with the call's transaction; it leaves now rather than on the next timer.
      void app.outbox.dispatchQueued().catch((error: unknown) => {
        request.log.error({ err: error }, 'sending a team site contact message failed');
      });
      return reply.status(202).send({ data: { queued: true as const } });
    },
  );

  const downloadAddress = app.limiter(teamSiteLimitRules.downloadAddress);
  api.post(
    '/teams/:id/site/log-file-download',
    {
      attachValidation: true,
      preHandler: [
        async (request) => downloadAddress.consume(request, clientAddressKey(request)),
        rethrowValidation,
      ],
      schema: {
        tags: ['team-sites'],
        summary: 'Record a download of a published team site’s file and answer a link to it (public)',
        params: teamSiteParamsSchema,
        body: teamSiteDownloadBodySchema,
        response: { 201: teamSiteDownloadResponseSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      const organisationId = organisationOf(request).id;
      const data = await logTeamSiteFileDownload(
        app.db,
        { organisationId, userId: request.session?.userId ?? null },
        request.params.id,
        request.body,
        viewLinkOf(organisationId),
      );
      return reply.status(201).send({ data });
    },
  );

  api.get(
    '/team-site-hero',
    {
      schema: {
        tags: ['team-sites', 'catalogue'],
        summary: 'The hero of every published team site (team-site-hero index, public)',
        response: { 200: teamSiteHeroIndexResponseSchema },
      },
    },
    async (request) => {
      const organisationId = organisationOf(request).id;
      return teamSiteHeroes(app.db, organisationId, viewLinkOf(organisationId));
    },
  );

  api.get(
    '/team-site-hero/:id',
    {
      attachValidation: true,
      preHandler: [rethrowValidation],
      schema: {
        tags: ['team-sites', 'catalogue'],
        summary: 'The hero of one team’s published site, by team id (team-site-hero show, public)',
        params: teamCallParamsSchema,
        response: { 200: teamSiteHeroShowResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const organisationId = organisationOf(request).id;
      return {
        data: await teamSiteHero(app.db, organisationId, request.params.id, viewLinkOf(organisationId)),
      };
    },
  );
}
