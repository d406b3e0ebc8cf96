import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataEnvelope,
  disclosureTypeSchema,
  paginatedResponseSchema,
  vettingCheckSchema,
} from '@muster/contract';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createUser } from '../../test/factories/user.js';
import { createDisclosureType } from '../../test/factories/vetting.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../test/tenant.js';

/*
 * Vetting through the generic catalogue routes (bindings/vetting.ts): disclosure types, checks at
 * `/vetting/` and under `/users/{userId}/vetting/`, the rules only the database sees, and who may
 * read and write them.
 */

let ctx: TestContext;
let a: Tenant;
let b: Tenant;
let vetter: Caller;
let typesManager: Caller;
let viewer: Caller;
let peopleViewer: Caller;
let volunteer: Caller;
let otherVetter: Caller;

type Errors = { errors: Record<string, string[]>; message: string };

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  b = await createTenant(ctx.app);
  vetter = await a.person(['view-vetting', 'manage-vetting']);
  typesManager = await a.person(['view-vetting', 'manage-disclosure-types']);
  viewer = await a.person(['view-vetting']);
  peopleViewer = await a.person(['view-users', 'manage-users']);
  volunteer = await a.person([]);
  otherVetter = await b.person(['view-vetting', 'manage-vetting']);
}, 60_000);
afterAll(() => ctx?.close());

const call = (
  caller: Caller | { host: string },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => callAs(ctx.app, 'headers' in caller ? caller.headers : caller, method, url, payload);

describe('disclosure types', () => {
  it('are created, listed in order, changed and deleted with manage-disclosure-types, read with view-vetting', async () => {
    const created = await call(typesManager, 'POST', '/api/organisation/disclosure-types/', {
      name: ' Enhanced DBS with barred list ',
      validity_months: 36,
      position: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const type = dataEnvelope(disclosureTypeSchema).parse(created.json()).data;
    expect(type).toMatchObject({
      name: 'Enhanced DBS with barred list',
      validity_months: 36,
      position: 2,
      active: true,
    });
    await call(typesManager, 'POST', '/api/organisation/disclosure-types/', {
      name: 'Basic DBS',
      position: 1,
    });
    const listed = await call(viewer, 'GET', '/api/organisation/disclosure-types/');
    expect(listed.statusCode).toBe(200);
    const names = paginatedResponseSchema(disclosureTypeSchema)
      .parse(listed.json())
      .data.map((row) => row.name);
    expect(names).toEqual(['Basic DBS', 'Enhanced DBS with barred list']);
    const changed = await call(typesManager, 'PUT', `/api/organisation/disclosure-types/${type.id}`, {
      active: false,
    });
    expect(changed.json<{ data: { active: boolean } }>().data.active).toBe(false);
    expect(
      (await call(vetter, 'POST', '/api/organisation/disclosure-types/', { name: 'X' })).statusCode,
    ).toBe(403);
    expect((await call(volunteer, 'GET', '/api/organisation/disclosure-types/')).statusCode).toBe(403);
    const bad = await call(typesManager, 'POST', '/api/organisation/disclosure-types/', {
      name: ' ',
      validity_months: 0,
    });
    expect(bad.json<Errors>().errors).toEqual({
      name: ['Please enter a name.'],
      validity_months: ['The validity must be at least 1 month.'],
    });
    expect((await call(otherVetter, 'GET', `/api/organisation/disclosure-types/${type.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(typesManager, 'DELETE', `/api/organisation/disclosure-types/${type.id}`)).statusCode,
    ).toBe(204);
  });
});

describe('vetting checks', () => {
  it('are recorded at /vetting/ and read under the person, with the caller as their author', async () => {
    const type = await createDisclosureType(ctx.db, a.id);
    const person = await createUser(ctx.db, a.id);
    const created = await call(vetter, 'POST', '/api/vetting/', {
      user_id: person.id,
      disclosure_type_id: type.id,
      reference_number: ' 001234567890 ',
      requested_on: '2026-03-01',
    });
    expect(created.statusCode, created.body).toBe(201);
    const check = dataEnvelope(vettingCheckSchema).parse(created.json()).data;
    expect(check).toEqual({
      id: check.id,
      user_id: person.id,
      disclosure_type_id: type.id,
      reference_number: '001234567890',
      status: 'requested',
      requested_on: '2026-03-01',
      cleared_on: null,
      expires_on: null,
      notes: null,
      created_by: vetter.id,
    });
    const cleared = await call(vetter, 'PUT', `/api/vetting/${check.id}`, {
      status: 'cleared',
      cleared_on: '2026-03-20',
      expires_on: '2029-03-19',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const mine = await call(viewer, 'GET', `/api/users/${person.id}/vetting/`);
    expect(paginatedResponseSchema(vettingCheckSchema).parse(mine.json()).data).toEqual([
      expect.objectContaining({
        id: check.id,
        status: 'cleared',
        cleared_on: '2026-03-20',
        expires_on: '2029-03-19',
      }),
    ]);
    const filtered = await call(viewer, 'GET', '/api/vetting/?status=cleared');
    expect(
      paginatedResponseSchema(vettingCheckSchema)
        .parse(filtered.json())
        .data.map((row) => row.id),
    ).toContain(check.id);
    const underPerson = await call(vetter, 'POST', `/api/users/${person.id}/vetting/`, {
      disclosure_type_id: type.id,
      status: 'in_progress',
    });
    expect(underPerson.statusCode, underPerson.body).toBe(201);
    const stored = underPerson.json<{ data: { user_id: number; requested_on: string } }>().data;
    expect(stored.user_id).toBe(person.id);
    // Requested today unless told otherwise.
    expect(stored.requested_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Recording checks is not managing their types; and a type in use cannot be deleted.
    expect((await call(vetter, 'DELETE', `/api/organisation/disclosure-types/${type.id}`)).statusCode).toBe(
      403,
    );
    const manager = await a.person(['manage-disclosure-types']);
    expect((await call(manager, 'DELETE', `/api/organisation/disclosure-types/${type.id}`)).statusCode).toBe(
      409,
    );
  });

  it('refuse what only the database sees, at the field to fix', async () => {
    const type = await createDisclosureType(ctx.db, a.id);
    const person = await createUser(ctx.db, a.id);
    const store = (body: object) =>
      call(vetter, 'POST', '/api/vetting/', {
        user_id: person.id,
        disclosure_type_id: type.id,
        requested_on: '2026-03-01',
        ...body,
      });
    const cases: [object, Record<string, string[]>][] = [
      [
        { status: 'cleared' },
        { cleared_on: ['Give the clearance date exactly when the check is cleared or expired.'] },
      ],
      [
        { status: 'in_progress', cleared_on: '2026-03-05' },
        { cleared_on: ['Give the clearance date exactly when the check is cleared or expired.'] },
      ],
      [
        { status: 'expired', cleared_on: '2026-03-05' },
        { expires_on: ['An expired check needs the day it expired.'] },
      ],
      [
        { status: 'cleared', cleared_on: '2026-02-28' },
        { cleared_on: ['A check cannot be cleared before it was requested.'] },
      ],
      [
        { status: 'cleared', cleared_on: '2026-03-05', expires_on: '2026-03-04' },
        { expires_on: ['A check cannot expire before it was cleared (or requested).'] },
      ],
      [
        { status: 'approved' },
        { status: ['The status must be requested, in_progress, cleared, rejected or expired.'] },
      ],
      [
        { requested_on: '2026-02-30' },
        { requested_on: ['Please enter the request date as a date, e.g. 2026-05-01.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await store(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json<Errors>().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await store({ reference_number: 'REF-1' })).statusCode).toBe(201);
    const again = await store({ reference_number: 'REF-1' });
    expect(again.json<Errors>().errors).toEqual({
      reference_number: ['A check of this disclosure type with this reference number is already recorded.'],
    });
  });

  it('name only the organisation’s people and types', async () => {
    const type = await createDisclosureType(ctx.db, a.id);
    const theirType = await createDisclosureType(ctx.db, b.id);
    const person = await createUser(ctx.db, a.id);
    const stranger = await createUser(ctx.db, b.id);
    const response = await call(vetter, 'POST', '/api/vetting/', {
      user_id: stranger.id,
      disclosure_type_id: theirType.id,
    });
    expect(response.json<Errors>().errors).toEqual({
      user_id: ['The person must be a user of this organisation.'],
      disclosure_type_id: ['The disclosure type must be one of this organisation’s.'],
    });
    const created = await call(vetter, 'POST', '/api/vetting/', {
      user_id: person.id,
      disclosure_type_id: type.id,
    });
    const id = created.json<{ data: { id: number } }>().data.id;
    expect((await call(otherVetter, 'GET', `/api/vetting/${id}`)).statusCode).toBe(404);
    expect((await call(otherVetter, 'GET', `/api/users/${person.id}/vetting/`)).statusCode).toBe(404);
  });

  it('are read by the person themself and vetters, never by view-users alone, and written only by vetters', async () => {
    const type = await createDisclosureType(ctx.db, a.id);
    await call(vetter, 'POST', `/api/users/${volunteer.id}/vetting/`, { disclosure_type_id: type.id });
    const own = await call(volunteer, 'GET', `/api/users/${volunteer.id}/vetting/`);
    expect(own.statusCode).toBe(200);
    expect(own.json<{ data: unknown[] }>().data).toHaveLength(1);
    expect(
      (await call(volunteer, 'POST', `/api/users/${volunteer.id}/vetting/`, { disclosure_type_id: type.id }))
        .statusCode,
    ).toBe(403);
    expect((await call(volunteer, 'GET', '/api/vetting/')).statusCode).toBe(403);
    expect((await call(peopleViewer, 'GET', `/api/users/${volunteer.id}/vetting/`)).statusCode).toBe(403);
    expect((await call(peopleViewer, 'GET', '/api/vetting/')).statusCode).toBe(403);
    expect(
      (await call(viewer, 'POST', '/api/vetting/', { user_id: volunteer.id, disclosure_type_id: type.id }))
        .statusCode,
    ).toBe(403);
    expect((await call(a.anonymous, 'GET', '/api/vetting/')).statusCode).toBe(401);
  });
});
