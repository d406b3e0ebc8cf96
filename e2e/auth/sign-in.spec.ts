import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, demoTotpSecret, emailedCode } from '../support/demo';

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function codeBoxes(page: Page) {
  const group = page.getByRole('group', { name: 'Verification code' });
  await expect(group).toBeVisible();
  return group.getByRole('textbox');
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('muster.token'));

test.describe('sign in at /login', () => {
  test('applicant signs in with email and password and lands on /portal', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'applicant@example.org');
    await expect(page).toHaveURL(/\/portal$/);
    expect(await storedToken(page)).toBeTruthy();
  });

  test('goes to the intended page when it is on this site', async ({ page }) => {
    await page.goto('/login?intended=%2Fportal%2Fuser%2Fme');
    await signIn(page, 'applicant@example.org');
    await expect(page).toHaveURL(/\/portal\/user\/me$/);
  });

  test('a wrong password is reported under the email', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'applicant@example.org', 'wrong-password');
    await expect(page.getByText('Username or password do not match our records.')).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('email two-factor: the emailed code signs in, and a trusted computer skips it next time', async ({
    page,
  }) => {
    const email = 'email2fa@example.org';
    await page.goto('/login');
    const since = Date.now();
    await signIn(page, email);
    const boxes = await codeBoxes(page);
    await expect(boxes).toHaveCount(6);

    // A wrong code first.
    const code = await emailedCode(page, email, since);
    const wrong = code === '000000' ? '111111' : '000000';
    await boxes.first().click();
    await page.keyboard.type(wrong);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Invalid code, please try again')).toBeVisible();

    await boxes.first().click();
    await page.keyboard.type(code);
    await page.getByLabel('Trust this computer').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/portal$/);
    expect(await storedToken(page)).toBeTruthy();

    // Signed out on this computer: the device token skips the second factor.
    await page.evaluate(() => localStorage.removeItem('muster.token'));
    await page.goto('/login');
    await signIn(page, email);
    await expect(page).toHaveURL(/\/portal$/);
  });

  test('authenticator-app two-factor: a TOTP code signs in', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'app2fa@example.org');
    const boxes = await codeBoxes(page);
    await expect(page.getByText(/authenticator app/)).toBeVisible();
    const code = await generate({ secret: demoTotpSecret() });
    await boxes.first().click();
    // Pasting the whole code fills all six boxes.
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code);
    await expect(boxes.nth(5)).toHaveValue(code.slice(5));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/portal$/);
    expect(await storedToken(page)).toBeTruthy();
  });
});
