import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test.describe('widget gallery', () => {
  // The gallery renders every widget in every state: a large page to scan on a small machine.
  test.setTimeout(120_000);

  test('has no accessibility violations (WCAG 2.0/2.1/2.2 A and AA)', async ({ page }) => {
    await page.goto('/dev/widgets');
    await expect(page.getByRole('heading', { level: 1, name: 'Widget gallery' })).toBeVisible();
    // Lazy pieces (phone metadata, the timezone list) settle before the scan.
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const summary = results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
    expect(summary).toEqual([]);
  });

  test('shows every widget of the list', async ({ page }) => {
    await page.goto('/dev/widgets');
    for (const name of [
      /date/i,
      /month/i,
      /time picker/i,
      /time ?zone/i,
      /spinner/i,
      /telephone/i,
      /password/i,
      /save button/i,
      /custom/i,
      /markdown/i,
      /diversity/i,
    ]) {
      await expect(page.getByRole('heading', { name }).first()).toBeVisible();
    }
  });
});
