import { expect, test } from '@playwright/test';
import { expectNoViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/demo';
import { API_HEADERS, apiToken, expectOnlyThisSignIn, signInTo, tokenOf, userIdOf } from './helpers';

const EMAIL = 'account@example.org';
const NEW_PASSWORD = 'Harbour-Lights-42';

test.describe.serial('account section', () => {
  test('changes the password: rules first, a wrong current password, then other sign-ins end', async ({
    page,
    request,
  }) => {
    const elsewhere = await apiToken(request, EMAIL);
    await signInTo(page, EMAIL, '/portal/user/me');
    const userId = userIdOf(await tokenOf(page));
    const section = page.getByRole('region', { name: 'Account' });
    await expect(section.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await expectNoViolations(page, 'profile page, account section idle');

    await section.getByLabel('Current password').fill('Wrong-password-1');
    await section.getByLabel('New password', { exact: true }).fill('weak');
    await section.getByLabel('Confirm new password').fill('weak');
    // The pointer left where "Sign in" was may now sit over the rules popover, keeping it open over the button.
    await page.mouse.move(0, 0);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.locator('.account-section__error')).toContainText([
      'Your password must be at least 8 characters long',
    ]);
    await expect(section.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await section.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await section.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    // The pointer left over the rules popover (after the last click) would keep it open over the button.
    await page.mouse.move(0, 0);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByText('Your current password is not correct')).toBeVisible();
    await expectNoViolations(page, 'account section, wrong current password');

    await section.getByLabel('Current password').fill(DEMO_PASSWORD);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByRole('button', { name: 'Saved!' })).toBeVisible();
    await expect(section.getByText('Your password has been changed. You have been signed out everywhere else.')).toBeVisible();

    // This sign-in stays; the other one has ended; only the new password signs in.
    await expectOnlyThisSignIn(page, request, userId, elsewhere, { email: EMAIL, password: DEMO_PASSWORD });
    await apiToken(request, EMAIL, NEW_PASSWORD);
  });

  test('signs out everywhere', async ({ page, request }) => {
    const elsewhere = await apiToken(request, EMAIL, NEW_PASSWORD);
    await signInTo(page, EMAIL, '/portal/user/me', NEW_PASSWORD);
    const token = await tokenOf(page);
    const userId = userIdOf(token);
    await page.getByRole('region', { name: 'Account' }).getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login(\?intended=%2Fportal%2Fuser%2Fme)?$/);
    expect(await page.evaluate(() => localStorage.getItem('muster.token'))).toBeNull();
    for (const ended of [token, elsewhere]) {
      const response = await request.get(`/api/users/${userId}`, {
        headers: { ...API_HEADERS, Authorization: `Bearer ${ended}` },
      });
      expect(response.status()).toBe(401);
    }
  });

  test('another user may not change the password (403)', async ({ request }) => {
    const admin = await apiToken(request, 'admin@example.org');
    const target = userIdOf(await apiToken(request, 'applicant@example.org'));
    const response = await request.put(`/api/users/${target}/password`, {
      headers: { ...API_HEADERS, Authorization: `Bearer ${admin}` },
      data: { current_password: DEMO_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(response.status()).toBe(403);
  });
});
