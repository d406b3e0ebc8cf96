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

test('a submit answered with 422 shows every message at its field and in the summary', async ({ page }) => {
  test.setTimeout(120_000);
  const serverErrors = {
    first_name: ['The first name was refused by the server'],
    why: ['Please tell us a little more about why'],
    'questions.availability-notes': ['Please tell us your usual days'],
    'terms.0': ['Please verify that you agree to the above statement'],
  };
  // Dry runs go through; the final submit (no validateOnly part) is answered with field errors.
  await page.route('**/api/opportunities/quick-help/apply/', async (route) => {
    const body = route.request().postData() ?? '';
    if (route.request().method() === 'POST' && !body.includes('name="validateOnly"')) {
      await route.fulfill({
        status: 422,
        contentType: 'application/vnd.muster.v3+json',
        body: JSON.stringify({ message: 'The given data was invalid.', errors: serverErrors }),
      });
      return;
    }
    await route.continue();
  });

  const email = uniqueEmail('server-errors');
  await page.goto(QUICK_HELP);
  await enterNewEmail(page, email);
  await fillNewApplicantDetails(page, { first: 'Sam', last: 'Errors' });
  await next(page);
  await fillMotivation(page);
  await next(page);
  await fillAboutYou(page);
  await next(page);
  await fillReview(page, { password: 'Harbour7Lights' });
  await page.getByRole('button', { name: 'Complete application' }).click();

  const summary = page.locator('.apply-error-summary');
  await expect(summary).toBeFocused();
  for (const [message] of Object.values(serverErrors)) {
    await expect(summary.getByRole('link', { name: message! })).toBeVisible();
  }
  await expect(page).toHaveTitle(/^Error: 4\. Review and apply/);
  await expect(page.getByText('Looks like you missed something')).toBeVisible();
  // The terms message sits at its checkbox on this step.
  await expect(page.getByLabel(/I have read and agree to the Volunteer agreement/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#apply-terms-0-error')).toHaveText(/Please verify that you agree to the above statement/);
  // Tabs of the steps in error say so.
  const tabs = page.getByRole('navigation', { name: 'Application steps' });
  for (const name of ['Your details', 'Your motivation', 'About you']) {
    await expect(tabs.getByRole('link', { name: new RegExp(`${name} \\(incomplete\\)`) })).toBeVisible();
  }

  // A summary link goes to the field on its own step.
  await summary.getByRole('link', { name: 'The first name was refused by the server' }).click();
  await expect(stepHeading(page, '1. Your details')).toBeVisible();
  await expect(page.getByLabel(/^First name/)).toBeFocused();
  await expect(page.locator('#apply-first_name-error')).toHaveText(/The first name was refused by the server/);

  await tabs.getByRole('link', { name: /Your motivation/ }).click();
  await expect(stepHeading(page, '2. Your motivation')).toBeVisible();
  await expect(page.locator('#apply-why-error')).toHaveText(/Please tell us a little more about why/);
});

test('the existing-user check shows the wait after its limit', async ({ page }) => {
  test.setTimeout(120_000);
  // The limit is 5 checks of one address per minute; use them up. The other limit, 10 checks per
  // client address, is shared with every spec running meanwhile (all from 127.0.0.1): when it
  // stops a check, wait it out and start again with a fresh address.
  let email = '';
  for (let used = 0; used < 5; ) {
    if (used === 0) {
      email = uniqueEmail('rate-limit');
    }
    const response = await page.request.post('/api/application/check-email', { data: { email } });
    if (response.status() === 429) {
      await page.waitForTimeout(Number(response.headers()['retry-after'] ?? '1') * 1000);
      used = 0;
      continue;
    }
    expect(response.status()).toBe(200);
    used += 1;
  }
  await page.goto(QUICK_HELP);
  await page.getByLabel(/^Email address/).fill(email);
  await expect(page.getByText(/^You have tried too many times, please wait for \d+ seconds before trying again\.$/)).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByRole('button', { name: 'Next' })).toBeHidden();
});
