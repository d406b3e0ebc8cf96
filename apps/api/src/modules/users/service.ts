import type { User, UserAttachment, UserInclude } from '@muster/contract';
import type { Executor } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { hasRoleEnforcingTwoFactor } from '../auth/repository.js';
import { displayNameOf } from '../auth/sessions.js';
import { listSuppliedDocumentTypeIds } from '../applications/repository.js';
import type { FileUrlOf } from '../files/service.js';
import {
  findUserWithStatus,
  hasDiversityAnswers,
  hasLiveTrustedDevice,
  listUserAddresses,
  listUserApplications,
  listUserAttributeValues,
  listUserEmails,
  listUserPhones,
  listUserRoles,
} from './repository.js';

/** Who is asking: the signed-in user and their permissions. */
export type Viewer = { userId: number; permissions: readonly string[] };

/** The permission that lets staff read other people's profiles (platform-foundation §6). */
export const VIEW_USERS = 'view-users';

/** A user may read their own profile; reading anyone else's needs `view-users` (403 otherwise). */
export function assertMayView(viewer: Viewer, userId: number): void {
  if (viewer.userId !== userId && !viewer.permissions.includes(VIEW_USERS)) {
    throw new HttpError(403, 'You do not have permission to do that.');
  }
}

function notFound(): HttpError {
  return new HttpError(404, 'This user does not exist.');
}

type AddressRow = Awaited<ReturnType<typeof listUserAddresses>>[number];

function toAddress(row: AddressRow) {
  return {
    id: row.id,
    company_name: row.companyName,
    street: row.street,
    street_second: row.streetSecond,
    street_third: row.streetThird,
    city: row.city,
    county: row.county,
    postcode: row.postcode,
    country: row.country,
    from_date: row.fromDate,
    to_date: row.toDate,
  };
}

/**
 * One user of the organisation (applicant-flow §3.6) with the relations asked for. The TOTP
 * secret is never answered: `2fa_secret` only says whether one is set. Files carry the link
 * `fileUrlOf` makes (a signed link for a caller already allowed to see this user).
 */
export async function getUser(
  db: Executor,
  organisationId: number,
  userId: number,
  includes: readonly UserInclude[],
  fileUrlOf: FileUrlOf,
  now: Date = new Date(),
): Promise<User> {
  const found = await findUserWithStatus(db, organisationId, userId);
  if (!found) {
    throw notFound();
  }
  const { user, status } = found;
  const wants = (name: UserInclude) => includes.includes(name);
  const [enforced, trusted] = await Promise.all([
    hasRoleEnforcingTwoFactor(db, organisationId, userId),
    hasLiveTrustedDevice(db, organisationId, userId, now),
  ]);
  const result: User = {
    id: user.id,
    display_name: displayNameOf(user),
    title: user.title,
    preferred_name: user.preferredName,
    first_name: user.firstName,
    last_name: user.lastName,
    dob: user.dob,
    status: { id: status.id, name: status.name },
    '2fa_enabled': user.twoFactorEnabled,
    '2fa_method': user.twoFactorMethod,
    '2fa_enforced': enforced,
    '2fa_trusted': trusted,
    '2fa_secret': user.twoFactorSecret !== null,
  };

  if (wants('roles') || wants('roles.team') || wants('roles.roleProfile')) {
    result.roles = (await listUserRoles(db, organisationId, userId)).map(({ role, team, roleProfile }) => ({
      id: role.id,
      end_date: role.endDate,
      ...(wants('roles.team') ? { team: { id: team.id, name: team.name } } : {}),
      ...(wants('roles.roleProfile')
        ? { roleProfile: { id: roleProfile.id, display_name: roleProfile.displayName } }
        : {}),
    }));
  }
  if (wants('emailAddresses')) {
    result.emailAddresses = (await listUserEmails(db, organisationId, userId)).map((row) => ({
      id: row.id,
      email: row.email,
      primary: row.primary,
    }));
  }
  if (wants('phoneNumbers')) {
    result.phoneNumbers = (await listUserPhones(db, organisationId, userId)).map((row) => ({
      id: row.id,
      phone_number: row.phoneNumber,
      country_code: row.countryCode,
      primary: row.primary,
      default_sms: row.defaultSms,
    }));
  }
  if (wants('addresses')) {
    result.addresses = (await listUserAddresses(db, organisationId, userId, false)).map(toAddress);
  }
  if (wants('historicalAddresses')) {
    result.historicalAddresses = (await listUserAddresses(db, organisationId, userId, true)).map(toAddress);
  }
  if (wants('attributes')) {
    const { values, fileRows } = await listUserAttributeValues(db, organisationId, userId);
    const filesByValue = new Map<number, UserAttachment[]>();
    for (const { valueId, file } of fileRows) {
      const list = filesByValue.get(valueId) ?? [];
      list.push({
        id: file.id,
        url: fileUrlOf(file.id),
        original_name: file.originalName,
        file_size: file.size,
        type: file.mime,
      });
      filesByValue.set(valueId, list);
    }
    const fileTypes = new Set(['files', 'file', 'photo']);
    result.attributes = values.map(({ value, attribute, category }) => ({
      id: attribute.id,
      slug: attribute.slug,
      name: attribute.name,
      type: attribute.type,
      permission: attribute.permission,
      position: attribute.position,
      category: category ? { id: category.id, name: category.name } : null,
      value: fileTypes.has(attribute.type) ? (filesByValue.get(value.id) ?? []) : value.value,
    }));
  }
  if (wants('recruitmentApplications')) {
    result.recruitmentApplications = (await listUserApplications(db, organisationId, userId)).map(
      ({ application, opportunity }) => ({
        id: application.id,
        active: application.active,
        status: application.status,
        created_at: application.createdAt.toISOString(),
        opportunity: {
          id: opportunity.id,
          slug: opportunity.slug,
          display_name: opportunity.displayName,
          type: opportunity.type,
        },
      }),
    );
  }
  if (wants('documents')) {
    const supplied = await listSuppliedDocumentTypeIds(db, organisationId, userId);
    result.documents = supplied.sort((a, b) => a - b).map((documentId) => ({ documentId }));
  }
  return result;
}

/** Whether the user has answered the diversity questions before (404 for an unknown user). */
export async function userHasDiversityAnswers(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<boolean> {
  if (!(await findUserWithStatus(db, organisationId, userId))) {
    throw notFound();
  }
  return hasDiversityAnswers(db, organisationId, userId);
}
