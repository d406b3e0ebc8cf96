import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';

const PASSWORD = 'Volunteer123';
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The demo authenticator secret, read from the seed's source rather than imported: importing the
 * seed would load the server's database code into the test runner.
 */
function demoTotpSecret(): string {
  const source = fs.readFileSync(path.resolve(here, '../../apps/api/src/db/seed/demo.ts'), 'utf8');
  const match = /export const DEMO_TOTP_SECRET\s*=\s*'([A-Z2-7]+)'/.exec(source);
  if (!match?.[1]) {
    throw new Error('DEMO_TOTP_SECRET not found in apps/api/src/db/seed/demo.ts');
  }
  return match[1];
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function codeBoxes(page: Page) {
  const group = page.getByRole('group', { name: 'Verification code' });
  await expect(group).toBeVisible();
  return group.getByRole('textbox');
}

/** The newest six-digit code emailed to `to` after `since`, from the development outbox. */
async function emailedCode(page: Page, to: string, since: number): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/dev/outbox?to=${encodeURIComponent(to)}`, {
          headers: { Accept: 'application/json' },
        });
        expect(response.ok()).toBe(true);
        const body = (await response.json()) as { data: { text: string; created_at: string }[] };
        const fresh = body.data.find((message) => Date.parse(message.created_at) >= since - 1000);
        code = fresh ? (/\b(\d{6})\b/.exec(fresh.text)?.[1] ?? null) : null;
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return code!;
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

  test('email two-factor: the emailed code signs in, and a trusted computer skips it next time', async ({ page }) => {
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
      document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, code);
    await expect(boxes.nth(5)).toHaveValue(code.slice(5));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/portal$/);
    expect(await storedToken(page)).toBeTruthy();
  });
});
