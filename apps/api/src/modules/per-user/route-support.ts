import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { errorResponseSchema, resourcePermissions } from '@muster/contract';
import { rethrowValidation, viewerOf } from '../../plugins/auth.js';
import { organisationOf } from '../../plugins/tenancy.js';
import { selfOnly, selfOrPermission } from './access.js';
import type { CallContext } from './calls-service.js';

/*
 * What the per-user calls (routes.ts) and the same calls seen as records (records-routes.ts)
 * declare alike: their error answers, their guards, and how a request names the user and the
 * organisation it acts in.
 */

/** The error answers of a guarded per-user route. */
export const guardedErrors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};

/** The error answers of a per-user write that may conflict with the record's state. */
export const writeErrors = { ...guardedErrors, 409: errorResponseSchema };

/** The body of a 204 answer. */
export const deleted = z.null().describe('Deleted.');

/** A page query (`page`, `per_page`) as the services take it. */
export function pageOf(query: { page: number; per_page: number }): { page: number; perPage: number } {
  return { page: query.page, perPage: query.per_page };
}

/**
 * The guards of the per-user routes (the user themself or a holder of `view-users` /
 * `manage-users`, holders only, or the user themself only) and the readers of a request's scope
 * and call context.
 */
export function perUserRouteKit(app: FastifyInstance) {
  const { view, manage } = resourcePermissions('users');
  const guard = (access: preHandlerAsyncHookHandler) => ({
    attachValidation: true,
    // Authorisation before validation: a caller who may not act learns nothing of the input rules.
    preHandler: [access, rethrowValidation],
  });
  const organisationRefOf = (request: FastifyRequest) => {
    const organisation = organisationOf(request);
    return { id: organisation.id, name: organisation.name };
  };
  const scopeOf = (request: FastifyRequest) => ({
    organisationId: organisationOf(request).id,
    userId: Number((request.params as { userId: string }).userId),
  });
  const contextOf = (request: FastifyRequest): CallContext => ({
    organisation: organisationRefOf(request),
    scope: scopeOf(request),
    actorId: viewerOf(request).userId,
    publicOrigin: app.config.publicOrigin,
  });
  return {
    ownOrView: guard(selfOrPermission(app, view)),
    ownOrManage: guard(selfOrPermission(app, manage)),
    managers: guard(app.requirePermission(manage)),
    viewers: guard(app.requirePermission(view)),
    onlySelf: guard(selfOnly(app)),
    tags: ['users'],
    organisationRefOf,
    scopeOf,
    contextOf,
  };
}
