import { randomUUID } from 'node:crypto';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import {
  enforcedTwoFactorMessage,
  twoFactorSettingsMessages,
  type TrustComputerResponse,
  type TwoFactorConfirmBody,
  type TwoFactorConfirmResponse,
  type TwoFactorEnforcementResponse,
  type TwoFactorSettingsMethod,
  type TwoFactorStartBody,
  type TwoFactorStartResponse,
} from '@muster/contract';
import type { Executor } from '../../db/client.js';
import type { TwoFactorMethod } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { codeMatches, hashCode, randomSixDigitCode } from '../auth/codes.js';
import { AUTH_LIMITS, type AuthDeps } from '../auth/deps.js';
import { verifyPassword } from '../auth/passwords.js';
import {
  closeOpenChallenges,
  consumeChallenge,
  findDefaultSmsNumber,
  findPrimaryEmail,
  insertChallenge,
  isTrustedDeviceValid,
  latestUsedTotpStep,
  recordUsedTotpStep,
  replaceRecoveryCodes,
  reserveChallengeAttempt,
  revokeUserTrustedDevices,
  type UserRow,
} from '../auth/repository.js';
import { assertOwnAccount, type OwnAccountContext } from '../auth/own-account.js';
import { issueRecoveryCodes } from '../auth/recovery-codes.js';
import { issueTrustedDevice } from '../auth/two-factor.js';
import type { OrganisationRow } from '../organisation/repository.js';
import { OutboxDeliveryError } from '../outbox/service.js';
import {
  findEnforcingRoleNames,
  findOpenSettingsChallenge,
  findTrustedDevice,
  revokeOtherSessions,
  revokeTrustedDevice,
  updateTwoFactorSettings,
  type SettingsChallengeRow,
} from './repository.js';

/** Who is changing the settings: the signed-in user and the sign-in they are using. */
export type Actor = { userId: number; sessionId?: string };

type Context = OwnAccountContext & { actor: Actor };

const SMS_FAILED =
  'We could not send a text message to your phone number. Please check the number or choose another method.';

const EXPIRED = 'This code has expired or had too many wrong tries, please ask for a new code.';

/** Settings spell `auth_app` as `auth-app` (applicant-flow §7). */
function toStored(method: TwoFactorSettingsMethod): 'email' | 'sms' | 'auth_app' {
  return method === 'auth-app' ? 'auth_app' : method;
}

function toSettings(method: TwoFactorMethod): TwoFactorSettingsMethod {
  return method === 'auth_app' ? 'auth-app' : method === 'sms' ? 'sms' : 'email';
}

/** `a•••@example.org`, `•••••••3456`: enough to recognise, not enough to learn. */
function mask(address: string): string {
  const at = address.indexOf('@');
  if (at > 0) {
    return `${address.slice(0, 1)}•••${address.slice(at)}`;
  }
  return `${'•'.repeat(Math.max(0, address.length - 4))}${address.slice(-4)}`;
}

/**
 * Whether SMS can be offered as a method: with a gateway (Twilio), or outside production, where
 * texts are only stored in the outbox (`/dev/outbox`).
 */
export function smsAvailable(deps: AuthDeps): boolean {
  return deps.config.twilio !== null || deps.config.env !== 'production';
}

/** The settings' owner (403 for anyone else, logged; 404 when there is no such user). */
function ownUser(deps: AuthDeps, context: Context) {
  return assertOwnAccount(deps, context, {
    reason: 'two_factor_settings_of_another_user',
    message: 'You can only change your own two-factor settings.',
  });
}

/** 403 naming the enforcing roles when one of the user's roles requires two-factor. */
async function assertNotEnforced(deps: AuthDeps, organisationId: number, userId: number): Promise<void> {
  const roles = await findEnforcingRoleNames(deps.db, organisationId, userId);
  if (roles.length > 0) {
    throw new HttpError(403, enforcedTwoFactorMessage(roles));
  }
}

/** Sends a 6-digit settings code by email or SMS; answers where it went (masked). */
async function sendCode(
  deps: AuthDeps,
  organisation: OrganisationRow,
  user: UserRow,
  method: 'email' | 'sms',
  code: string,
): Promise<string> {
  const minutes = AUTH_LIMITS.codeTtlSeconds / 60;
  const text =
    `${code} is your ${organisation.name} verification code for two-factor settings. ` +
    `It expires in ${minutes} minutes.`;
  if (method === 'sms') {
    const number = await findDefaultSmsNumber(deps.db, organisation.id, user.id);
    if (!number) {
      throw new HttpError(422, 'Add a mobile number that can receive texts before choosing SMS.', {
        method: ['Add a mobile number that can receive texts before choosing SMS.'],
      });
    }
    try {
      await deps.messenger().sendSms({ organisationId: organisation.id, to: number, text });
    } catch (error) {
      // The outbox keeps the message with the gateway's reason; the user gets a sentence.
      if (error instanceof OutboxDeliveryError) {
        throw new HttpError(422, SMS_FAILED, { method: [SMS_FAILED] });
      }
      throw error;
    }
    return mask(number);
  }
  const email = await findPrimaryEmail(deps.db, organisation.id, user.id);
  if (!email) {
    throw new HttpError(422, 'Your account has no email address to send a code to.', {
      method: ['Your account has no email address to send a code to.'],
    });
  }
  await deps.messenger().sendEmail({
    organisationId: organisation.id,
    to: email,
    subject: `Your ${organisation.name} verification code`,
    text: `${text}\n\nIf you did not ask for it, change your password.`,
  });
  return mask(email);
}

/**
 * `POST /users/{id}/two-factor`. Enabling opens a pending set-up: a code goes by email or SMS,
 * or (authenticator app) a new secret is answered with its otpauth URI and QR code; nothing
 * changes until `confirmTwoFactorChange`. Disabling sends a code by the current method (none for
 * the authenticator app, whose own code is used). Earlier pending set-ups close.
 */
export async function startTwoFactorChange(
  deps: AuthDeps,
  context: Context,
  body: TwoFactorStartBody,
): Promise<TwoFactorStartResponse['data']> {
  const { organisation } = context;
  const user = await ownUser(deps, context);
  let method: 'email' | 'sms' | 'auth_app';
  if (body.two_factor) {
    method = toStored(body.method ?? 'email');
    if (method === 'sms' && !smsAvailable(deps)) {
      throw new HttpError(422, 'Text messages are not available, please choose another method.', {
        method: ['Text messages are not available, please choose another method.'],
      });
    }
  } else {
    if (!user.twoFactorEnabled || !user.twoFactorMethod) {
      throw new HttpError(409, 'Two-factor sign-in is already off.');
    }
    await assertNotEnforced(deps, organisation.id, user.id);
    method = user.twoFactorMethod === 'magic_link' ? 'email' : user.twoFactorMethod;
  }
  const now = new Date();
  const challengeId = randomUUID();
  const code = method === 'auth_app' ? null : randomSixDigitCode();
  const secret = body.two_factor && method === 'auth_app' ? generateSecret() : null;
  await deps.db.transaction(async (tx) => {
    await closeOpenChallenges(tx, organisation.id, user.id, 'settings', now);
    await insertChallenge(tx, {
      id: challengeId,
      organisationId: organisation.id,
      userId: user.id,
      purpose: 'settings',
      method,
      codeHash: code ? hashCode(deps.codeKey, challengeId, code) : null,
      pendingSecret: secret,
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTH_LIMITS.codeTtlSeconds * 1000),
    });
  });
  await deps.securityLog.record({
    event: 'two_factor_settings',
    outcome: 'success',
    organisationId: organisation.id,
    userId: user.id,
    factor: method,
    details: { step: body.two_factor ? 'enable_started' : 'disable_started' },
    meta: context.meta,
  });
  if (code && method !== 'auth_app') {
    const sentTo = await sendCode(deps, organisation, user, method, code);
    return { method: toSettings(method), sent_to: sentTo };
  }
  if (secret) {
    const label = (await findPrimaryEmail(deps.db, organisation.id, user.id)) ?? `user-${user.id}`;
    const uri = generateURI({ issuer: organisation.name, label, secret });
    const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 200 });
    return { method: 'auth-app', sent_to: null, secret, otpauth_uri: uri, qr_code: qr };
  }
  return { method: 'auth-app', sent_to: null };
}

/** Checks an authenticator code and records its time step, so it cannot be used again (even to sign in). */
async function totpAccepted(deps: AuthDeps, user: UserRow, secret: string, code: string): Promise<boolean> {
  const result = await verifyTotp({ secret, token: code, epochTolerance: 30 }).catch(() => ({
    valid: false as const,
  }));
  if (!result.valid || !('timeStep' in result)) {
    return false;
  }
  const latest = await latestUsedTotpStep(deps.db, user.organisationId, user.id);
  if (latest !== null && result.timeStep <= latest) {
    return false;
  }
  return recordUsedTotpStep(deps.db, user.organisationId, user.id, result.timeStep);
}

function invalidKey(): HttpError {
  return new HttpError(422, twoFactorSettingsMessages.invalidKey, {
    code: [twoFactorSettingsMessages.invalidKey],
  });
}

/** Counts a try against the open settings challenge and checks `code` against it. */
async function checkChallengeCode(
  deps: AuthDeps,
  user: UserRow,
  challenge: SettingsChallengeRow | null,
  code: string,
  secret: string | null,
): Promise<SettingsChallengeRow> {
  if (!challenge) {
    throw new HttpError(422, EXPIRED, { code: [EXPIRED] });
  }
  const reserved = await reserveChallengeAttempt(
    deps.db,
    user.organisationId,
    challenge.id,
    AUTH_LIMITS.maxCodeAttempts,
    new Date(),
  );
  if (!reserved) {
    throw new HttpError(422, EXPIRED, { code: [EXPIRED] });
  }
  const ok =
    challenge.method === 'auth_app'
      ? secret !== null && (await totpAccepted(deps, user, secret, code))
      : challenge.codeHash !== null && codeMatches(deps.codeKey, challenge.id, code, challenge.codeHash);
  if (!ok) {
    throw invalidKey();
  }
  return challenge;
}

/** A method named in the path of `PUT two-factor/{method}`, or null for anything else. */
export function settingsMethodOf(raw: string): TwoFactorSettingsMethod | null {
  return raw === 'email' || raw === 'sms' || raw === 'auth-app' ? raw : null;
}

/**
 * The body of `PUT two-factor/{method}` as the plain confirmation reads it. Enabling: the path
 * names the method set up (a different `method` in the body is 422). Disabling: the path names
 * the method being switched off, which must be the current one (409 otherwise).
 */
function methodFromPath(user: UserRow, body: TwoFactorConfirmBody, method: TwoFactorSettingsMethod): TwoFactorConfirmBody {
  if (body.method !== undefined && body.method !== method) {
    const sentence = 'The method must be the one the address names.';
    throw new HttpError(422, sentence, { method: [sentence] });
  }
  if (!body.two_factor && user.twoFactorEnabled && user.twoFactorMethod && toSettings(user.twoFactorMethod) !== method) {
    throw new HttpError(409, `Two-factor sign-in is not by ${method}: switch off the method in use.`);
  }
  return body.two_factor ? { ...body, method } : body;
}

/**
 * `PUT /users/{id}/two-factor`. Confirms a pending set-up with its code, or switches two-factor
 * off with a current code or the password (never for a user whose role enforces it). Either way
 * the user's other sign-ins end and trusted computers are forgotten, in one transaction.
 */
export async function confirmTwoFactorChange(
  deps: AuthDeps,
  context: Context,
  body: TwoFactorConfirmBody,
  pathMethod?: TwoFactorSettingsMethod,
): Promise<TwoFactorConfirmResponse['data']> {
  const { organisation, meta } = context;
  const user = await ownUser(deps, context);
  if (pathMethod !== undefined) {
    body = methodFromPath(user, body, pathMethod);
  }
  const now = new Date();
  let settings: { enabled: boolean; method: TwoFactorMethod | null; secret: string | null };
  let challengeId: string | null = null;
  const fail = async (reason: string) =>
    deps.securityLog.record({
      event: 'two_factor_settings',
      outcome: 'failure',
      organisationId: organisation.id,
      userId: user.id,
      details: { reason },
      meta,
    });

  if (body.two_factor) {
    const method = toStored(body.method ?? 'email');
    const open = await findOpenSettingsChallenge(deps.db, organisation.id, user.id, now);
    const pending =
      open && open.method === method && (method !== 'auth_app' || open.pendingSecret) ? open : null;
    try {
      await checkChallengeCode(deps, user, pending, body.code ?? '', pending?.pendingSecret ?? null);
    } catch (error) {
      await fail('enable_code_refused');
      throw error;
    }
    challengeId = pending?.id ?? null;
    settings = {
      enabled: true,
      method,
      secret: method === 'auth_app' ? (pending?.pendingSecret ?? null) : null,
    };
  } else {
    await assertNotEnforced(deps, organisation.id, user.id);
    if (!user.twoFactorEnabled) {
      throw new HttpError(409, 'Two-factor sign-in is already off.');
    }
    if (body.code) {
      try {
        if (user.twoFactorMethod === 'auth_app') {
          if (!user.twoFactorSecret || !(await totpAccepted(deps, user, user.twoFactorSecret, body.code))) {
            throw invalidKey();
          }
        } else {
          const open = await findOpenSettingsChallenge(deps.db, organisation.id, user.id, now);
          challengeId = (await checkChallengeCode(deps, user, open, body.code, null)).id;
        }
      } catch (error) {
        await fail('disable_code_refused');
        throw error;
      }
    } else if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.password ?? ''))) {
      await fail('disable_password_refused');
      throw new HttpError(422, 'The password is not correct.', {
        password: ['The password is not correct.'],
      });
    }
    settings = { enabled: false, method: null, secret: null };
  }

  const applied = await deps.db.transaction(async (tx): Promise<{ recoveryCodes: string[] } | null> => {
    if (challengeId && !(await consumeChallenge(tx, organisation.id, challengeId, now))) {
      return null;
    }
    await closeOpenChallenges(tx, organisation.id, user.id, 'settings', now);
    await updateTwoFactorSettings(tx, organisation.id, user.id, settings, now);
    await revokeUserTrustedDevices(tx, organisation.id, user.id, now);
    await revokeOtherSessions(tx, organisation.id, user.id, context.actor.sessionId, now);
    if (!settings.enabled) {
      await replaceRecoveryCodes(tx, organisation.id, user.id, []);
      return { recoveryCodes: [] };
    }
    return { recoveryCodes: await issueRecoveryCodes(tx, deps.codeKey, user) };
  });
  if (!applied) {
    // Two confirmations raced with the same code: the other one won.
    throw new HttpError(422, EXPIRED, { code: [EXPIRED] });
  }
  await deps.securityLog.record({
    event: 'two_factor_settings',
    outcome: 'success',
    organisationId: organisation.id,
    userId: user.id,
    factor: settings.method,
    details: { step: settings.enabled ? 'enabled' : 'disabled' },
    meta,
  });
  return {
    two_factor_enabled: settings.enabled,
    method: settings.method,
    ...(settings.enabled ? { recovery_codes: applied.recoveryCodes } : {}),
  };
}

/**
 * `POST /users/{id}/two-factor/recovery-codes`: a new set of recovery codes for a user with
 * two-factor on; the earlier set stops working.
 */
export async function regenerateRecoveryCodes(deps: AuthDeps, context: Context): Promise<string[]> {
  const user = await ownUser(deps, context);
  if (!user.twoFactorEnabled) {
    throw new HttpError(409, 'Switch two-factor sign-in on first: recovery codes come with it.');
  }
  const codes = await deps.db.transaction((tx) => issueRecoveryCodes(tx, deps.codeKey, user));
  await deps.securityLog.record({
    event: 'two_factor_settings',
    outcome: 'success',
    organisationId: context.organisation.id,
    userId: user.id,
    details: { step: 'recovery_codes_regenerated' },
    meta: context.meta,
  });
  return codes;
}

/** Whether, and by which roles, the user must use two-factor; and whether SMS is on offer. */
export async function twoFactorEnforcement(
  deps: AuthDeps,
  context: Context,
): Promise<TwoFactorEnforcementResponse['data']> {
  const user = await ownUser(deps, context);
  const roles = await findEnforcingRoleNames(deps.db, context.organisation.id, user.id);
  return { enforced: roles.length > 0, roles, sms_available: smsAvailable(deps) };
}

/**
 * `PUT /users/{id}/two-factor/trust-computer`. `trust: true` answers a 30-day device token for
 * this browser (sent at sign-in to skip the second factor); `false` forgets every trusted computer.
 */
export async function setTrustComputer(
  deps: AuthDeps,
  context: Context,
  trust: boolean,
): Promise<TrustComputerResponse['data']> {
  const user = await ownUser(deps, context);
  if (!trust) {
    await revokeUserTrustedDevices(deps.db, context.organisation.id, user.id, new Date());
    return { trusted: false };
  }
  return trustThisComputer(deps, user, context.meta.userAgent);
}

/** Issues a trusted-device token for the user and answers it with the device's id (its `jti`). */
async function trustThisComputer(
  deps: AuthDeps,
  user: UserRow,
  userAgent: string | null,
  db: Executor = deps.db,
): Promise<TrustComputerResponse['data']> {
  const deviceToken = await issueTrustedDevice(deps, db, { user, userAgent });
  const payload = await deps.tokens.verify('trusted_device', deviceToken);
  return { trusted: true, ...(payload ? { id: payload.jti } : {}), device_token: deviceToken };
}

/** `POST /users/{id}/two-factor/trust-computer`: trusts the computer making the call (a new device token). */
export async function storeTrustedComputer(deps: AuthDeps, context: Context): Promise<TrustComputerResponse['data']> {
  const user = await ownUser(deps, context);
  return trustThisComputer(deps, user, context.meta.userAgent);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `PUT /users/{id}/two-factor/trust-computer/{deviceId}`. `trust: false` forgets that one
 * computer; `trust: true` renews it: its token stops working and a fresh 30-day one replaces it
 * (409 when it is no longer trusted: revoked, expired, or older than a password or two-factor
 * change). 404 for a computer that is not the user's.
 */
export async function updateTrustedComputer(
  deps: AuthDeps,
  context: Context,
  rawId: string,
  trust: boolean,
): Promise<TrustComputerResponse['data']> {
  const user = await ownUser(deps, context);
  const { organisation } = context;
  const device = UUID.test(rawId) ? await findTrustedDevice(deps.db, organisation.id, user.id, rawId) : null;
  if (!device) {
    throw new HttpError(404, 'The trusted computer was not found.');
  }
  const now = new Date();
  if (!trust) {
    await revokeTrustedDevice(deps.db, organisation.id, user.id, device.id, now);
    return { trusted: false, id: device.id };
  }
  return deps.db.transaction(async (tx) => {
    if (!(await isTrustedDeviceValid(tx, organisation.id, user.id, device.id, now))) {
      throw new HttpError(409, 'This computer is no longer trusted: trust it again from that computer.');
    }
    await revokeTrustedDevice(tx, organisation.id, user.id, device.id, now);
    return trustThisComputer(deps, user, device.userAgent, tx);
  });
}
