import { randomUUID } from 'node:crypto';
import {
  isSupportedCountry,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import {
  contactChangedMessage,
  contactChangeMessages,
  type ContactChangeConfirmBody,
  type ContactChangeConfirmResponse,
  type ContactChangeStartBody,
  type ContactChangeStartResponse,
  type ContactKind,
} from '@muster/contract';
import { HttpError } from '../../plugins/errors.js';
import { uniqueViolationOf } from '../applications/repository.js';
import { codeMatches, hashCode, randomSixDigitCode } from '../auth/codes.js';
import { AUTH_LIMITS, type AuthDeps } from '../auth/deps.js';
import { verifyPassword } from '../auth/passwords.js';
import {
  consumeChallenge,
  findPrimaryEmail,
  findUserByEmail,
  insertChallenge,
  reserveChallengeAttempt,
  type UserRow,
} from '../auth/repository.js';
import type { OrganisationRow } from '../organisation/repository.js';
import { OutboxDeliveryError, type Outbox } from '../outbox/service.js';
import { smsAvailable } from '../two-factor-settings/service.js';
import {
  closeOpenContactChanges,
  findOpenContactChange,
  findPrimaryPhone,
  replacePrimaryEmail,
  replacePrimaryPhone,
  revokeSessionsOfUser,
} from './repository.js';
import { ownUser, type AccountContext } from './service.js';

/** Region of a number typed without a country code, when the widget sent none and the user had none (applicant-flow §9). */
const DEFAULT_PHONE_REGION: CountryCode = 'GB';

const EMAIL_FAILED = 'We could not send an email to this address. Please check it and try again.';

/** The new contact, ready to store: the address, or the E.164 number with its region. */
type NewContact = { kind: ContactKind; value: string; region: string | null; shown: string };

function fieldError(field: 'value' | 'password' | 'code', message: string): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}

/**
 * The number in E.164 with its region: read in the widget's region (else the user's current
 * number's, else GB). The chosen region wins over libphonenumber's guess when its dial code fits
 * (07911… typed for GB stays GB although Guernsey shares +44).
 */
function readPhone(
  text: string,
  region: string,
): { number: string; region: string; international: string } | null {
  const chosen: CountryCode = isSupportedCountry(region) ? region : DEFAULT_PHONE_REGION;
  const parsed = parsePhoneNumberFromString(text, chosen);
  if (!parsed?.isValid()) {
    return null;
  }
  const fits = getCountryCallingCode(chosen) === parsed.countryCallingCode;
  return {
    number: parsed.number,
    region: fits ? chosen : (parsed.country ?? chosen),
    international: parsed.formatInternational(),
  };
}

/** International format for messages (`+44 7700 900123`); the E.164 text when it cannot be read. */
function shownNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** Checks the new email address or number against the user's own and everyone else's. */
async function readNewContact(
  deps: AuthDeps,
  organisationId: number,
  user: UserRow,
  body: ContactChangeStartBody,
): Promise<NewContact> {
  if (body.kind === 'email') {
    const email = body.value;
    const holder = await findUserByEmail(deps.db, organisationId, email);
    if (holder && holder.id === user.id) {
      throw fieldError('value', contactChangeMessages.emailSame);
    }
    if (holder) {
      throw fieldError('value', contactChangeMessages.emailTaken);
    }
    return { kind: 'email', value: email, region: null, shown: email };
  }
  const current = await findPrimaryPhone(deps.db, organisationId, user.id);
  const phone = readPhone(
    body.value,
    (body.region ?? current?.countryCode ?? DEFAULT_PHONE_REGION).toUpperCase(),
  );
  if (!phone) {
    throw fieldError('value', contactChangeMessages.phoneInvalid);
  }
  if (current?.phoneNumber === phone.number) {
    throw fieldError('value', contactChangeMessages.phoneSame);
  }
  return { kind: 'phone', value: phone.number, region: phone.region, shown: phone.international };
}

/** Sends the code to the new address or number; a refused message is a sentence on `value`. */
async function sendCode(deps: AuthDeps, organisation: OrganisationRow, contact: NewContact, code: string) {
  const minutes = AUTH_LIMITS.codeTtlSeconds / 60;
  try {
    if (contact.kind === 'phone') {
      await deps.messenger().sendSms({
        organisationId: organisation.id,
        to: contact.value,
        text: `${code} is your ${organisation.name} code to confirm this phone number. It expires in ${minutes} minutes.`,
      });
      return;
    }
    await deps.messenger().sendEmail({
      organisationId: organisation.id,
      to: contact.value,
      subject: `Confirm your new ${organisation.name} email address`,
      text:
        `${code} is your code to confirm this email address for your ${organisation.name} account. ` +
        `It expires in ${minutes} minutes.\n\nIf you did not ask for it, you can ignore this email: nothing changes without the code.`,
    });
  } catch (error) {
    // The outbox keeps the message with the transport's reason; the user gets a sentence.
    if (error instanceof OutboxDeliveryError) {
      throw fieldError('value', contact.kind === 'phone' ? contactChangeMessages.smsFailed : EMAIL_FAILED);
    }
    throw error;
  }
}

/**
 * `POST /users/{id}/contact-change`: re-checks the password (a wrong one is a 422 on `password`,
 * logged), checks the new email address (not the user's already, nobody else's) or phone number
 * (valid for its region, stored in E.164), then sends a 6-digit code to the new address or
 * number. The pending change waits as a `contact_change` challenge (keyed hash of the code,
 * 10 minutes, 5 tries); an earlier pending change of the same kind closes. Nothing changes yet.
 */
export async function startContactChange(
  deps: AuthDeps,
  context: AccountContext,
  body: ContactChangeStartBody,
): Promise<ContactChangeStartResponse['data']> {
  const user = await ownUser(deps, context);
  const { organisation, meta } = context;
  if (!user.passwordHash) {
    throw new HttpError(403, contactChangeMessages.singleSignOn);
  }
  if (body.kind === 'phone' && !smsAvailable(deps)) {
    throw fieldError('value', contactChangeMessages.smsUnavailable);
  }
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    await deps.securityLog.record({
      event: 'contact_change',
      outcome: 'failure',
      organisationId: organisation.id,
      userId: user.id,
      factor: 'password',
      details: { kind: body.kind, reason: 'password_wrong' },
      meta,
    });
    throw fieldError('password', contactChangeMessages.passwordWrong);
  }
  const contact = await readNewContact(deps, organisation.id, user, body);
  const code = randomSixDigitCode();
  const challengeId = randomUUID();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + AUTH_LIMITS.codeTtlSeconds * 1000);
  await deps.db.transaction(async (tx) => {
    await closeOpenContactChanges(tx, organisation.id, user.id, contact.kind, now);
    await insertChallenge(tx, {
      id: challengeId,
      organisationId: organisation.id,
      userId: user.id,
      purpose: 'contact_change',
      method: contact.kind === 'email' ? 'email' : 'sms',
      codeHash: hashCode(deps.codeKey, challengeId, code),
      pendingContact: { kind: contact.kind, value: contact.value, region: contact.region },
      createdAt: now,
      expiresAt,
    });
  });
  await sendCode(deps, organisation, contact, code);
  await deps.securityLog.record({
    event: 'contact_change',
    outcome: 'success',
    organisationId: organisation.id,
    userId: user.id,
    factor: contact.kind === 'email' ? 'email' : 'sms',
    details: { kind: contact.kind, step: 'code_sent' },
    meta,
  });
  return { kind: contact.kind, sent_to: contact.shown, expires_at: expiresAt.toISOString() };
}

/** The email to the address the user had (or, for a phone change, has): what changed, and what to do if it was not them. */
function changeNotice(organisation: OrganisationRow, kind: ContactKind, shown: string) {
  const what = kind === 'email' ? 'email address' : 'phone number';
  return {
    subject: `Your ${organisation.name} ${what} was changed`,
    text:
      `Your ${what} was changed to ${shown}.\n\n` +
      (kind === 'email'
        ? `From now on you sign in with the new address, and our messages go there. `
        : `From now on text messages, such as sign-in codes, go to the new number. `) +
      `If you did not make this change, please contact ${organisation.name} straight away.`,
  };
}

/** Thrown inside the transaction when another confirmation used the code first. */
class ChangeRaceLost extends Error {}

/**
 * `PUT /users/{id}/contact-change`: confirms the pending change of `kind` with its code. In one
 * transaction the primary email address or phone number is replaced, the old address is told by
 * email (for a phone change, the current address), and the user's other sign-ins end (this one
 * stays), as a password change does. A wrong code is a 422 on `code` ("You have entered an
 * invalid verification key"); an expired, used-up or missing change asks for a new code.
 */
export async function confirmContactChange(
  deps: AuthDeps,
  outbox: Pick<Outbox, 'queueEmail'>,
  context: AccountContext,
  body: ContactChangeConfirmBody,
): Promise<ContactChangeConfirmResponse['data']> {
  const user = await ownUser(deps, context);
  const { organisation, meta } = context;
  const refuse = async (reason: string, message: string): Promise<never> => {
    await deps.securityLog.record({
      event: 'contact_change',
      outcome: 'failure',
      organisationId: organisation.id,
      userId: user.id,
      factor: body.kind === 'email' ? 'email' : 'sms',
      details: { kind: body.kind, reason },
      meta,
    });
    throw fieldError('code', message);
  };
  const now = new Date();
  const pending = await findOpenContactChange(deps.db, organisation.id, user.id, body.kind, now);
  if (!pending?.pendingContact || pending.pendingContact.kind !== body.kind) {
    return refuse('no_pending_change', contactChangeMessages.expired);
  }
  const reserved = await reserveChallengeAttempt(
    deps.db,
    organisation.id,
    pending.id,
    AUTH_LIMITS.maxCodeAttempts,
    now,
  );
  if (!reserved) {
    return refuse('too_many_attempts', contactChangeMessages.expired);
  }
  if (!pending.codeHash || !codeMatches(deps.codeKey, pending.id, body.code, pending.codeHash)) {
    return refuse('code_wrong', contactChangeMessages.invalidKey);
  }

  const contact = pending.pendingContact;
  const shown = contact.kind === 'email' ? contact.value : shownNumber(contact.value);
  const reason = contact.kind === 'email' ? 'email_changed' : 'phone_changed';
  const ended = await deps.db
    .transaction(async (tx) => {
      if (!(await consumeChallenge(tx, organisation.id, pending.id, new Date()))) {
        throw new ChangeRaceLost();
      }
      // The address on file now: the old one for an email change, told where its mail goes.
      const told = await findPrimaryEmail(tx, organisation.id, user.id);
      if (contact.kind === 'email') {
        const holder = await findUserByEmail(tx, organisation.id, contact.value);
        if (holder && holder.id !== user.id) {
          throw fieldError('value', contactChangeMessages.emailTaken);
        }
        await replacePrimaryEmail(tx, organisation.id, user.id, contact.value, now);
      } else {
        await replacePrimaryPhone(
          tx,
          organisation.id,
          user.id,
          { number: contact.value, region: contact.region ?? DEFAULT_PHONE_REGION },
          now,
        );
      }
      if (told && told.toLowerCase() !== contact.value.toLowerCase()) {
        await outbox.queueEmail(tx, {
          organisationId: organisation.id,
          to: told,
          ...changeNotice(organisation, contact.kind, shown),
        });
      }
      return revokeSessionsOfUser(tx, organisation.id, user.id, {
        keepSessionId: context.actor.sessionId,
        reason,
        now,
      });
    })
    .catch((error: unknown) => {
      if (error instanceof ChangeRaceLost) {
        return null;
      }
      // Someone else took the address between the code and now.
      if (uniqueViolationOf(error) !== null) {
        throw fieldError('value', contactChangeMessages.emailTaken);
      }
      throw error;
    });
  if (ended === null) {
    return refuse('change_used', contactChangeMessages.expired);
  }
  await deps.securityLog.record({
    event: 'contact_change',
    outcome: 'success',
    organisationId: organisation.id,
    userId: user.id,
    factor: contact.kind === 'email' ? 'email' : 'sms',
    details: { kind: contact.kind, step: 'changed', sessions_ended: ended },
    meta,
  });
  return {
    kind: contact.kind,
    value: contact.value,
    message: contactChangedMessage(contact.kind, shown),
    other_sessions_ended: ended,
  };
}
