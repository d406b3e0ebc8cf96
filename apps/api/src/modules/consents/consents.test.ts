import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentMessages, type UserConsent } from '@muster/contract';
import { organisations, securityLog } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAccount, sessionTokenFor, uniqueEmail } from '../../test/factories/auth.js';
import { createConsent } from '../../test/factories/opportunity.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { timezoneData } from './service.js';

type Answer = { message?: string; errors?: Record<string, string[]>; data?: { data: unknown } };

let ctx: TestContext;
let organisationId: number;
let otherOrganisationId: number;
const host = 'consents.test';
const otherHost = 'consents-other.test';
let radio: Awaited<ReturnType<typeof createConsent>>;
let single: Awaited<ReturnType<typeof createConsent>>;
let multiple: Awaited<ReturnType<typeof createConsent>>;
let optional: Awaited<ReturnType<typeof createConsent>>;
let foreign: Awaited<ReturnType<typeof createConsent>>;

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db, { hosts: [host], name: 'Consent Org' })).id;
  otherOrganisationId = (await createOrganisation(ctx.db, { hosts: [otherHost], name: 'Other Consent Org' })).id;
  await ctx.db.update(organisations).set({ timezone: 'Europe/London' }).where(eq(organisations.id, organisationId));
  radio = await createConsent(ctx.db, organisationId, {
    statement: 'May we take photographs?',
    type: 'radio',
    compulsory: true,
    options: ['Yes', 'No'],
    position: 0,
  });
  single = await createConsent(ctx.db, organisationId, {
    statement: 'I agree to the code of conduct.',
    type: 'checkbox',
    compulsory: true,
    options: ['I agree'],
    position: 1,
  });
  multiple = await createConsent(ctx.db, organisationId, {
    statement: 'How may we contact you?',
    type: 'multiple-checkboxes',
    compulsory: false,
    options: ['Email', 'Phone', 'Post'],
    position: 2,
  });
  optional = await createConsent(ctx.db, organisationId, {
    statement: 'Newsletter?',
    type: 'radio',
    compulsory: false,
    options: ['Yes', 'No'],
    position: 3,
  });
  foreign = await createConsent(ctx.db, otherOrganisationId, { statement: 'Elsewhere', type: 'checkbox' });
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'PUT', url: string, token?: string, payload?: object, onHost = host) {
  return ctx.app.inject({
    method,
    url,
    headers: { host: onHost, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function account(permissions: string[] = [], inOrganisation = organisationId) {
  const created = await createAccount(ctx.db, inOrganisation, {
    email: uniqueEmail('consents'),
    firstName: 'Casey',
    lastName: `Person${Math.floor(Math.random() * 1e6)}`,
    permissions,
  });
  const token = await sessionTokenFor(ctx.app, inOrganisation, created.id);
  return { ...created, token, url: `/api/users/${created.id}/consents` };
}

function optionId(consent: typeof radio, value: string): number {
  const option = consent.options.find((entry) => entry.value === value);
  if (!option) {
    throw new Error(`no option ${value}`);
  }
  return option.id;
}

async function list(url: string, token: string): Promise<UserConsent[]> {
  const response = await call('GET', url, token);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { data: UserConsent[] } }>().data.data;
}

async function refusals(userId: number) {
  return ctx.db
    .select()
    .from(securityLog)
    .where(and(eq(securityLog.userId, userId), eq(securityLog.event, 'authorisation_failed')));
}

describe('who may call', () => {
  it('answers 401 without a session', async () => {
    const user = await account();
    expect((await call('GET', user.url)).statusCode).toBe(401);
    const put = await call('PUT', `${user.url}/${radio.id}`, undefined, { id: radio.id, answer: null });
    expect(put.statusCode).toBe(401);
  });

  it('answers 403 to someone without changeUserDetails, and logs the refusal', async () => {
    const user = await account();
    const stranger = await account();
    const get = await call('GET', user.url, stranger.token);
    expect(get.statusCode).toBe(403);
    const body = { id: radio.id, compulsory: true, answer: optionId(radio, 'Yes') };
    const put = await call('PUT', `${user.url}/${radio.id}`, stranger.token, body);
    expect(put.statusCode).toBe(403);
    expect(put.json<Answer>().message).toBe(consentMessages.forbidden);
    const rows = await refusals(stranger.id);
    expect(rows.map((row) => row.details?.route)).toEqual(
      expect.arrayContaining(['/api/users/:userId/consents', '/api/users/:userId/consents/:consentId']),
    );
    expect(rows.every((row) => row.outcome === 'failure' && row.details?.status === 403)).toBe(true);
    expect((await list(user.url, user.token))[0]?.answer).toBeNull();
  });

  it('lets view-users read but not change someone else’s consents', async () => {
    const user = await account();
    const viewer = await account(['view-users']);
    expect(await list(user.url, viewer.token)).toHaveLength(4);
    const put = await call('PUT', `${user.url}/${radio.id}`, viewer.token, { id: radio.id, answer: optionId(radio, 'No') });
    expect(put.statusCode).toBe(403);
  });

  it('answers 404 for a user of another organisation, even to changeUserDetails', async () => {
    const admin = await account(['changeUserDetails']);
    const elsewhere = await account([], otherOrganisationId);
    expect((await call('GET', elsewhere.url, admin.token)).statusCode).toBe(404);
    const put = await call('PUT', `${elsewhere.url}/${radio.id}`, admin.token, { id: radio.id, answer: optionId(radio, 'No') });
    expect(put.statusCode).toBe(404);
  });

  it('answers 404 for a consent of another organisation or none at all', async () => {
    const user = await account();
    const put = await call('PUT', `${user.url}/${foreign.id}`, user.token, { id: foreign.id, answer: null });
    expect(put.statusCode).toBe(404);
    const none = await call('PUT', `${user.url}/999999`, user.token, { id: 999999, answer: null });
    expect(none.statusCode).toBe(404);
  });

  it('does not carry a token to another organisation’s host', async () => {
    const user = await account();
    expect((await call('GET', user.url, user.token, undefined, otherHost)).statusCode).toBe(401);
  });
});

describe('bad answers', () => {
  it('answers 422 for an option of another consent, compulsory without an answer, and a bad body', async () => {
    const user = await account();
    const url = `${user.url}/${radio.id}`;
    const wrongOption = await call('PUT', url, user.token, { id: radio.id, answer: optionId(multiple, 'Email') });
    expect(wrongOption.statusCode).toBe(422);
    expect(wrongOption.json<Answer>().errors).toEqual({ answer: [consentMessages.notAnOption] });

    const empty = await call('PUT', url, user.token, { id: radio.id, compulsory: true, answer: null });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<Answer>().errors).toEqual({ answer: ['Please select an option'] });

    // The server reads compulsory from the question, not from the body.
    const claimed = await call('PUT', `${user.url}/${single.id}`, user.token, { id: single.id, compulsory: false, answer: null });
    expect(claimed.json<Answer>().errors).toEqual({ answer: ['You must agree to the above statement'] });

    const two = await call('PUT', url, user.token, { id: radio.id, answer: [optionId(radio, 'Yes'), optionId(radio, 'No')] });
    expect(two.json<Answer>().errors).toEqual({ answer: [consentMessages.onlyOne] });

    const mismatch = await call('PUT', url, user.token, { id: single.id, answer: null });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json<Answer>().errors).toHaveProperty('id');

    const shape = await call('PUT', url, user.token, { id: radio.id, answer: 'Yes' });
    expect(shape.statusCode).toBe(422);
    expect(shape.json<Answer>().errors).toHaveProperty('answer');

    const badConsentId = await call('PUT', `${user.url}/abc`, user.token, { id: radio.id, answer: null });
    expect(badConsentId.statusCode).toBe(422);

    const consents = await list(user.url, user.token);
    expect(consents.every((consent) => consent.logs.length === 0)).toBe(true);
  });

  it('answers 401 before 422 to a caller without a session', async () => {
    const user = await account();
    expect((await call('PUT', `${user.url}/${radio.id}`, undefined, { answer: 'x' })).statusCode).toBe(401);
  });
});

describe('changes and their history', () => {
  it('lists every consent in order with its options, answer and empty history', async () => {
    const user = await account();
    const consents = await list(user.url, user.token);
    expect(consents.map((consent) => consent.id)).toEqual([radio.id, single.id, multiple.id, optional.id]);
    expect(consents[0]).toEqual({
      id: radio.id,
      statement: 'May we take photographs?',
      compulsory: true,
      type: 'radio',
      options: [
        { id: optionId(radio, 'Yes'), value: 'Yes' },
        { id: optionId(radio, 'No'), value: 'No' },
      ],
      answer: null,
      logs: [],
    });
    expect(consents[2]?.answer).toEqual([]);
  });

  it('the user changes their own answers; each change is logged with who, when, old and new value and time zone', async () => {
    const user = await account();
    const url = `${user.url}/${radio.id}`;
    const first = await call('PUT', url, user.token, { id: radio.id, compulsory: true, answer: optionId(radio, 'Yes') });
    expect(first.statusCode).toBe(200);
    const second = await call('PUT', url, user.token, { id: radio.id, compulsory: true, answer: optionId(radio, 'No') });
    const saved = second.json<{ data: { data: UserConsent } }>().data.data;
    expect(saved.answer).toBe(optionId(radio, 'No'));
    expect(saved.logs).toHaveLength(2);
    const [latest, earlier] = saved.logs;
    expect(latest).toMatchObject({
      old_value: 'Yes',
      new_value: 'No',
      created_by: { display_name: `Casey ${user.lastName}` },
      timezone_data: { name: 'Europe/London' },
    });
    expect(earlier).toMatchObject({ old_value: null, new_value: 'Yes' });
    expect(['GMT', 'BST']).toContain(latest?.timezone_data.alias);
    expect(['+00:00', '+01:00']).toContain(latest?.timezone_data.offset);
    expect(Date.parse(latest?.created_at ?? '')).not.toBeNaN();

    const listed = await list(user.url, user.token);
    expect(listed[0]?.logs).toEqual(saved.logs);
  });

  it('an unchanged answer writes no log entry', async () => {
    const user = await account();
    const body = { id: single.id, answer: optionId(single, 'I agree') };
    await call('PUT', `${user.url}/${single.id}`, user.token, body);
    const again = await call('PUT', `${user.url}/${single.id}`, user.token, body);
    expect(again.json<{ data: { data: UserConsent } }>().data.data.logs).toHaveLength(1);
  });

  it('multiple checkboxes keep a list; removing an optional answer logs "removed"', async () => {
    const user = await account();
    const url = `${user.url}/${multiple.id}`;
    const both = await call('PUT', url, user.token, {
      id: multiple.id,
      answer: [optionId(multiple, 'Post'), optionId(multiple, 'Email')],
    });
    expect(both.json<{ data: { data: UserConsent } }>().data.data.answer).toEqual([
      optionId(multiple, 'Email'),
      optionId(multiple, 'Post'),
    ]);
    const none = await call('PUT', url, user.token, { id: multiple.id, answer: [] });
    const logs = none.json<{ data: { data: UserConsent } }>().data.data.logs;
    expect(logs[0]).toMatchObject({ old_value: 'Email, Post', new_value: null });
    expect(logs[1]).toMatchObject({ old_value: null, new_value: 'Email, Post' });
  });

  it('an administrator with changeUserDetails changes someone else’s answer, logged as theirs', async () => {
    const user = await account();
    const admin = await account(['changeUserDetails']);
    const response = await call('PUT', `${user.url}/${optional.id}`, admin.token, {
      id: optional.id,
      compulsory: false,
      answer: optionId(optional, 'Yes'),
    });
    expect(response.statusCode).toBe(200);
    const consents = await list(user.url, user.token);
    const changed = consents.find((consent) => consent.id === optional.id);
    expect(changed?.answer).toBe(optionId(optional, 'Yes'));
    expect(changed?.logs[0]?.created_by).toEqual({ display_name: `Casey ${admin.lastName}` });
    expect(await list(user.url, admin.token)).toEqual(consents);
  });
});

describe('timezoneData', () => {
  it('gives the short name and offset at the moment of the change', () => {
    expect(timezoneData('Europe/London', new Date('2024-07-01T12:00:00Z'))).toEqual({
      alias: 'BST',
      offset: '+01:00',
      name: 'Europe/London',
    });
    expect(timezoneData('Europe/London', new Date('2024-01-01T12:00:00Z'))).toEqual({
      alias: 'GMT',
      offset: '+00:00',
      name: 'Europe/London',
    });
    expect(timezoneData('Asia/Kolkata', new Date('2024-01-01T12:00:00Z')).offset).toBe('+05:30');
  });

  it('reads an unknown zone as UTC rather than failing', () => {
    expect(timezoneData('Nowhere/Atlantis', new Date('2024-01-01T12:00:00Z'))).toMatchObject({
      offset: '+00:00',
      name: 'Nowhere/Atlantis',
    });
  });
});
