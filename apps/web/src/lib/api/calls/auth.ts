import { API_BASE_PATH, type PasswordResetBody } from '@muster/contract';
import { createApiClient, type ApiClient } from '../client';
import { apiClient, tokenStore } from '../default-client';

/*
 * Sign-in calls and links outside the route catalogue (applicant-flow §4, §5; the catalogue's
 * own sign-in calls are `api.auth.api.*`).
 */

/** The routes at the site root (`/password/email`) are reached through a client based at `/`. */
let rootClient: ApiClient | null = null;
function siteRootClient(): ApiClient {
  rootClient ??= createApiClient({ tokenStore, baseUrl: '/' });
  return rootClient;
}

/** `POST /password/email {email, intended}` at the site root: emails a reset link; answers the message to show. */
export async function requestPasswordReset(email: string, intended: string): Promise<string> {
  const answer = await siteRootClient().post<{ message: string }>(
    'password/email',
    { email, intended },
    { auth: false },
  );
  return answer.message;
}

/** `POST password/reset {token, password, password_confirmation}`: sets the new password (no sign-in). */
export async function resetPassword(body: PasswordResetBody, client: ApiClient = apiClient): Promise<void> {
  await client.post('password/reset', body, { auth: false });
}

/** The login link of a token (`GET /api/login/token/{token}?redirect=`): signs in, then goes to `redirect`. */
export function loginTokenHref(token: string, redirect: string): string {
  return `${API_BASE_PATH}login/token/${encodeURIComponent(token)}?redirect=${encodeURIComponent(redirect)}`;
}

/** The single-sign-on start (`/auth/sso/redirect?redirect=`): off to the organisation's provider. */
export function ssoRedirectHref(redirect: string): string {
  return `/auth/sso/redirect?redirect=${encodeURIComponent(redirect)}`;
}
