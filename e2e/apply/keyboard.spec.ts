import { expect, test, type Locator, type Page } from '@playwright/test';
import { QUICK_HELP, stepHeading, uniqueEmail } from './helpers';

/** Presses Tab until `target` has focus; fails when it is not reached within `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      return;
    }
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the keyboard alone completes quick-help', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('keyboard');
  await page.goto(QUICK_HELP);

  await tabTo(page, page.getByLabel(/^Email address/));
  await page.keyboard.type(email);
  const confirm = page.getByLabel(/^Confirm email address/);
  await expect(confirm).toBeVisible({ timeout: 75_000 });
  await tabTo(page, confirm);
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel(/^First name/));
  await page.keyboard.type('Kim');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Last name/)).toBeFocused();
  await page.keyboard.type('Keys');
  const dob = page.getByRole('group', { name: /Date of birth/ });
  await tabTo(page, dob.getByLabel('Day'));
  // The separator moves on to the next box, as people type dates.
  await page.keyboard.type('27/11/1989');
  await expect(dob.getByLabel('Year')).toHaveValue('1989');
  // Enter in a field moves on, like the Next button.
  await page.keyboard.press('Enter');

  await expect(stepHeading(page, '2. Your motivation')).toBeFocused();
  await tabTo(page, page.getByLabel(/^Why would you like to apply/));
  await page.keyboard.type('Because I can help.');
  const specialNo = page.getByRole('group', { name: /special requirements/ }).getByLabel('No');
  const specialYes = page.getByRole('group', { name: /special requirements/ }).getByLabel('Yes');
  await tabTo(page, specialYes);
  await page.keyboard.press('ArrowRight');
  await expect(specialNo).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  await expect(stepHeading(page, '3. About you')).toBeFocused();
  await tabTo(page, page.getByLabel(/^Occupation/));
  await page.keyboard.type('Carpenter');
  await tabTo(page, page.getByLabel(/^When are you usually available/));
  await page.keyboard.type('Evenings');
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  await expect(stepHeading(page, '4. Review and apply')).toBeFocused();
  await tabTo(page, page.getByLabel('I agree', { exact: true }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByLabel(/I have read and agree to the Volunteer agreement/));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('textbox', { name: /^Password/ }));
  await page.keyboard.type('Harbour7Lights');
  await tabTo(page, page.getByRole('textbox', { name: /^Confirm password/ }));
  await page.keyboard.type('Harbour7Lights');
  await tabTo(page, page.getByRole('button', { name: 'Complete application' }));
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Thank you for your application' });
  await expect(dialog).toBeVisible();
  const finish = dialog.getByRole('link', { name: 'Finish' });
  await expect(finish).toBeFocused();
  // Focus stays inside the dialog.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(finish).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Application sent' })).toBeFocused();
});
