import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import {
  parseRowId,
  type UserEmailAddress,
  type UserEmailAddressBody,
  type UserPhoneNumber,
  type UserPhoneNumberBody,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { uniqueViolationOf } from '../applications/repository.js';
import type { Outbox } from '../outbox/service.js';
import {
  clearPhoneFlag,
  clearPrimaryEmail,
  deleteEmail,
  deletePhone,
  emailHolder,
  insertEmail,
  insertPhone,
  listEmails,
  listPhones,
  lockUser,
  updateEmail,
  updatePhone,
  type EmailRow,
  type PhoneRow,
  type UserRow,
  type UserScope,
} from './repository.js';

/*
 * Phone numbers and email addresses of a person (docs/catalogue.md "Per-user resources"). Listing
 * and showing them is the catalogue's generic module; the writes are here, because both tables
 * carry rules plain CRUD cannot keep: one primary number and one SMS number, the number that
 * receives SMS sign-in codes, and email addresses that sign their holder in.
 */

const DEFAULT_PHONE_REGION: CountryCode = 'GB';

/** Why the SMS sign-in number cannot change here. */
export const SIGN_IN_NUMBER_LOCKED =
  'Sign-in codes are texted to this number. Change it through the verified phone change, or switch two-factor to another method first.';
export const PRIMARY_EMAIL_REQUIRED =
  'Make another address primary instead: emails and password resets go to the primary address.';
export const PRIMARY_EMAIL_UNDELETABLE = 'Make another address primary before deleting this one.';
export const EMAIL_TAKEN = 'This email address is already used by another account.';

/** What one organisation's emails are signed with. */
export type OrganisationRef = { id: number; name: string };

function userNotFound(): HttpError {
  return new HttpError(404, 'The user was not found.');
}

function phoneNotFound(): HttpError {
  return new HttpError(404, 'The phone number was not found.');
}

function emailNotFound(): HttpError {
  return new HttpError(404, 'The email address was not found.');
}

function parseId(raw: string, notFound: () => HttpError): number {
  const id = parseRowId(raw);
  if (id === null) {
    throw notFound();
  }
  return id;
}

async function lockedUser(tx: Executor, scope: UserScope): Promise<UserRow> {
  const user = await lockUser(tx, scope);
  if (!user) {
    throw userNotFound();
  }
  return user;
}

function toPhone(row: PhoneRow): UserPhoneNumber {
  return {
    id: row.id,
    phone_number: row.phoneNumber,
    country_code: row.countryCode,
    primary: row.primary,
    default_sms: row.defaultSms,
  };
}

function toEmail(row: EmailRow): UserEmailAddress {
  return { id: row.id, email: row.email, primary: row.primary };
}

/**
 * The number in E.164 with its region, read in `region`; the region wins over libphonenumber's
 * guess when its dial code fits (07911… for GB stays GB although Guernsey shares +44).
 */
export function readPhoneNumber(text: string, region: string): { number: string; region: string } | null {
  const chosen: CountryCode = isSupportedCountry(region) ? region : DEFAULT_PHONE_REGION;
  const parsed = parsePhoneNumberFromString(text, chosen);
  if (!parsed?.isValid()) {
    return null;
  }
  const fits = getCountryCallingCode(chosen) === parsed.countryCallingCode;
  return { number: parsed.number, region: fits ? chosen : (parsed.country ?? chosen) };
}

/** The user signs in with codes texted to their SMS number. */
function textsSignInCodes(user: UserRow): boolean {
  return user.twoFactorEnabled && user.twoFactorMethod === 'sms';
}

function readOrRefuse(text: string, region: string): { number: string; region: string } {
  const phone = readPhoneNumber(text, region);
  if (!phone) {
    throw validationError({ phone_number: ['Please enter a valid telephone number'] });
  }
  return phone;
}

/**
 * Adds a number. The first one becomes primary and receives texts unless told otherwise; making
 * it primary or the SMS number takes that from the others. The number that receives SMS sign-in
 * codes keeps that role (409).
 */
export async function storePhone(
  db: Database,
  scope: UserScope,
  body: UserPhoneNumberBody,
): Promise<UserPhoneNumber> {
  return db.transaction(async (tx) => {
    const user = await lockedUser(tx, scope);
    const existing = await listPhones(tx, scope);
    const region =
      body.country_code ?? existing.find((row) => row.primary)?.countryCode ?? DEFAULT_PHONE_REGION;
    const phone = readOrRefuse(body.phone_number, region);
    if (existing.some((row) => row.phoneNumber === phone.number)) {
      throw validationError({ phone_number: ['This number is already on the list.'] });
    }
    const primary = body.primary ?? !existing.some((row) => row.primary);
    const defaultSms = body.default_sms ?? !existing.some((row) => row.defaultSms);
    if (defaultSms && textsSignInCodes(user) && existing.some((row) => row.defaultSms)) {
      throw new HttpError(409, SIGN_IN_NUMBER_LOCKED);
    }
    if (primary) {
      await clearPhoneFlag(tx, scope, 'primary', null);
    }
    if (defaultSms) {
      await clearPhoneFlag(tx, scope, 'defaultSms', null);
    }
    return toPhone(
      await insertPhone(tx, scope, {
        phoneNumber: phone.number,
        countryCode: phone.region,
        primary,
        defaultSms,
      }),
    );
  });
}

/** Changes a number or its flags; the SMS sign-in number cannot change or stop receiving texts here. */
export async function updatePhoneNumber(
  db: Database,
  scope: UserScope,
  rawId: string,
  body: Partial<UserPhoneNumberBody>,
): Promise<UserPhoneNumber> {
  const id = parseId(rawId, phoneNotFound);
  return db.transaction(async (tx) => {
    const user = await lockedUser(tx, scope);
    const existing = await listPhones(tx, scope);
    const current = existing.find((row) => row.id === id);
    if (!current) {
      throw phoneNotFound();
    }
    const changes: Partial<Pick<PhoneRow, 'phoneNumber' | 'countryCode' | 'primary' | 'defaultSms'>> = {};
    if (body.phone_number !== undefined || body.country_code !== undefined) {
      const phone = readOrRefuse(
        body.phone_number ?? current.phoneNumber,
        body.country_code ?? current.countryCode,
      );
      if (existing.some((row) => row.id !== id && row.phoneNumber === phone.number)) {
        throw validationError({ phone_number: ['This number is already on the list.'] });
      }
      changes.phoneNumber = phone.number;
      changes.countryCode = phone.region;
    }
    if (body.primary !== undefined) {
      changes.primary = body.primary;
    }
    if (body.default_sms !== undefined) {
      changes.defaultSms = body.default_sms;
    }
    if (textsSignInCodes(user)) {
      const signInNumber = current.defaultSms;
      const numberChanges = changes.phoneNumber !== undefined && changes.phoneNumber !== current.phoneNumber;
      const stopsTexts = changes.defaultSms === false;
      const takesTexts =
        changes.defaultSms === true && !current.defaultSms && existing.some((row) => row.defaultSms);
      if ((signInNumber && (numberChanges || stopsTexts)) || takesTexts) {
        throw new HttpError(409, SIGN_IN_NUMBER_LOCKED);
      }
    }
    if (changes.primary) {
      await clearPhoneFlag(tx, scope, 'primary', id);
    }
    if (changes.defaultSms) {
      await clearPhoneFlag(tx, scope, 'defaultSms', id);
    }
    const row = Object.keys(changes).length === 0 ? current : await updatePhone(tx, scope, id, changes);
    if (!row) {
      throw phoneNotFound();
    }
    return toPhone(row);
  });
}

/**
 * Deletes a number. The SMS sign-in number cannot go (409); when the primary goes, the oldest
 * remaining number becomes primary (texts are not moved: nobody chose that number for them).
 */
export async function destroyPhone(db: Database, scope: UserScope, rawId: string): Promise<void> {
  const id = parseId(rawId, phoneNotFound);
  await db.transaction(async (tx) => {
    const user = await lockedUser(tx, scope);
    const existing = await listPhones(tx, scope);
    const current = existing.find((row) => row.id === id);
    if (!current) {
      throw phoneNotFound();
    }
    if (current.defaultSms && textsSignInCodes(user)) {
      throw new HttpError(409, SIGN_IN_NUMBER_LOCKED);
    }
    await deletePhone(tx, scope, id);
    const next = existing.find((row) => row.id !== id);
    if (current.primary && next) {
      await updatePhone(tx, scope, next.id, { primary: true });
    }
  });
}

/** The notice to the address that stops being primary: emails and resets go elsewhere now. */
function primaryChangedNotice(organisation: OrganisationRef, newAddress: string) {
  return {
    subject: `The email address of your ${organisation.name} account was changed`,
    text:
      `An administrator of ${organisation.name} changed the main email address of your account to ${newAddress}.\n\n` +
      `Emails and password reset links now go there. If you did not expect this, contact ${organisation.name} straight away.`,
  };
}

/** 422 unless nobody else in the organisation holds the address (this user holding it already is 422 too). */
async function assertAddressFree(tx: Executor, scope: UserScope, email: string, exceptId: number | null) {
  const holder = await emailHolder(tx, scope.organisationId, email);
  if (!holder || holder.id === exceptId) {
    return;
  }
  throw validationError({
    email: [holder.userId === scope.userId ? 'This is already one of their addresses.' : EMAIL_TAKEN],
  });
}

/** A unique-index refusal (two people taking one address at once) as the same 422. */
function takenOnRace(error: unknown): never {
  if (uniqueViolationOf(error) !== null) {
    throw validationError({ email: [EMAIL_TAKEN] });
  }
  throw error;
}

/**
 * Adds an address (an administrator's call: every address signs its holder in). The first one is
 * primary; making one primary takes that from the others and tells the old primary address.
 */
export async function storeEmail(
  db: Database,
  outbox: Pick<Outbox, 'queueEmail'>,
  organisation: OrganisationRef,
  scope: UserScope,
  body: UserEmailAddressBody,
): Promise<UserEmailAddress> {
  return db
    .transaction(async (tx) => {
      await lockedUser(tx, scope);
      const existing = await listEmails(tx, scope);
      await assertAddressFree(tx, scope, body.email, null);
      const oldPrimary = existing.find((row) => row.primary);
      const primary = body.primary ?? !oldPrimary;
      const row = await insertEmail(tx, scope, { email: body.email, primary });
      if (primary) {
        await clearPrimaryEmail(tx, scope, row.id);
        if (oldPrimary) {
          await outbox.queueEmail(tx, {
            organisationId: organisation.id,
            to: oldPrimary.email,
            ...primaryChangedNotice(organisation, row.email),
          });
        }
      }
      return toEmail(row);
    })
    .catch(takenOnRace);
}

/**
 * Changes an address or makes it primary. The primary cannot be unmarked (another is made primary
 * instead); whenever the primary address changes, the one it was is told.
 */
export async function updateEmailAddress(
  db: Database,
  outbox: Pick<Outbox, 'queueEmail'>,
  organisation: OrganisationRef,
  scope: UserScope,
  rawId: string,
  body: Partial<UserEmailAddressBody>,
): Promise<UserEmailAddress> {
  const id = parseId(rawId, emailNotFound);
  return db
    .transaction(async (tx) => {
      await lockedUser(tx, scope);
      const existing = await listEmails(tx, scope);
      const current = existing.find((row) => row.id === id);
      if (!current) {
        throw emailNotFound();
      }
      if (body.primary === false && current.primary) {
        throw validationError({ primary: [PRIMARY_EMAIL_REQUIRED] });
      }
      if (body.email !== undefined && body.email.toLowerCase() !== current.email.toLowerCase()) {
        await assertAddressFree(tx, scope, body.email, id);
      }
      const oldPrimary = existing.find((row) => row.primary);
      const row = await updateEmail(tx, scope, id, {
        ...(body.email === undefined ? {} : { email: body.email }),
        ...(body.primary === undefined ? {} : { primary: body.primary }),
      });
      if (!row) {
        throw emailNotFound();
      }
      if (row.primary) {
        await clearPrimaryEmail(tx, scope, row.id);
      }
      if (row.primary && oldPrimary && oldPrimary.email.toLowerCase() !== row.email.toLowerCase()) {
        await outbox.queueEmail(tx, {
          organisationId: organisation.id,
          to: oldPrimary.email,
          ...primaryChangedNotice(organisation, row.email),
        });
      }
      return toEmail(row);
    })
    .catch(takenOnRace);
}

/** Deletes an address other than the primary (409 for the primary). */
export async function destroyEmail(db: Database, scope: UserScope, rawId: string): Promise<void> {
  const id = parseId(rawId, emailNotFound);
  await db.transaction(async (tx) => {
    await lockedUser(tx, scope);
    const current = (await listEmails(tx, scope)).find((row) => row.id === id);
    if (!current) {
      throw emailNotFound();
    }
    if (current.primary) {
      throw new HttpError(409, PRIMARY_EMAIL_UNDELETABLE);
    }
    await deleteEmail(tx, scope, id);
  });
}
