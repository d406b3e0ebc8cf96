import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MEDIA_TYPE } from '@muster/contract';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await createOrganisation(ctx.db, { hosts: ['conventions.test'] });
});
afterAll(() => ctx?.close());

describe('API conventions', () => {
  it('answers health with the database reachable, in the vendor media type', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: true });
    expect(response.headers['content-type']).toBe(`${API_MEDIA_TYPE}; charset=utf-8`);
  });

  it('works with and without a trailing slash', async () => {
    const response = await ctx.app.inject({ url: '/api/health/' });
    expect(response.statusCode).toBe(200);
  });

  it('refuses another API version with 406 JSON', async () => {
    const response = await ctx.app.inject({
      url: '/api/health',
      headers: { accept: 'application/vnd.muster.v2+json' },
    });
    expect(response.statusCode).toBe(406);
    expect(response.json<{ message: string }>().message).toContain('version 2');
  });

  it('accepts v3 explicitly', async () => {
    const response = await ctx.app.inject({ url: '/api/health', headers: { accept: API_MEDIA_TYPE } });
    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown API path with JSON 404', async () => {
    const response = await ctx.app.inject({ url: '/api/no-such-thing', headers: { host: 'conventions.test' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('json');
    expect(response.json<{ message: string }>().message).toContain('/api/no-such-thing');
  });

  it('answers a malformed JSON body with 400 JSON and no stack', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/no-such-thing',
      headers: { host: 'conventions.test', 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('sets the security headers', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('the web app and dev pages', () => {
  it('serves client routes from the built app, and /dev/ pages only outside production', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Muster</title>');
    const dev = await createTestContext({ webDist, devTools: true });
    const production = await createTestContext({ webDist, devTools: false });
    try {
      const page = await dev.app.inject({ url: '/apply/beach-clean' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect((await dev.app.inject({ url: '/dev/widgets' })).statusCode).toBe(200);
      expect((await production.app.inject({ url: '/apply/beach-clean' })).statusCode).toBe(200);
      expect((await production.app.inject({ url: '/dev/widgets' })).statusCode).toBe(404);
      expect((await production.app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await dev.close();
      await production.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('the built web app', () => {
  it('is sent pre-compressed when the browser accepts it, hashed assets kept for good and the page checked again', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const zlib = await import('node:zlib');
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-web-'));
    const script = `console.log(${JSON.stringify('a'.repeat(4000))});`;
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Muster</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'entry-Ab12.js'), script);
    fs.writeFileSync(path.join(webDist, 'assets', 'entry-Ab12.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(webDist, 'assets', 'entry-Ab12.js.gz'), zlib.gzipSync(script));
    const web = await createTestContext({ webDist });
    try {
      const brotli = await web.app.inject({ url: '/assets/entry-Ab12.js', headers: { 'accept-encoding': 'gzip, br' } });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
      const gzip = await web.app.inject({ url: '/assets/entry-Ab12.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
      const plain = await web.app.inject({ url: '/assets/entry-Ab12.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      const page = await web.app.inject({ url: '/apply/beach-clean' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
    } finally {
      await web.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('the route pages of the built web app', () => {
  it("answers each client route with its route's copy of index.html, static segments before parameters", async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>index</title>');
    fs.mkdirSync(path.join(webDist, 'routes'));
    for (const name of ['apply', 'user', 'two-factor']) {
      fs.writeFileSync(path.join(webDist, 'routes', `${name}.html`), `<!doctype html><title>${name}</title>`);
    }
    fs.writeFileSync(path.join(webDist, 'outside.html'), '<!doctype html><title>outside</title>');
    const pages = [
      {
        path: '/apply/:opportunityId',
        file: 'routes/apply.html',
        reads: ['/api/opportunities/:opportunityId', '/api/organisation/detailed/', 'https://elsewhere.test/x'],
      },
      { path: '/portal/user/:userId', file: 'routes/user.html' },
      { path: '/portal/user/me/two-factor-setup', file: 'routes/two-factor.html' },
      { path: '/login', file: 'routes/missing.html' },
      { path: '/reference/:token', file: '../outside.html' },
    ];
    fs.writeFileSync(path.join(webDist, 'route-preloads.json'), JSON.stringify({ pages }));
    const web = await createTestContext({ webDist });
    const titleOf = async (url: string) => {
      const page = await web.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      return /<title>(.*)<\/title>/.exec(page.body)?.[1];
    };
    try {
      const apply = await web.app.inject({ url: '/apply/beach%20clean' });
      // The route's reads, with its parameter as the app's client encodes it; none off this API.
      expect(apply.headers.link).toBe(
        '</api/opportunities/beach%20clean>; rel=preload; as=fetch; crossorigin, </api/organisation/detailed/>; rel=preload; as=fetch; crossorigin',
      );
      expect((await web.app.inject({ url: '/portal' })).headers.link).toBeUndefined();
      expect(await titleOf('/apply/beach-clean')).toBe('apply');
      expect(await titleOf('/apply/beach-clean/?ref=apply')).toBe('apply');
      expect(await titleOf('/portal/user/me')).toBe('user');
      expect(await titleOf('/portal/user/me/two-factor-setup')).toBe('two-factor');
      expect(await titleOf('/portal')).toBe('index');
      // A page the build did not write, or one outside its folder, is not answered with.
      expect(await titleOf('/login')).toBe('index');
      expect(await titleOf('/reference/abc')).toBe('index');
    } finally {
      await web.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('compression', () => {
  it('compresses JSON answers of 1 KB and more for a client that accepts it, and only those', async () => {
    const zlib = await import('node:zlib');
    const plain = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await ctx.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    const gzip = await ctx.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // Under the threshold: not worth a compressor.
    const small = await ctx.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('the OpenAPI document', () => {
  it('is built from the route schemas, with their descriptions', async () => {
    const response = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    const paths = Object.keys(document.paths);
    for (const expected of [
      '/api/opportunities/{opportunityId}/application-form',
      '/api/opportunities/{opportunityId}/apply',
      '/api/auth/api',
      '/api/organisation/detailed',
    ]) {
      expect(paths.some((path) => path.replace(/\/$/, '') === expected)).toBe(true);
    }
    expect(response.body).toContain('Numeric id or slug of the opportunity');
  });
});
