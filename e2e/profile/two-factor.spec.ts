import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoViolations } from '../support/axe';
import { DEMO_PASSWORD, emailedCode } from '../support/demo';

const PROFILE = '/portal/user/me';

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto(`/login?intended=${encodeURIComponent(PROFILE)}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Forgets the session in this browser (the trusted-device token, if any, stays). */
async function signOut(page: Page) {
  await page.evaluate(() => localStorage.removeItem('muster.token'));
}

async function openPanel(page: Page) {
  await expect(page).toHaveURL(new RegExp(`${PROFILE}$`));
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByText(/Two-factor authentication is (on|off)/).first()).toBeVisible();
}

async function typeCode(page: Page, code: string) {
  const boxes = page.getByRole('group', { name: 'Verification code' }).getByRole('textbox');
  await expect(boxes).toHaveCount(6);
  await boxes.first().click();
  await page.keyboard.type(code);
}

test.describe('two-factor settings on /portal/user/me', () => {
  // In order, in one worker: run beside the other tests of this file, the email test's second
  // sign-in is answered without the code step and then sent back to /login (seen at 12179cf too,
  // cause not found yet; issue 13's note lists it). Alone or in order, all four pass.
  test.describe.configure({ mode: 'default' });
  test('enable by email; a recovery code signs in once; disable', async ({ page }) => {
    // Five sign-ins and three axe passes: about 25 s on an idle machine.
    test.setTimeout(120_000);
    const email = 'twofactor-email@example.org';
    await signIn(page, email);
    await openPanel(page);
    await expectNoViolations(page, 'two-factor idle');

    let since = Date.now();
    await page.getByRole('radio', { name: 'Email' }).check();
    await expect(page.getByText(/We have sent a 6-digit code to t•••@example\.org/)).toBeVisible();
    await expectNoViolations(page, 'two-factor verifying');
    const code = await emailedCode(page, email, since);

    await typeCode(page, code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page.getByText('You have entered an invalid verification key')).toBeVisible();
    await expectNoViolations(page, 'two-factor error');

    await typeCode(page, code);
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page.getByText('Two-factor authentication is now on.')).toBeVisible({ timeout: 5000 });
    const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const [first, second] = await codes.allTextContents();

    // Device lost: a recovery code works once at the code screen.
    for (const [recovery, works] of [
      [first, true],
      [first, false],
      [second, true],
    ] as const) {
      await signOut(page);
      await signIn(page, email);
      await page.getByRole('button', { name: 'Lost your device? Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill(recovery ?? '');
      await page.getByRole('button', { name: 'Continue' }).click();
      if (works) {
        await openPanel(page);
      } else {
        await expect(page.getByText('Invalid code, please try again')).toBeVisible();
      }
    }

    await expect(page.getByText('Two-factor authentication is on: email.')).toBeVisible();
    since = Date.now();
    await page.getByRole('button', { name: 'Disable 2FA' }).click();
    await expect(page.getByText(/We have sent a 6-digit code/)).toBeVisible();
    await typeCode(page, await emailedCode(page, email, since));
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page.getByText('Two-factor authentication is now off.')).toBeVisible({ timeout: 5000 });

    await signOut(page);
    await signIn(page, email);
    await openPanel(page);
  });

  test('enable by authenticator app; trust this computer skips the code until the password changes', async ({
    page,
  }) => {
    const email = 'twofactor-app@example.org';
    await signIn(page, email);
    await openPanel(page);
    await page.getByRole('radio', { name: 'Authenticator app' }).check();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await page.locator('.two-factor-panel__secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectNoViolations(page, 'two-factor verifying (authenticator)');

    await typeCode(page, await generate({ secret }));
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page.getByText('Two-factor authentication is now on.')).toBeVisible({ timeout: 5000 });

    const trust = page.getByRole('checkbox', { name: 'Trust this computer' });
    await trust.check();
    await expect(trust).toBeChecked();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('muster.device_token'))).toBeTruthy();

    await signOut(page);
    await signIn(page, email);
    // No code screen: the trusted computer goes straight through.
    await openPanel(page);
    await expect(page.getByText('Two-factor authentication is on: authenticator app.')).toBeVisible();

    // A password change voids the trusted computer: the next sign-in asks for the code again.
    const token = (await page.evaluate(() => localStorage.getItem('muster.token'))) ?? '';
    const userId = (
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }
    ).sub;
    const changed = await page.request.put(`/api/users/${userId}/password`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        current_password: DEMO_PASSWORD,
        password: 'Changed12345',
        password_confirmation: 'Changed12345',
      },
    });
    expect(changed.status()).toBe(200);
    await signOut(page);
    await signIn(page, email, 'Changed12345');
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Verification code' })).toBeVisible();
  });

  test('enable by SMS with the texted code', async ({ page }) => {
    const email = 'twofactor-sms@example.org';
    await signIn(page, email);
    await openPanel(page);
    const since = Date.now();
    await page.getByRole('radio', { name: 'SMS (text message)' }).check();
    await expect(page.getByText(/We have sent a 6-digit code to •+0023/)).toBeVisible();
    await typeCode(page, await emailedCode(page, '+447700900023', since));
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page.getByText('Two-factor authentication is now on.')).toBeVisible({ timeout: 5000 });
    await expect(page.getByText('Two-factor authentication is on: sms (text message).')).toBeVisible();
  });

  test('an enforced user cannot switch it off; the panel names the role', async ({ page }) => {
    const email = 'twofactor-enforced@example.org';
    const since = Date.now();
    await signIn(page, email);
    await typeCode(page, await emailedCode(page, email, since));
    await page.getByRole('button', { name: 'Continue' }).click();
    await openPanel(page);
    await expect(
      page.getByText(
        'Two-factor sign-in is required by your role Safeguarding Lead, so it cannot be switched off.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disable 2FA' })).toHaveCount(0);
    await expectNoViolations(page, 'two-factor enforced');
  });
});
