import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationFormResponse, FormSection } from '@muster/contract';
import {
  applicationQuestionAnswers,
  applications,
  consentChangeLogs,
  userEmailAddresses,
  users,
  userSupervisors,
} from '../../db/schema/index.js';
import { DEMO_ACCOUNTS, seedDemo, type DemoSeedResult } from '../../db/seed/demo.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { applicationFormData, createApplication } from '../../test/factories/application.js';
import { createAccount, decodeToken, sessionTokenFor } from '../../test/factories/auth.js';

let ctx: TestContext;
let demo: DemoSeedResult;
let sections: FormSection[];
const host = 'localhost';

beforeAll(async () => {
  ctx = await createTestContext();
  demo = await seedDemo(ctx.db);
  const form = await ctx.app.inject({
    url: '/api/opportunities/quick-help/application-form',
    headers: { host },
  });
  sections = form.json<ApplicationFormResponse>().data;
});
afterAll(() => ctx?.close());

function apply(payload: Record<string, unknown> | FormData, token?: string, idempotencyKey?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/opportunities/quick-help/apply',
    headers: {
      host,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload: payload as never,
  });
}

/** The quick-help answers that do not depend on who applies. */
function answers() {
  const consent = sections.find((section) => section.type === 'review-apply')?.consents[0];
  return {
    why: 'To help out.',
    attributes: { occupation: 'Student', 'preferred-contact': 'phone' },
    questions: { 'availability-notes': 'Saturdays', 'heard-about-us': 'website' },
    consents: [consent?.options[0]?.id],
    terms: [true],
  };
}

/** Where a login-link token signs the browser in, as the session token's user id. */
async function userOfLoginToken(token: string): Promise<number> {
  const finish = await ctx.app.inject({
    url: `/api/login/token/${token}?redirect=/portal`,
    headers: { host },
  });
  expect(finish.statusCode).toBe(303);
  const session = /#token=(.+)$/.exec(finish.headers.location ?? '')?.[1] ?? '';
  return Number(decodeToken(session).sub);
}

describe('supervisor mode', () => {
  it('applies for someone without an email: every required field, no login for them, supervisor recorded', async () => {
    const token = await sessionTokenFor(ctx.app, demo.organisationId, demo.userIds.supervisor);
    const person = {
      supervisor_mode: '1',
      has_email: 'no',
      first_name: 'Lee',
      last_name: 'Hart',
      dob: '1999-09-09',
    };
    const incomplete = await apply({ ...person, why: 'To help out.', validateOnly: '1' }, token);
    expect(incomplete.statusCode).toBe(422);
    const { errors } = incomplete.json<{ errors: Record<string, string[]> }>();
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining([
        'attributes.occupation',
        'questions.availability-notes',
        'terms.0',
        expect.stringMatching(/^consents\.\d+$/),
      ]),
    );
    expect(errors.email).toBeUndefined();
    expect(errors.new_password).toBeUndefined();

    const response = await apply(applicationFormData({ ...person, ...answers() }), token);
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json<{ data: { token: string | null; application_id: number } }>();
    const [application] = await ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, data.application_id));
    expect(application?.submittedByUserId).toBe(demo.userIds.supervisor);
    const userId = application?.userId ?? 0;
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ firstName: 'Lee', lastName: 'Hart', passwordHash: null });
    expect(
      await ctx.db.select().from(userEmailAddresses).where(eq(userEmailAddresses.userId, userId)),
    ).toHaveLength(0);
    expect(await ctx.db.select().from(userSupervisors).where(eq(userSupervisors.userId, userId))).toEqual([
      expect.objectContaining({ supervisorUserId: demo.userIds.supervisor }),
    ]);
    const [log] = await ctx.db.select().from(consentChangeLogs).where(eq(consentChangeLogs.userId, userId));
    expect(log?.createdByUserId).toBe(demo.userIds.supervisor);
    // The token, if any, can only ever sign the supervisor in, never the person applied for.
    expect(data.token).not.toBeNull();
    expect(await userOfLoginToken(data.token ?? '')).toBe(demo.userIds.supervisor);
  });

  it('a retry for someone without an email, which nothing else refuses, answers the first result and writes one person', async () => {
    const token = await sessionTokenFor(ctx.app, demo.organisationId, demo.userIds.supervisor);
    const lastName = `Retry ${String(Date.now())}`;
    const person = {
      supervisor_mode: '1',
      has_email: 'no',
      first_name: 'Kim',
      last_name: lastName,
      dob: '1998-08-08',
    };
    const key = `retry-${lastName.replace(' ', '-')}`;
    const first = await apply({ ...person, ...answers() }, token, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await apply({ ...person, ...answers() }, token, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await ctx.db.select().from(users).where(eq(users.lastName, lastName))).toHaveLength(1);
    // The same key for another person is refused, and writes nobody.
    const other = await apply({ ...person, last_name: `${lastName} B`, ...answers() }, token, key);
    expect(other.statusCode, other.body).toBe(409);
    expect(
      await ctx.db
        .select()
        .from(users)
        .where(eq(users.lastName, `${lastName} B`)),
    ).toHaveLength(0);
  });

  it('with an email: consents and terms are left to the applicant, the email is checked', async () => {
    const token = await sessionTokenFor(ctx.app, demo.organisationId, demo.userIds.supervisor);
    const email = `helped-${Date.now()}@example.org`;
    const base = {
      supervisor_mode: 'true',
      has_email: 'yes',
      first_name: 'Ana',
      last_name: 'Diaz',
      dob: '1990-01-02',
    };
    const { consents: _consents, terms: _terms, ...rest } = answers();
    const missingEmail = await apply({ ...base, ...rest, validateOnly: '1' }, token);
    expect(missingEmail.json()).toMatchObject({ errors: { email: ['Email is required'] } });
    const taken = await apply(
      { ...base, ...rest, email: DEMO_ACCOUNTS.applicant, email_confirm: DEMO_ACCOUNTS.applicant },
      token,
    );
    expect(taken.statusCode).toBe(409);
    const response = await apply({ ...base, ...rest, email, email_confirm: email }, token);
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await ctx.db.select().from(userEmailAddresses).where(eq(userEmailAddresses.email, email));
    const [user] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, row?.userId ?? 0));
    expect(user?.passwordHash).toBeNull();
  });

  it('applies for a supervised person by user_id, and only for them', async () => {
    const token = await sessionTokenFor(ctx.app, demo.organisationId, demo.userIds.supervisor);
    const response = await apply(
      { supervisor_mode: '1', user_id: String(demo.userIds.supervised), ...answers() },
      token,
    );
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json<{ data: { application_id: number } }>();
    const [application] = await ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, data.application_id));
    expect(application).toMatchObject({
      userId: demo.userIds.supervised,
      submittedByUserId: demo.userIds.supervisor,
    });
    const again = await apply(
      { supervisor_mode: '1', user_id: String(demo.userIds.supervised), ...answers() },
      token,
    );
    expect(again.statusCode).toBe(409);
    const stranger = await apply(
      { supervisor_mode: '1', user_id: String(demo.userIds.applicant), ...answers() },
      token,
    );
    expect(stranger.statusCode).toBe(403);
  });

  it('401 without a token, 403 without apply-on-behalf, 422 without the has-email answer', async () => {
    const anonymous = await apply({ supervisor_mode: '1', has_email: 'no', ...answers() });
    expect(anonymous.statusCode).toBe(401);
    const plain = await createAccount(ctx.db, demo.organisationId);
    const forbidden = await apply(
      { supervisor_mode: '1', has_email: 'no', ...answers() },
      await sessionTokenFor(ctx.app, demo.organisationId, plain.id),
    );
    expect(forbidden.statusCode).toBe(403);
    const token = await sessionTokenFor(ctx.app, demo.organisationId, demo.userIds.supervisor);
    const unanswered = await apply({ supervisor_mode: '1', ...answers() }, token);
    expect(unanswered.statusCode).toBe(422);
    expect(unanswered.json()).toMatchObject({ errors: { has_email: ['Please select an option'] } });
  });
});

describe('an application key', () => {
  const show = (key: string, email?: string) =>
    ctx.app.inject({
      url: `/api/opportunities/quick-help/apply/?t=${Date.now()}&key=${encodeURIComponent(key)}`,
      headers: { host, ...(email === undefined ? {} : { 'x-email-address': email }) },
    });

  it('shows the saved application to the applicant’s email, and completes it', async () => {
    const account = await createAccount(ctx.db, demo.organisationId, {
      firstName: 'Key',
      lastName: 'Holder',
    });
    const pending = await createApplication(ctx.db, demo.organisationId, {
      opportunityId: demo.opportunityIds.quickHelp,
      userId: account.id,
      why: 'Asked by staff.',
    });
    const response = await show(pending.applicationKey, account.email.toUpperCase());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      data: {
        application_id: pending.id,
        status: 'pending',
        email: account.email,
        first_name: 'Key',
        last_name: 'Holder',
        why: 'Asked by staff.',
        addresses: [],
        questions: {},
      },
    });
    const byOtherName = await ctx.app.inject({
      url: `/api/opportunities/quick-help/apply?application_key=${encodeURIComponent(pending.applicationKey)}`,
      headers: { host, 'x-email-address': account.email },
    });
    expect(byOtherName.statusCode).toBe(200);

    // Completing it: no `why` needed with a key; the applicant's email must match.
    const { why: _why, ...withoutWhy } = answers();
    const wrongEmail = await apply({
      ...withoutWhy,
      application_key: pending.applicationKey,
      email: 'someone@example.org',
    });
    expect(wrongEmail.statusCode).toBe(403);
    expect(wrongEmail.json()).toEqual({ message: 'Email address does not match our records.' });
    const retryKey = `complete-${String(pending.id)}`;
    const done = await apply(
      { ...withoutWhy, application_key: pending.applicationKey, email: account.email },
      undefined,
      retryKey,
    );
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toEqual({ data: { token: null, application_id: pending.id } });
    const [row] = await ctx.db.select().from(applications).where(eq(applications.id, pending.id));
    expect(row).toMatchObject({ status: 'submitted', why: 'Asked by staff.' });
    expect(
      await ctx.db
        .select()
        .from(applicationQuestionAnswers)
        .where(eq(applicationQuestionAnswers.applicationId, pending.id)),
    ).toHaveLength(2);

    const completed = await show(pending.applicationKey, account.email);
    expect(completed.statusCode).toBe(404);
    expect(completed.json()).toEqual({ message: 'Your application has already been completed' });
    const resubmit = await apply({
      ...withoutWhy,
      application_key: pending.applicationKey,
      email: account.email,
    });
    expect(resubmit.statusCode).toBe(404);
    // A retry of the completing submit (same key, same form) answers what the first answered.
    const retried = await apply(
      { ...withoutWhy, application_key: pending.applicationKey, email: account.email },
      undefined,
      retryKey,
    );
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json()).toEqual(done.json());
  });

  it('answers 403 for another email, 404 for an unknown key, 422 without the header or key', async () => {
    const account = await createAccount(ctx.db, demo.organisationId);
    const pending = await createApplication(ctx.db, demo.organisationId, {
      opportunityId: demo.opportunityIds.quickHelp,
      userId: account.id,
    });
    const wrong = await show(pending.applicationKey, 'someone@example.org');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'Email address does not match our records.' });
    expect((await show('no-such-key', account.email)).statusCode).toBe(404);
    const noHeader = await show(pending.applicationKey);
    expect(noHeader.statusCode).toBe(422);
    expect(noHeader.json()).toMatchObject({
      errors: { 'headers.x-email-address': [expect.any(String) as string] },
    });
    const noKey = await ctx.app.inject({
      url: '/api/opportunities/quick-help/apply?t=1',
      headers: { host, 'x-email-address': account.email },
    });
    expect(noKey.statusCode).toBe(422);
    expect(noKey.json()).toMatchObject({
      errors: { 'querystring.key': ['The application key is required.'] },
    });
  });

  it('refuses a different signed-in user', async () => {
    const owner = await createAccount(ctx.db, demo.organisationId);
    const other = await createAccount(ctx.db, demo.organisationId);
    const pending = await createApplication(ctx.db, demo.organisationId, {
      opportunityId: demo.opportunityIds.quickHelp,
      userId: owner.id,
    });
    const response = await apply(
      { ...answers(), application_key: pending.applicationKey, email: owner.email },
      await sessionTokenFor(ctx.app, demo.organisationId, other.id),
    );
    expect(response.statusCode).toBe(403);
  });
});
