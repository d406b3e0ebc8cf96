import { expect, test, type Page } from '@playwright/test';
import {
  QUICK_HELP,
  enterNewEmail,
  expectNoViolations,
  fillAboutYou,
  fillMotivation,
  fillNewApplicantDetails,
  fillReview,
  next,
  stepHeading,
  uniqueEmail,
} from './helpers';

/** Empties the step's text boxes so that Next shows every required message. */
async function pressNextExpectingErrors(page: Page, heading: string) {
  await next(page);
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(stepHeading(page, heading)).toBeVisible();
}

test('axe finds no violations on any quick-help step, empty, in error and filled', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('axe');
  await page.goto(QUICK_HELP);
  await expect(stepHeading(page, '1. Your details')).toBeVisible();
  await expectNoViolations(page, 'step 1 empty');

  await enterNewEmail(page, email);
  await pressNextExpectingErrors(page, '1. Your details');
  await expectNoViolations(page, 'step 1 with errors');
  await fillNewApplicantDetails(page, { first: 'Axel', last: 'Checker' });
  await expectNoViolations(page, 'step 1 filled');
  await next(page);

  await expect(stepHeading(page, '2. Your motivation')).toBeVisible();
  await expectNoViolations(page, 'step 2 empty');
  await pressNextExpectingErrors(page, '2. Your motivation');
  await expectNoViolations(page, 'step 2 with errors');
  await fillMotivation(page);
  await expectNoViolations(page, 'step 2 filled');
  await next(page);

  await expect(stepHeading(page, '3. About you')).toBeVisible();
  await expectNoViolations(page, 'step 3 empty');
  await pressNextExpectingErrors(page, '3. About you');
  await expectNoViolations(page, 'step 3 with errors');
  await fillAboutYou(page);
  await expectNoViolations(page, 'step 3 filled');
  await next(page);

  await expect(stepHeading(page, '4. Review and apply')).toBeVisible();
  await expectNoViolations(page, 'step 4 empty');
  await page.getByRole('button', { name: 'Complete application' }).click();
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expectNoViolations(page, 'step 4 with errors');
  await fillReview(page, { password: 'Harbour7Lights' });
  await expectNoViolations(page, 'step 4 filled');
  await page.getByRole('button', { name: 'Complete application' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you for your application' })).toBeVisible();
  await expectNoViolations(page, 'thank-you dialog');
});
