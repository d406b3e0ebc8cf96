import { expect, test } from '@playwright/test';

test('the shell opens in Chromium and routes on the client', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(message.text());
    }
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Muster' })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const response = await page.goto('/apply/beach-clean');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an unknown API path answers JSON, never the app', async ({ request }) => {
  const response = await request.get('/api/definitely-not-here');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('json');
});
