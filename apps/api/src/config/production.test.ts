import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNoDemoInProduction, demoAccountsExist } from '../db/seed/demo-guard.js';
import { DEMO_ACCOUNTS } from '../db/seed/demo.js';
import { createTestContext, type TestContext } from '../test/context.js';
import { createAccount } from '../test/factories/auth.js';
import { createOrganisation } from '../test/factories/organisation.js';
import { assertProductionReady, loadConfig, withStartDefaults } from './config.js';

// Issue 10, findings 2 and 3: production is never run with the demo's defaults by accident.
describe('withStartDefaults', () => {
  it('starts the embedded database as a demo install, with the development tools', () => {
    const env = withStartDefaults({});
    expect(env.NODE_ENV).toBe('development');
    expect(loadConfig(env).devTools).toBe(true);
    expect(loadConfig(env).seedDemo).toBe(true);
  });

  it('starts against a DATABASE_URL as production, without the development tools', () => {
    const env = withStartDefaults({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/muster' });
    expect(env.NODE_ENV).toBe('production');
    expect(env.MUSTER_DEV_TOOLS).toBeUndefined();
  });

  it('lets the environment decide when it says', () => {
    const env = withStartDefaults({ DATABASE_URL: 'postgres://127.0.0.1/muster', NODE_ENV: 'development' });
    expect(env.NODE_ENV).toBe('development');
    expect(loadConfig(env).devTools).toBe(false);
    expect(withStartDefaults({ MUSTER_DEV_TOOLS: '0' }).MUSTER_DEV_TOOLS).toBe('0');
  });
});

describe('production configuration', () => {
  it('names every missing setting in one message', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(() => assertProductionReady(config)).toThrow(
      /without: JWT_SECRET \(32 or more characters\), SMTP_URL/,
    );
    const withSecret = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    expect(() => assertProductionReady(withSecret)).toThrow(/without: SMTP_URL/);
    const ready = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.test:587',
    });
    expect(() => assertProductionReady(ready)).not.toThrow();
    expect(() => assertProductionReady(loadConfig({ NODE_ENV: 'development' }))).not.toThrow();
  });

  it('never seeds the demo in production unless it is asked for by name', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'auto' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'demo' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'never' }).seedDemo).toBe(false);
  });

  it('refuses the development tools in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MUSTER_DEV_TOOLS: '1' })).toThrow(/MUSTER_DEV_TOOLS/);
    expect(loadConfig({ NODE_ENV: 'development' }).devTools).toBe(false);
  });
});

describe('demo accounts in production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('refuses to start while a demo account exists, unless the demo was asked for', async () => {
    const production = { env: 'production', demoRequested: false };
    await expect(assertNoDemoInProduction(ctx.db, production)).resolves.toBeUndefined();
    const organisation = await createOrganisation(ctx.db, { hosts: ['demo-guard.test'] });
    await createAccount(ctx.db, organisation.id, { email: DEMO_ACCOUNTS.admin.toUpperCase() });
    expect(await demoAccountsExist(ctx.db)).toBe(true);
    await expect(assertNoDemoInProduction(ctx.db, production)).rejects.toThrow(/passwords are published/);
    await expect(
      assertNoDemoInProduction(ctx.db, { ...production, demoRequested: true }),
    ).resolves.toBeUndefined();
    await expect(
      assertNoDemoInProduction(ctx.db, { env: 'development', demoRequested: false }),
    ).resolves.toBeUndefined();
  });
});

describe('development tools', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ devTools: true });
  });
  afterAll(() => ctx?.close());

  it('answers the outbox to this machine only', async () => {
    const json = { accept: 'application/json' };
    expect((await ctx.app.inject({ url: '/dev/outbox', headers: json })).statusCode).toBe(200);
    const remote = await ctx.app.inject({ url: '/dev/outbox', headers: json, remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    const proxied = await ctx.app.inject({
      url: '/dev/outbox',
      headers: { ...json, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(404);
    const disguised = await ctx.app.inject({
      url: '//dev/outbox',
      headers: json,
      remoteAddress: '203.0.113.7',
    });
    expect(disguised.statusCode).toBe(404);
  });
});
