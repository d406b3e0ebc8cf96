import { expect, type Locator, type Page } from '@playwright/test';
import { fromOutbox } from '../support/demo';
import {
  PDF,
  PNG,
  enterNewEmail,
  fillMotivation,
  fillNewApplicantDetails,
  monthsAgo,
  next,
  stepHeading,
} from './helpers';

/*
 * The steps of the demo opportunity beach-clean, as a new applicant fills them: 1 your details
 * (contact number compulsory, minimum age 16), 2 motivation (right to volunteer), 3 your address
 * (36 months of history; the built-in address finder and its demo gazetteer, where BS1 4DJ is
 * Welsh Back, Bristol), 4 about you (one attribute of every custom field type), 5 supporting
 * documents (Photo ID, Proof of address), 6 references (two), 7 diversity (v2, optional),
 * 8 review and apply.
 */

export const BEACH_CLEAN = '/apply/beach-clean';

/** A valid UK mobile number as people type it (07700 900xxx is Ofcom's drama range, which libphonenumber rejects). */
export const UK_MOBILE = '07400 123456';

/** The emergency contact number of about-you, typed the national way; stored as {@link EMERGENCY_E164}. */
export const EMERGENCY_PHONE = '07911 123456';
export const EMERGENCY_E164 = '+447911123456';

export const NO_EMAIL = "They don't have an email address";

/** Step 1 for a new applicant, up to (not past) Next; adults by default. */
export async function startBeachClean(
  page: Page,
  applicant: { email: string; first: string; last: string; dob?: [string, string, string] },
) {
  await page.goto(BEACH_CLEAN);
  await expect(stepHeading(page, '1. Your details')).toBeVisible();
  await enterNewEmail(page, applicant.email);
  await fillNewApplicantDetails(page, applicant);
  // Compulsory on beach-clean.
  await page.getByRole('textbox', { name: /^Contact number/ }).fill(UK_MOBILE);
}

/**
 * Presses Next and waits for the step's dry run (the form posted with `validateOnly`, which the
 * server checks without applying): answers the multipart body sent and the error paths answered.
 */
export async function nextWithDryRun(page: Page): Promise<{ sent: string; errorPaths: string[] }> {
  const dryRun = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && request.url().endsWith('/api/opportunities/beach-clean/apply/'),
  );
  await next(page);
  const request = await dryRun;
  const sent = request.postDataBuffer()?.toString('utf8') ?? '';
  expect(sent).toContain('name="validateOnly"');
  const answer = (await (await request.response())?.json()) as
    { errors?: Record<string, string[]> } | undefined;
  return { sent, errorPaths: Object.keys(answer?.errors ?? {}) };
}

/** Step 2: quick-help's motivation answers, plus the right to volunteer. */
export async function fillBeachMotivation(page: Page) {
  await fillMotivation(page);
  await page
    .getByRole('group', { name: /right to volunteer/ })
    .getByLabel('Yes')
    .check();
}

/** The list of addresses of step 3, and one of its rows (0 is the current address). */
export const addressGroup = (page: Page) => page.getByRole('group', { name: /^Your addresses/ });
export const addressRow = (page: Page, index: number) => addressGroup(page).getByRole('listitem').nth(index);
/** The address finder of a row. */
export const addressFinder = (row: Locator) => row.getByRole('combobox', { name: /^Postcode or address/ });

/** Types the `From` month and year of an address row, `months` ago. */
export async function fillAddressFrom(row: Locator, months: number) {
  const { month, year } = monthsAgo(months);
  const from = row.getByRole('group', { name: /^From/ });
  await from.getByRole('textbox', { name: 'Month' }).fill(month);
  await from.getByRole('textbox', { name: 'Year' }).fill(year);
}

/** Opens a row's `Edit address` modal by `Enter the address manually`, types the required parts and saves. */
export async function typeAddressInModal(
  page: Page,
  row: Locator,
  address: { line1: string; city: string; postcode: string },
) {
  await row.getByRole('button', { name: 'Enter the address manually' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit address' });
  await dialog.getByRole('textbox', { name: /^Address line 1/ }).fill(address.line1);
  await dialog.getByRole('textbox', { name: /^City/ }).fill(address.city);
  await dialog.getByRole('textbox', { name: /^Postcode/ }).fill(address.postcode);
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Step 4: every compulsory field (occupation, the emergency contact number typed the national
 * way, T-shirt size, preferred contact method, how they heard about us), each given explicitly
 * rather than left to its preselected option.
 */
export async function fillBeachAboutYou(page: Page) {
  await expect(stepHeading(page, '4. About you')).toBeVisible();
  await page.getByLabel(/^Occupation/).fill('Teacher');
  await page.getByRole('textbox', { name: /^Emergency contact telephone/ }).fill(EMERGENCY_PHONE);
  await page.getByRole('combobox', { name: /^T-shirt size/ }).selectOption({ label: 'Large' });
  await page
    .getByRole('group', { name: /^Preferred contact method/ })
    .getByLabel('Phone call')
    .check();
  await page.getByRole('combobox', { name: /^How did you hear about us/ }).selectOption({
    label: 'A friend or family member',
  });
}

/** Step 5: both documents, uploaded. */
export async function uploadBeachDocuments(page: Page) {
  await expect(stepHeading(page, '5. Supporting documents')).toBeVisible();
  await page
    .getByLabel(/^Photo ID/)
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
  await page
    .getByLabel(/^Proof of address/)
    .setInputFiles({ name: 'bank-statement.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('link', { name: /^passport\.png/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^bank-statement\.pdf/ })).toBeVisible();
}

/** The block of referee `n` (from 1) of step 6. */
export const referee = (page: Page, n: number) => page.getByRole('group', { name: `Referee ${n}` });

/** Step 6: referee 1 (Pat Lee) with an email address; referee 2 (Sam Hill) without one, with a phone number instead. */
export async function fillReferees(page: Page, refereeEmail: string) {
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

/** The single-use link of the reference request for `applicant` emailed to `to`, from the development outbox. */
export async function emailedReferenceLink(page: Page, to: string, applicant: string): Promise<string> {
  return fromOutbox(page, to, (messages) => {
    const request = messages.find((message) => message.subject === `Reference request for ${applicant}`);
    return request ? (/https?:\/\/\S+\/reference\/[A-Za-z0-9_-]+/.exec(request.text)?.[0] ?? null) : null;
  });
}
