import type { FastifyInstance } from 'fastify';
import { createSignedInAccount } from './factories/auth.js';
import { createOrganisation } from './factories/organisation.js';

/** Someone signed in to an organisation: their user id and the headers to call as them. */
export type Caller = { id: number; headers: { host: string; authorization: string } };

/** An organisation and its host, with a way to sign in new people holding given permissions. */
export async function createTenant(app: FastifyInstance) {
  const organisation = await createOrganisation(app.db);
  const host = organisation.hosts[0] ?? '';
  const person = async (permissions: string[] = []): Promise<Caller> => {
    const account = await createSignedInAccount(app, organisation.id, { permissions });
    return { id: account.id, headers: { host, authorization: `Bearer ${account.token}` } };
  };
  return { id: organisation.id, host, anonymous: { host }, person };
}

export type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** `app.inject` with the caller's headers and an optional JSON body. */
export function callAs(
  app: FastifyInstance,
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
