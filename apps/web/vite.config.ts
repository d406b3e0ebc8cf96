import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Alias, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import { compression } from 'vite-plugin-compression2';
import { routePreloads } from './build/route-preloads.ts';

const require = createRequire(import.meta.url);

/**
 * The browser runs on Preact's compatibility layer instead of react-dom: about 50 KB gzip less
 * before a page is usable (docs/decisions.md, "Preact in the browser"). The code keeps importing
 * `react`; these aliases are the only place that knows. Exact matches, so that `react-day-picker`
 * or `react-router` are not caught by `react`.
 */
export const reactToPreact: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/**
 * React Router's package exports name only its development build (warnings, invariant messages);
 * the production build beside it is the same API without them.
 */
const reactRouterProduction: Alias = {
  find: /^react-router$/,
  replacement: path.join(
    path.dirname(require.resolve('react-router')).replace(/development$/, 'production'),
    'index.mjs',
  ),
};

const apiTarget = process.env.MUSTER_API_ORIGIN ?? 'http://localhost:3000';
// Vite sets NODE_ENV=production before this file loads, so the build script hands over the caller's.
const devTools = (process.env.MUSTER_BUILD_ENV ?? process.env.NODE_ENV) !== 'production';

/**
 * Puts the app's stylesheet (all of it: see `cssCodeSplit` below) into each page's HTML as a
 * `<style>` element: a `<link>` is a render-blocking request before the first paint of every page.
 * The server's content security policy allows inline styles (`style-src 'unsafe-inline'`), not
 * inline scripts. A `disabled` link to the file stays beside it, which the browser neither fetches
 * nor applies: Vite's loader looks for a page's stylesheets by their links, and would otherwise
 * fetch this one again, and wait for it, before the first lazily loaded chunk that shares a module
 * with the entry (the form's first step) may run.
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'muster:inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = context.bundle?.[file];
            const css = asset?.type === 'asset' ? String(asset.source) : null;
            if (css === null || css.includes('</style')) {
              return tag;
            }
            return `<style>${css}</style>\n    ${tag.replace('>', ' disabled>')}`;
          },
        );
      },
    },
  };
}

type Node = { type: string; start: number; end: number };
type Declaration = Node & { declarations: Array<Node & { init: Node | null }> };
type Statement = Node & { declaration?: Node | null };

/** Whether evaluating `node` may call something: literals, identifiers and functions do not. */
function mayCall(node: Node): boolean {
  return ![
    'Literal',
    'Identifier',
    'ArrowFunctionExpression',
    'FunctionExpression',
    'TemplateLiteral',
  ].includes(node.type);
}

/**
 * Marks the contract's top-level constants as free of side effects, so that a page taking one
 * constant or function from a contract module does not also load the module's schemas and zod
 * with them. `export const userSchema = z.object({…})` becomes
 * `export const userSchema = /*#__PURE__*\/ (() => z.object({…}))()`: the same value, built at the
 * same moment, but dropped by tree-shaking when nothing uses it. The contract's modules only
 * define schemas, constants and functions (its package.json says `sideEffects: false`); a
 * top-level call kept for its effect would have to be a statement, which stays as it is.
 */
function pureContractConstants(): Plugin {
  return {
    name: 'muster:pure-contract-constants',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/].*\.ts$/.test(id) || /\.test\.ts$/.test(id)) {
        return null;
      }
      const program = this.parse(code) as unknown as { body: Statement[] };
      const output = new MagicString(code);
      for (const statement of program.body) {
        const declaration = (
          statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
        ) as Declaration | null | undefined;
        if (declaration?.type !== 'VariableDeclaration') {
          continue;
        }
        for (const { init } of declaration.declarations) {
          if (init && mayCall(init)) {
            output.appendLeft(init.start, '/*#__PURE__*/ (() => (');
            output.prependRight(init.end, '))()');
          }
        }
      }
      return output.hasChanged()
        ? { code: output.toString(), map: output.generateMap({ hires: true }) }
        : null;
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? [...reactToPreact, reactRouterProduction] : reactToPreact },
  plugins: [
    react(),
    pureContractConstants(),
    inlineEntryStylesheet(),
    routePreloads(path.join(import.meta.dirname, 'src/app/router.tsx')),
    // A .br and a .gz beside each text file, served as they are by the API (@fastify/static
    // preCompressed): the browser downloads a quarter of the bytes and the server compresses nothing.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|webmanifest)$/ }),
  ],
  define: { __MUSTER_DEV_TOOLS__: JSON.stringify(devTools) },
  build: {
    manifest: true,
    // One stylesheet for the whole app, inlined into the HTML above: all of it is under 9 KB gzip,
    // and split per route it was 5 requests on the form and 10 on the profile, each a style
    // recalculation of its own when it arrived (docs/performance.md, "29 Nov (evening)").
    cssCodeSplit: false,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The module that configures zod is a chunk of its own with no imports, evaluated before
          // any chunk that builds a schema (src/zod-config.ts).
          groups: [{ name: 'zod-config', test: /[\\/]src[\\/]zod-config\.ts$/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
      '/password/email': apiTarget,
      // The outbox page is served by the API; the widget gallery is a web route.
      '/dev/outbox': apiTarget,
    },
  },
}));
