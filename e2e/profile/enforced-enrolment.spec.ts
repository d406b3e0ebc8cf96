import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from '../support/axe';
import { DEMO_PASSWORD, emailedCode } from '../support/demo';
import { API_HEADERS, tokenOf, userIdOf } from './helpers';

/*
 * Enforced two-factor (issue 9): twofactor-enrol@example.org holds the Safeguarding Lead role,
 * which requires two-factor, and has not set it up. After signing in they are taken to set it up
 * before anything else, and the server answers nothing else meanwhile.
 */
const EMAIL = 'twofactor-enrol@example.org';
const SETUP = '/portal/user/me/two-factor-setup';

async function typeCode(page: Page, code: string) {
  const boxes = page.getByRole('group', { name: 'Verification code' }).getByRole('textbox');
  await expect(boxes).toHaveCount(6);
  await boxes.first().click();
  await page.keyboard.type(code);
}

/** Password, then the emailed sign-in code (a role that requires two-factor asks for it at once). */
async function signIn(page: Page) {
  await page.goto('/login?intended=%2Fportal');
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  const since = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await typeCode(page, await emailedCode(page, EMAIL, since));
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function consentsStatus(page: Page): Promise<{ status: number; body: unknown }> {
  const token = await tokenOf(page);
  const response = await page.request.get(`/api/users/${userIdOf(token)}/consents`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
  });
  return { status: response.status(), body: (await response.json()) as unknown };
}

test('an enforced user without two-factor is made to set it up after signing in, then reaches the portal', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page);

  // Held: taken to the set-up page, and the server answers nothing else.
  await expect(page).toHaveURL(`${SETUP}?intended=%2Fportal`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' }),
  ).toBeVisible();
  await expect(
    page.getByText('Your role Safeguarding Lead requires two-factor authentication. Set it up to continue.'),
  ).toBeVisible();
  expect(await consentsStatus(page)).toEqual({
    status: 403,
    body: {
      message: 'Your role requires two-factor authentication. Set it up to continue.',
      code: 'two_factor_enrolment_required',
    },
  });
  await page.goto('/portal/user/me');
  await expect(page).toHaveURL(`${SETUP}?intended=%2Fportal%2Fuser%2Fme`);
  await page.goto('/portal');
  await expect(page).toHaveURL(`${SETUP}?intended=%2Fportal`);
  await expect(page.getByRole('radio', { name: 'Email' })).toBeVisible();
  await expectNoViolations(page, 'enrolment idle');
  await page.screenshot({ path: testInfo.outputPath('enrolment-idle.png'), fullPage: true });

  // Verifying.
  const since = Date.now();
  await page.getByRole('radio', { name: 'Email' }).check();
  await expect(
    page.getByText('We have sent a 6-digit code to t•••@example.org. Enter it below.'),
  ).toBeVisible();
  await expectNoViolations(page, 'enrolment verifying');
  await page.screenshot({ path: testInfo.outputPath('enrolment-verifying.png'), fullPage: true });
  const code = await emailedCode(page, EMAIL, since);

  // Error.
  await typeCode(page, code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByText('You have entered an invalid verification key')).toBeVisible();
  await expectNoViolations(page, 'enrolment error');
  await page.screenshot({ path: testInfo.outputPath('enrolment-error.png'), fullPage: true });

  // Confirmed: the recovery codes once, then on to where the user was going.
  await typeCode(page, code);
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Two-factor authentication is on' }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expect.poll(async () => (await consentsStatus(page)).status).toBe(200);
  await expectNoViolations(page, 'enrolment done');
  await page.screenshot({ path: testInfo.outputPath('enrolment-done.png'), fullPage: true });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/portal');

  // Now enrolled: the panel names the role and offers no way to switch it off.
  await page.goto('/portal/user/me');
  await expect(page.getByText('Two-factor authentication is on: email.')).toBeVisible();
  await expect(
    page.getByText(
      'Two-factor sign-in is required by your role Safeguarding Lead, so it cannot be switched off.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable 2FA' })).toHaveCount(0);

  // The next sign-in goes straight through after its code.
  await page.evaluate(() => localStorage.removeItem('muster.token'));
  await signIn(page);
  await expect(page).toHaveURL('/portal');
});
