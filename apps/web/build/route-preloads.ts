import path from 'node:path';
import { parseAst, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

/**
 * A client route, the modules its `lazy` and `loader` import, and the API reads its
 * `handle.preloadReads` names (paths with the route's `:params`).
 */
export type RouteImports = { path: string; imports: string[]; reads: string[] };

/**
 * One line of `route-preloads.json`: the HTML the server answers for addresses matching `path`,
 * and the reads it asks the browser to start beside it.
 */
export type RoutePage = { path: string; file: string; reads: string[] };

type AstNode = { type: string; [key: string]: unknown };

function isNode(value: unknown): value is AstNode {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

/** The value of an object literal's property `name`, when it has one. */
function propertyOf(node: AstNode, name: string): AstNode | undefined {
  for (const property of node.properties as AstNode[]) {
    const key = property.key as AstNode | undefined;
    const keyName = key?.type === 'Identifier' ? key.name : key?.type === 'Literal' ? key.value : null;
    if (property.type === 'Property' && keyName === name) {
      return property.value as AstNode;
    }
  }
  return undefined;
}

/** The string value of an object literal's `path` property, when it has one. */
function pathOf(node: AstNode): string | null {
  const value = propertyOf(node, 'path');
  return value?.type === 'Literal' && typeof value.value === 'string' ? value.value : null;
}

/** The strings of a route's `handle: { [name]: [...] }` (`preloadReads`, `preloadModules`). */
function handleStrings(node: AstNode, name: string): string[] {
  const handle = propertyOf(node, 'handle');
  const list = handle?.type === 'ObjectExpression' ? propertyOf(handle, name) : undefined;
  if (list?.type !== 'ArrayExpression') {
    return [];
  }
  return (list.elements as AstNode[])
    .filter((element) => element.type === 'Literal' && typeof element.value === 'string')
    .map((element) => element.value as string);
}

function joinPaths(parent: string | undefined, child: string): string {
  if (child.startsWith('/') || parent === undefined) {
    return child;
  }
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/**
 * The routes of a React Router route table (`src/app/router.tsx`) with the modules each one's
 * own properties import dynamically: every object literal with a string `path` is a route, and an
 * `import('…')` inside it (outside a nested route) or a specifier in its `handle.preloadModules`
 * is one of its modules. Nested relative paths are joined to their parent's.
 */
export function routeImports(code: string): RouteImports[] {
  const routes: RouteImports[] = [];
  const visit = (node: unknown, route: RouteImports | undefined) => {
    if (Array.isArray(node)) {
      node.forEach((child) => visit(child, route));
      return;
    }
    if (!isNode(node)) {
      return;
    }
    let current = route;
    if (node.type === 'ObjectExpression') {
      const own = pathOf(node);
      if (own !== null) {
        current = {
          path: joinPaths(route?.path, own),
          // Modules the route's code loads itself as soon as it runs (its first step, say): named in
          // `handle.preloadModules`, they load with the page rather than a round of requests later.
          imports: handleStrings(node, 'preloadModules'),
          reads: handleStrings(node, 'preloadReads'),
        };
        routes.push(current);
      }
    } else if (node.type === 'ImportExpression' && current) {
      const source = node.source as AstNode;
      if (source.type === 'Literal' && typeof source.value === 'string') {
        current.imports.push(source.value);
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'type' && typeof value === 'object') {
        visit(value, current);
      }
    }
  };
  visit(parseAst(code, { lang: 'tsx' }), undefined);
  return routes;
}

/** `/portal/user/:userId` → `portal-user-userId`; `/` → `home`. */
export function routeFileName(routePath: string): string {
  const slug = routePath.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `routes/${slug === '' ? 'home' : slug}.html`;
}

/**
 * The `<head>` tags that start a route's code and stylesheets beside the entry chunk. Scripts as
 * `modulepreload`; stylesheets as `preload` (`as="style"`), not `rel="stylesheet"`: a stylesheet
 * link in the head blocks the first paint (the frame, styled by the inlined entry stylesheet) until
 * it has loaded, and the frame needs none of the route's rules. Vite's loader applies each one
 * (a `rel="stylesheet"` link, served from the preload) and waits for it before the route's module
 * runs, so the page never renders unstyled. `crossorigin` as Vite's loader asks for both, or the
 * browser would fetch them again.
 */
export function routeHeadTags(base: string, scripts: Iterable<string>, styles: Iterable<string>): string[] {
  return [
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
    ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="${base}${file}">`),
  ];
}

/** The chunk and every chunk it imports statically, transitively, by file name. */
function staticClosure(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk' && !into.has(fileName)) {
    into.add(fileName);
    for (const imported of chunk.imports) {
      staticClosure(bundle, imported, into);
    }
  }
  return into;
}

/**
 * Writes, beside `index.html`, one copy of it per client route whose code loads lazily, with a
 * `modulepreload` for each chunk the route's `lazy` and `loader` import (and theirs), a `preload`
 * of their stylesheets, and `route-preloads.json` naming which file answers which route pattern
 * (the API serves them; apps/api/src/plugins/web-pages.ts) with the API reads the route's
 * `handle.preloadReads` names, which the server asks the browser to start with the page. Without them the browser finds the
 * page's code only after the entry chunk has run and the router has matched the address, then
 * its imports one level at a time: on a phone, a round trip per level before the page can draw.
 */
export function routePreloads(routerFile: string): Plugin {
  let routes: RouteImports[] = [];
  const resolved = new Map<string, string[]>();
  let base = '/';
  return {
    name: 'muster:route-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    async transform(code, id) {
      if (path.resolve(id.split('?')[0] ?? id) !== path.resolve(routerFile)) {
        return null;
      }
      routes = routeImports(code);
      for (const route of routes) {
        const ids: string[] = [];
        for (const specifier of route.imports) {
          const module = await this.resolve(specifier, id);
          if (module) {
            ids.push(module.id);
          }
        }
        resolved.set(route.path, ids);
      }
      return null;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      const entry = Object.values(bundle).find(
        (output): output is OutputChunk => output.type === 'chunk' && output.isEntry,
      );
      if (html?.type !== 'asset' || !entry) {
        return;
      }
      // Already in index.html as the entry script and its modulepreloads, its stylesheet inlined.
      const loadedFirst = staticClosure(bundle, entry.fileName);
      const pages: RoutePage[] = [];
      for (const route of routes) {
        const scripts = new Set<string>();
        for (const id of resolved.get(route.path) ?? []) {
          const chunk = Object.values(bundle).find(
            (output) => output.type === 'chunk' && output.facadeModuleId === id,
          );
          if (chunk) {
            staticClosure(bundle, chunk.fileName).forEach((file) => scripts.add(file));
          }
        }
        loadedFirst.forEach((file) => scripts.delete(file));
        if (scripts.size === 0 && route.reads.length === 0) {
          continue;
        }
        const styles = new Set<string>();
        for (const file of scripts) {
          const chunk = bundle[file] as OutputChunk;
          chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
        }
        const tags = routeHeadTags(base, scripts, styles);
        const file = routeFileName(route.path);
        this.emitFile({
          type: 'asset',
          fileName: file,
          source: String(html.source).replace('</head>', `    ${tags.join('\n    ')}\n  </head>`),
        });
        pages.push({ path: route.path, file, reads: route.reads });
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify({ pages }, null, 2)}\n`,
      });
    },
  };
}
