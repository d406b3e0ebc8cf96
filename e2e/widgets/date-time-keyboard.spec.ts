import { expect, test, type Locator, type Page } from '@playwright/test';

/** Presses Tab from the top of the page until `target` has focus: the way a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()} within ${limit} presses`);
}

async function openGallery(page: Page): Promise<void> {
  await page.goto('/dev/widgets');
  await expect(page.getByRole('heading', { level: 1, name: 'Widget gallery' })).toBeVisible();
}

test.describe('date and time widgets by keyboard alone', () => {
  test('the date input takes a date typed box by box, refusing 31/02', async ({ page }) => {
    await openGallery(page);
    const field = page.getByRole('group', { name: 'Date of birth' });
    const day = field.getByRole('textbox', { name: 'Day' });
    const month = field.getByRole('textbox', { name: 'Month' });
    const year = field.getByRole('textbox', { name: 'Year' });
    const value = page.getByTestId('date-input-empty-value');

    await tabTo(page, day);
    await page.keyboard.type('31');
    await page.keyboard.press('Tab');
    await expect(month).toBeFocused();
    await page.keyboard.type('02');
    await page.keyboard.press('Tab');
    await expect(year).toBeFocused();
    await page.keyboard.type('2023');
    await page.keyboard.press('Tab');
    await expect(field.getByText('31/02/2023 is not a real date')).toBeVisible();
    await expect(day).toHaveAttribute('aria-invalid', 'true');
    await expect(value).toHaveText('(empty)');

    // Back to the day box and correct it.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(day).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('27');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('11');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('1989');
    await expect(value).toHaveText('1989-11-27');
    await page.keyboard.press('Tab');
    await expect(field.getByText('31/02/2023 is not a real date')).toHaveCount(0);
    await expect(day).toHaveValue('27');
    await expect(month).toHaveValue('11');
    await expect(year).toHaveValue('1989');
  });

  test('the date input moves on when the user types the slashes', async ({ page }) => {
    await openGallery(page);
    const field = page.getByRole('group', { name: 'Date of birth' });
    await tabTo(page, field.getByRole('textbox', { name: 'Day' }));
    await page.keyboard.type('5/1/1990');
    await expect(field.getByRole('textbox', { name: 'Year' })).toBeFocused();
    await expect(page.getByTestId('date-input-empty-value')).toHaveText('1990-01-05');
  });

  test('the time picker is operated with arrows, Home, End, Enter, Escape and typing', async ({ page }) => {
    await openGallery(page);
    const picker = page.getByRole('combobox', { name: 'Start time' });
    const listbox = page.getByRole('listbox', { name: 'Start time' });
    const value = page.getByTestId('time-picker-empty-value');
    /** Text of the option the combobox points at with aria-activedescendant. */
    const activeText = () =>
      picker.evaluate((element) => {
        const id = element.getAttribute('aria-activedescendant');
        return id ? (document.getElementById(id)?.textContent ?? null) : null;
      });

    await tabTo(page, picker);
    await expect(picker).toHaveAttribute('aria-expanded', 'false');
    await expect(listbox).toBeHidden();

    await page.keyboard.press('ArrowDown');
    await expect(picker).toHaveAttribute('aria-expanded', 'true');
    await expect(listbox).toBeVisible();
    await expect.poll(activeText).toBe('00:00');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(activeText).toBe('00:30');
    await page.keyboard.press('End');
    await expect.poll(activeText).toBe('23:45');
    await expect(listbox.getByRole('option', { name: '23:45' })).toBeInViewport();
    await page.keyboard.press('Home');
    await expect.poll(activeText).toBe('00:00');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(value).toHaveText('23:30');
    await expect(picker).toHaveValue('23:30');
    await expect(listbox).toBeHidden();

    // Escape closes the list and leaves the value alone.
    await page.keyboard.press('ArrowDown');
    await expect.poll(activeText).toBe('23:30');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(value).toHaveText('23:30');

    // Typing filters the list; Down then Enter picks a match.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('9:1');
    await expect(listbox.getByRole('option')).toHaveText(['09:15']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(value).toHaveText('09:15');

    // A typed H:MM is tidied into HH:MM when the user moves on.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('7:45');
    await page.keyboard.press('Tab');
    await expect(value).toHaveText('07:45');
    await expect(picker).toHaveValue('07:45');

    // A typed non-time is refused with a message next to the field.
    await page.keyboard.press('Shift+Tab');
    await expect(picker).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('25:00');
    await page.keyboard.press('Tab');
    await expect(page.getByText('Please enter a valid time, for example 14:30')).toBeVisible();
    await expect(value).toHaveText('(empty)');
  });
});
