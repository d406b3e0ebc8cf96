import fs from 'node:fs';
import path from 'node:path';
import FindMyWay from 'find-my-way';

/** What the web build writes in `route-preloads.json` (apps/web/build/route-preloads.ts). */
type RoutePreloads = { pages: Array<{ path: string; file: string }> };

/**
 * Answers which file of the built web app to send for a client-side address: the copy of
 * `index.html` the web build wrote for the route that address matches (the same page, with
 * preload hints for that route's code), or `index.html` itself. Routes are matched as the client's
 * router would (static segments before `:params`) by find-my-way, Fastify's own router.
 */
export function webPageLookup(webDist: string): (url: string) => string {
  const manifest = path.join(webDist, 'route-preloads.json');
  if (!fs.existsSync(manifest)) {
    return () => 'index.html';
  }
  const { pages } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as RoutePreloads;
  const router = FindMyWay({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 1024 });
  for (const page of pages) {
    // A page written outside the build folder, or since removed, is not one to answer with.
    const file = path.normalize(page.file);
    if (!file.startsWith('..') && !path.isAbsolute(file) && fs.existsSync(path.join(webDist, file))) {
      router.on('GET', page.path, () => undefined, { file });
    }
  }
  return (url) => {
    const found = router.find('GET', url.split('?')[0] ?? '/');
    const file = (found?.store as { file?: unknown } | undefined)?.file;
    return typeof file === 'string' ? file : 'index.html';
  };
}
