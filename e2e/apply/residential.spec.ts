import { expect, test, type Page } from '@playwright/test';
import {
  enterNewEmail,
  expectNoViolations,
  fillNewApplicantDetails,
  fillReview,
  next,
  signInInForm,
  stepHeading,
  uniqueEmail,
} from './helpers';

/*
 * The residential step of the demo opportunity residential-week (steps: your details, your stay,
 * review and apply; Lakeside Lodge, changeovers on Saturdays; docs/residential.md). The server
 * seeds on start, so "today" here is the seed date.
 */

const RESIDENTIAL = '/apply/residential-week';
const REVIEW = '3. Review and apply';
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

const day = (page: Page, iso: string) =>
  page.getByRole('button', { name: new RegExp(`^(Today, )?${dayName(iso)}`) });
const pickerMessage = (page: Page) => page.locator('.booking-picker__live');

/** Opens the date picker and waits for the team's availability. */
async function openPicker(page: Page) {
  await page.getByRole('button', { name: /^(Choose|Edit) dates$/ }).click();
  await expect(page.getByRole('grid').first()).toBeVisible();
  await expect(page.getByText('Loading availability…')).toHaveCount(0);
}

/** Clicks a day, turning the months (back or on) until it shows; refused days are clicked all the same. */
async function pickDay(page: Page, iso: string) {
  for (let turns = 0; turns < 12 && !(await day(page, iso).isVisible()); turns += 1) {
    const firstShown = await page.locator('.booking-picker td[data-day]').first().getAttribute('data-day');
    const back = firstShown !== null && iso < firstShown;
    await page.getByRole('button', { name: back ? /previous month/i : /next month/i }).click();
    await expect(page.getByText('Loading availability…')).toHaveCount(0);
  }
  // The calendar is disabled while the shown months' availability loads: a click then is lost.
  await expect(page.locator('.booking-picker__calendar[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.booking-picker__calendar--loading')).toHaveCount(0);
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
  await fillReview(page, { step: REVIEW, password });
  await page.getByRole('button', { name: 'Complete application' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you for your application' })).toBeVisible();
}

/** The message shown above the booking's dates, and the date button it describes. */
const datesMessage = (page: Page) => page.locator('#apply-booking-start_date-error');

const EXISTING_BOOKING = 'You have an existing booking for the selected dates';

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
  // Pressed as fast as the keyboard sends them, none waiting for the focus to move: through
  // unavailable days and, when the start is in the month after, across the month's end. Each
  // press must land on the day the one before reached (it once looped the page on Preact).
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

  // A fortnight from the Saturday before the full week would run through its nights.
  await page.getByRole('button', { name: '14 nights' }).click();
  await pickDay(page, addDays(FULL_WEEK, -7));
  await expect(pickerMessage(page)).toHaveText(`There is no space left on the night of ${shown(FULL_WEEK)}.`);

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

test('the server refuses preselected dates on the wrong weekday when the step is left, at the dates', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const sunday = addDays(WEEK(2), 1);
  await newApplicantToStay(
    page,
    'server-weekday',
    `${RESIDENTIAL}?start_date=${sunday}&end_date=${addDays(sunday, 7)}`,
  );
  await expect(cell(page, 'Start date')).toHaveText(shown(sunday));
  await answerStayQuestions(page);
  await next(page);
  // The page does not know the changeover days without the picker; the step's dry run does.
  await expect(stepHeading(page, '2. Your stay')).toBeVisible();
  await expect(datesMessage(page)).toHaveText('Error: Your stay must start on a Saturday.');
  await expect(page.getByRole('button', { name: 'Edit dates' })).toHaveAccessibleDescription(
    'Error: Your stay must start on a Saturday.',
  );
  await expect(page.getByRole('link', { name: 'Your stay must start on a Saturday.' })).toBeVisible();
  await expectNoViolations(page, 'residential step with the server’s refusal');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({
    path: test.info().outputPath('residential-server-refusal-1280.png'),
    fullPage: true,
  });
});

test('the server refuses a stay through a full night on submit, and the page shows why at the dates', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const start = addDays(FULL_WEEK, -7);
  await newApplicantToStay(
    page,
    'server-full',
    `${RESIDENTIAL}?start_date=${start}&end_date=${addDays(start, 14)}`,
  );
  await answerStayQuestions(page);
  await next(page);
  await fillReview(page, { step: REVIEW, password: 'Harbour7Lights' });
  await page.getByRole('button', { name: 'Complete application' }).click();
  const reason = `There is no space left on the night of ${shown(FULL_WEEK)}.`;
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await page.getByRole('link', { name: reason }).click();
  await expect(stepHeading(page, '2. Your stay')).toBeVisible();
  await expect(datesMessage(page)).toHaveText(`Error: ${reason}`);
  await expect(page.getByRole('button', { name: 'Edit dates' })).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'Thank you for your application' })).toHaveCount(0);
});

// applicant@example.org books in one database: keep the visits in one test, in order.
test('a returning applicant meets the existing-booking screen from the date re-check and from the server, and books a second, separate stay', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const first = WEEK(6);
  const second = WEEK(7);
  const signInAndGoToStay = async (on: Page, path = RESIDENTIAL) => {
    await on.goto(path);
    await expect(stepHeading(on, '1. Your details')).toBeVisible();
    if (await on.getByLabel(/^Email address/).isEditable()) {
      await signInInForm(on, 'applicant@example.org', 'Alex Morgan');
    }
    await expect(on.getByRole('button', { name: 'Not Alex Morgan?' })).toBeVisible();
    await next(on);
    await expect(stepHeading(on, '2. Your stay')).toBeVisible();
  };
  const screen = page.getByRole('heading', { name: EXISTING_BOOKING });

  await signInAndGoToStay(page);
  await openPicker(page);
  await pickDay(page, first);
  await pickDay(page, addDays(first, 7));
  await page.getByRole('button', { name: 'OK' }).click();
  await answerStayQuestions(page);
  await next(page);
  await completeReview(page);

  // Back again: the same week overlaps the booking just made, which the date re-check finds.
  await signInAndGoToStay(page);
  await openPicker(page);
  await pickDay(page, first);
  await pickDay(page, addDays(first, 7));
  await expect(screen).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
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
  await expect(page.getByRole('group', { name: /^Gender identity/ })).toHaveCount(0);
  await expectNoViolations(page, 'existing-booking screen');
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: test.info().outputPath('residential-existing-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A separate week is fine: the screen goes and the questions come back.
  await openPicker(page);
  await pickDay(page, second);
  await pickDay(page, addDays(second, 7));
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(screen).toHaveCount(0);
  await answerStayQuestions(page);
  await next(page);
  await fillReview(page, { step: REVIEW });

  // Meanwhile, in another tab, the same person books that second week: a second, separate stay.
  const other = await page.context().newPage();
  await signInAndGoToStay(other, `${RESIDENTIAL}?start_date=${second}&end_date=${addDays(second, 7)}`);
  await expect(cell(other, 'Start date')).toHaveText(shown(second));
  await expect(other.getByRole('heading', { name: EXISTING_BOOKING })).toHaveCount(0);
  await answerStayQuestions(other);
  await next(other);
  await completeReview(other);
  await other.close();

  // The first tab's submit is refused by the server, and its stay step shows the booking in the way.
  await page.getByRole('button', { name: 'Complete application' }).click();
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await page.getByRole('link', { name: EXISTING_BOOKING }).click();
  await expect(stepHeading(page, '2. Your stay')).toBeVisible();
  await expect(screen).toBeVisible();
  await expect(
    page.getByText(`You are booked at Lakeside Lodge from ${shown(second)} to ${shown(addDays(second, 7))}.`),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Thank you for your application' })).toHaveCount(0);
});
