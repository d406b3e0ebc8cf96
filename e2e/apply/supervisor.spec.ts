import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, QUICK_HELP, fillAboutYou, fillDateOfBirth, fillMotivation, fillReview, next, stepHeading } from './helpers';

test('a supervisor applies for a minor without an email address, who must give parent or guardian details', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/login?intended=${encodeURIComponent(QUICK_HELP)}`);
  await page.getByLabel('Email address').fill('supervisor@example.org');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/apply\/quick-help/);

  await expect(page.getByText('You are applying on behalf of someone else.')).toBeVisible();
  await page.getByRole('group', { name: /Do they have an email address\?/ }).getByLabel('No').check();
  await expect(page.getByLabel(/^Email address/)).toHaveCount(0);
  await page.getByLabel(/^First name/).fill('Jo');
  await page.getByLabel(/^Last name/).fill(`Minor${Date.now()}`);
  const year = String(new Date().getFullYear() - 12);
  await fillDateOfBirth(page, '01', '02', year);

  const guardian = page.getByRole('group', { name: 'Parent or guardian' });
  await expect(guardian).toBeVisible();
  await next(page);
  const summary = page.getByRole('heading', { name: 'There is a problem' });
  await expect(summary).toBeVisible();
  await expect(page.getByRole('link', { name: 'Parent or guardian first name is required' })).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);

  await guardian.getByLabel(/first name/).fill('Pat');
  await guardian.getByLabel(/last name/).fill('Guardian');
  await guardian.getByLabel(/email address/).fill(`guardian.${Date.now()}@example.net`);
  await next(page);

  await fillMotivation(page);
  await next(page);
  await fillAboutYou(page);
  await next(page);
  // Without an email address the supervisor answers the consents and terms; nobody sets a password.
  await fillReview(page);
  await expect(page.getByRole('group', { name: 'Set your password' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Complete application' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you for your application' })).toBeVisible();
  await expect(stepHeading(page, /^4\./)).toHaveCount(0);
});
