import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../../plugins/errors.js';

/*
 * Who may call a per-user route: the person the path names (`{userId}`), a holder of the
 * entry's permission, or only the person themself. Each guard carries `requiredAccess` for the
 * OpenAPI document, as the auth plugin's own guards do.
 */

/** True when the signed-in caller is the user the path names. */
export function isSelf(request: FastifyRequest): boolean {
  const userId = (request.params as Record<string, string | undefined>).userId;
  return request.session !== null && String(request.session.userId) === userId;
}

/** The user themself without a permission; anyone else needs `permission` (401, 403). */
export function selfOrPermission(app: FastifyInstance, permission: string): preHandlerAsyncHookHandler {
  const permissionCheck = app.requirePermission(permission);
  const guard: preHandlerAsyncHookHandler = async function (request, reply) {
    if (isSelf(request)) {
      return;
    }
    await permissionCheck.call(this, request, reply);
  };
  return Object.assign(guard, { requiredAccess: `${permission} (or the user themself)` });
}

/** Only the user themself (401 for nobody, 403 for anyone else, administrators included). */
export function selfOnly(app: FastifyInstance): preHandlerAsyncHookHandler {
  const signedIn = app.requireAuth;
  const guard: preHandlerAsyncHookHandler = async function (request, reply) {
    await signedIn.call(this, request, reply);
    if (!isSelf(request)) {
      throw new HttpError(403, 'Only the user themself may do that.');
    }
  };
  return Object.assign(guard, { requiredAccess: 'the user themself' });
}
