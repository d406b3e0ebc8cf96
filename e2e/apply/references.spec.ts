import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { enterNewEmail, fillNewApplicantDetails, next, stepHeading, uniqueEmail } from './helpers';

/*
 * The references step of beach-clean (applicant-flow §2.7): two referees, one with an email
 * address and one without (a national-format UK mobile number); the reference request email in
 * the development outbox, and the reference form its single-use link opens.
 */

const BEACH_CLEAN = '/apply/beach-clean';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const NO_EMAIL = "They don't have an email address";
/** A valid UK mobile number as people type it (07700 900xxx is Ofcom's drama range, which libphonenumber rejects). */
const UK_MOBILE = '07400 123456';

async function expectNoViolations(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, `axe violations in ${state}`).toEqual([]);
}

function referee(page: Page, n: number) {
  return page.getByRole('group', { name: `Referee ${n}` });
}

/** Step 1 of beach-clean for a new adult applicant (the contact number is compulsory there). */
async function fillBasicDetails(page: Page, email: string) {
  await page.goto(BEACH_CLEAN);
  await expect(stepHeading(page, '1. Your details')).toBeVisible();
  await enterNewEmail(page, email);
  await fillNewApplicantDetails(page, { first: 'Robin', last: 'Referenced' });
  await page.getByRole('textbox', { name: /^Contact number/ }).fill(UK_MOBILE);
}

/** Referee 1 with an email address; referee 2 without one, with a phone number instead. */
async function fillReferees(page: Page, refereeEmail: string) {
  const first = referee(page, 1);
  await first.getByRole('textbox', { name: /^First name/ }).fill('Pat');
  await first.getByRole('textbox', { name: /^Last name/ }).fill('Lee');
  await first.getByRole('textbox', { name: /^Email address/ }).fill(refereeEmail);

  const second = referee(page, 2);
  await second.getByRole('textbox', { name: /^First name/ }).fill('Sam');
  await second.getByRole('textbox', { name: /^Last name/ }).fill('Hill');
  await second.getByRole('checkbox', { name: NO_EMAIL }).check();
  await expect(second.getByRole('textbox', { name: /^Email address/ })).toHaveCount(0);
  const phone = second.getByRole('textbox', { name: /^Phone number/ });
  await expect(phone).toBeEnabled();
  await phone.fill(UK_MOBILE);
}

test('the references step: two referee blocks, the no-email box swaps email for phone, required messages; axe clean', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await fillBasicDetails(page, uniqueEmail('referees'));
  // Earlier steps are checked on the way, but only the step being left holds the move back.
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('link', { name: /References/ })
    .click();
  await expect(stepHeading(page, '6. References')).toBeVisible();
  await expect(page.getByRole('group', { name: /^Referee \d$/ })).toHaveCount(2);
  await expectNoViolations(page, 'references step empty');

  await next(page);
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(stepHeading(page, '6. References')).toBeVisible();
  for (const n of [1, 2]) {
    await expect(referee(page, n).getByText('First name is required')).toBeVisible();
    await expect(referee(page, n).getByText('Last name is required')).toBeVisible();
    await expect(
      referee(page, n).getByRole('textbox', { name: /^Email address/ }),
    ).toHaveAccessibleDescription(
      /Please provide an email address, or a telephone number when they do not have one/,
    );
  }
  await expectNoViolations(page, 'references step with errors');

  // Ticking clears the email address; unticking clears the phone number.
  const second = referee(page, 2);
  await second.getByRole('textbox', { name: /^Email address/ }).fill('typed.by.mistake@example.net');
  await second.getByRole('checkbox', { name: NO_EMAIL }).check();
  await second.getByRole('textbox', { name: /^Phone number/ }).fill(UK_MOBILE);
  await second.getByRole('checkbox', { name: NO_EMAIL }).uncheck();
  await expect(second.getByRole('textbox', { name: /^Email address/ })).toHaveValue('');
  await second.getByRole('checkbox', { name: NO_EMAIL }).check();
  await expect(second.getByRole('textbox', { name: /^Phone number/ })).toHaveValue('');

  // Without a number, the phone box is where the message goes.
  await next(page);
  await expect(second.getByRole('textbox', { name: /^Phone number/ })).toHaveAccessibleDescription(
    /Phone number is required/,
  );
  await expectNoViolations(page, 'references step with the phone error');

  await fillReferees(page, uniqueEmail('referee'));
  await expectNoViolations(page, 'references step filled');
  await next(page);
  await expect(stepHeading(page, '7. Diversity')).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Application steps' })
      .getByRole('link', { name: /References\s*\(incomplete\)/ }),
  ).toHaveCount(0);
});

/** 1×1 PNG and a minimal PDF, for the two supporting documents. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A month and year `months` before this one, as the From boxes take them. */
function monthsAgo(months: number): { month: string; year: string } {
  const date = new Date();
  date.setDate(1);
  date.setMonth(date.getMonth() - months);
  return { month: String(date.getMonth() + 1).padStart(2, '0'), year: String(date.getFullYear()) };
}

/** Steps 2 to 5 of beach-clean: motivation, one address for four years, about you, both documents. */
async function fillStepsBeforeReferences(page: Page) {
  await expect(stepHeading(page, '2. Your motivation')).toBeVisible();
  await page.getByLabel(/^Why would you like to apply/).fill('I love the coast.');
  await page
    .getByRole('group', { name: /special requirements/ })
    .getByLabel('No')
    .check();
  await page
    .getByRole('group', { name: /right to volunteer/ })
    .getByLabel('Yes')
    .check();
  await next(page);

  await expect(stepHeading(page, '3. Your address')).toBeVisible();
  const current = page
    .getByRole('group', { name: /^Your addresses/ })
    .getByRole('listitem')
    .first();
  await current.getByRole('button', { name: 'Enter the address manually' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit address' });
  await dialog.getByRole('textbox', { name: /^Address line 1/ }).fill('5 Old Lane');
  await dialog.getByRole('textbox', { name: /^City/ }).fill('Bath');
  await dialog.getByRole('textbox', { name: /^Postcode/ }).fill('BA1 1AA');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
  const { month, year } = monthsAgo(48);
  const from = current.getByRole('group', { name: /^From/ });
  await from.getByRole('textbox', { name: 'Month' }).fill(month);
  await from.getByRole('textbox', { name: 'Year' }).fill(year);
  await next(page);

  await expect(stepHeading(page, '4. About you')).toBeVisible();
  await page.getByLabel(/^Occupation/).fill('Teacher');
  // The custom telephone field takes the international form.
  await page.getByRole('textbox', { name: /^Emergency contact telephone/ }).fill('+447911123456');
  await next(page);

  await expect(stepHeading(page, '5. Supporting documents')).toBeVisible();
  await page
    .getByLabel(/^Photo ID/)
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
  await page
    .getByLabel(/^Proof of address/)
    .setInputFiles({ name: 'bank-statement.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('link', { name: /^passport\.png/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^bank-statement\.pdf/ })).toBeVisible();
  await next(page);
}

/** The review step of beach-clean: the data consent, both terms and a password. */
async function fillReview(page: Page) {
  await expect(stepHeading(page, '8. Review and apply')).toBeVisible();
  await page.getByLabel('I agree', { exact: true }).check();
  await page.getByLabel(/I have read and agree to the Volunteer agreement/).check();
  await page.getByLabel(/I have read and agree to the Privacy notice/).check();
  await page.getByRole('textbox', { name: /^Password/ }).fill('Harbour7Lights');
  await page.getByRole('textbox', { name: /^Confirm password/ }).fill('Harbour7Lights');
}

/** The link of the newest email to `to` in the development outbox. */
async function emailedReferenceLink(page: Page, to: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/dev/outbox?to=${encodeURIComponent(to)}`, {
          headers: { Accept: 'application/json' },
        });
        expect(response.ok()).toBe(true);
        const body = (await response.json()) as { data: { subject: string | null; text: string }[] };
        const message = body.data.find((entry) => entry.subject === 'Reference request for Robin Referenced');
        link = message ? (/https?:\/\/\S+\/reference\/[A-Za-z0-9_-]+/.exec(message.text)?.[0] ?? null) : null;
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return link!;
}

test('a new applicant completes beach-clean with two referees; the one with an email answers through the link', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const refereeEmail = uniqueEmail('pat.referee');
  await fillBasicDetails(page, uniqueEmail('completes'));
  await next(page);
  await fillStepsBeforeReferences(page);

  await expect(stepHeading(page, '6. References')).toBeVisible();
  await fillReferees(page, refereeEmail);
  await next(page);
  // Diversity is not compulsory here: it is left unanswered.
  await expect(stepHeading(page, '7. Diversity')).toBeVisible();
  await next(page);
  await fillReview(page);
  await page.getByRole('button', { name: 'Complete application' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you for your application' })).toBeVisible({
    timeout: 30_000,
  });

  // The referee with an email address gets the request; the one without gets none (staff telephone them).
  const link = await emailedReferenceLink(page, refereeEmail);
  expect(new URL(link).pathname).toMatch(/^\/reference\/[A-Za-z0-9_-]{43}$/);

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Reference for Robin Referenced' })).toBeVisible();
  await expect(page.getByText(/Dear Pat, Robin Referenced has applied to Demo Volunteers for/)).toBeVisible();
  await expect(page.getByText('Beach Clean at Sandy Bay')).toBeVisible();
  const howKnown = page.getByRole('textbox', { name: /^How do you know the applicant/ });
  const trust = page.getByRole('group', { name: /^Would you trust them/ });
  await expect(howKnown).toBeVisible();
  await expectNoViolations(page, 'reference form empty');

  await page.getByRole('button', { name: 'Send reference' }).click();
  await expect(howKnown).toHaveAccessibleDescription(/Please provide an answer/);
  await expect(trust).toHaveAccessibleDescription(/Please select an option/);
  await expect(howKnown).toBeFocused();
  await expectNoViolations(page, 'reference form with errors');

  await howKnown.fill('I was their manager at the library for three years.');
  await trust.getByRole('radio', { name: 'Yes' }).check();
  await expectNoViolations(page, 'reference form filled');
  await page.getByRole('button', { name: 'Send reference' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'Your reference for Robin Referenced has been sent to Demo Volunteers.',
  );

  // The link works once.
  await page.goto(new URL(link).pathname);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This reference link no longer works' }),
  ).toBeVisible();
  await expect(
    page.getByText('This reference has already been given. Thank you for your help.'),
  ).toBeVisible();
  await expectNoViolations(page, 'reference link used');
});
