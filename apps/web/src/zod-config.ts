// The server's content security policy forbids eval: zod must neither compile its validators nor
// probe whether it may (the probe's caught `new Function` is still reported as a CSP violation).
// zod reads its configuration from this global when it loads (zod/v4/core/core.js), so setting it
// here needs no import of zod, which then loads only with the first page that builds a schema.
// zod-config.test.ts checks that zod still takes it. A chunk of its own, imported first by
// main.tsx (vite.config.ts).
// The same object zod keeps, whether zod has loaded already (tests) or not (the browser).
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
