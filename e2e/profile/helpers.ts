import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/demo';

export const API_HEADERS = { Accept: 'application/vnd.muster.v3+json' };

/** Signs in through `/login`, sent on to `intended`. */
export async function signInTo(page: Page, email: string, intended: string, password = DEMO_PASSWORD) {
  await page.goto(intended);
  await expect(page).toHaveURL(/\/login\?intended=/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${intended.replace(/[/.?]/g, '\\$&')}$`));
}

/** The page's stored sign-in token. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('muster.token'));
  expect(token).toBeTruthy();
  return token ?? '';
}

/** The user id in a sign-in token. */
export function userIdOf(token: string): number {
  const payload = token.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { user: { id: number } };
  return claims.user.id;
}

/** Signs in through the API (no two-factor accounts only) and answers the token. */
export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await request.post('/api/auth/api/', {
    headers: API_HEADERS,
    data: { email, password, minimal: true },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { token: string; two_factor: boolean };
  expect(body.two_factor).toBe(false);
  return body.token;
}

/**
 * After a change that ends the user's other sign-ins: this page's sign-in still reads the user,
 * the `elsewhere` token is refused, and the `old` credentials no longer sign in.
 */
export async function expectOnlyThisSignIn(
  page: Page,
  request: APIRequestContext,
  userId: number,
  elsewhere: string,
  old: { email: string; password: string },
) {
  const own = await request.get(`/api/users/${userId}`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(own.status()).toBe(200);
  const other = await request.get(`/api/users/${userId}`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${elsewhere}` },
  });
  expect(other.status()).toBe(401);
  const signIn = await request.post('/api/auth/api/', {
    headers: API_HEADERS,
    data: { email: old.email, password: old.password, minimal: true },
  });
  expect(signIn.status()).not.toBe(200);
}
