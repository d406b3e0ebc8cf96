import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env.MUSTER_API_ORIGIN ?? 'http://localhost:3000';
// Vite sets NODE_ENV=production before this file loads, so the build script hands over the caller's.
const devTools = (process.env.MUSTER_BUILD_ENV ?? process.env.NODE_ENV) !== 'production';

/**
 * Puts the entry's stylesheet (under 3 KB) into index.html as a `<style>` element: a `<link>` is a
 * render-blocking request before the first paint of every page. The server's content security
 * policy allows inline styles (`style-src 'unsafe-inline'`), not inline scripts.
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
            return css === null || css.includes('</style') ? tag : `<style>${css}</style>`;
          },
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    inlineEntryStylesheet(),
    // A .br and a .gz beside each text file, served as they are by the API (@fastify/static
    // preCompressed): the browser downloads a quarter of the bytes and the server compresses nothing.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|webmanifest)$/ }),
  ],
  define: { __MUSTER_DEV_TOOLS__: JSON.stringify(devTools) },
  build: {
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and the module that configures it share a chunk, so the configuration runs before any
          // schema is built: the contract's schemas, built as their chunks load, would otherwise make
          // zod probe for eval first, a CSP violation in every page's Issues panel (src/zod-config.ts).
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-config\.ts$/ }],
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
});
