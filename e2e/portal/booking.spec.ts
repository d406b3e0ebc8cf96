import { expect, test, type Page } from '@playwright/test';
import {
  enterNewEmail,
  expectNoViolations,
  fillNewApplicantDetails,
  fillReview,
  next,
  stepHeading,
  uniqueEmail,
} from '../apply/helpers';
import { signInTo } from '../profile/helpers';

/*
 * The residential booking page (`/portal/residential/bookings/{id}`) and its cancellation
 * (docs/residential.md "Cancelling a stay"). The demo opportunity residential-week books stays at
 * Lakeside Lodge, Saturday to Saturday; the server seeds on start, so "today" is the seed date.
 */

const toIso = (date: Date) => date.toISOString().slice(0, 10);
function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}
/** The first Saturday on or after `iso`. */
function saturdayFrom(iso: string): string {
  return addDays(iso, (6 - new Date(`${iso}T00:00:00Z`).getUTCDay() + 7) % 7);
}
/** A day as the portal writes it, e.g. `6 June 2026`. */
const written = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A week clear of the full weeks (eight and nine weeks ahead) and of the other specs' stays. */
const START = saturdayFrom(addDays(toIso(new Date()), 7 * 11));
const END = addDays(START, 7);
const OPPORTUNITY = 'Residential Week at Lakeside Lodge';

/** The value of a row of a details list, by its term. */
const detail = (page: Page, term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a volunteer who applied finds the application and the booking in the portal, opens each and cancels the booking; another volunteer may see neither', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('booking');
  const password = 'Harbour7Lights';

  // Apply for the residential week with the week chosen in the address.
  await page.goto(`/apply/residential-week?start_date=${START}&end_date=${END}`);
  await expect(stepHeading(page, '1. Your details')).toBeVisible();
  await enterNewEmail(page, email);
  await fillNewApplicantDetails(page, { first: 'Bo', last: 'Booker' });
  await next(page);
  await expect(stepHeading(page, '2. Your stay')).toBeVisible();
  await page
    .getByRole('group', { name: /^Gender identity/ })
    .getByLabel('Prefer not to say')
    .check();
  await page
    .getByRole('group', { name: /Is there anything else we should know/ })
    .getByLabel('Yes')
    .check();
  await page.getByRole('textbox', { name: /Please tell us what we should know/ }).fill('I am vegetarian.');
  await next(page);
  await fillReview(page, { step: '3. Review and apply', password });
  await page.getByRole('button', { name: 'Complete application' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you for your application' })).toBeVisible();

  // Signed in, the portal lists the application and the stay.
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  const application = page
    .getByRole('table', { name: 'Your applications, newest first' })
    .getByRole('row')
    .filter({ hasText: OPPORTUNITY });
  await expect(application).toContainText('Submitted');
  const stays = page.getByRole('table', { name: 'Your residential stays, latest first' });
  const stay = stays.getByRole('row').filter({ hasText: 'Lakeside Lodge' });
  await expect(stay.getByRole('cell')).toHaveText([
    `Lakeside Lodge, arriving ${written(START)}`,
    written(START),
    written(END),
    'Pending',
  ]);
  await expectNoViolations(page, 'the portal with a stay');

  await application.getByRole('link', { name: OPPORTUNITY }).click();
  await expect(page).toHaveURL(/\/portal\/applicant\/dashboard\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: OPPORTUNITY })).toBeVisible();
  const dashboard = new URL(page.url()).pathname;
  await page.getByRole('link', { name: 'Back to your portal' }).click();

  await stay.getByRole('link', { name: /^Lakeside Lodge/ }).click();
  await expect(page).toHaveURL(/\/portal\/residential\/bookings\/\d+$/);
  const bookingPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Your stay at Lakeside Lodge' })).toBeVisible();
  await expect(detail(page, 'Status')).toHaveText('Pending');
  await expect(detail(page, 'Arrival')).toHaveText(written(START));
  await expect(detail(page, 'Departure')).toHaveText(written(END));
  await expect(detail(page, 'Duration')).toHaveText('7 nights');
  await expect(detail(page, 'Willing to share a room')).toHaveText('No');
  await expect(detail(page, 'Anything else we should know')).toHaveText('I am vegetarian.');
  await expect(
    page.getByRole('link', { name: 'See the application you booked this stay with' }),
  ).toHaveAttribute('href', dashboard);
  await expectNoViolations(page, 'the booking page');
  await shoot(page, 'booking-page');

  // Cancel: a reason is asked for first, then the stay is cancelled with it.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const reason = page.getByRole('combobox', { name: 'Why are you cancelling?' });
  await expect(reason).toBeFocused();
  await page.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(page.getByText('Please choose a reason for cancelling.')).toBeVisible();
  await expectNoViolations(page, 'the cancel form with an error');
  await shoot(page, 'booking-cancel-form');
  await reason.selectOption({ label: 'My plans have changed' });
  await page
    .getByRole('textbox', { name: /Anything else you would like to tell us/ })
    .fill('Sorry, work came up.');
  await page.getByRole('button', { name: 'Confirm cancellation' }).click();

  const cancelled = page.getByRole('heading', { level: 2, name: 'This booking is cancelled' });
  await expect(cancelled).toBeFocused();
  await expect(detail(page, 'Status')).toHaveText('Cancelled');
  await expect(detail(page, 'Reason')).toHaveText('My plans have changed');
  await expect(detail(page, 'Your note')).toHaveText('Sorry, work came up.');
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await expectNoViolations(page, 'the booking page after cancelling');
  await shoot(page, 'booking-cancelled');

  // Still cancelled when opened again, and listed as cancelled in the portal.
  await page.reload();
  await expect(detail(page, 'Status')).toHaveText('Cancelled');
  await page.getByRole('link', { name: 'Back to your portal' }).click();
  await expect(stay.getByRole('cell').last()).toHaveText('Cancelled');
  await expectNoViolations(page, 'the portal with a cancelled stay');
  await shoot(page, 'portal-cancelled-stay');

  // Another volunteer is signed in, brought back, and told neither is theirs to see.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInTo(other, 'applicant@example.org', bookingPath);
  await expect(other.getByRole('heading', { level: 1, name: 'Booking not found' })).toBeVisible();
  await expect(other.getByText('This booking does not exist, or it is not yours to see.')).toBeVisible();
  await expectNoViolations(other, 'the not-found booking page');
  await other.goto(dashboard);
  await expect(other.getByRole('heading', { level: 1, name: 'Application not found' })).toBeVisible();
  await otherContext.close();
});
