import { expect, test } from '@playwright/test';
import {
  QUICK_HELP,
  enterNewEmail,
  fillAboutYou,
  fillMotivation,
  fillNewApplicantDetails,
  fillReview,
  next,
  stepHeading,
  uniqueEmail,
} from './helpers';

test('a new applicant completes quick-help, sets a password, and signs in with it at /login', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('new-applicant');
  const password = 'Harbour7Lights';
  await page.goto(QUICK_HELP);
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for Quick Help at the Community Hub' })).toBeVisible();
  await expect(stepHeading(page, '1. Your details')).toBeVisible();
  await expect(page.getByText('(*) Marked fields are required')).toBeVisible();
  // Next waits for the existing-user check.
  await expect(page.getByRole('button', { name: 'Next' })).toBeHidden();

  await enterNewEmail(page, email);
  await fillNewApplicantDetails(page, { first: 'Robin', last: 'Newcomer' });
  await next(page);

  await fillMotivation(page);
  await expect(page).toHaveURL(/[?&]step=2/);
  await next(page);

  await fillAboutYou(page);
  // The step is in the address and the answers in the tab: reload, Back and Forward keep the place.
  await expect(page).toHaveURL(/[?&]step=3/);
  await page.reload();
  await expect(stepHeading(page, '3. About you')).toBeVisible({ timeout: 75_000 });
  await expect(page.getByLabel(/^Occupation/)).toHaveValue('Teacher');
  await page.goBack();
  await expect(stepHeading(page, '2. Your motivation')).toBeVisible();
  await expect(page.getByLabel(/^Why would you like to apply/)).toHaveValue('I would like to help my community.');
  await page.goForward();
  await expect(stepHeading(page, '3. About you')).toBeVisible();
  await next(page);

  await fillReview(page, { password });
  await expect(page.getByText('You are about to apply for Quick Help at the Community Hub')).toBeVisible();
  // The rules open from the meter and cover neither the next field nor the button, wide or narrow
  // (a click fails when another element would receive it).
  const meter = page.getByRole('meter', { name: 'Password strength' });
  const rules = page.getByRole('tooltip');
  const confirm = page.getByRole('textbox', { name: /^Confirm password/ });
  const complete = page.getByRole('button', { name: 'Complete application' });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await meter.hover();
    await expect(rules).toBeVisible();
    await expect(rules).toContainText('Your password must have at least one number');
    await page.screenshot({ path: test.info().outputPath(`review-password-rules-${width}.png`), fullPage: true });
    await confirm.click({ timeout: 5_000 });
    await page.getByRole('textbox', { name: /^Password/ }).focus();
    await meter.hover();
    await expect(rules).toBeVisible();
    await complete.click({ trial: true, timeout: 5_000 });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: 'Complete application' }).click();

  const dialog = page.getByRole('dialog', { name: 'Thank you for your application' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('We will send you an email with the details of your application and how to log in.');
  const finish = dialog.getByRole('link', { name: 'Finish' });
  await expect(finish).toHaveAttribute('href', /^\/api\/login\/token\/[^/]+\?redirect=%2Fportal$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The password set on the form signs in.
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/portal$/);
});
