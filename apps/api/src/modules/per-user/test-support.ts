import type { FastifyInstance } from 'fastify';
import { API_MEDIA_TYPE } from '@muster/contract';
import { PERMISSION_NAMES } from '../../db/seed/reference-data.js';
import { createSignedInAccount, type AccountOptions } from '../../test/factories/auth.js';
import { createOrganisation } from '../../test/factories/organisation.js';

/** A signed-in person of a test organisation: their id, primary email and request headers. */
export type Person = {
  id: number;
  email: string;
  headers: { host: string; accept: string; authorization: string };
};

/**
 * An organisation with the people the per-user tests call as: an administrator holding every
 * permission, a manager (view-users and manage-users), a viewer (view-users), and two people
 * holding nothing (`person`, whose records are acted on, and `other`). No passwords are hashed:
 * the tokens are made directly.
 */
export async function perUserTenant(app: FastifyInstance) {
  const organisation = await createOrganisation(app.db);
  const host = organisation.hosts[0] ?? '';
  const make = async (permissions: string[], options: AccountOptions = {}): Promise<Person> => {
    const account = await createSignedInAccount(app, organisation.id, {
      password: null,
      permissions,
      ...options,
    });
    return {
      id: account.id,
      email: account.email,
      headers: { host, accept: API_MEDIA_TYPE, authorization: `Bearer ${account.token}` },
    };
  };
  return {
    id: organisation.id,
    name: organisation.name,
    host,
    anonymous: { host, accept: API_MEDIA_TYPE },
    make,
    admin: await make([...PERMISSION_NAMES]),
    manager: await make(['view-users', 'manage-users']),
    viewer: await make(['view-users']),
    person: await make([]),
    other: await make([]),
  };
}

export type PerUserTenant = Awaited<ReturnType<typeof perUserTenant>>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON request through `inject`, answering the status and the parsed body. */
export async function send(
  app: FastifyInstance,
  method: Method,
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
): Promise<{
  status: number;
  body: Record<string, unknown> & { data?: unknown; errors?: Record<string, string[]> };
}> {
  const response = await app.inject({
    method,
    url,
    headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  const text = response.body;
  return {
    status: response.statusCode,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}
