import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { write, type Writer } from '../../db/write-batch.js';
import {
  applications,
  attributeCategories,
  attributes,
  files,
  leavingReasons,
  opportunities,
  roleProfiles,
  teams,
  trustedDevices,
  userAddresses,
  userAttributeValueFiles,
  userAttributeValues,
  userDiversityAnswers,
  userDiversityQuestionAnswers,
  userEmailAddresses,
  userMemberships,
  userPhoneNumbers,
  userRoles,
  userStatuses,
  users,
} from '../../db/schema/index.js';

export type UserWithStatus = { user: typeof users.$inferSelect; status: typeof userStatuses.$inferSelect };

/** A user of the organisation with their status. */
export async function findUserWithStatus(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<UserWithStatus | null> {
  const [row] = await db
    .select({ user: users, status: userStatuses })
    .from(users)
    .innerJoin(userStatuses, eq(userStatuses.id, users.statusId))
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

/** The user's roles with team and role profile, newest first. */
export async function listUserRoles(db: Executor, organisationId: number, userId: number) {
  return db
    .select({ role: userRoles, team: teams, roleProfile: roleProfiles })
    .from(userRoles)
    .innerJoin(teams, eq(teams.id, userRoles.teamId))
    .innerJoin(roleProfiles, eq(roleProfiles.id, userRoles.roleProfileId))
    .where(and(eq(userRoles.organisationId, organisationId), eq(userRoles.userId, userId)))
    .orderBy(desc(userRoles.id));
}

export async function listUserEmails(db: Executor, organisationId: number, userId: number) {
  return db
    .select()
    .from(userEmailAddresses)
    .where(and(eq(userEmailAddresses.organisationId, organisationId), eq(userEmailAddresses.userId, userId)))
    .orderBy(desc(userEmailAddresses.primary), asc(userEmailAddresses.id));
}

export async function listUserPhones(db: Executor, organisationId: number, userId: number) {
  return db
    .select()
    .from(userPhoneNumbers)
    .where(and(eq(userPhoneNumbers.organisationId, organisationId), eq(userPhoneNumbers.userId, userId)))
    .orderBy(desc(userPhoneNumbers.primary), asc(userPhoneNumbers.id));
}

/** Current (`historical` false) or earlier addresses, newest first. */
export async function listUserAddresses(
  db: Executor,
  organisationId: number,
  userId: number,
  historical: boolean,
) {
  return db
    .select()
    .from(userAddresses)
    .where(
      and(
        eq(userAddresses.organisationId, organisationId),
        eq(userAddresses.userId, userId),
        eq(userAddresses.historical, historical),
      ),
    )
    .orderBy(sql`${userAddresses.fromDate} desc nulls first`, desc(userAddresses.id));
}

/** The user's attribute values with their attribute, category and files (in order). */
export async function listUserAttributeValues(db: Executor, organisationId: number, userId: number) {
  const values = await db
    .select({ value: userAttributeValues, attribute: attributes, category: attributeCategories })
    .from(userAttributeValues)
    .innerJoin(attributes, eq(attributes.id, userAttributeValues.attributeId))
    .leftJoin(attributeCategories, eq(attributeCategories.id, attributes.categoryId))
    .where(
      and(eq(userAttributeValues.organisationId, organisationId), eq(userAttributeValues.userId, userId)),
    )
    .orderBy(asc(attributes.position), asc(attributes.id));
  const valueIds = values.map((row) => row.value.id);
  const fileRows = valueIds.length
    ? await db
        .select({ valueId: userAttributeValueFiles.valueId, file: files })
        .from(userAttributeValueFiles)
        .innerJoin(files, eq(files.id, userAttributeValueFiles.fileId))
        .where(
          and(
            eq(userAttributeValueFiles.organisationId, organisationId),
            inArray(userAttributeValueFiles.valueId, valueIds),
          ),
        )
        .orderBy(asc(userAttributeValueFiles.position))
    : [];
  return { values, fileRows };
}

/** The user's applications with their opportunity, newest first. */
export async function listUserApplications(db: Executor, organisationId: number, userId: number) {
  return db
    .select({ application: applications, opportunity: opportunities })
    .from(applications)
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .where(and(eq(applications.organisationId, organisationId), eq(applications.userId, userId)))
    .orderBy(desc(applications.createdAt), desc(applications.id));
}

/** True when the user has a "trust this computer" device that is neither revoked nor expired. */
export async function hasLiveTrustedDevice(
  db: Executor,
  organisationId: number,
  userId: number,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.organisationId, organisationId),
        eq(trustedDevices.userId, userId),
        isNull(trustedDevices.revokedAt),
        gt(trustedDevices.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * True when the user has given diversity answers: a fixed-field row with any answer, or an
 * answer to one of the organisation's own questions.
 */
export async function hasDiversityAnswers(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<boolean> {
  const [fixed] = await db
    .select({ userId: userDiversityAnswers.userId })
    .from(userDiversityAnswers)
    .where(
      and(
        eq(userDiversityAnswers.organisationId, organisationId),
        eq(userDiversityAnswers.userId, userId),
        sql`coalesce(${userDiversityAnswers.genderId}, ${userDiversityAnswers.genderAssignedId}, ${userDiversityAnswers.nationalityId},
          ${userDiversityAnswers.ethnicityId}, ${userDiversityAnswers.sexualityId}, ${userDiversityAnswers.registeredDisabledId},
          ${userDiversityAnswers.disabledSelectId}, ${userDiversityAnswers.religionId}) is not null`,
      ),
    )
    .limit(1);
  if (fixed) {
    return true;
  }
  const [v2] = await db
    .select({ id: userDiversityQuestionAnswers.id })
    .from(userDiversityQuestionAnswers)
    .where(
      and(
        eq(userDiversityQuestionAnswers.organisationId, organisationId),
        eq(userDiversityQuestionAnswers.userId, userId),
      ),
    )
    .limit(1);
  return v2 !== undefined;
}

// ——— Leaving ———

/** The user's status, with their row locked until the transaction ends; null for another organisation's user. */
export async function lockUserStatus(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<{ statusId: number } | null> {
  const [row] = await db
    .select({ statusId: users.statusId })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The user's period of volunteering still going (no last day), the latest if data ever held two. */
export async function findOpenMembership(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<{ id: number; joinedOn: string } | null> {
  const [row] = await db
    .select({ id: userMemberships.id, joinedOn: userMemberships.joinedOn })
    .from(userMemberships)
    .where(
      and(
        eq(userMemberships.organisationId, organisationId),
        eq(userMemberships.userId, userId),
        isNull(userMemberships.leftOn),
      ),
    )
    .orderBy(desc(userMemberships.joinedOn), desc(userMemberships.id))
    .limit(1);
  return row ?? null;
}

/** True when the id is one of the organisation's leaving reasons still offered. */
export async function isActiveLeavingReason(
  db: Executor,
  organisationId: number,
  reasonId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: leavingReasons.id })
    .from(leavingReasons)
    .where(
      and(
        eq(leavingReasons.organisationId, organisationId),
        eq(leavingReasons.id, reasonId),
        eq(leavingReasons.active, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Ends a period of volunteering on `leftOn` (its last day) for the reason given. */
export async function closeMembership(
  db: Executor,
  organisationId: number,
  membershipId: number,
  values: { leftOn: string; leavingReasonId: number | null },
): Promise<void> {
  await db
    .update(userMemberships)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(userMemberships.organisationId, organisationId), eq(userMemberships.id, membershipId)));
}

/**
 * Ends on `day` (their last day) every role of the user held after it: open-ended ones and those
 * ending later. Roles that ended earlier keep their end. Answers how many were ended.
 */
export async function endRolesAfter(
  db: Executor,
  organisationId: number,
  userId: number,
  day: string,
): Promise<number> {
  const ended = await db
    .update(userRoles)
    .set({ endDate: day, updatedAt: new Date() })
    .where(
      and(
        eq(userRoles.organisationId, organisationId),
        eq(userRoles.userId, userId),
        or(isNull(userRoles.endDate), gt(userRoles.endDate, day)),
      ),
    )
    .returning({ id: userRoles.id });
  return ended.length;
}

/** Sets the user's status (`USER_STATUS`). */
export async function setUserStatus(
  db: Executor,
  organisationId: number,
  userId: number,
  statusId: number,
): Promise<void> {
  await db
    .update(users)
    .set({ statusId, updatedAt: new Date() })
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)));
}

/**
 * Gives the user their first number, as primary and for SMS: a new applicant's, or the first a
 * person without one sets. Queued when `db` is a write batch (db/write-batch.ts).
 */
export async function insertPrimaryPhone(
  db: Writer,
  organisationId: number,
  userId: number,
  phone: { number: string; region: string },
): Promise<void> {
  await write(db, (tx) =>
    tx.insert(userPhoneNumbers).values({
      organisationId,
      userId,
      phoneNumber: phone.number,
      countryCode: phone.region,
      primary: true,
      defaultSms: true,
    }),
  );
}
