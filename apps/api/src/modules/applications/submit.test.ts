import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, weekdayOf, type ApplicationFormResponse, type FormSection } from '@muster/contract';
import {
  applicationAddresses,
  applicationAdditionalConsents,
  applicationDocuments,
  applicationQuestionAnswers,
  applicationReferences,
  applications,
  applicationTerms,
  applicationTimeslots,
  consentChangeLogs,
  documentTypes,
  files,
  userAttributeValues,
  userConsentAnswers,
  userDiversityQuestionAnswers,
  userEmailAddresses,
  userGuardians,
  userPhoneNumbers,
  userRoles,
  users,
  userSupervisors,
  terms,
} from '../../db/schema/index.js';
import { DEMO_ACCOUNTS, seedDemo, type DemoSeedResult } from '../../db/seed/demo.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { applicationFormData, newApplicantDetails } from '../../test/factories/application.js';
import { createAccount, sessionTokenFor } from '../../test/factories/auth.js';
import { createConsent, createOpportunity, createQuestion } from '../../test/factories/opportunity.js';
import { createOrganisation } from '../../test/factories/organisation.js';

let ctx: TestContext;
let demo: DemoSeedResult;
const host = 'localhost';
const PASSWORD = 'Sunshine42';

beforeAll(async () => {
  ctx = await createTestContext();
  demo = await seedDemo(ctx.db);
});
afterAll(() => ctx?.close());

async function formOf(reference: string, onHost = host): Promise<FormSection[]> {
  const response = await ctx.app.inject({
    url: `/api/opportunities/${reference}/application-form`,
    headers: { host: onHost },
  });
  expect(response.statusCode).toBe(200);
  return response.json<ApplicationFormResponse>().data;
}

let applyCount = 0;

/**
 * Submits the form. Each submit comes from the next address in 10.41.0.0/16, so the per-client
 * check-email limit (10 new addresses a minute) never decides a test about something else.
 */
function apply(
  reference: string,
  payload: Record<string, unknown> | FormData,
  options: { token?: string; idempotencyKey?: string; host?: string } = {},
) {
  applyCount += 1;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/opportunities/${reference}/apply/`,
    remoteAddress: `10.41.${applyCount >> 8}.${applyCount & 255}`,
    headers: {
      host: options.host ?? host,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    payload: payload as never,
  });
}

/** A complete, valid quick-help form for a new applicant. */
async function quickHelpForm(overrides: Record<string, unknown> = {}) {
  const sections = await formOf('quick-help');
  const review = sections.find((section) => section.type === 'review-apply');
  const consent = review?.consents[0];
  const motivations = await ctx.app.inject({ url: '/api/motivations/public?limit=999', headers: { host } });
  const opportunity = await ctx.app.inject({ url: '/api/opportunities/quick-help', headers: { host } });
  const slot = opportunity.json<{ data: { sub_locations: Array<{ timeslots: Array<{ id: number }> }> } }>()
    .data.sub_locations[0]?.timeslots[0];
  return {
    ...newApplicantDetails(),
    why: 'I would like to help my neighbours.',
    motivation: motivations.json<{ data: Array<{ id: number }> }>().data[0]?.id,
    special_requirements_bool: 'no',
    attributes: { occupation: 'Nurse', 'preferred-contact': 'email' },
    questions: { 'availability-notes': 'Weekday afternoons', 'heard-about-us': 'friend' },
    consents: [consent?.options[0]?.id],
    terms: [true],
    new_password: PASSWORD,
    new_password_confirm: PASSWORD,
    timeslot_ids: [slot?.id],
    ...overrides,
  };
}

async function rowCount(table: PgTable): Promise<number> {
  const [row] = await ctx.db.select({ total: count() }).from(table);
  return row?.total ?? 0;
}

/** Counts of every table an application writes to. */
async function writtenRows() {
  const tables = {
    users,
    userEmailAddresses,
    userPhoneNumbers,
    userGuardians,
    userSupervisors,
    applications,
    applicationAddresses,
    applicationReferences,
    applicationDocuments,
    applicationQuestionAnswers,
    applicationAdditionalConsents,
    applicationTerms,
    applicationTimeslots,
    userAttributeValues,
    userConsentAnswers,
    consentChangeLogs,
    userDiversityQuestionAnswers,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    counts[name] = await rowCount(table);
  }
  return counts;
}

describe('a new applicant applies to quick-help', () => {
  it('writes the user and the whole application, answers a login-link token, and the password signs in', async () => {
    const body = await quickHelpForm();
    const response = await apply('quick-help', body);
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json<{ data: { token: string | null; application_id: number } }>();
    expect(data.token).toEqual(expect.any(String) as string);

    const [application] = await ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, data.application_id));
    expect(application).toMatchObject({
      opportunityId: demo.opportunityIds.quickHelp,
      status: 'submitted',
      active: true,
      why: 'I would like to help my neighbours.',
      specialRequirementsBool: false,
      submittedByUserId: null,
    });
    expect(application?.completedAt).toBeInstanceOf(Date);
    const userId = application?.userId ?? 0;
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ firstName: 'Robin', lastName: 'Fletcher', dob: '1992-04-17', statusId: 1 });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [email] = await ctx.db
      .select()
      .from(userEmailAddresses)
      .where(eq(userEmailAddresses.userId, userId));
    expect(email).toMatchObject({ email: body.email, primary: true });
    const [phone] = await ctx.db.select().from(userPhoneNumbers).where(eq(userPhoneNumbers.userId, userId));
    expect(phone).toMatchObject({ phoneNumber: '+447911123456', countryCode: 'GB', primary: true });

    const answers = await ctx.db
      .select()
      .from(applicationQuestionAnswers)
      .where(eq(applicationQuestionAnswers.applicationId, data.application_id));
    expect(answers.map((answer) => answer.value).sort()).toEqual(['Weekday afternoons', 'friend']);
    const values = await ctx.db
      .select()
      .from(userAttributeValues)
      .where(eq(userAttributeValues.userId, userId));
    expect(values.map((value) => value.value).sort()).toEqual(['Nurse', 'email']);
    expect(
      await ctx.db
        .select()
        .from(applicationTerms)
        .where(eq(applicationTerms.applicationId, data.application_id)),
    ).toHaveLength(1);
    expect(
      await ctx.db
        .select()
        .from(applicationTimeslots)
        .where(eq(applicationTimeslots.applicationId, data.application_id)),
    ).toHaveLength(1);
    const consentAnswers = await ctx.db
      .select()
      .from(userConsentAnswers)
      .where(eq(userConsentAnswers.userId, userId));
    expect(consentAnswers).toHaveLength(1);
    const logs = await ctx.db.select().from(consentChangeLogs).where(eq(consentChangeLogs.userId, userId));
    expect(logs).toEqual([
      expect.objectContaining({
        createdByUserId: userId,
        oldValue: null,
        newValue: 'I agree',
        timezone: 'Europe/London',
      }),
    ]);

    // The Finish link signs the new applicant in once.
    const finish = await ctx.app.inject({
      url: `/api/login/token/${data.token}?redirect=/portal`,
      headers: { host },
    });
    expect(finish.statusCode).toBe(303);
    expect(finish.headers.location).toMatch(/\/portal#token=/);
    const again = await ctx.app.inject({
      url: `/api/login/token/${data.token}?redirect=/portal`,
      headers: { host },
    });
    expect(again.statusCode).toBe(401);

    // And the password set on the form signs in.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/api/',
      headers: { host },
      payload: { email: body.email, password: PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({ token: expect.any(String) as string, two_factor: false });
  });

  it('accepts the same form as multipart with bracketed names', async () => {
    const response = await apply('quick-help', applicationFormData(await quickHelpForm()));
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json<{ data: { application_id: number } }>();
    const answers = await ctx.db
      .select()
      .from(applicationQuestionAnswers)
      .where(eq(applicationQuestionAnswers.applicationId, data.application_id));
    expect(answers).toHaveLength(2);
  });
});

/** A 1×1 PNG, so that the upload's type is judged from real bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type KitchenSink = {
  slug: string;
  sections: FormSection[];
  photoIdDocument: number;
  radioConsent: FormSection['consents'][number];
  multipleConsent: FormSection['consents'][number];
};

/** An opportunity of the demo organisation with every step part 1 checks, strictest settings. */
async function kitchenSink(): Promise<KitchenSink> {
  const organisationId = demo.organisationId;
  const [photoId] = await ctx.db
    .select()
    .from(documentTypes)
    .where(and(eq(documentTypes.organisationId, organisationId), eq(documentTypes.name, 'Photo ID')));
  const termRows = await ctx.db
    .select({ id: terms.id })
    .from(terms)
    .where(eq(terms.organisationId, organisationId))
    .orderBy(asc(terms.position));
  const termIds = termRows.map((row) => row.id);
  const radio = await createConsent(ctx.db, organisationId, {
    statement: 'May we call you?',
    type: 'radio',
    compulsory: true,
    options: ['Yes', 'No'],
  });
  const multiple = await createConsent(ctx.db, organisationId, {
    statement: 'Which newsletters?',
    type: 'multiple-checkboxes',
    compulsory: true,
    options: ['Monthly', 'Events'],
  });
  const website = await createQuestion(ctx.db, organisationId, {
    type: 'link',
    name: 'Website',
    compulsory: true,
  });
  const opportunity = await createOpportunity(ctx.db, organisationId, {
    sections: [
      { type: 'basic-details', phoneNumberCompulsory: true },
      { type: 'motivation', applyRightToWork: true },
      { type: 'address-details', minAddressHistory: 12 },
      { type: 'about-you', questionIds: [website.id] },
      { type: 'supporting-documents', documentTypeIds: [photoId?.id ?? 0] },
      { type: 'references', requestedReferences: 1 },
      { type: 'diversity', diversityMode: 'v2', diversityCompulsory: true },
      {
        type: 'review-apply',
        consentIds: [radio.id, multiple.id],
        additionalConsents: ['Happy to be photographed'],
        termIds,
      },
    ],
  });
  const sections = await formOf(opportunity.slug);
  const consents = sections.find((section) => section.type === 'review-apply')?.consents ?? [];
  return {
    slug: opportunity.slug,
    sections,
    photoIdDocument: photoId?.id ?? 0,
    radioConsent: consents[0] as KitchenSink['radioConsent'],
    multipleConsent: consents[1] as KitchenSink['multipleConsent'],
  };
}

function monthsAgo(months: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString().slice(0, 10);
}

/** A complete, valid kitchen-sink form. */
function kitchenSinkForm(sink: KitchenSink, overrides: Record<string, unknown> = {}) {
  const diversity = sink.sections.find((section) => section.type === 'diversity')?.diversity;
  const questions = diversity?.mode === 'v2' ? diversity.questions : [];
  const answers: Record<string, unknown> = {};
  for (const question of questions.filter((candidate) => candidate.depends_on.length === 0)) {
    const option = question.options.find((candidate) => !candidate.is_other) ?? question.options[0];
    answers[question.id] = question.is_multiple_select ? { options: [option?.id] } : { option: option?.id };
  }
  return {
    ...newApplicantDetails(),
    why: 'To learn new skills.',
    special_requirements_bool: 'yes',
    special_requirements: 'Step-free access, please.',
    right_to_volunteer: 'yes',
    addresses: [
      { street: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', from_date: monthsAgo(6) },
      {
        street: '9 Old Road',
        city: 'York',
        postcode: 'YO1 1AA',
        country: 'United Kingdom',
        from_date: monthsAgo(14),
      },
    ],
    questions: {
      [sink.sections.find((s) => s.type === 'about-you')?.questions[0]?.slug ?? '']: 'www.example.org',
    },
    supportingDocuments: [
      { documentId: sink.photoIdDocument, file: new File([PNG], 'passport.png', { type: 'image/png' }) },
    ],
    references: [{ first_name: 'Pat', last_name: 'Lee', email: 'pat@example.org' }],
    diversity: { diversity_v2_questions: answers },
    consents: [
      sink.radioConsent.options[0]?.id,
      sink.multipleConsent.options[0]?.id,
      sink.multipleConsent.options[1]?.id,
    ],
    additional_consent: [true],
    terms: [true, true],
    new_password: PASSWORD,
    new_password_confirm: PASSWORD,
    ...overrides,
  };
}

describe('every step of a form', () => {
  let sink: KitchenSink;
  beforeAll(async () => {
    sink = await kitchenSink();
  });

  it('writes addresses, referees, an uploaded document, answers, consents and diversity in one go (multipart)', async () => {
    const response = await apply(sink.slug, applicationFormData(kitchenSinkForm(sink)));
    expect(response.statusCode, response.body).toBe(201);
    const applicationId = response.json<{ data: { application_id: number } }>().data.application_id;
    const where = <T extends { applicationId: unknown }>(table: T) =>
      eq(table.applicationId as typeof applications.id, applicationId);
    const addresses = await ctx.db.select().from(applicationAddresses).where(where(applicationAddresses));
    expect(addresses.map((address) => [address.position, address.city, address.country])).toEqual([
      [0, 'Leeds', 'United Kingdom'],
      [1, 'York', 'United Kingdom'],
    ]);
    const [referee] = await ctx.db.select().from(applicationReferences).where(where(applicationReferences));
    expect(referee).toMatchObject({ firstName: 'Pat', email: 'pat@example.org', phoneNumber: null });
    const [document] = await ctx.db.select().from(applicationDocuments).where(where(applicationDocuments));
    expect(document?.documentTypeId).toBe(sink.photoIdDocument);
    const [file] = await ctx.db
      .select()
      .from(files)
      .where(eq(files.id, document?.fileId ?? ''));
    expect(file).toMatchObject({ mime: 'image/png', originalName: 'passport.png', ephemeral: false });
    expect(
      await ctx.db.select().from(applicationAdditionalConsents).where(where(applicationAdditionalConsents)),
    ).toEqual([expect.objectContaining({ agreed: true })]);
    expect(await ctx.db.select().from(applicationTerms).where(where(applicationTerms))).toHaveLength(2);
    const [application] = await ctx.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(application).toMatchObject({
      rightToVolunteer: 'yes',
      specialRequirementsBool: true,
      specialRequirements: 'Step-free access, please.',
    });
    const userId = application?.userId ?? 0;
    const consentAnswers = await ctx.db
      .select()
      .from(userConsentAnswers)
      .where(eq(userConsentAnswers.userId, userId));
    expect(consentAnswers).toHaveLength(3);
    const logs = await ctx.db.select().from(consentChangeLogs).where(eq(consentChangeLogs.userId, userId));
    expect(logs.map((log) => log.newValue).sort()).toEqual(['Monthly, Events', 'Yes']);
    expect(
      await ctx.db
        .select()
        .from(userDiversityQuestionAnswers)
        .where(eq(userDiversityQuestionAnswers.userId, userId)),
    ).not.toHaveLength(0);
    // The applicant's profile gets the newest address as current, the older one as history.
    const hasAnswers = await ctx.app.inject({
      url: `/api/users/${userId}/diversity/has-answers`,
      headers: {
        host,
        authorization: `Bearer ${await sessionTokenFor(ctx.app, demo.organisationId, userId)}`,
      },
    });
    expect(hasAnswers.json()).toEqual({ data: { data: { has_answered: true } } });
  });

  it('reports every broken rule at its dotted path, with the spec’s wording', async () => {
    const response = await apply(sink.slug, { validateOnly: '1' });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    const questionSlug = sink.sections.find((s) => s.type === 'about-you')?.questions[0]?.slug ?? '';
    expect(errors).toMatchObject({
      email: ['Email is required'],
      email_confirm: ['Confirm email is required'],
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      dob: ['Date of birth is required'],
      contact_number: ['Contact number is required'],
      why: ['Please tell us why you would like to volunteer'],
      right_to_volunteer: ['Please select an option'],
      addresses: ['Please provide an address'],
      [`questions.${questionSlug}`]: ['Please provide a valid link (e.g. localhost)'],
      [`supportingDocuments.${sink.photoIdDocument}`]: ['Please select a file'],
      'references.0.first_name': ['First name is required'],
      'references.0.last_name': ['Last name is required'],
      'diversity.diversity_v2_questions': ['The diversity questions field is required.'],
      [`consents.${sink.radioConsent.id}`]: ['Please select an option'],
      [`consents.${sink.multipleConsent.id}`]: ['Please select at least one answer'],
      'terms.0': ['Please verify that you agree to the above statement'],
      'terms.1': ['Please verify that you agree to the above statement'],
      new_password: ['Password is required'],
    });
  });

  it('checks formats and cross-field rules', async () => {
    const response = await apply(
      sink.slug,
      kitchenSinkForm(sink, {
        validateOnly: 'true',
        email_confirm: 'someone-else@example.org',
        dob: '2001-02-30',
        contact_number: '12',
        addresses: [{ street: '', city: 'Leeds', postcode: 'LS1 1AA', from_date: monthsAgo(3) }],
        references: [{ first_name: 'Pat', last_name: 'Lee' }],
        new_password: 'short',
        new_password_confirm: 'different',
        terms: [true, false],
        special_requirements: '',
        supportingDocuments: [],
      }),
    );
    expect(response.statusCode).toBe(422);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(errors).toMatchObject({
      email_confirm: ['The email confirmation does not match.'],
      dob: ['Please enter a valid date'],
      contact_number: ['Please enter a valid telephone number'],
      'addresses.0.street': ['Address line 1 is required'],
      special_requirements: ['Please tell us about your requirements'],
      'terms.1': ['Please verify that you agree to the above statement'],
      new_password_confirm: ['The password confirmation does not match.'],
    });
    expect(errors.new_password).toEqual([
      'Your password must be at least 8 characters long',
      'Your password must contain at least one uppercase character',
      'Your password must have at least one number',
    ]);
    expect(errors['references.0.email']?.[0]).toMatch(/email address, or a telephone number/);
    expect(errors['terms.0']).toBeUndefined();

    const history = await apply(
      sink.slug,
      kitchenSinkForm(sink, {
        validateOnly: '1',
        addresses: [{ street: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', from_date: monthsAgo(3) }],
        dob: '2999-01-01',
      }),
    );
    expect(history.json()).toMatchObject({
      errors: {
        addresses: ['Please provide at least 9 more month(s) of your address history'],
        dob: ['The date of birth cannot be in the future'],
      },
    });
  });

  it('writes nothing for a validateOnly dry run, valid or not', async () => {
    const before = await writtenRows();
    const valid = await apply(sink.slug, applicationFormData(kitchenSinkForm(sink, { validateOnly: true })));
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json()).toEqual({ data: { valid: true } });
    const invalid = await apply(sink.slug, { validateOnly: '1', email: 'nope' });
    expect(invalid.statusCode).toBe(422);
    expect(await writtenRows()).toEqual(before);
  });

  it('leaves nothing behind when a write fails part-way (one transaction)', async () => {
    await ctx.db.execute(
      sql`alter table application_references add constraint test_no_explosions check (first_name <> 'Explode')`,
    );
    const form = kitchenSinkForm(sink, {
      references: [{ first_name: 'Explode', last_name: 'Lee', email: 'x@example.org' }],
    });
    try {
      const before = await writtenRows();
      const response = await apply(sink.slug, applicationFormData(form));
      expect(response.statusCode, response.body).toBe(500);
      expect(response.json()).toEqual({
        message: 'Something went wrong on our side.',
        request_id: expect.any(String) as string,
      });
      // The user, application, consents and every other part were rolled back together.
      expect(await writtenRows()).toEqual(before);
      const [taken] = await ctx.db
        .select()
        .from(userEmailAddresses)
        .where(eq(userEmailAddresses.email, form.email));
      expect(taken).toBeUndefined();
    } finally {
      await ctx.db.execute(sql`alter table application_references drop constraint test_no_explosions`);
    }
    // The same person can then apply: nothing of the failed attempt is in the way.
    const retry = await apply(
      sink.slug,
      applicationFormData({
        ...form,
        references: [{ first_name: 'Pat', last_name: 'Lee', email: 'x@example.org' }],
      }),
    );
    expect(retry.statusCode, retry.body).toBe(201);
  });
});

describe('Idempotency-Key', () => {
  it('answers the first result to a retry and writes one application', async () => {
    const form = await quickHelpForm();
    const key = `retry-${Date.now()}`;
    const first = await apply('quick-help', form, { idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(201);
    const before = await writtenRows();
    const second = await apply('quick-help', form, { idempotencyKey: key });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await writtenRows()).toEqual(before);
    const rows = await ctx.db.select().from(applications).where(eq(applications.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it('answers the first result to retries sent while the first is still being written', async () => {
    // A new applicant: the retries find the account the first created (409 without the key).
    const form = await quickHelpForm();
    const key = `racing-${Date.now()}`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => apply('quick-help', form, { idempotencyKey: key })),
    );
    expect(
      answers.map((answer) => answer.statusCode),
      answers.map((answer) => answer.body).join('\n'),
    ).toEqual([201, 201, 201]);
    const ids = answers.map(
      (answer) => answer.json<{ data: { application_id: number } }>().data.application_id,
    );
    expect(new Set(ids).size).toBe(1);
    const rows = await ctx.db.select().from(applications).where(eq(applications.idempotencyKey, key));
    expect(rows.map((row) => row.id)).toEqual([ids[0]]);

    // A signed-in user: the retries find the application the first wrote (409 without the key).
    const account = await createAccount(ctx.db, demo.organisationId);
    const token = await sessionTokenFor(ctx.app, demo.organisationId, account.id);
    const {
      new_password: _password,
      new_password_confirm: _confirm,
      ...signedInForm
    } = await quickHelpForm();
    const signedInKey = `racing-signed-in-${Date.now()}`;
    const signedIn = await Promise.all(
      [1, 2].map(() => apply('quick-help', signedInForm, { token, idempotencyKey: signedInKey })),
    );
    expect(
      signedIn.map((answer) => answer.statusCode),
      signedIn.map((answer) => answer.body).join('\n'),
    ).toEqual([201, 201]);
    expect(signedIn[1]?.json()).toEqual(signedIn[0]?.json());
    const own = await ctx.db.select().from(applications).where(eq(applications.userId, account.id));
    expect(own).toHaveLength(1);
  });

  it('refuses the same key with a different body, and a malformed key', async () => {
    const form = await quickHelpForm();
    const key = `other-${Date.now()}`;
    expect((await apply('quick-help', form, { idempotencyKey: key })).statusCode).toBe(201);
    const changed = await apply('quick-help', { ...form, why: 'Something else.' }, { idempotencyKey: key });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({
      message:
        'This Idempotency-Key was already used for a different application. Use a new key for a new submission.',
    });
    const malformed = await apply('quick-help', form, { idempotencyKey: 'has spaces in it' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({
      errors: { 'headers.idempotency-key': [expect.any(String) as string] },
    });
  });
});

describe('who may apply', () => {
  it('asks an existing email address to sign in (409 at email)', async () => {
    const response = await apply(
      'quick-help',
      await quickHelpForm({ email: DEMO_ACCOUNTS.applicant, email_confirm: DEMO_ACCOUNTS.applicant }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'An account already exists for this email address. Please sign in to continue.',
      errors: { email: [expect.any(String) as string] },
    });
  });

  it('needs a parent or guardian for applicants under the minor age', async () => {
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 15);
    const dob = young.toISOString().slice(0, 10);
    const missing = await apply('quick-help', await quickHelpForm({ dob, validateOnly: '1' }));
    expect(missing.json()).toMatchObject({
      errors: {
        parents_first_name: ['Parent or guardian first name is required'],
        parents_last_name: ['Parent or guardian last name is required'],
        parents_email: ['Parent or guardian email is required'],
      },
    });
    const badEmail = await apply(
      'quick-help',
      await quickHelpForm({
        dob,
        validateOnly: '1',
        parents_first_name: 'A',
        parents_last_name: 'B',
        parents_email: 'nope',
      }),
    );
    expect(badEmail.json()).toMatchObject({
      errors: { parents_email: ['Please enter a valid email address'] },
    });
    const response = await apply(
      'quick-help',
      await quickHelpForm({
        dob,
        parents_first_name: 'Jo',
        parents_last_name: 'Fletcher',
        parents_email: 'jo@example.org',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ data: { application_id: number } }>().data.application_id;
    const [application] = await ctx.db.select().from(applications).where(eq(applications.id, id));
    expect(application).toMatchObject({
      parentsFirstName: 'Jo',
      parentsLastName: 'Fletcher',
      parentsEmail: 'jo@example.org',
    });
    const guardians = await ctx.db
      .select()
      .from(userGuardians)
      .where(eq(userGuardians.userId, application?.userId ?? 0));
    expect(guardians).toEqual([expect.objectContaining({ firstName: 'Jo', email: 'jo@example.org' })]);
  });

  it('lets a signed-in user apply as themselves, details locked, and then refuses a second application', async () => {
    const account = await createAccount(ctx.db, demo.organisationId, {
      firstName: 'Kim',
      lastName: 'Locked',
    });
    const token = await sessionTokenFor(ctx.app, demo.organisationId, account.id);
    const form = await quickHelpForm({
      first_name: 'Changed',
      last_name: 'Name',
      dob: '1950-01-01',
      email: 'other@example.org',
    });
    const { new_password: _password, new_password_confirm: _confirm, ...withoutPassword } = form;
    const first = await apply('quick-help', withoutPassword, { token });
    expect(first.statusCode, first.body).toBe(201);
    const { data } = first.json<{ data: { token: string | null; application_id: number } }>();
    expect(data.token).toEqual(expect.any(String) as string);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, account.id));
    expect(user).toMatchObject({ firstName: 'Kim', lastName: 'Locked', dob: account.dob });
    const second = await apply('quick-help', { ...withoutPassword, validateOnly: '1' }, { token });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      message: 'You have previously applied for this opportunity',
      application_id: data.application_id,
    });
  });

  it('lets only one of two racing submits of the same person through', async () => {
    const account = await createAccount(ctx.db, demo.organisationId);
    const token = await sessionTokenFor(ctx.app, demo.organisationId, account.id);
    const { new_password: _password, new_password_confirm: _confirm, ...form } = await quickHelpForm();
    const results = await Promise.all([
      apply('quick-help', form, { token }),
      apply('quick-help', { ...form, why: 'A second go.' }, { token }),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 409]);
    const rows = await ctx.db.select().from(applications).where(eq(applications.userId, account.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a user holding an unexpired role on the same team and role profile', async () => {
    const form = await quickHelpForm();
    const { new_password: _password, new_password_confirm: _confirm, ...withoutPassword } = form;
    const quickHelp = await ctx.app.inject({ url: '/api/opportunities/quick-help', headers: { host } });
    const { team, role_profile } = quickHelp.json<{
      data: { team: { id: number }; role_profile: { id: number } };
    }>().data;
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (const [endDate, expected] of [
      [null, 409],
      [today, 409],
      [yesterday, 200],
    ] as const) {
      const account = await createAccount(ctx.db, demo.organisationId);
      await ctx.db.insert(userRoles).values({
        organisationId: demo.organisationId,
        userId: account.id,
        teamId: team.id,
        roleProfileId: role_profile.id,
        endDate,
      });
      const token = await sessionTokenFor(ctx.app, demo.organisationId, account.id);
      const response = await apply('quick-help', { ...withoutPassword, validateOnly: '1' }, { token });
      expect(response.statusCode, `role ending ${endDate}`).toBe(expected);
      if (expected === 409) {
        expect(response.json()).toEqual({
          message: 'You have previously applied for this opportunity',
          application_id: null,
        });
      }
    }
  });

  it('does not refuse a second Residential-short application (a new stay)', async () => {
    const account = await createAccount(ctx.db, demo.organisationId);
    const token = await sessionTokenFor(ctx.app, demo.organisationId, account.id);
    const sections = await formOf('residential-week');
    const review = sections.find((section) => section.type === 'review-apply');
    const form = { consents: [review?.consents[0]?.options[0]?.id], terms: [true] };
    // Two separate weeks from the first Saturday a fortnight ahead (clear of the demo's full weeks).
    const from = addDaysIso(new Date().toISOString().slice(0, 10), 14);
    const saturday = addDaysIso(from, (6 - weekdayOf(from) + 7) % 7);
    const stay = (start: string) => ({
      booking: {
        start_date: start,
        end_date: addDaysIso(start, 7),
        gender_id: '1',
        requirements_radio: 'no',
      },
    });
    const first = await apply('residential-week', { ...form, ...stay(saturday) }, { token });
    expect(first.statusCode, first.body).toBe(201);
    const second = await apply('residential-week', { ...form, ...stay(addDaysIso(saturday, 7)) }, { token });
    expect(second.statusCode, second.body).toBe(201);
  });
});

describe('tenancy', () => {
  it('another organisation’s host neither shows nor accepts applications to this opportunity', async () => {
    await createOrganisation(ctx.db, { hosts: ['elsewhere.test'] });
    const form = await quickHelpForm();
    const byId = await apply(String(demo.opportunityIds.quickHelp), form, { host: 'elsewhere.test' });
    expect(byId.statusCode).toBe(404);
    const bySlug = await apply('quick-help', form, { host: 'elsewhere.test' });
    expect(bySlug.statusCode).toBe(404);
    const show = await ctx.app.inject({
      url: `/api/opportunities/quick-help/apply?key=abc`,
      headers: { host: 'elsewhere.test', 'x-email-address': DEMO_ACCOUNTS.applicant },
    });
    expect(show.statusCode).toBe(404);
  });

  it('refuses a file id of another organisation', async () => {
    const other = await createOrganisation(ctx.db);
    const [file] = await ctx.db
      .insert(files)
      .values({
        organisationId: other.id,
        storageName: `x-${Date.now()}`,
        originalName: 'a.png',
        mime: 'image/png',
        size: 1,
      })
      .returning();
    const sink = await kitchenSink();
    const response = await apply(
      sink.slug,
      kitchenSinkForm(sink, {
        validateOnly: '1',
        supportingDocuments: [{ documentId: sink.photoIdDocument, file: file?.id }],
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: {
        [`supportingDocuments.${sink.photoIdDocument}`]: ['This file was not found. Please upload it again.'],
      },
    });
  });
});
