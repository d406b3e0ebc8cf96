import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  enterNewEmail,
  fillNewApplicantDetails,
  next,
  stepHeading,
  uniqueEmail,
} from './helpers';

/*
 * The residential step of the demo opportunity residential-week (steps: your details, your stay,
 * review and apply; Lakeside Lodge, changeovers on Saturdays; docs/residential.md). The server
 * seeds on start, so "today" here is the seed date.
 */

const RESIDENTIAL = '/apply/residential-week';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const asDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);
function addDays(iso: string, days: number): string {
  const date = asDate(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}
/** The first Saturday on or after `iso`. */
function saturdayFrom(iso: string): string {
  return addDays(iso, (6 - asDate(iso).getUTCDay() + 7) % 7);
}
/** `DD/MM/YYYY` (applicant-flow §9). */
const shown = (iso: string) => iso.split('-').reverse().join('/');
/** The accessible name a calendar day starts with, e.g. `Saturday 5 December 2026`. */
function dayName(iso: string): string {
  const date = asDate(iso);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const TODAY = toIso(new Date());
/** The stays with no space (seeded by demoResidentialClosures): every room closed. */
const FULL_WEEK = saturdayFrom(addDays(TODAY, 56));
/** Weeks with space, clear of the full ones; each test books its own. */
const WEEK = (n: number) => saturdayFrom(addDays(TODAY, 7 * n));

async function expectNoViolations(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, `axe violations in ${state}`).toEqual([]);
}

const day = (page: Page, iso: string) =>
  page.getByRole('button', { name: new RegExp(`^(Today, )?${dayName(iso)}`) });
const pickerMessage = (page: Page) => page.locator('.booking-picker__live');

/** Opens the date picker and waits for the team's availability. */
async function openPicker(page: Page) {
  await page.getByRole('button', { name: /^(Choose|Edit) dates$/ }).click();
  await expect(page.getByRole('grid').first()).toBeVisible();
  await expect(page.getByText('Loading availability…')).toHaveCount(0);
}

/** Clicks a day, turning the months until it shows; refused days are clicked all the same. */
async function pickDay(page: Page, iso: string) {
  for (let turns = 0; turns < 12 && !(await day(page, iso).isVisible()); turns += 1) {
    await page.getByRole('button', { name: /next month/i }).click();
    await expect(page.getByText('Loading availability…')).toHaveCount(0);
  }
  await day(page, iso).click({ force: true });
}

/** A new applicant's details, up to the residential step. */
async function newApplicantToStay(page: Page, label: string, path = RESIDENTIAL) {
  await page.goto(path);
  await expect(stepHeading(page, '1. Your details')).toBeVisible();
  await enterNewEmail(page, uniqueEmail(label));
  await fillNewApplicantDetails(page, { first: 'Robin', last: `Stayer ${label}` });
  await next(page);
  await expect(stepHeading(page, '2. Your stay')).toBeVisible();
}

async function answerStayQuestions(page: Page) {
  await page
    .getByRole('group', { name: /^Gender identity/ })
    .getByLabel('Prefer not to say')
    .check();
  await page
    .getByRole('group', { name: /Is there anything else we should know/ })
    .getByLabel('No')
    .check();
}

async function completeReview(page: Page, password?: string) {
  await expect(stepHeading(page, '3. Review and apply')).toBeVisible();
  await page.getByLabel('I agree', { exact: true }).check();
  await page.getByLabel(/I have read and agree to the Volunteer agreement/).check();
  if (password) {
    await page.getByRole('textbox', { name: /^Password/ }).fill(password);
    await page.getByRole('textbox', { name: /^Confirm password/ }).fill(password);
  }
  await page.getByRole('button', { name: 'Complete application' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you for your application' })).toBeVisible();
}

/** The booking table's cell for a row. */
const cell = (page: Page, row: string) =>
  page.getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell');

test('a new applicant books a stay picked with the mouse; axe passes empty, in error, filled and with the picker open', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await newApplicantToStay(page, 'mouse');
  await expectNoViolations(page, 'residential step empty');

  await next(page);
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(stepHeading(page, '2. Your stay')).toBeVisible();
  await expectNoViolations(page, 'residential step with errors');

  const start = WEEK(3);
  await openPicker(page);
  await expectNoViolations(page, 'residential step with the picker open');
  await pickDay(page, start);
  await expect(pickerMessage(page)).toContainText('Now choose your end date.');
  await pickDay(page, addDays(start, 7));
  await expect(pickerMessage(page)).toContainText(
    `Your stay: ${shown(start)} to ${shown(addDays(start, 7))}, 7 nights.`,
  );
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.screenshot({ path: test.info().outputPath('residential-picker-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(cell(page, 'Start date')).toHaveText(shown(start));
  await expect(cell(page, 'End date')).toHaveText(shown(addDays(start, 7)));
  await expect(cell(page, 'Duration')).toHaveText('7 nights');
  await expect(cell(page, 'Location')).toHaveText('Lakeside Lodge');

  await answerStayQuestions(page);
  await page.getByRole('textbox', { name: /Linked applications/ }).fill('Sam Stayer');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove Sam Stayer' })).toBeVisible();
  await expectNoViolations(page, 'residential step filled');
  await page.screenshot({ path: test.info().outputPath('residential-filled-1280.png'), fullPage: true });
  await next(page);
  await completeReview(page, 'Harbour7Lights');
});

test('another applicant books with the keyboard alone', async ({ page }) => {
  test.setTimeout(150_000);
  await newApplicantToStay(page, 'keys');
  const start = WEEK(4);

  await page.getByRole('button', { name: 'Choose dates' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Loading availability…')).toHaveCount(0);
  // The calendar takes focus once loaded; walk from the focused day to the start, then a week on.
  await expect(page.locator('.rdp-day_button:focus')).toHaveCount(1);
  const focused = await page.evaluate(
    () => document.activeElement?.closest('td')?.getAttribute('data-day') ?? '',
  );
  expect(focused).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const distance = Math.round((asDate(start).getTime() - asDate(focused).getTime()) / 86_400_000);
  for (let week = 0; week < Math.floor(distance / 7); week += 1) {
    await page.keyboard.press('ArrowDown');
  }
  for (let rest = 0; rest < distance % 7; rest += 1) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(day(page, start)).toBeFocused();
  await page.keyboard.press('Enter');
  // Unavailable days are passed through on the way.
  await page.keyboard.press('ArrowRight');
  await expect(day(page, addDays(start, 1))).toBeFocused();
  await expect(day(page, addDays(start, 1))).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(pickerMessage(page)).toContainText(
    `Your stay: ${shown(start)} to ${shown(addDays(start, 7))}, 7 nights.`,
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Edit dates' })).toBeFocused();
  await expect(cell(page, 'Start date')).toHaveText(shown(start));

  const gender = page.getByRole('group', { name: /^Gender identity/ }).getByLabel('Woman');
  await gender.focus();
  await page.keyboard.press('Space');
  await expect(gender).toBeChecked();
  const no = page.getByRole('group', { name: /Is there anything else we should know/ }).getByLabel('No');
  await no.focus();
  await page.keyboard.press('Space');
  await expect(no).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await completeReview(page, 'Harbour7Lights');
});

test('refuses stays on the wrong weekday, through a full night or too short, saying why', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newApplicantToStay(page, 'refused');
  await openPicker(page);

  const saturday = WEEK(2);
  const sunday = addDays(saturday, 1);
  await expect(day(page, sunday)).toHaveAttribute('aria-disabled', 'true');
  await pickDay(page, sunday);
  await expect(pickerMessage(page)).toHaveText('Your stay must start on a Saturday.');

  await pickDay(page, FULL_WEEK);
  await expect(pickerMessage(page)).toHaveText(`There is no space left on the night of ${shown(FULL_WEEK)}.`);

  await page.getByRole('button', { name: '14 nights' }).click();
  await pickDay(page, saturday);
  await pickDay(page, addDays(saturday, 7));
  await expect(pickerMessage(page)).toHaveText('Your stay must be 14 nights.');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('residential-refused-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: test.info().outputPath('residential-refused-375.png'), fullPage: true });
  await expectNoViolations(page, 'picker showing a refusal');

  await page.getByRole('button', { name: 'OK' }).click();
  await expect(cell(page, 'Start date')).toHaveText('Not chosen');
});

test('the dates of the address preselect the booking', async ({ page }) => {
  const start = WEEK(5);
  await newApplicantToStay(
    page,
    'address',
    `${RESIDENTIAL}?start_date=${start}&end_date=${addDays(start, 14)}&willing_to_share=true`,
  );
  await expect(cell(page, 'Start date')).toHaveText(shown(start));
  await expect(cell(page, 'End date')).toHaveText(shown(addDays(start, 14)));
  await expect(cell(page, 'Duration')).toHaveText('14 nights');
  await expect(cell(page, 'Willing to share a room')).toHaveText('Yes');
});

// applicant@example.org books twice in one database: keep the visits in one test, in order.
test('a returning applicant meets the existing-booking screen, then books a second, separate stay', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const first = WEEK(6);
  const second = WEEK(7);
  const signInAndGoToStay = async () => {
    await page.goto(RESIDENTIAL);
    await expect(stepHeading(page, '1. Your details')).toBeVisible();
    const email = page.getByLabel(/^Email address/);
    if (await email.isEditable()) {
      await email.fill('applicant@example.org');
      const password = page.getByRole('textbox', { name: /^Password/ });
      await expect(password).toBeVisible({ timeout: 75_000 });
      await password.fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await expect(page.getByRole('button', { name: 'Not Alex Morgan?' })).toBeVisible();
    await next(page);
    await expect(stepHeading(page, '2. Your stay')).toBeVisible();
  };

  await signInAndGoToStay();
  await openPicker(page);
  await pickDay(page, first);
  await pickDay(page, addDays(first, 7));
  await page.getByRole('button', { name: 'OK' }).click();
  await answerStayQuestions(page);
  await next(page);
  await completeReview(page);

  // Back again: the same week overlaps the booking just made.
  await signInAndGoToStay();
  await openPicker(page);
  await pickDay(page, first);
  await pickDay(page, addDays(first, 7));
  await page.getByRole('button', { name: 'OK' }).click();
  const screen = page.getByRole('heading', { name: 'You have an existing booking for the selected dates' });
  await expect(screen).toBeVisible();
  await expect(
    page.getByText(`You are booked at Lakeside Lodge from ${shown(first)} to ${shown(addDays(first, 7))}.`),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'View your existing booking' })).toHaveAttribute(
    'href',
    /^\/portal\/residential\/bookings\/\d+$/,
  );
  await expect(page.getByRole('link', { name: 'Choose different dates' })).toHaveAttribute(
    'href',
    RESIDENTIAL,
  );
  await expectNoViolations(page, 'existing-booking screen');
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: test.info().outputPath('residential-existing-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A separate week is fine.
  await openPicker(page);
  await pickDay(page, second);
  await pickDay(page, addDays(second, 7));
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(screen).toHaveCount(0);
  await answerStayQuestions(page);
  await next(page);
  await completeReview(page);
});
