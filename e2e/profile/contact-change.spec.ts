import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoViolations } from '../support/axe';
import { DEMO_PASSWORD, emailedCode, fromOutbox } from '../support/demo';
import { API_HEADERS, apiToken, expectOnlyThisSignIn, signInTo, tokenOf, userIdOf } from './helpers';

// A demo account no other spec touches: these tests change its address and number for good.
const EMAIL = 'contact@example.org';
const NEW_EMAIL = 'contact-moved@example.org';
const NEW_PHONE = '+447911222333';
const PROFILE = '/portal/user/me';
const SHOTS = process.env.E2E_SCREENSHOTS;

/** Saves a screenshot of the page when E2E_SCREENSHOTS names a folder (to look at the states). */
async function shot(page: Page, name: string) {
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/contact-change-${name}.png`, fullPage: true });
  }
}

async function typeCode(form: Locator, page: Page, code: string) {
  const boxes = form.getByRole('group', { name: 'Verification code' }).getByRole('textbox');
  await expect(boxes).toHaveCount(6);
  await boxes.first().click();
  await page.keyboard.type(code);
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test.describe.serial('email and phone change on /portal/user/me', () => {
  test('changes the email address with the code sent to it; the old address is told', async ({
    page,
    request,
  }) => {
    // Four axe runs and three sign-ins.
    test.setTimeout(90_000);
    const elsewhere = await apiToken(request, EMAIL);
    await signInTo(page, EMAIL, PROFILE);
    const userId = userIdOf(await tokenOf(page));
    const form = page.getByRole('group', { name: 'Change email address' });
    await expect(form).toContainText(`Your email address: ${EMAIL}`);
    await expectNoViolations(page, 'email change idle');
    await shot(page, 'idle');
    // The form opens from its disclosure button.
    await form.getByRole('button', { name: 'Enter a new email address', expanded: false }).click();

    await form.getByLabel('New email address').fill(NEW_EMAIL);
    await form.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect(form.getByText('Your current password is not correct')).toBeVisible();
    await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, 'email change, wrong password');
    await shot(page, 'wrong-password');

    await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    const since = Date.now();
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect(
      form.getByText(`We have sent a 6-digit code to ${NEW_EMAIL}. Enter it below.`),
    ).toBeVisible();
    await expectNoViolations(page, 'email change verifying');
    await shot(page, 'verifying');
    const code = await emailedCode(page, NEW_EMAIL, since);

    await typeCode(form, page, otherCode(code));
    await form.getByRole('button', { name: 'Confirm' }).click();
    await expect(form.getByText('You have entered an invalid verification key')).toBeVisible();
    await expectNoViolations(page, 'email change, wrong code');
    await shot(page, 'wrong-code');

    await typeCode(form, page, code);
    await form.getByRole('button', { name: 'Confirm' }).click();
    await expect(form.getByRole('button', { name: 'Changed!' })).toBeVisible();
    await expect(
      form.getByText(
        `Your email address has been changed to ${NEW_EMAIL}. You have been signed out everywhere else.`,
      ),
    ).toBeVisible();
    await expect(form).toContainText(`Your email address: ${NEW_EMAIL}`);
    await shot(page, 'changed');

    // The old address is told where its mail goes now.
    const notice = await fromOutbox(
      page,
      EMAIL,
      (messages) =>
        messages.find((message) => message.text.includes(`Your email address was changed to ${NEW_EMAIL}.`))
          ?.subject ?? null,
    );
    expect(notice).toBe('Your Demo Volunteers email address was changed');

    // This sign-in stays, the other has ended; the old address no longer signs in.
    await expectOnlyThisSignIn(page, request, userId, elsewhere, { email: EMAIL, password: DEMO_PASSWORD });

    // Signing in with the new address works.
    await page.evaluate(() => localStorage.removeItem('muster.token'));
    await signInTo(page, NEW_EMAIL, PROFILE);
    await expect(page.getByRole('group', { name: 'Change email address' })).toContainText(
      `Your email address: ${NEW_EMAIL}`,
    );
  });

  test('changes the phone number with the code texted to it', async ({ page }) => {
    await signInTo(page, NEW_EMAIL, PROFILE);
    const form = page.getByRole('group', { name: 'Change phone number' });
    await expect(form).toContainText('Your phone number: +447700900018');
    // Closed, the form has no telephone widget yet: it comes (and loads its metadata) when opened.
    await expect(form.getByRole('textbox', { name: 'New phone number' })).toHaveCount(0);
    await form.getByRole('button', { name: 'Enter a new phone number', expanded: false }).click();
    const number = form.getByRole('textbox', { name: 'New phone number' });
    await expect(number).toBeEnabled();
    await number.fill('07911 222333');
    await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    const since = Date.now();
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect(
      form.getByText('We have sent a 6-digit code to +44 7911 222333. Enter it below.'),
    ).toBeVisible();
    await expectNoViolations(page, 'phone change verifying');
    await shot(page, 'phone-verifying');
    // Without an SMS gateway the text stays in the outbox.
    const code = await emailedCode(page, NEW_PHONE, since);

    await typeCode(form, page, code);
    await form.getByRole('button', { name: 'Confirm' }).click();
    await expect(form.getByText(/Your phone number has been changed to \+44 7911 222333\./)).toBeVisible();
    await expect(form).toContainText(`Your phone number: ${NEW_PHONE}`);
    const notice = await fromOutbox(
      page,
      NEW_EMAIL,
      (messages) =>
        messages.find((message) => message.text.includes('Your phone number was changed to +44 7911 222333.'))
          ?.subject ?? null,
    );
    expect(notice).toBe('Your Demo Volunteers phone number was changed');
  });

  test('another user may not change the address (403)', async ({ request }) => {
    const admin = await apiToken(request, 'admin@example.org');
    const target = userIdOf(await apiToken(request, NEW_EMAIL));
    const response = await request.post(`/api/users/${target}/contact-change`, {
      headers: { ...API_HEADERS, Authorization: `Bearer ${admin}` },
      data: { kind: 'email', value: 'someone-else@example.org', password: DEMO_PASSWORD },
    });
    expect(response.status()).toBe(403);
  });
});
