import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from '../support/axe';

const SCREENSHOTS = '../.test-output/screenshots/home';

function results(page: Page) {
  return page.getByRole('region', { name: 'Opportunities' });
}

function cards(page: Page) {
  return results(page).getByRole('listitem');
}

/** The names of the cards shown, in order. */
async function cardNames(page: Page): Promise<string[]> {
  return results(page).getByRole('heading', { level: 3 }).allTextContents();
}

test('a visitor finds beach-clean by search from the home page and opens its form', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Muster' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your portal' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await expectNoViolations(page, 'the home page with results');
  await page.screenshot({ path: `${SCREENSHOTS}/home-results.png`, fullPage: true });

  await page.getByLabel('Search opportunities').fill('beach');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/\?search=beach$/);
  await expect(cards(page)).toHaveCount(1);
  const card = cards(page).first();
  await expect(card).toContainText('One-off');
  await expect(card).toContainText('Coastal Team');
  await expect(card).toContainText('Join the Coastal Team for a morning clearing litter from Sandy Bay.');
  await expect(card).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(results(page).getByRole('status')).toHaveText('1 opportunity');

  await card.getByRole('link', { name: 'Beach Clean at Sandy Bay' }).click();
  await expect(page).toHaveURL(/\/apply\/beach-clean$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Apply for Beach Clean at Sandy Bay' }),
  ).toBeVisible();
  await expect(page.getByLabel(/^Email address/)).toBeVisible();

  // Back returns to the search as it was.
  await page.goBack();
  await expect(page).toHaveURL(/\/\?search=beach$/);
  await expect(page.getByLabel('Search opportunities')).toHaveValue('beach');
  await expect(cards(page)).toHaveCount(1);
});

test('a search that matches nothing says so, without axe violations; a draft is never listed', async ({
  page,
}) => {
  await page.goto('/?search=volcano');
  await expect(page.getByText('No opportunities match your search')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expectNoViolations(page, 'the home page with no results');
  await page.screenshot({ path: `${SCREENSHOTS}/home-empty.png`, fullPage: true });

  // The demo's unpublished Alpine Refuge Week.
  await page.getByLabel('Search opportunities').fill('alpine');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/\?search=alpine$/);
  await expect(page.getByText('No opportunities match your search')).toBeVisible();
  await page.getByRole('link', { name: 'see every opportunity' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(cards(page).first()).toBeVisible();
});

test('the country and county filters narrow the residential opportunities', async ({ page }) => {
  await page.goto('/');
  const country = page.getByLabel('Country');
  const county = page.getByLabel('County');
  await expect(county).toBeDisabled();
  await expect(country.getByRole('option')).toHaveText(['Any country', 'Ireland', 'United Kingdom']);

  await country.selectOption({ label: 'United Kingdom' });
  await expect(county).toBeEnabled();
  await expect(county.getByRole('option')).toHaveText([
    'Any county',
    'Cornwall',
    'Cumbria',
    'Gwynedd',
    'Highland',
  ]);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/\?country=GB$/);
  await expect(results(page).getByRole('status')).toHaveText('5 opportunities');
  await expect(cards(page).filter({ hasText: 'United Kingdom' })).toHaveCount(5);

  await county.selectOption('Cumbria');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/\?country=GB&county=Cumbria$/);
  await expect
    .poll(() => cardNames(page))
    .toEqual(['Residential Week at Lakeside Lodge', 'Dry-Stone Walling in Borrowdale']);
  await expect(cards(page).first()).toContainText('Cumbria, United Kingdom');
  await expect(cards(page).first()).toContainText('Residential, short stay');
  await expectNoViolations(page, 'the home page filtered by county');

  // Another country brings its own counties and clears the county chosen before.
  await country.selectOption({ label: 'Ireland' });
  await expect(county).toHaveValue('');
  await expect(county.getByRole('option')).toHaveText(['Any county', 'Donegal', 'Kerry']);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/\?country=IE$/);
  await expect
    .poll(() => cardNames(page))
    .toEqual(['Bog Restoration Week in Kerry', 'Dune Conservation Week in Donegal']);

  // Back and forward move between the filtered lists, form included.
  await page.goBack();
  await expect(page).toHaveURL(/\/\?country=GB&county=Cumbria$/);
  await expect(country).toHaveValue('GB');
  await expect(county).toHaveValue('Cumbria');
  await expect(cards(page)).toHaveCount(2);
  await page.goForward();
  await expect(country).toHaveValue('IE');
  await expect(cards(page)).toHaveCount(2);
});

test('the list pages with Previous and Next, and the page is in the address', async ({ page }) => {
  await page.goto('/');
  const pages = page.getByRole('navigation', { name: 'Pages of opportunities' });
  await expect(pages).toContainText('Page 1 of 2');
  await expect(pages.getByRole('link', { name: 'Previous' })).toHaveCount(0);
  const firstPage = await cardNames(page);
  expect(firstPage).toHaveLength(6);

  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/\?page=2$/);
  await expect(pages).toContainText('Page 2 of 2');
  await expect(results(page).getByRole('status')).toHaveText('Showing 7 to 9 of 9 opportunities');
  const secondPage = await cardNames(page);
  expect(secondPage).toHaveLength(3);
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
  await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(0);
  // Focus moves to the results, so a keyboard or screen-reader user starts at the new page.
  await expect(page.getByRole('heading', { level: 2, name: 'Opportunities' })).toBeFocused();

  await page.reload();
  await expect(pages).toContainText('Page 2 of 2');
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(pages).toContainText('Page 1 of 2');
  await pages.getByRole('link', { name: 'Next' }).click();
  await pages.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => cardNames(page)).toEqual(firstPage);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the finder fits the screen and works by touch', async ({ page }) => {
    await page.goto('/');
    await expect(cards(page).first()).toBeVisible();
    // Nothing wider than the screen: no sideways scrolling.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const control of [
      page.getByLabel('Search opportunities'),
      page.getByLabel('Country'),
      page.getByRole('button', { name: 'Search' }),
    ]) {
      const box = await control.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    }
    await page.screenshot({ path: `${SCREENSHOTS}/phone-results.png`, fullPage: true });

    await page.getByLabel('Country').selectOption({ label: 'United Kingdom' });
    await page.getByLabel('County').selectOption('Highland');
    await page.getByRole('button', { name: 'Search' }).tap();
    await expect(page).toHaveURL(/\/\?country=GB&county=Highland$/);
    await expect(cards(page)).toHaveCount(1);
    await page.screenshot({ path: `${SCREENSHOTS}/phone-filtered.png`, fullPage: true });
    await expectNoViolations(page, 'the home page on a phone');
    await cards(page).getByRole('link', { name: 'Highland Trail Repair Fortnight' }).tap();
    await expect(page).toHaveURL(/\/apply\/highland-trails$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Apply for Highland Trail Repair Fortnight' }),
    ).toBeVisible();
  });
});
