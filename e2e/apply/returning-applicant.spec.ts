import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, QUICK_HELP, fillAboutYou, fillMotivation, fillReview, next, stepHeading } from './helpers';

// applicant@example.org can apply for quick-help once per fresh database: keep both visits in one test.
test('applicant@example.org signs in inside the form, sees locked details, applies, and cannot apply twice', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(QUICK_HELP);
  await page.getByLabel(/^Email address/).fill('applicant@example.org');
  const password = page.getByRole('textbox', { name: /^Password/ });
  await expect(password).toBeVisible({ timeout: 75_000 });
  await expect(page.getByRole('button', { name: 'request a password reset' })).toBeVisible();
  await password.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('button', { name: 'Not Alex Morgan?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/portal/user/me');
  const firstName = page.getByLabel(/^First name/);
  await expect(firstName).toHaveValue('Alex');
  await expect(firstName).toHaveAttribute('readonly', '');
  await expect(page.getByLabel(/^Last name/)).toHaveValue('Morgan');
  await expect(page.getByLabel(/^Email address/)).toHaveValue('applicant@example.org');
  await expect(page.getByLabel(/^Email address/)).toHaveAttribute('readonly', '');
  const dob = page.getByRole('group', { name: /Date of birth/ });
  await expect(dob.getByLabel('Day')).toHaveValue('14');
  await expect(dob.getByLabel('Year')).toHaveValue('1990');

  await next(page);
  await fillMotivation(page);
  await next(page);
  await fillAboutYou(page);
  await next(page);
  await fillReview(page);
  // A signed-in applicant has a password already.
  await expect(page.getByRole('group', { name: 'Set your password' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Complete application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thank you for your application' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Finish' })).toHaveAttribute('href', /^\/api\/login\/token\//);

  // A second attempt is stopped.
  await page.goto(QUICK_HELP);
  await expect(page.getByRole('heading', { name: 'You have previously applied for this opportunity' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View your application' })).toHaveAttribute(
    'href',
    /^\/portal\/applicant\/dashboard\/\d+$/,
  );
  await expect(stepHeading(page, /^1\./)).toHaveCount(0);
});
