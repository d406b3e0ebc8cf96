import { expect, type Page } from '@playwright/test';

export { DEMO_PASSWORD, emailedCode } from '../support/demo';

export const QUICK_HELP = '/apply/quick-help';

/** A unique address per test run, so that parallel and repeated runs never collide. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.net`;
}

/** The step heading, e.g. `2. Your motivation`. */
export function stepHeading(page: Page, text: string | RegExp) {
  return page.getByRole('heading', { level: 2, name: text });
}

/**
 * Types an email and waits for the existing-user check to answer a new applicant. The check is
 * limited per client address (10 a minute) and every spec shares 127.0.0.1: when the limit is hit
 * the page waits out Retry-After and checks again by itself, so the wait here is long.
 */
export async function enterNewEmail(page: Page, email: string) {
  await page.getByLabel(/^Email address/).fill(email);
  await expect(page.getByLabel(/^Confirm email address/)).toBeVisible({ timeout: 75_000 });
  await page.getByLabel(/^Confirm email address/).fill(email);
}

/** Fills the three date boxes of the date-of-birth group. */
export async function fillDateOfBirth(page: Page, day: string, month: string, year: string) {
  const group = page.getByRole('group', { name: /Date of birth/ });
  await group.getByLabel('Day').fill(day);
  await group.getByLabel('Month').fill(month);
  await group.getByLabel('Year').fill(year);
}

/** The personal details of a new applicant (basic-details step). */
export async function fillNewApplicantDetails(
  page: Page,
  details: { first: string; last: string; dob?: [string, string, string] },
) {
  await page.getByLabel(/^First name/).fill(details.first);
  await page.getByLabel(/^Last name/).fill(details.last);
  const [day, month, year] = details.dob ?? ['27', '11', '1989'];
  await fillDateOfBirth(page, day, month, year);
}

export async function next(page: Page) {
  await page.getByRole('button', { name: 'Next' }).click();
}

/** The motivation step of quick-help; `why: false` where it is not asked (an application key). */
export async function fillMotivation(page: Page, { why = true }: { why?: boolean } = {}) {
  await expect(stepHeading(page, '2. Your motivation')).toBeVisible();
  if (why) {
    await page.getByLabel(/^Why would you like to apply/).fill('I would like to help my community.');
  }
  await page
    .getByRole('radiogroup', { name: /special requirements/ })
    .or(page.getByRole('group', { name: /special requirements/ }))
    .getByLabel('No')
    .check();
}

/** The about-you step of quick-help. */
export async function fillAboutYou(page: Page) {
  await expect(stepHeading(page, '3. About you')).toBeVisible();
  await page.getByLabel(/^Occupation/).fill('Teacher');
  await page.getByLabel(/^When are you usually available/).fill('Weekends');
}

/** The review step of quick-help: the data consent and the volunteer agreement. */
export async function fillReview(page: Page, password?: string) {
  await expect(stepHeading(page, '4. Review and apply')).toBeVisible();
  await page.getByLabel('I agree', { exact: true }).check();
  await page.getByLabel(/I have read and agree to the Volunteer agreement/).check();
  if (password) {
    await page.getByRole('textbox', { name: /^Password/ }).fill(password);
    await page.getByRole('textbox', { name: /^Confirm password/ }).fill(password);
  }
}
