import fs from 'node:fs';
import path from 'node:path';
import FindMyWay from 'find-my-way';

/** What the web build writes in `route-preloads.json` (apps/web/build/route-preloads.ts). */
type RoutePreloads = { pages: Array<{ path: string; file: string; reads?: string[] }> };

/** The built file to answer with, and the `Link` header value that preloads the route's reads. */
export type WebPage = { file: string; link: string | null };

const INDEX: WebPage = { file: 'index.html', link: null };

/**
 * `/api/opportunities/:opportunityId` with `{opportunityId: 'beach clean'}` →
 * `/api/opportunities/beach%20clean`, encoded as the web app's API client encodes it, so that its
 * fetch finds the preloaded answer.
 */
function fillParams(template: string, params: Record<string, string | undefined>): string | null {
  let missing = false;
  const filled = template.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) {
      missing = true;
      return '';
    }
    return encodeURIComponent(value);
  });
  return missing ? null : filled;
}

/**
 * Answers which file of the built web app to send for a client-side address: the copy of
 * `index.html` the web build wrote for the route that address matches (the same page, with
 * preload hints for that route's code), or `index.html` itself; and a `Link` header that has the
 * browser start the route's API reads (`as=fetch`, same-origin credentials, as the app's fetch
 * makes them) while the page's code loads. Routes are matched as the client's router would
 * (static segments before `:params`) by find-my-way, Fastify's own router.
 */
export function webPageLookup(webDist: string): (url: string) => WebPage {
  const manifest = path.join(webDist, 'route-preloads.json');
  if (!fs.existsSync(manifest)) {
    return () => INDEX;
  }
  const { pages } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as RoutePreloads;
  const router = FindMyWay({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 1024 });
  for (const page of pages) {
    // A page written outside the build folder, or since removed, is not one to answer with.
    const file = path.normalize(page.file);
    if (!file.startsWith('..') && !path.isAbsolute(file) && fs.existsSync(path.join(webDist, file))) {
      // Only reads of this API, by path: a preload hint is no way to reach another origin.
      const reads = (page.reads ?? []).filter((read) => read.startsWith('/api/') && !read.includes('//'));
      router.on('GET', page.path, () => undefined, { file, reads });
    }
  }
  return (url) => {
    const found = router.find('GET', url.split('?')[0] ?? '/');
    const store = found?.store as { file: string; reads: string[] } | undefined;
    if (!found || !store) {
      return INDEX;
    }
    const links = store.reads
      .map((read) => fillParams(read, found.params))
      .filter((read): read is string => read !== null)
      .map((read) => `<${read}>; rel=preload; as=fetch; crossorigin`);
    return { file: store.file, link: links.length > 0 ? links.join(', ') : null };
  };
}
