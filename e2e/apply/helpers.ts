import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/demo';

export { DEMO_PASSWORD, emailedCode } from '../support/demo';
export { expectNoViolations } from '../support/axe';

export const QUICK_HELP = '/apply/quick-help';

/** A unique address per test run, so that parallel and repeated runs never collide. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.net`;
}

/** The step heading, e.g. `2. Your motivation`. */
export function stepHeading(page: Page, text: string | RegExp) {
  return page.getByRole('heading', { level: 2, name: text });
}

/** The form's step tabs. */
export function stepTabs(page: Page) {
  return page.getByRole('navigation', { name: 'Application steps' });
}

/**
 * Moves to a step by its tab and waits for its heading. Leaving a step checks the steps in
 * between and marks the incomplete ones, but only the step being left can hold the applicant back.
 */
export async function openStepTab(page: Page, tab: RegExp, heading: string) {
  await stepTabs(page).getByRole('link', { name: tab }).click();
  await expect(stepHeading(page, heading)).toBeVisible();
}

/** A month and year `months` before this one, as month-year boxes take them. */
export function monthsAgo(months: number): { month: string; year: string } {
  const date = new Date();
  date.setDate(1);
  date.setMonth(date.getMonth() - months);
  return { month: String(date.getMonth() + 1).padStart(2, '0'), year: String(date.getFullYear()) };
}

/** A 1×1 PNG image. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal PDF document (an empty page tree), recognised as application/pdf by its signature. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

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

/**
 * Signs a demo account in inside the form's first step (the existing-user check asks for the
 * password; see `enterNewEmail` for the long wait) and waits for `Not {display name}?`.
 */
export async function signInInForm(page: Page, email: string, displayName: string) {
  await page.getByLabel(/^Email address/).fill(email);
  const password = page.getByRole('textbox', { name: /^Password/ });
  await expect(password).toBeVisible({ timeout: 75_000 });
  await password.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: `Not ${displayName}?` })).toBeVisible();
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

/**
 * The review step: the data consent (`I agree`, asked by every demo opportunity), the terms and,
 * for a new applicant, a password. The defaults are quick-help's: step 4 and the volunteer
 * agreement alone.
 */
export async function fillReview(
  page: Page,
  {
    step = '4. Review and apply',
    password,
    terms = ['Volunteer agreement'],
  }: { step?: string; password?: string | undefined; terms?: readonly string[] } = {},
) {
  await expect(stepHeading(page, step)).toBeVisible();
  await page.getByLabel('I agree', { exact: true }).check();
  for (const term of terms) {
    await page.getByLabel(new RegExp(`I have read and agree to the ${term}`)).check();
  }
  if (password) {
    await page.getByRole('textbox', { name: /^Password/ }).fill(password);
    await page.getByRole('textbox', { name: /^Confirm password/ }).fill(password);
  }
}
