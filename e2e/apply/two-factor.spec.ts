import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, QUICK_HELP, emailedCode, expectNoViolations } from './helpers';

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

/** A fresh set of recovery codes for `email` (email two-factor), through the API as the user would get them. */
async function recoveryCodesFor(page: Page, email: string): Promise<string[]> {
  const headers = { Accept: 'application/vnd.muster.v3+json' };
  const since = Date.now();
  const pending = await page.request.post('/api/auth/api/', {
    headers,
    data: { email, password: DEMO_PASSWORD, minimal: true },
  });
  expect(pending.status()).toBe(200);
  const interim = ((await pending.json()) as { token: string }).token;
  const signedIn = await page.request.post('/api/auth/api/token', {
    headers,
    data: { token: interim, key: await emailedCode(page, email, since) },
  });
  expect(signedIn.status()).toBe(200);
  const token = ((await signedIn.json()) as { token: string }).token;
  const userId = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;
  const issued = await page.request.post(`/api/users/${userId}/two-factor/recovery-codes`, {
    headers: { ...headers, Authorization: `Bearer ${token}` },
  });
  expect(issued.status()).toBe(200);
  return ((await issued.json()) as { data: { recovery_codes: string[] } }).data.recovery_codes;
}

/** Signs in inside the form up to its code screen, then opens the recovery-code screen. */
async function openRecoveryCodeScreen(page: Page, email: string) {
  await page.goto(QUICK_HELP);
  await page.getByLabel(/^Email address/).fill(email);
  const password = page.getByRole('textbox', { name: /^Password/ });
  await expect(password).toBeVisible({ timeout: 75_000 });
  await password.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await page.getByRole('button', { name: 'Lost your device? Use a recovery code' }).click();
  await expect(page.getByRole('heading', { name: 'Use a recovery code' })).toBeFocused();
}

test('a lost device: a recovery code signs in inside the form once, and then no longer works', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const email = 'recovery-code@example.org';
  const [code] = await recoveryCodesFor(page, email);

  await openRecoveryCodeScreen(page, email);
  await expectNoViolations(page, 'application form recovery-code screen');
  await page.screenshot({ path: testInfo.outputPath('apply-recovery-code.png'), fullPage: true });
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(code ?? '');
  await page.getByRole('textbox', { name: 'Recovery code' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Not Rory Recovery?' })).toBeVisible();
  await expect(page.getByLabel(/^First name/)).toHaveValue('Rory');

  await page.getByRole('button', { name: 'Not Rory Recovery?' }).click();
  await expect(page).toHaveURL(/\/apply\/quick-help$/);
  await openRecoveryCodeScreen(page, email);
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(code ?? '');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Invalid code, please try again')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Recovery code' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page, 'application form recovery-code screen, wrong code');
  await page.screenshot({ path: testInfo.outputPath('apply-recovery-code-error.png'), fullPage: true });
  expect(await page.evaluate(() => localStorage.getItem('muster.token'))).toBeNull();
});
