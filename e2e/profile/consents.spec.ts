import { expect, test } from '@playwright/test';
import { expectNoViolations } from '../support/axe';
import { API_HEADERS, apiToken, signInTo, tokenOf, userIdOf } from './helpers';

const VOLUNTEER = 'profile@example.org';
const DATA = 'I agree that Demo Volunteers may store and use my personal information to manage my volunteering.';
const CONTACT = 'May we contact you about other volunteering opportunities?';
const CHANNELS = 'How would you like to hear from us?';

test.describe.serial('privacy and consent panel', () => {
  let volunteerId = 0;

  test('the volunteer saves their consents, each change with its history line', async ({ page }) => {
    await signInTo(page, VOLUNTEER, '/portal/user/me');
    volunteerId = userIdOf(await tokenOf(page));
    const panel = page.getByRole('region', { name: 'Privacy and consent' });
    await expect(panel.getByRole('radiogroup', { name: CONTACT })).toBeVisible();
    await expect(page.getByText(/come later/i)).toHaveCount(0);
    await expectNoViolations(page, 'profile page, consent panel idle');

    // A compulsory consent left unanswered is caught before anything is sent.
    await panel.getByRole('radio', { name: 'Yes' }).check();
    await panel.getByRole('button', { name: 'Save consents' }).click();
    await expect(panel.getByText('You must agree to the above statement')).toBeVisible();
    await expectNoViolations(page, 'consent panel, compulsory consent unanswered');

    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/consents/')) {
        puts.push(request.url());
      }
    });
    await panel.getByRole('checkbox', { name: 'I agree' }).check();
    await panel.getByRole('button', { name: 'Save consents' }).click();
    await expect(panel.getByRole('button', { name: 'Saved!' })).toBeVisible();
    expect(puts).toHaveLength(2);

    const contact = panel.getByRole('radiogroup', { name: CONTACT });
    const line = contact.getByText(/^Updated selection to "Yes" on /);
    await expect(line).toBeVisible();
    await expect(line).toHaveAttribute('title', 'Updated by Priya Profile');
    await expect(panel.getByRole('group', { name: DATA }).getByText(/^Updated selection to "I agree" on /)).toBeVisible();

    // What was saved is what the server now answers.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Privacy and consent' }).getByRole('radio', { name: 'Yes' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Save consents' })).toBeVisible();
  });

  test('admin@example.org changes the volunteer’s answer on their profile, logged as the admin', async ({ page }) => {
    expect(volunteerId).toBeGreaterThan(0);
    await signInTo(page, 'admin@example.org', `/portal/user/${volunteerId}`);
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toHaveCount(0);
    const panel = page.getByRole('region', { name: 'Privacy and consent' });
    const contact = panel.getByRole('radiogroup', { name: CONTACT });
    await expect(contact.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await contact.getByRole('radio', { name: 'No' }).check();
    await panel.getByRole('group', { name: CHANNELS }).getByRole('checkbox', { name: 'Email' }).check();
    await panel.getByRole('button', { name: 'Save consents' }).click();
    await expect(panel.getByRole('button', { name: 'Saved!' })).toBeVisible();
    const line = contact.getByText(/^Updated selection from "Yes" to "No" on /);
    await expect(line).toBeVisible();
    await expect(line).toHaveAttribute('title', 'Updated by Ada Admin');
    // Both lines show (the two latest); no toggle until there are more than two.
    await expect(contact.getByRole('listitem')).toHaveCount(2);
    await expect(contact.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  });

  test('history shows the two latest lines, with Show more and Hide', async ({ page }) => {
    await signInTo(page, VOLUNTEER, '/portal/user/me');
    const panel = page.getByRole('region', { name: 'Privacy and consent' });
    const contact = panel.getByRole('radiogroup', { name: CONTACT });
    await contact.getByRole('radio', { name: 'Yes' }).check();
    await panel.getByRole('button', { name: 'Save consents' }).click();
    await expect(panel.getByRole('button', { name: 'Saved!' })).toBeVisible();
    await expect(contact.getByText(/^Updated selection from "No" to "Yes" on /)).toHaveAttribute(
      'title',
      'Updated by Priya Profile',
    );
    await expect(contact.getByRole('listitem')).toHaveCount(2);
    await contact.getByRole('button', { name: 'Show more' }).click();
    await expect(contact.getByRole('listitem')).toHaveCount(3);
    await contact.getByRole('button', { name: 'Hide' }).click();
    await expect(contact.getByRole('listitem')).toHaveCount(2);
  });

  test('a failed save says so', async ({ page }) => {
    await signInTo(page, VOLUNTEER, '/portal/user/me');
    await page.route('**/api/users/*/consents/*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Down' }) }),
    );
    const panel = page.getByRole('region', { name: 'Privacy and consent' });
    await panel.getByRole('group', { name: CHANNELS }).getByRole('checkbox', { name: 'Post' }).check();
    await panel.getByRole('button', { name: 'Save consents' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Something went wrong while updating your information');
    await expect(panel.getByRole('button', { name: 'Save consents' })).toBeVisible();
    await expectNoViolations(page, 'consent panel, save failed');
  });

  test('a supervisor without changeUserDetails gets 403 from the API and a read-only panel', async ({ page, request }) => {
    expect(volunteerId).toBeGreaterThan(0);
    const token = await apiToken(request, 'supervisor@example.org');
    const refused = await request.put(`/api/users/${volunteerId}/consents/1`, {
      headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
      data: { id: 1, compulsory: true, answer: null },
    });
    expect(refused.status()).toBe(403);

    await signInTo(page, 'supervisor@example.org', `/portal/user/${volunteerId}`);
    const panel = page.getByRole('region', { name: 'Privacy and consent' });
    await expect(panel.getByText('You can see these answers but not change them.')).toBeVisible();
    await expect(panel.getByRole('radiogroup', { name: CONTACT }).getByRole('radio', { name: 'Yes' })).toBeChecked();
    for (const input of await panel.locator('input').all()) {
      await expect(input).toBeDisabled();
    }
    await expect(panel.getByRole('button', { name: 'Save consents' })).toHaveCount(0);
    await expectNoViolations(page, 'consent panel, read-only');
  });
});
