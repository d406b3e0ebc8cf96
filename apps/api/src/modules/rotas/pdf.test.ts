import { PDFParse } from 'pdf-parse';
import { errorResponseSchema } from '@muster/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotaDays } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createTeamRow, createTenant } from '../../test/factories/catalogue.js';
import { createUser } from '../../test/factories/user.js';
import { createRota, createShift, createSignup } from './test-factories.js';

/*
 * GET `/rota/{date}/pdf`: a real PDF of the day's rota, read back with a PDF parser to find the
 * date, the teams, the shifts and the names of the people on them.
 */

/** The field errors of a 422 answer. */
function errorsOf(response: { json: () => unknown }): Record<string, string[]> {
  return errorResponseSchema.parse(response.json()).errors ?? {};
}

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function tenant() {
  return createTenant(ctx.app, { viewer: ['view-rota'], manager: ['manage-rota'], nobody: [] });
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

function get(t: Tenant, url: string, caller?: { authorization: string }) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { host: t.host, ...(caller ? { authorization: caller.authorization } : {}) },
  });
}

/** The text of every page of a PDF, lines joined by newlines. */
async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('GET /rota/{date}/pdf', () => {
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    a = await tenant();
    b = await tenant();
  });

  it('prints the day’s shifts by team with the names of the people taking a place', async () => {
    const kitchen = await createTeamRow(ctx.db, a.id, { name: 'Kitchen crew' });
    const garden = await createTeamRow(ctx.db, a.id, { name: 'Garden crew' });
    const café = await createRota(ctx.db, a.id, { name: 'Community café', teamId: kitchen.id });
    const grounds = await createRota(ctx.db, a.id, { name: 'Grounds' });
    const retired = await createRota(ctx.db, a.id, { name: 'Old rota', active: false });
    const breakfast = await createShift(ctx.db, a.id, café.id, {
      date: '2030-12-03',
      name: 'Breakfast service',
      startTime: '07:30',
      endTime: '10:00',
      capacity: 3,
    });
    const weeding = await createShift(ctx.db, a.id, grounds.id, {
      date: '2030-12-03',
      teamId: garden.id,
      name: 'Weeding',
      startTime: '13:00',
      endTime: '16:00',
      capacity: null,
      notes: 'Gloves provided',
    });
    const otherDay = await createShift(ctx.db, a.id, café.id, { date: '2030-12-04', name: 'Tomorrow shift' });
    await createShift(ctx.db, a.id, retired.id, { date: '2030-12-03', name: 'Retired shift' });
    const ada = await createUser(ctx.db, a.id, { firstName: 'Ada', lastName: 'Lovelace' });
    const grace = await createUser(ctx.db, a.id, {
      firstName: 'Grace',
      lastName: 'Hopper',
      preferredName: 'Amazing',
    });
    const alan = await createUser(ctx.db, a.id, { firstName: 'Alan', lastName: 'Turing' });
    const tim = await createUser(ctx.db, a.id, { firstName: 'Tim', lastName: 'Berners' });
    await createSignup(ctx.db, a.id, breakfast.id, ada.id, { status: 'confirmed' });
    await createSignup(ctx.db, a.id, breakfast.id, grace.id);
    await createSignup(ctx.db, a.id, breakfast.id, alan.id, { status: 'cancelled' });
    await createSignup(ctx.db, a.id, weeding.id, alan.id);
    await createSignup(ctx.db, a.id, otherDay.id, tim.id);
    await ctx.db
      .insert(rotaDays)
      .values({
        organisationId: a.id,
        rotaId: grounds.id,
        date: '2030-12-03',
        notes: 'Storm expected after 4pm',
      });

    const response = await get(a, '/api/rota/2030-12-03/pdf', a.viewer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="rota-2030-12-03.pdf"');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await pdfText(bytes);
    expect(text).toContain('Rota for Tuesday 3 December 2030');
    expect(text).toContain('Grounds: Storm expected after 4pm');
    for (const expected of [
      'Garden crew',
      'Kitchen crew',
      '07:30–10:00 Breakfast service',
      'Community café · 2 of 3 places filled, 1 open',
      'Ada Lovelace (confirmed)',
      'Amazing Hopper',
      '13:00–16:00 Weeding',
      'Grounds · 1 signed up',
      'Gloves provided',
      'Alan Turing',
    ]) {
      expect(text.replace(/[ \t]+/g, ' ')).toContain(expected);
    }
    // Garden before Kitchen (by name); cancelled people, other days and inactive rotas left out.
    expect(text.indexOf('Garden crew')).toBeLessThan(text.indexOf('Kitchen crew'));
    expect(text.match(/Alan Turing/g)).toHaveLength(1);
    expect(text).not.toContain('Tim Berners');
    expect(text).not.toContain('Tomorrow shift');
    expect(text).not.toContain('Retired shift');

    const gardenOnly = await pdfText(
      (await get(a, `/api/rota/2030-12-03/pdf?team_id=${garden.id}`, a.viewer)).rawPayload,
    );
    expect(gardenOnly).toContain('Team: Garden crew');
    expect(gardenOnly).toContain('Weeding');
    expect(gardenOnly).not.toContain('Breakfast service');

    const caféOnly = await pdfText(
      (await get(a, `/api/rota/2030-12-03/pdf?rota_id=${café.id}`, a.viewer)).rawPayload,
    );
    expect(caféOnly).toContain('Rota: Community café');
    expect(caféOnly).not.toContain('Weeding');
    expect(caféOnly).not.toContain('Storm expected');
  });

  it('prints an empty day, and keeps other organisations’ shifts out', async () => {
    const theirRota = await createRota(ctx.db, b.id, { name: 'Their rota' });
    await createShift(ctx.db, b.id, theirRota.id, { date: '2030-12-10', name: 'Their shift' });
    const response = await get(a, '/api/rota/2030-12-10/pdf', a.viewer);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Rota for Tuesday 10 December 2030');
    expect(text).toContain('No shifts on this day.');
    expect(text).not.toContain('Their shift');
    expect((await get(a, `/api/rota/2030-12-10/pdf?rota_id=${theirRota.id}`, a.viewer)).statusCode).toBe(404);
  });

  it('answers 401 signed out and 403 without view-rota, before 422 for a bad date', async () => {
    expect((await get(a, '/api/rota/2030-12-03/pdf')).statusCode).toBe(401);
    expect((await get(a, '/api/rota/not-a-date/pdf')).statusCode).toBe(401);
    expect((await get(a, '/api/rota/2030-12-03/pdf', a.nobody)).statusCode).toBe(403);
    expect((await get(a, '/api/rota/2030-12-03/pdf', a.manager)).statusCode).toBe(403);
    const bad = await get(a, '/api/rota/2030-02-31/pdf?team_id=x', a.viewer);
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual({ 'params.date': ['Please enter the date as a date, e.g. 2026-05-01.'] });
    const badQuery = await get(a, '/api/rota/2030-02-28/pdf?team_id=x', a.viewer);
    expect(errorsOf(badQuery)).toEqual({ 'querystring.team_id': ['The team must be a team id.'] });
  });
});
