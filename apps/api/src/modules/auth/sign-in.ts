import { authMessages, type SignInBody, type SignInResponse } from '@muster/contract';
import type { OrganisationRow } from '../organisation/repository.js';
import { HttpError } from '../../plugins/errors.js';
import type { AuthDeps, RequestMeta } from './deps.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { findSignInUser } from './repository.js';
import { safeReturnPath } from './return-path.js';
import { maySignIn, startSession } from './sessions.js';
import { isTrustedDevice, requiresSecondFactor, startSecondFactor } from './two-factor.js';

/** Thrown for a sign-in refused on the credentials; the route counts these for rate limiting. */
export class SignInRefused extends HttpError {}

/**
 * Password sign-in. Unknown addresses are checked against a dummy hash so they take as long as a
 * wrong password. Single sign-on users are told to use their provider. A user who must pass a
 * second factor gets an interim token (and the code, or link, goes out) unless a live
 * "trust this computer" token came along.
 */
export async function signInWithPassword(
  deps: AuthDeps,
  input: { organisation: OrganisationRow; body: SignInBody; meta: RequestMeta },
): Promise<SignInResponse> {
  const { organisation, body, meta } = input;
  const found = await findSignInUser(deps.db, organisation.id, body.email);
  const user = found?.user ?? null;
  const fail = async (reason: string, userId: number | null) => {
    await deps.securityLog.record({
      event: 'sign_in',
      outcome: 'failure',
      organisationId: organisation.id,
      userId,
      factor: 'password',
      details: { reason },
      meta,
    });
  };

  if (!found || !user || !user.passwordHash) {
    await verifyAgainstDummy(body.password);
    if (user?.ssoSubject) {
      await fail('single_sign_on_user', user.id);
      const provider = organisation.ssoProvider?.name ?? 'your organisation’s single sign-on';
      throw new SignInRefused(
        403,
        `Your account signs in through ${provider}. Please use the single sign-on button.`,
      );
    }
    await fail(user ? 'no_password' : 'unknown_email', user?.id ?? null);
    throw new SignInRefused(401, authMessages.signInFailed);
  }
  const { roleEnforcesTwoFactor } = found;
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    await fail('wrong_password', user.id);
    throw new SignInRefused(401, authMessages.signInFailed);
  }
  // Told only to whoever knows the password, before any second factor is sent.
  if (!maySignIn(user)) {
    await fail('account_not_active', user.id);
    throw new HttpError(403, authMessages.accountNotActive);
  }

  const needsSecondFactor = await requiresSecondFactor(deps, user, roleEnforcesTwoFactor);
  if (needsSecondFactor && !(await isTrustedDevice(deps, user, body.device_token))) {
    const intended = body.intended
      ? safeReturnPath(body.intended, deps.config.publicOrigin, '/portal')
      : null;
    const pending = await startSecondFactor(deps, { organisation, user, intended, meta });
    return { token: pending.token, two_factor: true, method: pending.method };
  }

  // Here a user who needs a second factor came with a live trusted-device token.
  const factors = needsSecondFactor ? ['pwd', 'trusted_device'] : ['pwd'];
  const session = await startSession(deps, {
    organisation,
    user,
    factors,
    roleEnforcesTwoFactor,
    logged: {
      event: 'sign_in',
      outcome: 'success',
      organisationId: organisation.id,
      userId: user.id,
      factor: factors.length > 1 ? 'password+trusted_device' : 'password',
      meta,
    },
  });
  return { token: session.token, two_factor: false, ...(body.minimal ? {} : { user: session.user }) };
}
