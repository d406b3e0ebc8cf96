import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import getPort from 'get-port';
import { Provider } from 'oidc-provider';

/*
 * Single sign-on end to end: a real OpenID provider (oidc-provider) on loopback, and a Muster
 * process of its own whose freshly seeded demo organisation signs its users in through it.
 * Chromium clicks through our login page, the provider's sign-in and consent pages, and lands
 * signed in on the portal.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../../apps/api/dist/server.js');
const clientSecret = 'e2e-sso-client-secret';

let provider: http.Server;
let muster: ChildProcess;
let musterOrigin: string;
let dataDir: string;

async function listenOnLoopback(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function waitForHealth(origin: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Muster did not start at ${origin}`);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const musterPort = await getPort({ host: '127.0.0.1' });
  musterOrigin = `http://localhost:${musterPort}`;

  provider = http.createServer();
  const issuer = `http://127.0.0.1:${await listenOnLoopback(provider)}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: 'muster',
        client_secret: clientSecret,
        redirect_uris: [`${musterOrigin}/auth/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // Whoever signs in at the provider is the demo volunteer, with a verified address; except
    // `enrol-subject`, the Safeguarding Lead who has not set up the two-factor the role requires.
    findAccount: async (_context, id) => ({
      accountId: id,
      claims: async () =>
        id === 'enrol-subject'
          ? { sub: id, email: 'twofactor-enrol@example.org', email_verified: true, name: 'Erin Enrol' }
          : { sub: id, email: 'applicant@example.org', email_verified: true, name: 'Alex Applicant' },
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['e2e-sso-cookie-key'] },
  });
  provider.on('request', oidc.callback());

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-e2e-sso-'));
  muster = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(musterPort),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'db'),
      PUBLIC_ORIGIN: musterOrigin,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DEMO_SSO_ISSUER: issuer,
      DEMO_SSO_CLIENT_ID: 'muster',
      DEMO_SSO_CLIENT_SECRET: clientSecret,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(musterOrigin, Date.now() + 90_000);
});

test.afterAll(async () => {
  muster?.kill('SIGTERM');
  await new Promise<void>((resolve) => (provider ? provider.close(() => resolve()) : resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a user of a single-sign-on organisation signs in at the OpenID provider', async ({ page }) => {
  await page.goto(`${musterOrigin}/login?intended=%2Fportal`);
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in with Demo ID' }).click();

  // The provider's own sign-in page, then its consent page.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\//);
  await page.locator('input[name="login"]').fill('sso-subject-1');
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(`${musterOrigin}/portal`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('muster.token'));
  expect(token).toBeTruthy();
  const claims = JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString()) as {
    kind: string;
    user: { organisation: { name: string } };
  };
  expect(claims.kind).toBe('session');
  expect(claims.user.organisation.name).toBe('Demo Volunteers');

  // The session works against the API.
  const heartbeatless = await page.request.get(`${musterOrigin}/api/organisation/detailed/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await heartbeatless.json()) as unknown).toMatchObject({ data: { sso_provider: { name: 'Demo ID' } } });
});

test('a single-sign-on user whose role requires two-factor is taken to set it up first (issue 9)', async ({ page }) => {
  await page.goto(`${musterOrigin}/login?intended=%2Fportal`);
  await page.getByRole('link', { name: 'Sign in with Demo ID' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\//);
  await page.locator('input[name="login"]').fill('enrol-subject');
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(`${musterOrigin}/portal/user/me/two-factor-setup?intended=%2Fportal`);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeVisible();
  await expect(
    page.getByText('Your role Safeguarding Lead requires two-factor authentication. Set it up to continue.'),
  ).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('muster.token'));
  const claims = JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString()) as {
    amr: string[];
    user: { id: number };
  };
  expect(claims.amr).toEqual(['sso']);
  const held = await page.request.get(`${musterOrigin}/api/users/${claims.user.id}/consents`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(held.status()).toBe(403);
  expect((await held.json()) as unknown).toMatchObject({ code: 'two_factor_enrolment_required' });
  await page.goto(`${musterOrigin}/portal`);
  await expect(page).toHaveURL(`${musterOrigin}/portal/user/me/two-factor-setup?intended=%2Fportal`);
});
