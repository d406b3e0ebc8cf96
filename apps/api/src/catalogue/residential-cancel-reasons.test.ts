import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataEnvelope,
  organisationResidentialCancelReasonSchema,
  paginatedResponseSchema,
} from '@muster/contract';
import { residentialBookings } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/context.js';
import { createTenant } from '../test/factories/catalogue.js';
import { createBooking, createCancelReason } from '../test/factories/residential.js';
import { createTeam } from '../test/factories/opportunity.js';
import { createUser } from '../test/factories/user.js';

/*
 * `/organisation/residential-cancel-reasons` through the generic catalogue module: any signed-in
 * user of the organisation reads them (volunteers choose one when cancelling a stay); only
 * holders of manage-residential write them.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const URL = '/api/organisation/residential-cancel-reasons';
const listSchema = paginatedResponseSchema(organisationResidentialCancelReasonSchema);
const itemSchema = dataEnvelope(organisationResidentialCancelReasonSchema);

async function tenant() {
  return createTenant(ctx.app, {
    volunteer: [],
    organisationManager: ['manage-organisation', 'view-users'],
    manager: ['manage-residential'],
  });
}

type Tenant = Awaited<ReturnType<typeof tenant>>;

function call(
  t: Tenant,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  caller?: { authorization: string },
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(caller ?? {}), host: t.host },
    ...(payload ? { payload } : {}),
  });
}

describe('organisation.residential-cancel-reasons', () => {
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    a = await tenant();
    b = await tenant();
  });

  it('lists the organisation’s reasons in their order to any signed-in user, retired ones too', async () => {
    await createCancelReason(ctx.db, a.id, { name: 'Other', position: 3 });
    await createCancelReason(ctx.db, a.id, { name: 'Illness', position: 1 });
    await createCancelReason(ctx.db, a.id, { name: 'No longer offered', position: 2, active: false });
    await createCancelReason(ctx.db, b.id, { name: 'Not theirs', position: 0 });
    const response = await call(a, 'GET', `${URL}?per_page=100`, a.volunteer);
    expect(response.statusCode).toBe(200);
    const body = listSchema.parse(response.json());
    expect(body.data.map((reason) => [reason.name, reason.active])).toEqual([
      ['Illness', true],
      ['No longer offered', false],
      ['Other', true],
    ]);
    expect(body.meta).toEqual({ current_page: 1, per_page: 100, total: 3 });
  });

  it('shows one reason to any signed-in user, and 404 for another organisation’s', async () => {
    const mine = await createCancelReason(ctx.db, a.id, { name: 'Travel problems' });
    const theirs = await createCancelReason(ctx.db, b.id);
    const shown = await call(a, 'GET', `${URL}/${mine.id}`, a.volunteer);
    expect(shown.statusCode).toBe(200);
    expect(itemSchema.parse(shown.json()).data).toEqual({
      id: mine.id,
      name: 'Travel problems',
      position: 0,
      active: true,
    });
    expect((await call(a, 'GET', `${URL}/${theirs.id}`, a.volunteer)).statusCode).toBe(404);
  });

  it('is 401 signed out, for reading and writing alike, before any 422', async () => {
    expect((await call(a, 'GET', URL)).statusCode).toBe(401);
    const reason = await createCancelReason(ctx.db, a.id);
    expect((await call(a, 'GET', `${URL}/${reason.id}`)).statusCode).toBe(401);
    expect((await call(a, 'GET', `${URL}?per_page=0`)).statusCode).toBe(401);
    expect((await call(a, 'POST', URL, undefined, { name: '' })).statusCode).toBe(401);
  });

  it('is 403 for writes without manage-residential (manage-organisation is not enough), before any 422', async () => {
    const reason = await createCancelReason(ctx.db, a.id);
    for (const caller of [a.volunteer, a.organisationManager]) {
      expect((await call(a, 'POST', URL, caller, { name: 'Weather' })).statusCode).toBe(403);
      expect((await call(a, 'POST', URL, caller, { name: '' })).statusCode).toBe(403);
      expect((await call(a, 'PUT', `${URL}/${reason.id}`, caller, { active: false })).statusCode).toBe(403);
      expect((await call(a, 'DELETE', `${URL}/${reason.id}`, caller)).statusCode).toBe(403);
    }
  });

  it('lets a manager add, retire and delete reasons, with 422 sentences for bad input', async () => {
    const created = await call(a, 'POST', URL, a.manager, { name: '  Weather  ', position: 5 });
    expect(created.statusCode).toBe(201);
    const reason = itemSchema.parse(created.json()).data;
    expect(reason).toMatchObject({ name: 'Weather', position: 5, active: true });

    const retired = await call(a, 'PUT', `${URL}/${reason.id}`, a.manager, { active: false });
    expect(retired.statusCode).toBe(200);
    expect(itemSchema.parse(retired.json()).data).toMatchObject({ name: 'Weather', active: false });

    const bad = await call(a, 'POST', URL, a.manager, { name: ' ', active: 'yes', position: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      name: ['Please enter a reason.'],
      active: ['Active must be true or false.'],
      position: ['The position must be 0 or more.'],
    });

    expect((await call(a, 'DELETE', `${URL}/${reason.id}`, a.manager)).statusCode).toBe(204);
    expect((await call(a, 'GET', `${URL}/${reason.id}`, a.volunteer)).statusCode).toBe(404);
  });

  it('refuses to delete a reason a cancelled stay was given (409); it can be retired instead', async () => {
    const reason = await createCancelReason(ctx.db, a.id);
    const team = await createTeam(ctx.db, a.id);
    const guest = await createUser(ctx.db, a.id);
    const booking = await createBooking(ctx.db, a.id, {
      userId: guest.id,
      teamId: team.id,
      startDate: '2030-06-01',
      endDate: '2030-06-08',
      status: 'cancelled',
    });
    await ctx.db
      .update(residentialBookings)
      .set({ cancelReasonId: reason.id, cancelledAt: new Date() })
      .where(eq(residentialBookings.id, booking.id));
    const refused = await call(a, 'DELETE', `${URL}/${reason.id}`, a.manager);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'The cancel reason is still in use and cannot be deleted.' });
  });

  it('never lets a manager of another organisation touch the reasons', async () => {
    const reason = await createCancelReason(ctx.db, a.id, { name: 'Kept' });
    expect((await call(b, 'PUT', `${URL}/${reason.id}`, b.manager, { name: 'Changed' })).statusCode).toBe(
      404,
    );
    expect((await call(b, 'DELETE', `${URL}/${reason.id}`, b.manager)).statusCode).toBe(404);
    const shown = await call(a, 'GET', `${URL}/${reason.id}`, a.volunteer);
    expect(itemSchema.parse(shown.json()).data.name).toBe('Kept');
  });
});
