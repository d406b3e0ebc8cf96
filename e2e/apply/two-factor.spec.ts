import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, QUICK_HELP, emailedCode } from './helpers';

test('email2fa@example.org signs in inside the form with the emailed code', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(QUICK_HELP);
  await page.getByLabel(/^Email address/).fill('email2fa@example.org');
  const password = page.getByRole('textbox', { name: /^Password/ });
  await expect(password).toBeVisible({ timeout: 75_000 });
  await password.fill(DEMO_PASSWORD);
  const since = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  const boxes = page.getByRole('group', { name: 'Verification code' }).getByRole('textbox');
  await expect(boxes).toHaveCount(6);

  // A wrong code first.
  const code = await emailedCode(page, 'email2fa@example.org', since);
  const wrong = code === '000000' ? '111111' : '000000';
  await boxes.first().click();
  await page.keyboard.type(wrong);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Invalid code, please try again')).toBeVisible();

  // Pasting the whole code fills every box.
  await boxes.first().focus();
  await page.evaluate((text) => {
    const target = document.activeElement as HTMLElement;
    const data = new DataTransfer();
    data.setData('text', text);
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
  await expect(boxes.last()).toHaveValue(code[5]!);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('button', { name: 'Not Emma Evans?' })).toBeVisible();
  await expect(page.getByLabel(/^First name/)).toHaveValue('Emma');
  await expect(page.getByLabel(/^First name/)).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();

  // 'Not Emma Evans?' signs out (POST /auth/logout) and comes back to an empty form.
  await page.getByRole('button', { name: 'Not Emma Evans?' }).click();
  await expect(page).toHaveURL(/\/apply\/quick-help$/);
  await expect(page.getByLabel(/^Email address/)).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('muster.token'))).toBeNull();
});
