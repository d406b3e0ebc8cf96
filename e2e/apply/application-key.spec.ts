import { expect, test } from '@playwright/test';
import { QUICK_HELP, fillAboutYou, fillMotivation, fillReview, next, stepHeading } from './helpers';

// The demo's invitation (apps/api/src/db/seed/demo.ts, DEMO_INVITATION): a pending quick-help
// application for invited@example.org, completed through its key. One fresh database per run,
// so the whole story stays in one test.
const INVITED = 'invited@example.org';
const KEYED = `${QUICK_HELP}?key=demo-invitation-key-quick-help`;

test('an invited applicant completes their application through its key; the key then says it is used', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(KEYED);

  // Another address is refused with the wording of applicant-flow §8.
  await page.getByLabel(/^Email address/).fill('someone.else@example.net');
  await expect(page.getByText('Email address does not match our records.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Next' })).toBeHidden();

  // The invited address opens their saved application: the details are theirs, shown locked.
  await page.getByLabel(/^Email address/).fill(INVITED);
  const firstName = page.getByLabel(/^First name/);
  await expect(firstName).toHaveValue('Isla', { timeout: 30_000 });
  await expect(firstName).toHaveAttribute('readonly', '');
  await expect(page.getByLabel(/^Last name/)).toHaveValue('Invited');
  await expect(page.getByLabel(/^Confirm email/)).toHaveCount(0);

  await next(page);
  await expect(stepHeading(page, '2. Your motivation')).toBeVisible();
  // With an application key the motivation step asks no "why" (applicant-flow §2.3).
  await expect(page.getByLabel(/^Why would you like to apply/)).toHaveCount(0);
  await fillMotivation(page, { why: false });
  await next(page);
  await fillAboutYou(page);
  await next(page);
  await fillReview(page);
  // Known to us already: the password block is only for new applicants or require_password (§2.10).
  await expect(page.getByRole('group', { name: 'Set your password' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Complete application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thank you for your application' });
  await expect(dialog).toBeVisible();
  // A key and an address are not a sign-in: Finish goes to the portal's sign-in, not a token link.
  await expect(dialog.getByRole('link', { name: 'Finish' })).toHaveAttribute('href', '/portal');

  // The key is spent: the same link now answers that the application is complete.
  await page.goto(KEYED);
  await page.getByLabel(/^Email address/).fill(INVITED);
  await expect(page.getByText(/already (been )?completed/i)).toBeVisible({ timeout: 30_000 });
});
