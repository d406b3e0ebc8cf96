import type { FastifyInstance } from 'fastify';
import { API_MEDIA_TYPE } from '@muster/contract';
import { insertDocument } from '../../catalogue/document-repository.js';
import { PERMISSION_NAMES } from '../../db/seed/reference-data.js';
import { createTestContext, type TestContext } from '../../test/context.js';
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

/** The arguments of `send` after the app. */
type SendArgs = Parameters<typeof send> extends [unknown, ...infer Rest] ? Rest : never;

/** A test context and two organisations with their people: `a`, where the tests act, and `b`, another. */
export async function perUserWorld(): Promise<{ ctx: TestContext; a: PerUserTenant; b: PerUserTenant }> {
  const ctx = await createTestContext();
  return { ctx, a: await perUserTenant(ctx.app), b: await perUserTenant(ctx.app) };
}

/** A stored record as the tests read it from an answer. */
export type Doc = Record<string, unknown> & { id: number };

/** The `data` of an answer holding one record. */
export const dataOf = (body: { data?: unknown }) => body.data as Doc;

/** The `data` of an answer holding a list of records. */
export const listOf = (body: { data?: unknown }) => body.data as Doc[];

/**
 * The helpers of a per-user test file, on the context and home organisation its `beforeAll`
 * makes (read when called, hence the getter): `call` sends a JSON request; `documentOf` stores
 * a per-user document as the generic document routes would; `message` stores an inbox message
 * of the person (in the home organisation unless told).
 */
export function perUserHelpers(world: () => { ctx: TestContext; home: PerUserTenant }) {
  const documentOf = (
    organisationId: number,
    entry: string,
    parentKey: string,
    body: Record<string, unknown>,
  ) => insertDocument(world().ctx.db, { organisationId, entry, parentKey }, body, null);
  return {
    call: (...args: SendArgs) => send(world().ctx.app, ...args),
    documentOf,
    message: (person: { id: number }, body: Record<string, unknown>, organisationId = world().home.id) =>
      documentOf(organisationId, 'users.messaging', `userId=${person.id}`, {
        subject: 'Rota for Saturday',
        body: 'See you at nine.',
        folder: 'inbox',
        read_at: null,
        ...body,
      }),
  };
}
