import { expect, test } from '@playwright/test';
import {
  EMERGENCY_E164,
  addressFinder,
  addressGroup,
  addressRow,
  emailedReferenceLink,
  fillAddressFrom,
  fillBeachAboutYou,
  fillBeachMotivation,
  fillReferees,
  nextWithDryRun,
  referee,
  startBeachClean,
  typeAddressInModal,
  uploadBeachDocuments,
} from './beach-clean-steps';
import {
  enterNewEmail,
  expectNoViolations,
  fillNewApplicantDetails,
  fillReview,
  next,
  openStepTab,
  stepHeading,
  stepTabs,
  uniqueEmail,
} from './helpers';

/*
 * The demo opportunity beach-clean from start to end (issue 8, the first "Must show"): every step
 * type but residential, as a new applicant goes through them; then the reference request reaches
 * the referee with an email address, who answers it through its link. The step specs
 * (address, documents, references, diversity) look at each step's states and errors.
 */

const MINIMUM_AGE_WARNING =
  'Sorry, you have to be at least 16 for this opportunity. Are you sure you want to apply?';

test('a new applicant completes beach-clean, and the referee with an email answers the request through its link', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const applicant = { email: uniqueEmail('beach'), first: 'Robin', last: 'Shore' };
  const refereeEmail = uniqueEmail('pat.referee');

  // 1. Your details: an adult, with a contact number typed the national way.
  await startBeachClean(page, applicant);
  await expect(stepTabs(page).getByRole('link')).toHaveCount(8);
  await expect(page.getByText(MINIMUM_AGE_WARNING)).toHaveCount(0);
  await next(page);

  // 2. Motivation.
  await fillBeachMotivation(page);
  await next(page);

  // 3. Your address: the current one found by its postcode, two years there.
  await expect(stepHeading(page, '3. Your address')).toBeVisible();
  await expect(page.getByText(/every address you have lived at in the last 3 years/)).toBeVisible();
  const current = addressRow(page, 0);
  await addressFinder(current).fill('BS1 4DJ');
  const found = page.getByRole('listbox').getByRole('option').filter({ hasText: 'Welsh Back' }).first();
  await expect(found).toBeVisible();
  await found.click();
  await expect(current.getByRole('button', { name: 'Edit address' })).toBeVisible();
  await expect(current.getByText('BS1 4DJ')).toBeVisible();
  await fillAddressFrom(current, 24);
  // Short of 36 months: a row for the address before appears, typed in the modal; four years there.
  const previous = addressRow(page, 1);
  await expect(previous.getByRole('heading', { name: 'Previous address 1' })).toBeVisible();
  await typeAddressInModal(page, previous, { line1: '5 Old Lane', city: 'Bath', postcode: 'BA1 1AA' });
  await expect(previous.getByText('5 Old Lane')).toBeVisible();
  await fillAddressFrom(previous, 48);
  // The minimum is reached: no empty row is left for another address.
  await expect(addressGroup(page).getByRole('listitem')).toHaveCount(2);
  await next(page);

  // 4. About you: every compulsory field. The emergency number is typed the national way and
  // goes to the server in E.164 with the step's dry run, which accepts it.
  await fillBeachAboutYou(page);
  await page.screenshot({ path: test.info().outputPath('beach-clean-about-you.png'), fullPage: true });
  const aboutYou = await nextWithDryRun(page);
  expect(aboutYou.sent).toContain(`name="attributes[emergency-phone]"\r\n\r\n${EMERGENCY_E164}\r\n`);
  expect(aboutYou.errorPaths.filter((path) => path.startsWith('attributes'))).toEqual([]);

  // 5. Supporting documents: both uploaded.
  await uploadBeachDocuments(page);
  await next(page);

  // 6. References: one referee with an email address, one with a national-format phone number.
  await expect(stepHeading(page, '6. References')).toBeVisible();
  await expect(page.getByRole('group', { name: /^Referee \d$/ })).toHaveCount(2);
  await fillReferees(page, refereeEmail);
  await expect(referee(page, 2).getByRole('textbox', { name: /^Phone number/ })).toHaveValue('07400 123456');
  await next(page);

  // 7. Diversity (v2): Yes to the disability question brings its dependent question, answered with an Other text.
  await expect(stepHeading(page, '7. Diversity')).toBeVisible();
  const disability = page.getByRole('group', { name: /disability or long-term health condition/ });
  const support = page.getByRole('group', { name: /Which of these apply to you/ });
  await page.getByRole('combobox', { name: /What is your age group/ }).selectOption({ label: '25 to 34' });
  await expect(support).toHaveCount(0);
  await disability.getByRole('radio', { name: 'Yes', exact: true }).check();
  await expect(support).toBeVisible();
  await support.getByRole('checkbox', { name: 'Sight or hearing' }).check();
  await support.getByRole('checkbox', { name: 'Other', exact: true }).check();
  await support.getByRole('textbox', { name: 'Please Specify...' }).fill('Chronic pain');
  await next(page);

  // 8. Review and apply: the consents, additional consents, both terms and a password.
  await fillReview(page, {
    step: '8. Review and apply',
    password: 'Harbour7Lights',
    terms: ['Volunteer agreement', 'Privacy notice'],
  });
  await expect(page.getByText('You are about to apply for Beach Clean at Sandy Bay')).toBeVisible();
  // No earlier step is incomplete.
  await expect(page.getByRole('heading', { name: 'Looks like you missed something' })).toHaveCount(0);
  await page
    .getByRole('radiogroup', { name: /May we contact you about other volunteering opportunities/ })
    .getByLabel('Yes')
    .check();
  await page
    .getByRole('group', { name: /How would you like to hear from us/ })
    .getByLabel('Email')
    .check();
  await page.getByLabel(/I am happy to be photographed at the event/).check();
  await page.getByLabel(/I will follow the safety briefing given on the day/).check();
  await page.getByRole('button', { name: 'Complete application' }).click();

  const thanks = page.getByRole('dialog', { name: 'Thank you for your application' });
  await expect(thanks).toBeVisible({ timeout: 30_000 });
  await expect(thanks.getByRole('link', { name: 'Finish' })).toHaveAttribute(
    'href',
    /^\/api\/login\/token\//,
  );
  await page.screenshot({ path: test.info().outputPath('beach-clean-thank-you.png'), fullPage: true });
  await expectNoViolations(page, 'thank-you dialog');

  // The referee with an email address gets the request; its link opens the reference form.
  const link = await emailedReferenceLink(page, refereeEmail, 'Robin Shore');
  expect(new URL(link).pathname).toMatch(/^\/reference\/[A-Za-z0-9_-]{43}$/);
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Reference for Robin Shore' })).toBeVisible();
  await expect(page.getByText(/Dear Pat, Robin Shore has applied to Demo Volunteers for/)).toBeVisible();
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
  await page.screenshot({ path: test.info().outputPath('beach-clean-reference-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Send reference' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'Your reference for Robin Shore has been sent to Demo Volunteers.',
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

test('beach-clean warns a 15-year-old, asks for a parent or guardian, and marks the address step incomplete when it is skipped', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/apply/beach-clean');
  await expect(stepHeading(page, '1. Your details')).toBeVisible();
  await expect(stepTabs(page).getByRole('link')).toHaveCount(8);

  await enterNewEmail(page, uniqueEmail('beach'));
  await fillNewApplicantDetails(page, {
    first: 'Bea',
    last: 'Ch',
    dob: ['01', '01', String(new Date().getFullYear() - 15)],
  });
  // The step's minimum age only warns; the contact number is compulsory here.
  await expect(page.getByText(MINIMUM_AGE_WARNING)).toBeVisible();
  await next(page);
  await expect(page.getByRole('link', { name: 'Contact number is required' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Contact number/ }).fill('07400 123456');
  const guardian = page.getByRole('group', { name: 'Parent or guardian' });
  await guardian.getByLabel(/first name/).fill('Pat');
  await guardian.getByLabel(/last name/).fill('Ch');
  await guardian.getByLabel(/email address/).fill(uniqueEmail('beach-guardian'));
  await next(page);

  await expect(stepHeading(page, '2. Your motivation')).toBeVisible();
  await page.getByLabel(/^Why would you like to apply/).fill('I love the coast.');
  await page
    .getByRole('group', { name: /right to volunteer/ })
    .getByLabel('Unsure')
    .check();
  await expect(page.getByText('Refugees and asylum seekers are allowed to volunteer.')).toBeVisible();
  // Skipping ahead checks the steps in between: the address step is marked incomplete.
  await openStepTab(page, /About you/, '4. About you');
  await expect(stepTabs(page).getByRole('link', { name: /Your address\s*\(incomplete\)/ })).toBeVisible();
  for (const label of [
    /^Occupation/,
    /^T-shirt size/,
    /^Emergency contact telephone/,
    /^Website or social media profile/,
  ]) {
    await expect(page.getByLabel(label).first()).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Skills and experience' })).toBeVisible();

  // Back at the address step, the address finder is there (no placeholder any more).
  await openStepTab(page, /Your address/, '3. Your address');
  await expect(addressFinder(addressRow(page, 0))).toBeVisible();
  await expect(page.getByText('This step is not available yet.')).toHaveCount(0);
});
