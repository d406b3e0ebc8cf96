import type { FastifyInstance } from 'fastify';
import { todayIn } from '@muster/contract';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createTenant } from '../../test/factories/catalogue.js';

/*
 * What the residential staff tests (settings, staff bookings) set up alike: an organisation with
 * its callers, requests as one of them, and dates relative to today.
 */

/** The headers to call as: the host, and a bearer token unless signed out. */
export type Caller = { host: string; authorization?: string };

/**
 * An organisation with a `manager` (manage-residential), a `reader` (view-residential-bookings),
 * a signed-in `nobody` holding nothing, and `anonymous` (signed out).
 */
export async function residentialTenant(app: FastifyInstance) {
  const created = await createTenant(app, {
    manager: ['manage-residential'],
    reader: ['view-residential-bookings'],
    nobody: [],
  });
  return { ...created, anonymous: { host: created.host } as Caller };
}

export type ResidentialTenant = Awaited<ReturnType<typeof residentialTenant>>;

/** A test context and two organisations with their callers: `a`, where the tests act, and `b`, another. */
export async function residentialWorld(): Promise<{
  ctx: TestContext;
  a: ResidentialTenant;
  b: ResidentialTenant;
}> {
  const ctx = await createTestContext();
  return { ctx, a: await residentialTenant(ctx.app), b: await residentialTenant(ctx.app) };
}

/** A request through `inject` as the caller, with an optional JSON body. */
export function callAs(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Caller,
  payload?: object,
) {
  return app.inject({ method, url, headers: who, ...(payload === undefined ? {} : { payload }) });
}

/** The arguments of `callAs` after the app. */
export type CallArgs = Parameters<typeof callAs> extends [unknown, ...infer Rest] ? Rest : never;

export type Reply = Awaited<ReturnType<typeof callAs>>;

/** The `errors` of a 422 answer, keyed by field. */
export const errorsOf = (reply: Reply) => reply.json<{ errors: Record<string, string[]> }>().errors;

/** A date `days` after today in the test organisations' time zone (Europe/London). */
export function inDays(days: number): string {
  const date = new Date(`${todayIn('Europe/London')}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
