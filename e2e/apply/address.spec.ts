import { expect, test, type Page } from '@playwright/test';
import {
  addressFinder as finder,
  addressGroup,
  addressRow as row,
  fillAddressFrom as fillFrom,
  fillBeachMotivation,
  startBeachClean,
  typeAddressInModal,
} from './beach-clean-steps';
import { expectNoViolations, next, stepHeading, uniqueEmail } from './helpers';

/*
 * The address-details step of the demo opportunity beach-clean (its third step, 36 months of
 * address history), against the built-in address finder and its demo gazetteer (BS1 4DJ is
 * Welsh Back, Bristol; Beach Road in Weston-super-Mare spans two postcodes).
 */

/** Steps 1 and 2 of beach-clean as a new adult applicant, up to the address step. */
async function reachAddressStep(page: Page) {
  await startBeachClean(page, {
    email: uniqueEmail('address'),
    first: 'Ada',
    last: 'Dresser',
    dob: ['14', '02', '1990'],
  });
  await next(page);
  await fillBeachMotivation(page);
  await next(page);
  await expect(stepHeading(page, '3. Your address')).toBeVisible();
}

test('a new applicant gives 3 years of addresses: one found by postcode, one typed in the modal', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await reachAddressStep(page);
  await expect(page.getByText(/every address you have lived at in the last 3 years/)).toBeVisible();
  await expect(row(page, 0).getByRole('heading', { name: 'Current address' })).toBeVisible();
  await expectNoViolations(page, 'address step empty');

  // Nothing given: the step asks for an address, at the finder.
  await next(page);
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(stepHeading(page, '3. Your address')).toBeVisible();
  await expect(finder(row(page, 0))).toHaveAttribute('aria-invalid', 'true');
  await expect(row(page, 0).getByText('Please provide an address')).toBeVisible();
  await expectNoViolations(page, 'address step with errors');

  // The current address, found by its postcode and chosen with the keyboard.
  const box = finder(row(page, 0));
  await box.fill('BS1 4DJ');
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option').first()).toBeVisible();
  await expect(listbox.getByRole('option', { name: /Harbourside Volunteer Centre/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('address-suggestions.png'), fullPage: true });
  await box.press('ArrowDown');
  const first = listbox.getByRole('option').first();
  const firstName = (await first.textContent()) ?? '';
  await box.press('Enter');
  const edit = row(page, 0).getByRole('button', { name: 'Edit address' });
  await expect(edit).toBeFocused();
  await expect(row(page, 0).getByText('BS1 4DJ')).toBeVisible();
  await expect(row(page, 0).getByText('Welsh Back', { exact: false }).first()).toBeVisible();
  expect(firstName).toContain('Welsh Back');

  // Two years there: short of three, so a row for the address before appears.
  await fillFrom(row(page, 0), 24);
  await expect(row(page, 1).getByRole('heading', { name: 'Previous address 1' })).toBeVisible();
  await next(page);
  await expect(
    page.locator('.apply-error-summary').getByRole('link', {
      name: 'Please provide at least 12 more month(s) of your address history',
    }),
  ).toBeVisible();
  await expect(addressGroup(page)).toHaveAccessibleDescription(
    /Please provide at least 12 more month\(s\) of your address history/,
  );
  await expectNoViolations(page, 'address step with the history short');

  // The address before, typed in the modal: Save checks the required parts first.
  const manual = row(page, 1).getByRole('button', { name: 'Enter the address manually' });
  await manual.click();
  const dialog = page.getByRole('dialog', { name: 'Edit address' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: /^Country/ })).toHaveValue('United Kingdom');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog.getByRole('textbox', { name: /^Address line 1/ })).toHaveAccessibleDescription(
    'Error: Address line 1 is required',
  );
  await expect(dialog.getByText('City is required')).toBeVisible();
  await expect(dialog.getByText('Postcode is required')).toBeVisible();
  await expectNoViolations(page, 'Edit address modal with errors');
  await page.screenshot({ path: test.info().outputPath('address-modal-errors.png') });
  // Escape leaves it unsaved and gives focus back.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(manual).toBeFocused();

  await typeAddressInModal(page, row(page, 1), { line1: '5 Old Lane', city: 'Bath', postcode: 'BA1 1AA' });
  const secondEdit = row(page, 1).getByRole('button', { name: 'Edit address' });
  await expect(secondEdit).toBeFocused();
  await expect(row(page, 1).getByText('5 Old Lane')).toBeVisible();

  // Four years there: the history is complete and no empty row is left.
  await fillFrom(row(page, 1), 48);
  await expect(addressGroup(page).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeHidden();
  await expectNoViolations(page, 'address step filled');
  await page.screenshot({ path: test.info().outputPath('address-step-filled.png'), fullPage: true });

  await next(page);
  await expect(stepHeading(page, '4. About you')).toBeVisible();
});

test('a street drills down to its addresses, and the modal keeps an address without its city from being saved', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await reachAddressStep(page);
  const box = finder(row(page, 0));
  await box.fill('Beach Road');
  const listbox = page.getByRole('listbox');
  const containers = listbox.getByRole('option');
  await expect(containers.first()).toBeVisible();
  // A street (or postcode) of many addresses opens into them.
  await containers.first().click();
  await expect(page.getByRole('status').filter({ hasText: /addresses in/ })).toBeVisible();
  const address = listbox.getByRole('option').nth(1);
  await expect(address).toBeVisible();
  await address.click();
  const edit = row(page, 0).getByRole('button', { name: 'Edit address' });
  await expect(edit).toBeVisible();
  await expect(row(page, 0).getByText('Weston-super-Mare')).toBeVisible();

  // Taking the city away leaves the address incomplete; its link reopens the modal there.
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit address' });
  await dialog.getByRole('textbox', { name: /^City/ }).fill('');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog.getByText('City is required')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeFocused();
  await expect(row(page, 0).getByText('Weston-super-Mare')).toBeVisible();
});

test('the server’s messages for an address show at the address and by its field', async ({ page }) => {
  test.setTimeout(180_000);
  await reachAddressStep(page);
  // The dry run of this step is answered with a message the page does not check itself.
  await page.route('**/api/opportunities/beach-clean/apply/', async (route) => {
    if (route.request().method() === 'POST') {
      await route.fulfill({
        status: 422,
        contentType: 'application/vnd.muster.v3+json',
        body: JSON.stringify({
          message: 'The given data was invalid.',
          errors: { 'addresses.0.postcode': ['We cannot find this postcode'] },
        }),
      });
      return;
    }
    await route.continue();
  });
  await typeAddressInModal(page, row(page, 0), {
    line1: '1 Nowhere Lane',
    city: 'Bristol',
    postcode: 'ZZ9 9ZZ',
  });
  const dialog = page.getByRole('dialog', { name: 'Edit address' });
  await fillFrom(row(page, 0), 60);
  await next(page);
  await expect(row(page, 0).getByText('Postcode: We cannot find this postcode')).toBeVisible();
  // The summary's link lands on the address's edit link, which opens the modal at the postcode.
  await page
    .locator('.apply-error-summary')
    .getByRole('link', { name: 'We cannot find this postcode' })
    .click();
  const edit = row(page, 0).getByRole('button', { name: 'Edit address' });
  await expect(edit).toBeFocused();
  await edit.click();
  await expect(dialog.getByRole('textbox', { name: /^Postcode/ })).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: /^Postcode/ })).toHaveAccessibleDescription(
    'Error: We cannot find this postcode',
  );
  await expectNoViolations(page, 'Edit address modal with a server message');
});
