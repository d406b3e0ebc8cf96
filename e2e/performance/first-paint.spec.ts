import { expect, test, type Page } from '@playwright/test';

/*
 * What the page's HTML does for the first paint (docs/performance.md, "Lighthouse"), on the built
 * app: it paints the site frame itself, nothing in it holds that paint back (the route's
 * stylesheets are preloaded, not linked), the route's stylesheets are applied once its code runs,
 * and no stylesheet or script is fetched twice (the entry's stylesheet, inlined, not at all).
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

const pages = [
  {
    path: '/apply/quick-help',
    shown: (page: Page) => page.getByRole('heading', { level: 2, name: '1. Your details' }),
  },
  { path: '/', shown: (page: Page) => page.getByRole('heading', { level: 2, name: 'Opportunities' }) },
];

for (const target of pages) {
  test(`${target.path} paints its frame from the HTML, holds nothing back for it, and applies its own stylesheets once each`, async ({
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

    // The route's stylesheets, preloaded by the HTML, are applied (Vite's loader links them).
    const preloadedStyles = linkHrefs(html, 'preload').filter((href) => href.endsWith('.css'));
    expect(preloadedStyles.length).toBeGreaterThan(0);
    const applied = await page.evaluate(() =>
      Array.from(document.styleSheets, (sheet) => (sheet.href ? new URL(sheet.href).pathname : null)),
    );
    expect(applied).toEqual(expect.arrayContaining(preloadedStyles));

    // The entry's stylesheet is inlined: its disabled link names it, and it is never fetched.
    const inlined = linkHrefs(html, 'stylesheet');
    expect(inlined).toHaveLength(1);
    expect(requested).not.toContain(inlined[0]);
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
