import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_USER_DETAILS, type UserConsent } from '@muster/contract';
import { consentChangeLogs, userConsentAnswers } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAccount, sessionTokenFor, uniqueEmail } from '../../test/factories/auth.js';
import { createConsent } from '../../test/factories/opportunity.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { COMPULSORY_ANSWER_KEPT } from './service.js';

/*
 * The catalogue's generic operations of `users.consents` (docs/catalogue.md): a record is the
 * user's answer to one consent, named by the consent id: store (answer `id`), show, delete.
 */

let ctx: TestContext;
let organisationId: number;
const host = 'consent-records.test';
const otherHost = 'consent-records-other.test';
let compulsory: Awaited<ReturnType<typeof createConsent>>;
let optional: Awaited<ReturnType<typeof createConsent>>;
let foreign: Awaited<ReturnType<typeof createConsent>>;

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db, { hosts: [host] })).id;
  const otherId = (await createOrganisation(ctx.db, { hosts: [otherHost] })).id;
  compulsory = await createConsent(ctx.db, organisationId, {
    statement: 'May we take photographs?',
    type: 'radio',
    compulsory: true,
    options: ['Yes', 'No'],
  });
  optional = await createConsent(ctx.db, organisationId, {
    statement: 'Newsletter?',
    type: 'radio',
    compulsory: false,
    options: ['Yes', 'No'],
  });
  foreign = await createConsent(ctx.db, otherId, { statement: 'Elsewhere' });
});
afterAll(() => ctx.close());

async function account(permissions: string[] = []) {
  const created = await createAccount(ctx.db, organisationId, {
    email: uniqueEmail('consent-records'),
    permissions,
  });
  return { ...created, token: await sessionTokenFor(ctx.app, organisationId, created.id) };
}

function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
  onHost = host,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { host: onHost, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const optionOf = (consent: typeof optional, value: string) =>
  consent.options.find((option) => option.value === value)?.id ?? 0;

async function answersOf(userId: number, consentId: number) {
  return ctx.db
    .select()
    .from(userConsentAnswers)
    .where(and(eq(userConsentAnswers.userId, userId), eq(userConsentAnswers.consentId, consentId)));
}

describe('users.consents store, show and delete', () => {
  it('stores an answer (logged), shows the one consent, deletes the answer (logged as removed)', async () => {
    const person = await account();
    const base = `/api/users/${person.id}/consents`;
    const stored = await call('POST', base, person.token, {
      id: optional.id,
      answer: optionOf(optional, 'Yes'),
    });
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json<{ data: { data: UserConsent } }>().data.data).toMatchObject({
      id: optional.id,
      answer: optionOf(optional, 'Yes'),
    });
    expect(await answersOf(person.id, optional.id)).toHaveLength(1);

    const shown = await call('GET', `${base}/${optional.id}`, person.token);
    expect(shown.statusCode).toBe(200);
    const consent = shown.json<{ data: { data: UserConsent } }>().data.data;
    expect(consent).toMatchObject({
      id: optional.id,
      statement: 'Newsletter?',
      answer: optionOf(optional, 'Yes'),
    });
    expect(consent.logs.map((log) => [log.old_value, log.new_value])).toEqual([[null, 'Yes']]);

    expect((await call('DELETE', `${base}/${optional.id}`, person.token)).statusCode).toBe(204);
    expect(await answersOf(person.id, optional.id)).toEqual([]);
    const logs = await ctx.db
      .select()
      .from(consentChangeLogs)
      .where(and(eq(consentChangeLogs.userId, person.id), eq(consentChangeLogs.consentId, optional.id)));
    expect(logs.map((log) => [log.oldValue, log.newValue]).sort()).toEqual([
      [null, 'Yes'],
      ['Yes', null],
    ]);
  });

  it('409 for removing the answer to a compulsory consent; 422 for a bad store body', async () => {
    const person = await account();
    const base = `/api/users/${person.id}/consents`;
    await call('POST', base, person.token, { id: compulsory.id, answer: optionOf(compulsory, 'No') });
    const kept = await call('DELETE', `${base}/${compulsory.id}`, person.token);
    expect(kept.statusCode).toBe(409);
    expect(kept.json<{ message: string }>().message).toBe(COMPULSORY_ANSWER_KEPT);
    expect(await answersOf(person.id, compulsory.id)).toHaveLength(1);
    const bad = await call('POST', base, person.token, { id: 'x', answer: 'y' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual(['answer', 'id']);
    const notAnOption = await call('POST', base, person.token, {
      id: optional.id,
      answer: optionOf(compulsory, 'No'),
    });
    expect(notAnOption.json<{ errors: object }>().errors).toHaveProperty('answer');
  });

  it('401, 403 (others without changeUserDetails; view-users only reads), 404 for another organisation’s consent or user', async () => {
    const person = await account();
    const stranger = await account();
    const viewer = await account(['view-users']);
    const staff = await account([CHANGE_USER_DETAILS]);
    const base = `/api/users/${person.id}/consents`;
    const body = { id: optional.id, answer: optionOf(optional, 'No') };
    expect((await call('POST', base, undefined, body)).statusCode).toBe(401);
    expect((await call('GET', `${base}/${optional.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `${base}/${optional.id}`)).statusCode).toBe(401);
    expect((await call('POST', base, stranger.token, body)).statusCode).toBe(403);
    expect((await call('GET', `${base}/${optional.id}`, stranger.token)).statusCode).toBe(403);
    expect((await call('DELETE', `${base}/${optional.id}`, viewer.token)).statusCode).toBe(403);
    expect((await call('GET', `${base}/${optional.id}`, viewer.token)).statusCode).toBe(200);
    expect((await call('POST', base, staff.token, body)).statusCode).toBe(201);
    expect((await call('DELETE', `${base}/${optional.id}`, staff.token)).statusCode).toBe(204);
    expect((await call('GET', `${base}/${foreign.id}`, person.token)).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${foreign.id}`, person.token)).statusCode).toBe(404);
    expect((await call('POST', base, person.token, { id: foreign.id, answer: null })).statusCode).toBe(404);
    expect((await call('GET', `${base}/${optional.id}`, person.token, undefined, otherHost)).statusCode).toBe(
      401,
    );
  });
});
