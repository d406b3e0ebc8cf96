import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  calendarAvailableTypesResponseSchema,
  duplicateCategoryBodySchema,
  duplicateCategoryQuerySchema,
  duplicateCategoryResponseSchema,
  integrationSyncClearQuerySchema,
  integrationSyncClearResponseSchema,
  newUserPreviewQuerySchema,
  queryPreviewResponseSchema,
  queryValidateResponseSchema,
  savedQueriesDeleteQuerySchema,
  savedQueriesDeleteResponseSchema,
  queryBodySchema,
  roleProfileAccountCodesQuerySchema,
  roleProfileAccountCodesResponseSchema,
  roleProfilesBulkUpdateBodySchema,
  roleProfilesBulkUpdateQuerySchema,
  roleProfilesBulkUpdateResponseSchema,
  safeguardingResponseSchema,
  safeguardingUpdateBodySchema,
  savedListResponseSchema,
  savedListStoreBodySchema,
  zendeskTicketTagsResponseSchema,
  integrationParamsSchema,
  newUserPreviewTextSchema,
  organisationCallIdParamsSchema,
} from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { entryAccess } from './access.js';
import { calendarAvailableTypes } from './calendar-available-types.js';
import { duplicateRecruitmentCategory } from './duplicate-recruitment-category.js';
import { clearIntegrationSync } from './integration-sync-clear.js';
import { newUserPreview } from './new-user-preview.js';
import { deleteSavedQueries, previewQuery } from './query-builder.js';
import { roleProfileAccountCodes } from './role-profiles-account-codes.js';
import { bulkUpdateRoleProfiles } from './role-profiles-bulk-update.js';
import { showSafeguarding, updateSafeguarding } from './safeguarding.js';
import { showSavedList, storeSavedList } from './saved-list.js';
import { registerTeamCallRoutes } from './team-routes.js';
import { isYes } from './teams-recursive.js';
import { zendeskTicketTags } from './zendesk-ticket-tags.js';

const guardedErrors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/**
 * The organisation-level named calls of platform-foundation §7 (docs/catalogue.md "Organisation
 * calls"): the new-user email preview, the calendar's entry kinds, the query builder, recruitment
 * category duplication, role profile bulk update and account codes, support ticket tags,
 * integration sync clearing, the safeguarding settings and saved lists; the team calls are in
 * team-routes.ts. Plain CRUD of the same entries stays with the catalogue's generic module, which
 * leaves these method-and-path pairs alone.
 */
export async function registerOrganisationCallsModule(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = (permission: string) => ({
    attachValidation: true,
    // Authorisation before validation: a caller who may not act learns nothing of the input rules.
    preHandler: [app.requirePermission(permission), rethrowValidation],
  });
  const actor = (request: Parameters<typeof viewerOf>[0]) => ({
    organisationId: organisationOf(request).id,
    userId: viewerOf(request).userId,
  });

  const emailTemplates = entryAccess('organisation.email-templates');
  api.get(
    '/organisation/email-templates/new-user/preview',
    {
      ...guard(emailTemplates.read),
      schema: {
        tags: ['email-templates'],
        summary: 'The new-user email rendered as text with the query’s placeholder values',
        querystring: newUserPreviewQuerySchema,
        response: {
          200: {
            description: 'The email: a `Subject:` line, a blank line, then the body.',
            content: { 'text/plain': { schema: newUserPreviewTextSchema } },
          },
          ...guardedErrors,
        },
      },
    },
    async (request, reply) => {
      const organisation = organisationOf(request);
      const text = await newUserPreview(app.db, organisation, request.query);
      return reply.type('text/plain; charset=utf-8').send(text);
    },
  );

  api.get(
    '/calendar/available-types',
    {
      ...guard(entryAccess('calendar.available-types').read),
      schema: {
        tags: ['calendar', 'catalogue'],
        summary: 'The kinds of entry the organisation’s calendar can show (calendar.available-types)',
        response: { 200: calendarAvailableTypesResponseSchema, ...guardedErrors },
      },
    },
    async (request) => calendarAvailableTypes(organisationOf(request)),
  );

  const queryBuilder = entryAccess('organisation.query-builder');
  api.post(
    '/organisation/query-builder/preview',
    {
      ...guard(queryBuilder.read),
      schema: {
        tags: ['query-builder'],
        summary: 'Run a query-builder query over the organisation’s records and answer the first rows',
        description: 'Also needs the permission that reads the queried resource (e.g. `view-users`).',
        body: queryBodySchema,
        response: { 200: queryPreviewResponseSchema, ...guardedErrors },
      },
    },
    async (request) =>
      previewQuery(
        app.db,
        { organisationId: organisationOf(request).id, permissions: viewerOf(request).permissions },
        request.body.query,
      ),
  );

  api.post(
    '/organisation/query-builder/validate',
    {
      ...guard(queryBuilder.read),
      schema: {
        tags: ['query-builder'],
        summary:
          'Check a query-builder query: 200 when valid, 422 keyed by path (e.g. `query.filters.0.field`)',
        body: queryBodySchema,
        response: { 200: queryValidateResponseSchema, ...guardedErrors },
      },
    },
    async () => ({ valid: true as const }),
  );

  api.delete(
    '/organisation/query-builder',
    {
      ...guard(queryBuilder.write),
      schema: {
        tags: ['query-builder'],
        summary: 'Delete several saved queries (`?ids=1,2`), all or none',
        querystring: savedQueriesDeleteQuerySchema,
        response: { 200: savedQueriesDeleteResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await deleteSavedQueries(app.db, organisationOf(request).id, request.query.ids),
    }),
  );

  api.post(
    '/organisation/recruitment/categories/:id/duplicate',
    {
      ...guard(entryAccess('organisation.recruitment.categories').write),
      schema: {
        tags: ['recruitment'],
        summary: 'Copy a recruitment category and (unless `with_stages=0`) its stages',
        params: organisationCallIdParamsSchema,
        querystring: duplicateCategoryQuerySchema,
        body: duplicateCategoryBodySchema.nullish(),
        response: { 201: duplicateCategoryResponseSchema, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const copy = await duplicateRecruitmentCategory(
        app.db,
        actor(request),
        request.params.id,
        request.body ?? {},
        request.query.with_stages === undefined || isYes(request.query.with_stages),
      );
      return reply.status(201).send({
        data: copy.category,
        meta: { stages_copied: copy.stagesCopied, duplicated_from: copy.duplicatedFrom },
      });
    },
  );

  const roleProfiles = entryAccess('organisation.role-profiles');
  api.put(
    '/organisation/role-profiles/bulk-update',
    {
      ...guard(roleProfiles.write),
      schema: {
        tags: ['role-profiles'],
        summary: 'Set the same fields on several role profiles (`?ids=1,2`), all or none',
        querystring: roleProfilesBulkUpdateQuerySchema,
        body: roleProfilesBulkUpdateBodySchema,
        response: { 200: roleProfilesBulkUpdateResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await bulkUpdateRoleProfiles(app.db, actor(request), request.query.ids, request.body),
    }),
  );

  api.get(
    '/organisation/role-profiles/account-codes',
    {
      ...guard(roleProfiles.read),
      schema: {
        tags: ['role-profiles'],
        summary: 'The distinct account codes the organisation’s role profiles are costed to',
        querystring: roleProfileAccountCodesQuerySchema,
        response: { 200: roleProfileAccountCodesResponseSchema, ...guardedErrors },
      },
    },
    async (request) => roleProfileAccountCodes(app.db, organisationOf(request).id, request.query.q),
  );

  api.get(
    '/organisation/zendesk-tickets/tags',
    {
      ...guard(entryAccess('organisation.zendesk-tickets').read),
      schema: {
        tags: ['zendesk-tickets'],
        summary: 'The distinct tags on the organisation’s support tickets, with how many carry each',
        response: { 200: zendeskTicketTagsResponseSchema, ...guardedErrors },
      },
    },
    async (request) => zendeskTicketTags(app.db, organisationOf(request).id),
  );

  api.delete(
    '/integrations/service/:integrationId/sync',
    {
      ...guard(entryAccess('integrations.service.sync').write),
      schema: {
        tags: ['integrations'],
        summary: 'Clear an integration’s sync records (all, or `?ids=1,2`)',
        params: integrationParamsSchema,
        querystring: integrationSyncClearQuerySchema,
        response: { 200: integrationSyncClearResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({
      data: await clearIntegrationSync(
        app.db,
        organisationOf(request).id,
        request.params.integrationId,
        request.query.ids,
      ),
    }),
  );

  const safeguarding = entryAccess('organisation.safeguarding');
  for (const withId of [false, true]) {
    const url = withId ? '/organisation/safeguarding/:id' : '/organisation/safeguarding';
    const params = withId ? { params: organisationCallIdParamsSchema } : {};
    const rawId = (request: { params: unknown }) =>
      withId ? (request.params as { id: string }).id : undefined;
    api.get(
      url,
      {
        ...guard(safeguarding.read),
        schema: {
          tags: ['safeguarding', 'catalogue'],
          summary: withId
            ? 'The safeguarding settings, named by their document id (organisation.safeguarding show)'
            : 'The organisation’s safeguarding settings, or the defaults (organisation.safeguarding show)',
          ...params,
          response: { 200: safeguardingResponseSchema, ...guardedErrors },
        },
      },
      async (request) => ({
        data: await showSafeguarding(app.db, organisationOf(request).id, rawId(request)),
      }),
    );
    api.put(
      url,
      {
        ...guard(safeguarding.write),
        schema: {
          tags: ['safeguarding', 'catalogue'],
          summary:
            'Save the safeguarding settings; omitted fields keep their value (organisation.safeguarding update)',
          ...params,
          body: safeguardingUpdateBodySchema,
          response: { 200: safeguardingResponseSchema, ...guardedErrors },
        },
      },
      async (request) => ({
        data: await updateSafeguarding(app.db, actor(request), request.body, rawId(request)),
      }),
    );
  }

  const savedList = entryAccess('organisation.saved-list');
  api.post(
    '/organisation/saved-list',
    {
      ...guard(savedList.write),
      schema: {
        tags: ['saved-list', 'catalogue'],
        summary: 'Save a named list of the organisation’s users (organisation.saved-list store)',
        body: savedListStoreBodySchema,
        response: { 201: savedListResponseSchema, ...guardedErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await storeSavedList(app.db, actor(request), request.body) }),
  );

  api.get(
    '/organisation/saved-list/:id',
    {
      ...guard(savedList.read),
      schema: {
        tags: ['saved-list', 'catalogue'],
        summary: 'A saved list with its people as they are now (organisation.saved-list show)',
        params: organisationCallIdParamsSchema,
        response: { 200: savedListResponseSchema, ...guardedErrors },
      },
    },
    async (request) => ({ data: await showSavedList(app.db, organisationOf(request).id, request.params.id) }),
  );

  await registerTeamCallRoutes(app);
}
