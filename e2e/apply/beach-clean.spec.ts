import { expect, test } from '@playwright/test';
import { enterNewEmail, fillNewApplicantDetails, next, stepHeading, uniqueEmail } from './helpers';

test('beach-clean opens: later-issue steps show a placeholder and about-you renders every field type', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/apply/beach-clean');
  await expect(stepHeading(page, '1. Your details')).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Application steps' });
  await expect(tabs.getByRole('link')).toHaveCount(8);

  await enterNewEmail(page, uniqueEmail('beach'));
  await fillNewApplicantDetails(page, { first: 'Bea', last: 'Ch', dob: ['01', '01', String(new Date().getFullYear() - 15)] });
  // The step's minimum age only warns; the contact number is compulsory here.
  await expect(page.getByText('Sorry, you have to be at least 16 for this opportunity. Are you sure you want to apply?')).toBeVisible();
  await next(page);
  await expect(page.getByRole('link', { name: 'Contact number is required' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Contact number/ }).fill('07400 123456');
  const guardian = page.getByRole('group', { name: 'Parent or guardian' });
  await guardian.getByLabel(/first name/).fill('Pat');
  await guardian.getByLabel(/last name/).fill('Ch');
  await guardian.getByLabel(/email address/).fill(uniqueEmail('beach-guardian'));
  await next(page);

  await expect(stepHeading(page, '2. Your motivation')).toBeVisible();
  await page.getByLabel(/^Why would you like to apply/).fill('I love the coast.');
  await page.getByRole('group', { name: /right to volunteer/ }).getByLabel('Unsure').check();
  await expect(page.getByText('Refugees and asylum seekers are allowed to volunteer.')).toBeVisible();
  // Skipping ahead checks the steps in between: the address step is marked incomplete.
  await tabs.getByRole('link', { name: /About you/ }).click();
  await expect(stepHeading(page, '4. About you')).toBeVisible();
  await expect(tabs.getByRole('link', { name: /Your address\s*\(incomplete\)/ })).toBeVisible();
  for (const label of [/^Occupation/, /^T-shirt size/, /^Emergency contact telephone/, /^Website or social media profile/]) {
    await expect(page.getByLabel(label).first()).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Skills and experience' })).toBeVisible();

  await tabs.getByRole('link', { name: /Your address/ }).click();
  await expect(stepHeading(page, '3. Your address')).toBeVisible();
  await expect(page.getByText('This step is not available yet.')).toBeVisible();
});
