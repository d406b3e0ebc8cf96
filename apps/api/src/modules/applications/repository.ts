import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { IdBlocks } from '../../db/id-blocks.js';
import { ready, write, type Writer } from '../../db/write-batch.js';
import {
  applicationAddresses,
  applicationAdditionalConsents,
  applicationDocuments,
  applicationQuestionAnswerFiles,
  applicationQuestionAnswers,
  applicationReferences,
  applications,
  applicationSubmissions,
  applicationTerms,
  applicationTimeslots,
  consentChangeLogs,
  files,
  formSectionAdditionalConsents,
  formSections,
  questions,
  userAddresses,
  userAttributeValueFiles,
  userAttributeValues,
  userConsentAnswers,
  userDiversityAnswers,
  userDiversityQuestionAnswerOptions,
  userDiversityQuestionAnswers,
  userEmailAddresses,
  userGuardians,
  userPhoneNumbers,
  userRoles,
  users,
  userSupervisors,
  type CustomFieldValue,
} from '../../db/schema/index.js';
import { assertInserted } from '../../db/rows.js';

export type ApplicationRow = typeof applications.$inferSelect;
export type NewApplicationRow = typeof applications.$inferInsert;
export type SubmissionRow = typeof applicationSubmissions.$inferSelect;

/** The error PostgreSQL (and PGlite) raise for a unique index, with the index name. */
export function uniqueViolationOf(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    }
    current = candidate.cause;
  }
  return null;
}

// ---------------------------------------------------------------- reads

/** The application with this key for the opportunity (any status). */
export async function findApplicationByKey(
  db: Executor,
  organisationId: number,
  opportunityId: number,
  key: string,
): Promise<ApplicationRow | null> {
  const [row] = await db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.organisationId, organisationId),
        eq(applications.opportunityId, opportunityId),
        eq(applications.applicationKey, key),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The user's newest active application for the opportunity, other than `exceptId`. */
export async function findActiveApplicationId(
  db: Executor,
  organisationId: number,
  userId: number,
  opportunityId: number,
  exceptId: number | null,
): Promise<number | null> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.organisationId, organisationId),
        eq(applications.userId, userId),
        eq(applications.opportunityId, opportunityId),
        eq(applications.active, true),
        exceptId === null ? undefined : ne(applications.id, exceptId),
      ),
    )
    // Ids rise per API process, not across them (createSubmitIds): the time orders first.
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(1);
  return row?.id ?? null;
}

/** True when the user holds a role on the team and role profile that has not ended before `today`. */
export async function hasUnexpiredRole(
  db: Executor,
  organisationId: number,
  userId: number,
  teamId: number,
  roleProfileId: number,
  today: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(
      and(
        eq(userRoles.organisationId, organisationId),
        eq(userRoles.userId, userId),
        eq(userRoles.teamId, teamId),
        eq(userRoles.roleProfileId, roleProfileId),
        or(isNull(userRoles.endDate), sql`${userRoles.endDate} >= ${today}`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Document types the user has supplied with any of their applications. */
export async function listSuppliedDocumentTypeIds(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: applicationDocuments.documentTypeId })
    .from(applicationDocuments)
    .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
    .where(and(eq(applicationDocuments.organisationId, organisationId), eq(applications.userId, userId)));
  return rows.map((row) => row.id);
}

/** True when `supervisorUserId` supervises `userId`, both of the organisation. */
export async function isSupervisorOf(
  db: Executor,
  organisationId: number,
  supervisorUserId: number,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: userSupervisors.userId })
    .from(userSupervisors)
    .innerJoin(users, eq(users.id, userSupervisors.userId))
    .where(
      and(
        eq(users.organisationId, organisationId),
        eq(userSupervisors.userId, userId),
        eq(userSupervisors.supervisorUserId, supervisorUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Every email address of the user, lower-cased. */
export async function listUserEmailAddresses(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<string[]> {
  const rows = await db
    .select({ email: userEmailAddresses.email })
    .from(userEmailAddresses)
    .where(and(eq(userEmailAddresses.organisationId, organisationId), eq(userEmailAddresses.userId, userId)))
    .orderBy(desc(userEmailAddresses.primary), asc(userEmailAddresses.id));
  return rows.map((row) => row.email);
}

/** The user's primary phone number, if any. */
export async function findPrimaryPhone(db: Executor, organisationId: number, userId: number) {
  const [row] = await db
    .select()
    .from(userPhoneNumbers)
    .where(and(eq(userPhoneNumbers.organisationId, organisationId), eq(userPhoneNumbers.userId, userId)))
    .orderBy(desc(userPhoneNumbers.primary), asc(userPhoneNumbers.id))
    .limit(1);
  return row ?? null;
}

/** The saved parts of an application, for prefilling the form. */
export async function loadApplicationParts(db: Executor, organisationId: number, applicationId: number) {
  const scoped = <T extends { organisationId: unknown; applicationId: unknown }>(table: T) =>
    and(
      eq(table.organisationId as typeof applications.organisationId, organisationId),
      eq(table.applicationId as typeof applications.id, applicationId),
    );
  const [addresses, references, documents, answers, additional, timeslots] = await Promise.all([
    db
      .select()
      .from(applicationAddresses)
      .where(scoped(applicationAddresses))
      .orderBy(asc(applicationAddresses.position)),
    db
      .select()
      .from(applicationReferences)
      .where(scoped(applicationReferences))
      .orderBy(asc(applicationReferences.position), asc(applicationReferences.id)),
    db
      .select({ documentTypeId: applicationDocuments.documentTypeId, file: files })
      .from(applicationDocuments)
      .innerJoin(files, eq(files.id, applicationDocuments.fileId))
      .where(scoped(applicationDocuments))
      .orderBy(asc(applicationDocuments.id)),
    db
      .select({ answer: applicationQuestionAnswers, question: questions })
      .from(applicationQuestionAnswers)
      .innerJoin(questions, eq(questions.id, applicationQuestionAnswers.questionId))
      .where(scoped(applicationQuestionAnswers)),
    db
      .select({ agreed: applicationAdditionalConsents.agreed })
      .from(applicationAdditionalConsents)
      .innerJoin(
        formSectionAdditionalConsents,
        eq(formSectionAdditionalConsents.id, applicationAdditionalConsents.additionalConsentId),
      )
      .innerJoin(formSections, eq(formSections.id, formSectionAdditionalConsents.sectionId))
      .where(scoped(applicationAdditionalConsents))
      .orderBy(
        asc(formSections.position),
        asc(formSectionAdditionalConsents.position),
        asc(formSectionAdditionalConsents.id),
      ),
    db.select().from(applicationTimeslots).where(scoped(applicationTimeslots)),
  ]);
  const answerIds = answers.map((row) => row.answer.id);
  const answerFiles = answerIds.length
    ? await db
        .select({ answerId: applicationQuestionAnswerFiles.answerId, file: files })
        .from(applicationQuestionAnswerFiles)
        .innerJoin(files, eq(files.id, applicationQuestionAnswerFiles.fileId))
        .where(
          and(
            eq(applicationQuestionAnswerFiles.organisationId, organisationId),
            inArray(applicationQuestionAnswerFiles.answerId, answerIds),
          ),
        )
        .orderBy(asc(applicationQuestionAnswerFiles.position))
    : [];
  return { addresses, references, documents, answers, answerFiles, additional, timeslots };
}

/** Current consent answers of the user for these consents. */
export async function listUserConsentAnswers(
  db: Executor,
  organisationId: number,
  userId: number,
  consentIds: number[],
) {
  if (consentIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(userConsentAnswers)
    .where(
      and(
        eq(userConsentAnswers.organisationId, organisationId),
        eq(userConsentAnswers.userId, userId),
        inArray(userConsentAnswers.consentId, consentIds),
      ),
    );
}

/**
 * Holds off other transactions applying the same user to the same opportunity until this one
 * ends, so two submits racing cannot both pass the "previously applied" check.
 */
export async function lockApplicant(db: Executor, opportunityId: number, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${opportunityId}::int, ${userId}::int)`);
}

// ---------------------------------------------------------------- idempotency

export async function findSubmission(
  db: Executor,
  organisationId: number,
  key: string,
): Promise<SubmissionRow | null> {
  const [row] = await db
    .select()
    .from(applicationSubmissions)
    .where(
      and(
        eq(applicationSubmissions.organisationId, organisationId),
        eq(applicationSubmissions.idempotencyKey, key),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertSubmission(
  db: Writer,
  row: typeof applicationSubmissions.$inferInsert,
): Promise<void> {
  await write(db, (tx) => tx.insert(applicationSubmissions).values(row));
}

/**
 * Deletes the idempotency records written before `cutoff`, answering how many. Housekeeping
 * across every organisation (the one submissions query not scoped by organisation): it reads no
 * tenant's data for anyone.
 */
export async function deleteSubmissionsBefore(db: Executor, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(applicationSubmissions)
    .where(lt(applicationSubmissions.createdAt, cutoff))
    .returning({ id: applicationSubmissions.id });
  return rows.length;
}

// ---------------------------------------------------------------- writes

type NewUser = Omit<typeof users.$inferInsert, 'id'>;

/** How many ids of each sequence one refill takes: a round trip per 32 submits in a process. */
const SUBMIT_ID_BLOCK = 32;

/** The sequences whose ids a submit takes before writing: the new user's and application's. */
export type SubmitIdName = 'users' | 'applications';

/**
 * Ids for the rows a submit creates, taken before anything is written so that every row referring
 * to them can be queued in one batch (db/write-batch.ts). They come from the tables' sequences a
 * block at a time ({@link IdBlocks}): most submits take theirs without a round trip. An id taken
 * by a submit that then fails is not used again: a gap, as after any rolled-back insert.
 */
export function createSubmitIds(blockSize = SUBMIT_ID_BLOCK): IdBlocks<SubmitIdName, Executor> {
  return new IdBlocks<SubmitIdName, Executor>(blockSize, async (names, count, db) => {
    const rows = await db
      .select(
        Object.fromEntries(
          names.map((name) => [
            name,
            sql<number>`nextval(pg_get_serial_sequence(${name}, 'id'))`.mapWith(Number),
          ]),
        ),
      )
      .from(sql`generate_series(1, ${count}) as taken`);
    return new Map(
      names.map((name) => [name, rows.map((row) => row[name]).filter((id) => typeof id === 'number')]),
    );
  });
}

/** A new user row with its id (from {@link createSubmitIds}). */
export async function insertUser(db: Writer, row: NewUser & { id: number }): Promise<void> {
  await write(db, (tx) => tx.insert(users).values(row));
}

export async function insertPrimaryEmail(
  db: Writer,
  organisationId: number,
  userId: number,
  email: string,
): Promise<void> {
  await write(db, (tx) =>
    tx.insert(userEmailAddresses).values({ organisationId, userId, email, primary: true }),
  );
}

export async function insertUserAddresses(
  db: Executor,
  rows: Array<typeof userAddresses.$inferInsert>,
): Promise<void> {
  if (rows.length > 0) {
    await db.insert(userAddresses).values(rows);
  }
}

/** True when the user has no current (non-historical) address. */
export async function hasNoCurrentAddress(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: userAddresses.id })
    .from(userAddresses)
    .where(
      and(
        eq(userAddresses.organisationId, organisationId),
        eq(userAddresses.userId, userId),
        eq(userAddresses.historical, false),
      ),
    )
    .limit(1);
  return row === undefined;
}

/** Records a parent or guardian unless the same email is already recorded for the user. */
export async function ensureGuardian(
  db: Executor,
  row: { organisationId: number; userId: number; firstName: string; lastName: string; email: string },
): Promise<void> {
  const [existing] = await db
    .select({ id: userGuardians.id })
    .from(userGuardians)
    .where(
      and(
        eq(userGuardians.organisationId, row.organisationId),
        eq(userGuardians.userId, row.userId),
        eq(sql`lower(${userGuardians.email})`, row.email.toLowerCase()),
      ),
    )
    .limit(1);
  if (!existing) {
    await db.insert(userGuardians).values(row);
  }
}

export async function insertSupervisorLink(
  db: Writer,
  userId: number,
  supervisorUserId: number,
): Promise<void> {
  await write(db, (tx) =>
    tx.insert(userSupervisors).values({ userId, supervisorUserId }).onConflictDoNothing(),
  );
}

/** A new application row with its id (from {@link createSubmitIds}). */
export async function insertApplication(db: Writer, row: NewApplicationRow & { id: number }): Promise<void> {
  await write(db, (tx) => tx.insert(applications).values(row));
}

export async function updateApplication(
  db: Executor,
  organisationId: number,
  applicationId: number,
  values: Partial<NewApplicationRow>,
): Promise<void> {
  await db
    .update(applications)
    .set(values)
    .where(and(eq(applications.organisationId, organisationId), eq(applications.id, applicationId)));
}

/** Replaces the application's address history. */
export async function replaceApplicationAddresses(
  db: Executor,
  organisationId: number,
  applicationId: number,
  rows: Array<Omit<typeof applicationAddresses.$inferInsert, 'organisationId' | 'applicationId'>>,
): Promise<void> {
  await db
    .delete(applicationAddresses)
    .where(
      and(
        eq(applicationAddresses.organisationId, organisationId),
        eq(applicationAddresses.applicationId, applicationId),
      ),
    );
  if (rows.length > 0) {
    await db
      .insert(applicationAddresses)
      .values(rows.map((row) => ({ ...row, organisationId, applicationId })));
  }
}

/**
 * Replaces the application's referees, except those a request was already sent to: they are
 * locked (applicant-flow §2.7). New referees go after the locked ones.
 */
export async function replaceUnlockedReferences(
  db: Executor,
  organisationId: number,
  applicationId: number,
  rows: Array<Omit<typeof applicationReferences.$inferInsert, 'organisationId' | 'applicationId'>>,
): Promise<void> {
  const scope = and(
    eq(applicationReferences.organisationId, organisationId),
    eq(applicationReferences.applicationId, applicationId),
  );
  await db.delete(applicationReferences).where(and(scope, isNull(applicationReferences.requestSentAt)));
  const locked = await db.select({ id: applicationReferences.id }).from(applicationReferences).where(scope);
  if (rows.length > 0) {
    await db.insert(applicationReferences).values(
      rows.map((row, index) => ({
        ...row,
        position: locked.length + index,
        organisationId,
        applicationId,
      })),
    );
  }
}

export async function insertApplicationDocuments(
  db: Executor,
  rows: Array<typeof applicationDocuments.$inferInsert>,
): Promise<void> {
  if (rows.length > 0) {
    await db.insert(applicationDocuments).values(rows).onConflictDoNothing();
  }
}

/**
 * Writes the answers to these questions (replacing earlier answers of the application to them).
 * `created`: the application was inserted by this same transaction, so it has no earlier answers
 * to delete (one statement fewer).
 */
export async function replaceQuestionAnswers(
  writer: Writer,
  organisationId: number,
  applicationId: number,
  answers: Array<{ questionId: number; value: CustomFieldValue; fileIds: string[] }>,
  options: { created?: boolean } = {},
): Promise<void> {
  if (answers.length === 0) {
    return;
  }
  const rows = answers.map(({ questionId, value }) => ({ organisationId, applicationId, questionId, value }));
  if (options.created && answers.every((answer) => answer.fileIds.length === 0)) {
    // Nothing to delete and no answer ids needed for files: the insert can wait in a batch.
    await write(writer, (tx) => tx.insert(applicationQuestionAnswers).values(rows));
    return;
  }
  const db = await ready(writer);
  if (!options.created) {
    await db.delete(applicationQuestionAnswers).where(
      and(
        eq(applicationQuestionAnswers.organisationId, organisationId),
        eq(applicationQuestionAnswers.applicationId, applicationId),
        inArray(
          applicationQuestionAnswers.questionId,
          answers.map((answer) => answer.questionId),
        ),
      ),
    );
  }
  const inserted = await db
    .insert(applicationQuestionAnswers)
    .values(rows)
    .returning({ id: applicationQuestionAnswers.id, questionId: applicationQuestionAnswers.questionId });
  const fileRows = inserted.flatMap(({ id, questionId }) =>
    (answers.find((answer) => answer.questionId === questionId)?.fileIds ?? []).map((fileId, position) => ({
      organisationId,
      answerId: id,
      fileId,
      position,
    })),
  );
  if (fileRows.length > 0) {
    await db.insert(applicationQuestionAnswerFiles).values(fileRows);
  }
}

/** Replaces the application's additional-consent answers; `created` as for {@link replaceQuestionAnswers}. */
export async function replaceAdditionalConsents(
  db: Writer,
  organisationId: number,
  applicationId: number,
  rows: Array<{ additionalConsentId: number; agreed: boolean }>,
  options: { created?: boolean } = {},
): Promise<void> {
  if (!options.created) {
    await (
      await ready(db)
    )
      .delete(applicationAdditionalConsents)
      .where(
        and(
          eq(applicationAdditionalConsents.organisationId, organisationId),
          eq(applicationAdditionalConsents.applicationId, applicationId),
        ),
      );
  }
  if (rows.length > 0) {
    await write(db, (tx) =>
      tx
        .insert(applicationAdditionalConsents)
        .values(rows.map((row) => ({ ...row, organisationId, applicationId }))),
    );
  }
}

export async function insertAcceptedTerms(
  db: Writer,
  organisationId: number,
  applicationId: number,
  termIds: number[],
  at: Date,
): Promise<void> {
  if (termIds.length > 0) {
    await write(db, (tx) =>
      tx
        .insert(applicationTerms)
        .values(termIds.map((termId) => ({ organisationId, applicationId, termId, acceptedAt: at })))
        .onConflictDoNothing(),
    );
  }
}

/** Replaces the application's time slots; `created` as for {@link replaceQuestionAnswers}. */
export async function replaceTimeslots(
  db: Writer,
  organisationId: number,
  applicationId: number,
  timeslotIds: number[],
  options: { created?: boolean } = {},
): Promise<void> {
  if (!options.created) {
    await (
      await ready(db)
    )
      .delete(applicationTimeslots)
      .where(
        and(
          eq(applicationTimeslots.organisationId, organisationId),
          eq(applicationTimeslots.applicationId, applicationId),
        ),
      );
  }
  if (timeslotIds.length > 0) {
    await write(db, (tx) =>
      tx
        .insert(applicationTimeslots)
        .values(timeslotIds.map((timeslotId) => ({ organisationId, applicationId, timeslotId }))),
    );
  }
}

/**
 * Sets the user's values of these attributes (files replaced too), in one statement each for the
 * values, the old files and the new files. `newUser`: the user was inserted by this same
 * transaction, so no value of theirs has files to delete.
 */
export async function upsertUserAttributeValues(
  writer: Writer,
  organisationId: number,
  userId: number,
  values: Array<{ attributeId: number; value: CustomFieldValue; fileIds: string[] }>,
  options: { newUser?: boolean } = {},
): Promise<void> {
  // One row per attribute (the last value given wins, as when each was written in turn): a
  // statement may not update the same row twice.
  const byAttribute = new Map(values.map((entry) => [entry.attributeId, entry]));
  if (byAttribute.size === 0) {
    return;
  }
  const upsert = (db: Executor) =>
    db
      .insert(userAttributeValues)
      .values(
        [...byAttribute.values()].map(({ attributeId, value }) => ({
          organisationId,
          userId,
          attributeId,
          value,
        })),
      )
      .onConflictDoUpdate({
        target: [userAttributeValues.userId, userAttributeValues.attributeId],
        set: {
          value: sql`excluded.${sql.identifier(userAttributeValues.value.name)}`,
          updatedAt: new Date(),
        },
      });
  if (options.newUser && [...byAttribute.values()].every((entry) => entry.fileIds.length === 0)) {
    // No files to delete or to add, so no value ids needed: the upsert can wait in a batch.
    await write(writer, upsert);
    return;
  }
  const db = await ready(writer);
  const rows = await upsert(db).returning({
    id: userAttributeValues.id,
    attributeId: userAttributeValues.attributeId,
  });
  if (rows.length !== byAttribute.size) {
    throw new Error('attribute value upsert returned fewer rows than it was given');
  }
  if (!options.newUser) {
    await db.delete(userAttributeValueFiles).where(
      and(
        eq(userAttributeValueFiles.organisationId, organisationId),
        inArray(
          userAttributeValueFiles.valueId,
          rows.map((row) => row.id),
        ),
      ),
    );
  }
  const fileRows = rows.flatMap(({ id, attributeId }) =>
    (byAttribute.get(attributeId)?.fileIds ?? []).map((fileId, position) => ({
      organisationId,
      valueId: id,
      fileId,
      position,
    })),
  );
  if (fileRows.length > 0) {
    await db.insert(userAttributeValueFiles).values(fileRows);
  }
}

/** Replaces the user's answer to one consent with these options (none: no answer). */
/**
 * Replaces the user's answer to one consent. `newUser`: the user was inserted by this same
 * transaction, so they have no answer to delete.
 */
export async function replaceUserConsentAnswer(
  db: Writer,
  organisationId: number,
  userId: number,
  consentId: number,
  optionIds: number[],
  options: { newUser?: boolean } = {},
): Promise<void> {
  if (!options.newUser) {
    await (
      await ready(db)
    )
      .delete(userConsentAnswers)
      .where(
        and(
          eq(userConsentAnswers.organisationId, organisationId),
          eq(userConsentAnswers.userId, userId),
          eq(userConsentAnswers.consentId, consentId),
        ),
      );
  }
  if (optionIds.length > 0) {
    await write(db, (tx) =>
      tx
        .insert(userConsentAnswers)
        .values(optionIds.map((consentOptionId) => ({ organisationId, userId, consentId, consentOptionId }))),
    );
  }
}

export async function insertConsentChangeLogs(
  db: Writer,
  rows: Array<typeof consentChangeLogs.$inferInsert>,
): Promise<void> {
  if (rows.length > 0) {
    await write(db, (tx) => tx.insert(consentChangeLogs).values(rows));
  }
}

/** Sets the user's fixed diversity answers (one row per user). */
export async function upsertFixedDiversityAnswers(
  db: Executor,
  row: Omit<typeof userDiversityAnswers.$inferInsert, 'createdAt' | 'updatedAt'>,
): Promise<void> {
  const { userId: _userId, organisationId: _organisationId, ...answers } = row;
  await db
    .insert(userDiversityAnswers)
    .values(row)
    .onConflictDoUpdate({ target: userDiversityAnswers.userId, set: { ...answers, updatedAt: new Date() } });
}

/** Replaces the user's answers to the organisation's own diversity questions. */
export async function replaceV2DiversityAnswers(
  db: Executor,
  organisationId: number,
  userId: number,
  answers: Array<{ questionId: number; optionIds: number[]; otherText: string | null }>,
): Promise<void> {
  await db
    .delete(userDiversityQuestionAnswers)
    .where(
      and(
        eq(userDiversityQuestionAnswers.organisationId, organisationId),
        eq(userDiversityQuestionAnswers.userId, userId),
      ),
    );
  for (const { questionId, optionIds, otherText } of answers) {
    const [row] = await db
      .insert(userDiversityQuestionAnswers)
      .values({ organisationId, userId, questionId, otherText })
      .returning({ id: userDiversityQuestionAnswers.id });
    assertInserted(row, 'diversity answer');
    await db
      .insert(userDiversityQuestionAnswerOptions)
      .values(optionIds.map((optionId) => ({ organisationId, answerId: row.id, questionId, optionId })));
  }
}
