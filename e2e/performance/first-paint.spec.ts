import { expect, test, type Page } from '@playwright/test';

/*
 * What the page's HTML does for the first paint (docs/performance.md, "Lighthouse"), on the built
 * app: it paints the site frame itself, nothing in it holds that paint back, the app's whole
 * stylesheet is in the page (no stylesheet is fetched, yet the route's own rules apply), and no
 * script is fetched twice.
 */

/** The `href`s of the `<link>`s in `html` with `rel` (and `as`, when given). */
function linkHrefs(html: string, rel: string): string[] {
  return [...html.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => tag.includes(`rel="${rel}"`))
    .map((tag) => /href="([^"]+)"/.exec(tag)?.[1] ?? '');
}

/** Every same-origin asset the page requests from now on, by path, as often as it asks. */
function watchAssets(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) {
      requested.push(pathname);
    }
  });
  return requested;
}

/** Each page, what shows once it has rendered, and an element styled only by its route's own CSS. */
const pages = [
  {
    path: '/apply/quick-help',
    shown: (page: Page) => page.getByRole('heading', { level: 2, name: '1. Your details' }),
    // apply.css: the step tabs are a flex row.
    styled: { selector: '.apply-tabs__list', property: 'display', value: 'flex' },
  },
  {
    path: '/',
    shown: (page: Page) => page.getByRole('heading', { level: 2, name: 'Opportunities' }),
    // opportunity-finder.css: the finder's form is a grid.
    styled: { selector: '.finder-form', property: 'display', value: 'grid' },
  },
];

for (const target of pages) {
  test(`${target.path} paints its frame from the HTML, holds nothing back for it, and carries every stylesheet itself`, async ({
    page,
  }) => {
    const requested = watchAssets(page);
    const response = await page.goto(target.path);
    const html = (await response?.text()) ?? '';

    // The frame is in the page itself, and no stylesheet link may hold back its paint.
    expect(html).toMatch(
      /<div id="root"><a class="skip-link" href="#main">[\s\S]*<header class="site-header">/,
    );
    const blocking = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].filter(
      ([tag]) => !tag.includes(' disabled'),
    );
    expect(blocking).toEqual([]);

    await expect(target.shown(page)).toBeVisible();
    await page.waitForLoadState('networkidle');

    // The app's stylesheet is inlined (under 9 KB gzip, all routes): its disabled link names it, it
    // is never fetched, nor is any other, and the route's own rules apply.
    const inlined = linkHrefs(html, 'stylesheet');
    expect(inlined).toHaveLength(1);
    expect(requested.filter((file) => file.endsWith('.css'))).toEqual([]);
    const { selector, property, value } = target.styled;
    await expect(page.locator(selector).first()).toHaveCSS(property, value);
    // Nothing twice (a stylesheet or chunk the loader did not find in the page would be).
    expect(requested.filter((file, index) => requested.indexOf(file) !== index)).toEqual([]);
  });
}

test("/apply/{slug}'s HTML preloads the form's first step with the page's own code", async ({ page }) => {
  const response = await page.goto('/apply/quick-help');
  const html = (await response?.text()) ?? '';
  expect(linkHrefs(html, 'modulepreload').some((href) => /\/basic-details-step-[\w-]+\.js$/.test(href))).toBe(
    true,
  );
});
