import {
  safeReturnPath,
  type RefreshResponse,
  type SignInResponse,
  type TwoFactorResponse,
} from '@muster/contract';
import type { ApiClient } from '../api/client';
import type { TokenStore } from '../api/token-store';

export const DEVICE_TOKEN_STORAGE_KEY = 'muster.device_token';

/** Reads the "trust this computer" token kept from an earlier second factor. */
export function readDeviceToken(storage: Storage | null = safeLocalStorage()): string | null {
  try {
    return storage?.getItem(DEVICE_TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeDeviceToken(token: string, storage: Storage | null = safeLocalStorage()): void {
  try {
    storage?.setItem(DEVICE_TOKEN_STORAGE_KEY, token);
  } catch {
    // Blocked storage: the computer simply is not remembered.
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/**
 * `POST auth/api/` with `minimal: true` (platform-foundation §7). Sent without the bearer token
 * and never renewed: its 401 means the password was wrong. With `two_factor: false` the answer's
 * token is the session token and is stored at once.
 */
export async function signIn(
  client: ApiClient,
  tokenStore: TokenStore,
  input: { email: string; password: string; intended?: string },
): Promise<SignInResponse> {
  const deviceToken = readDeviceToken();
  const answer = await client.post<SignInResponse>(
    'auth/api/',
    {
      email: input.email,
      password: input.password,
      minimal: true,
      ...(input.intended ? { intended: input.intended } : {}),
      ...(deviceToken ? { device_token: deviceToken } : {}),
    },
    { auth: false },
  );
  if (!answer.two_factor) {
    tokenStore.set(answer.token);
  }
  return answer;
}

/**
 * `POST auth/api/token`: trades the interim token and the 6-digit key for the session token, which
 * is stored; with `trust` the answer's device token is kept for later sign-ins.
 */
export async function submitTwoFactorCode(
  client: ApiClient,
  tokenStore: TokenStore,
  input: { token: string; key: string; trust: boolean },
): Promise<TwoFactorResponse> {
  const answer = await client.post<TwoFactorResponse>(
    'auth/api/token',
    { token: input.token, key: input.key, trust: input.trust },
    { auth: false },
  );
  tokenStore.set(answer.token);
  if (answer.device_token) {
    writeDeviceToken(answer.device_token);
  }
  return answer;
}

/**
 * `POST auth/api/token` with `recovery_code` instead of a key, for a lost device: one of the
 * recovery codes given at two-factor set-up (each works once). Stores the session token, and the
 * device token when `trust` was asked for.
 */
export async function submitRecoveryCode(
  client: ApiClient,
  tokenStore: TokenStore,
  input: { token: string; recoveryCode: string; trust: boolean },
): Promise<TwoFactorResponse> {
  const answer = await client.post<TwoFactorResponse>(
    'auth/api/token',
    { token: input.token, recovery_code: input.recoveryCode, trust: input.trust },
    { auth: false },
  );
  tokenStore.set(answer.token);
  if (answer.device_token) {
    writeDeviceToken(answer.device_token);
  }
  return answer;
}

/**
 * Renews the stored session token now (`POST auth/api/refresh`), so that its claims are read
 * afresh: e.g. once two-factor is set up, the new token is no longer held to setting it up.
 */
export async function renewSession(client: ApiClient, tokenStore: TokenStore): Promise<void> {
  const token = tokenStore.get();
  if (!token) {
    return;
  }
  const answer = await client.post<RefreshResponse>('auth/api/refresh', { token, minimal: true }, { auth: false });
  tokenStore.set(answer.token);
}

/**
 * `intended` when it is a path on this site (`/apply/3?x=1#step=2`), else `fallback`: the
 * contract's one return-path check (full URLs on another origin, `//host`, backslashes, control
 * characters and paths that normalise to any of those are refused).
 */
export function safeIntendedPath(intended: string | null | undefined, fallback = '/portal'): string {
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  return safeReturnPath(intended, origin, fallback, { keepHash: true });
}

/**
 * Signs out: forgets the token here, then posts the form `POST /auth/logout` with `return` (and the
 * token, since a form carries no bearer header) so the server revokes it and sends the browser on.
 */
export function signOut(tokenStore: TokenStore, returnTo = '/'): void {
  const token = tokenStore.get();
  tokenStore.clear();
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = '/auth/logout';
  form.hidden = true;
  const fields: Record<string, string> = { return: safeIntendedPath(returnTo, '/') };
  if (token) {
    fields.token = token;
  }
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
