import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationReferences, outboxMessages, referenceRequests } from '../../../db/schema/index.js';
import { seedReferenceData } from '../../../db/seed/reference-data.js';
import {
  createOrganisationTestContext,
  createTestContext,
  type TestContext,
} from '../../../test/context.js';
import {
  applicantEmail,
  createApplication,
  newApplicantDetails,
} from '../../../test/factories/application.js';
import { createAccount } from '../../../test/factories/auth.js';
import { createOpportunity } from '../../../test/factories/opportunity.js';
import { createOrganisation, type TestOrganisation } from '../../../test/factories/organisation.js';
import { createReferee, tokenOfReferenceEmail } from '../../../test/factories/references.js';
import { startSmtpServer } from '../../../test/smtp-server.js';

let ctx: TestContext;
let organisation: TestOrganisation;
let opportunity: Awaited<ReturnType<typeof createOpportunity>>;
let host: string;
const PASSWORD = 'Sunshine42';
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ({ ctx, organisation, host } = await createOrganisationTestContext());
  opportunity = await createOpportunity(ctx.db, organisation.id, {
    displayName: 'Beach Clean at Sandy Bay',
    sections: [{ type: 'basic-details' }, { type: 'references', requestedReferences: 2 }],
  });
});
afterAll(() => ctx?.close());

function apply(body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/opportunities/${opportunity.slug}/apply`,
    headers: { host },
    payload: body,
  });
}

function emailReferee(email: string) {
  return { first_name: 'Pat', last_name: 'Lee', email };
}

/** A referee without an email address, as the form sends one ("They don't have an email address"). */
const phoneReferee = {
  first_name: 'Sam',
  last_name: 'Hill',
  phone_number: '07400 123456',
  phone_number_formatted: '+447400123456',
  phone_number_country_code: 'GB',
};

/** A new applicant's complete form (Robin Fletcher, with a password) naming these referees. */
function applicationWith(references: unknown[]) {
  return {
    ...newApplicantDetails(),
    first_name: 'Robin',
    last_name: 'Fletcher',
    references,
    new_password: PASSWORD,
    new_password_confirm: PASSWORD,
  };
}

function messagesTo(to: string) {
  return ctx.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));
}

function refereesOf(applicationId: number) {
  return ctx.db
    .select()
    .from(applicationReferences)
    .where(
      and(
        eq(applicationReferences.organisationId, organisation.id),
        eq(applicationReferences.applicationId, applicationId),
      ),
    )
    .orderBy(asc(applicationReferences.position), asc(applicationReferences.id));
}

describe('references step: reference requests', () => {
  it('emails each referee with an email address after a full submit, and locks them; none for a phone-only referee', async () => {
    const refereeEmail = applicantEmail('referee');
    const before = Date.now();
    const response = await apply(applicationWith([emailReferee(refereeEmail), phoneReferee]));
    expect(response.statusCode, response.body).toBe(201);
    const applicationId = response.json<{ data: { application_id: number } }>().data.application_id;

    const [pat, sam] = await refereesOf(applicationId);
    expect(pat).toMatchObject({ firstName: 'Pat', email: refereeEmail, position: 0 });
    expect(pat?.requestSentAt).toBeInstanceOf(Date);
    expect(sam).toMatchObject({
      firstName: 'Sam',
      email: null,
      phoneNumber: '+447400123456',
      phoneCountryCode: 'GB',
    });
    expect(sam?.requestSentAt).toBeNull();

    const messages = await messagesTo(refereeEmail);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toMatchObject({
      organisationId: organisation.id,
      channel: 'email',
      subject: 'Reference request for Robin Fletcher',
      transport: 'store',
    });
    expect(message?.text).toContain('Dear Pat,');
    expect(message?.text).toContain(
      `Robin Fletcher has applied to ${organisation.name} for "Beach Clean at Sandy Bay"`,
    );
    expect(message?.text).toContain(`${ctx.config.publicOrigin}/reference/`);

    // Only the token's hash is stored; the link works for 30 days.
    const token = tokenOfReferenceEmail(message?.text ?? '');
    const requests = await ctx.db
      .select()
      .from(referenceRequests)
      .where(eq(referenceRequests.referenceId, pat?.id ?? 0));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(requests[0]?.tokenHash).not.toContain(token);
    const expiresIn = (requests[0]?.expiresAt.getTime() ?? 0) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(30 * DAY_MS);
    expect(expiresIn).toBeLessThan(30 * DAY_MS + 60_000);

    const phoneRequests = await ctx.db
      .select()
      .from(referenceRequests)
      .where(eq(referenceRequests.referenceId, sam?.id ?? 0));
    expect(phoneRequests).toHaveLength(0);
  });

  it('sends nothing and writes nothing for a validate-only dry run', async () => {
    const refereeEmail = applicantEmail('dry-referee');
    const response = await apply({
      ...applicationWith([emailReferee(refereeEmail), phoneReferee]),
      validateOnly: '1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await messagesTo(refereeEmail)).toHaveLength(0);
    expect(
      await ctx.db.select().from(applicationReferences).where(eq(applicationReferences.email, refereeEmail)),
    ).toHaveLength(0);
  });

  it('sends nothing when the submit is refused', async () => {
    const refereeEmail = applicantEmail('refused-referee');
    const response = await apply(applicationWith([emailReferee(refereeEmail), { ...phoneReferee, last_name: '' }]));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { 'references.1.last_name': ['Last name is required'] },
    });
    expect(await messagesTo(refereeEmail)).toHaveLength(0);
  });
});

describe('references step: a locked referee', () => {
  it('is never rewritten by a later submit by key, and gets no second request; a new referee gets one', async () => {
    const account = await createAccount(ctx.db, organisation.id);
    const pending = await createApplication(ctx.db, organisation.id, {
      opportunityId: opportunity.id,
      userId: account.id,
    });
    const sentAt = new Date('2026-01-05T10:00:00Z');
    const locked = await createReferee(ctx.db, organisation.id, pending.id, {
      firstName: 'Lou',
      lastName: 'Locked',
      requestSentAt: sentAt,
      position: 0,
    });
    const unsent = await createReferee(ctx.db, organisation.id, pending.id, {
      firstName: 'Old',
      position: 1,
    });
    const newEmail = applicantEmail('new-referee');

    const response = await apply({
      application_key: pending.applicationKey,
      email: account.email,
      references: [
        // The form sends the locked referee back as it showed it; a changed copy must not land.
        {
          id: locked.id,
          disabled: '1',
          first_name: 'Changed',
          last_name: 'Name',
          email: 'changed@example.test',
        },
        emailReferee(newEmail),
      ],
    });
    expect(response.statusCode, response.body).toBe(201);

    const referees = await refereesOf(pending.id);
    expect(referees).toHaveLength(2);
    expect(referees[0]).toEqual(locked);
    expect(referees[1]).toMatchObject({ firstName: 'Pat', email: newEmail, position: 1 });
    expect(referees[1]?.requestSentAt).toBeInstanceOf(Date);
    // The unsent referee was replaced by the form's.
    expect(referees.some((referee) => referee.id === unsent.id)).toBe(false);
    expect(await messagesTo(locked.email ?? '')).toHaveLength(0);
    expect(await messagesTo('changed@example.test')).toHaveLength(0);
    expect(await messagesTo(newEmail)).toHaveLength(1);
  });

  it('is recognised by its email address when the form marks it disabled without an id', async () => {
    const account = await createAccount(ctx.db, organisation.id);
    const pending = await createApplication(ctx.db, organisation.id, {
      opportunityId: opportunity.id,
      userId: account.id,
    });
    const locked = await createReferee(ctx.db, organisation.id, pending.id, { requestSentAt: new Date() });
    const response = await apply({
      application_key: pending.applicationKey,
      email: account.email,
      references: [
        {
          disabled: true,
          first_name: locked.firstName,
          last_name: locked.lastName,
          email: locked.email?.toUpperCase(),
        },
        phoneReferee,
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const referees = await refereesOf(pending.id);
    expect(referees.map((referee) => [referee.id === locked.id, referee.firstName])).toEqual([
      [true, locked.firstName],
      [false, 'Sam'],
    ]);
    expect(await messagesTo(locked.email ?? '')).toHaveLength(0);
  });
});

describe('references step: with an SMTP server', () => {
  it('hands the request to the SMTP server once the application is committed', async () => {
    const smtp = await startSmtpServer();
    const mailing = await createTestContext({ smtpUrl: smtp.url });
    try {
      await seedReferenceData(mailing.db);
      const org = await createOrganisation(mailing.db);
      const opp = await createOpportunity(mailing.db, org.id, {
        sections: [{ type: 'basic-details' }, { type: 'references', requestedReferences: 2 }],
      });
      const refereeEmail = applicantEmail('smtp-referee');
      const response = await mailing.app.inject({
        method: 'POST',
        url: `/api/opportunities/${opp.slug}/apply`,
        headers: { host: org.hosts[0] ?? '' },
        payload: applicationWith([emailReferee(refereeEmail), phoneReferee]),
      });
      expect(response.statusCode, response.body).toBe(201);
      await expect.poll(() => smtp.received.map((mail) => mail.to), { timeout: 5_000 }).toEqual([[refereeEmail]]);
      expect(smtp.received[0]?.raw).toMatch(/^Subject: Reference request for Robin Fletcher\r?$/m);
      const [row] = await mailing.db.select().from(outboxMessages).where(eq(outboxMessages.to, refereeEmail));
      expect(row).toMatchObject({ transport: 'smtp', error: null });
      await expect.poll(async () => {
        const [sent] = await mailing.db.select().from(outboxMessages).where(eq(outboxMessages.to, refereeEmail));
        return sent?.sentAt instanceof Date;
      }).toBe(true);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});
