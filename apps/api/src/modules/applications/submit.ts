import * as phoneLibrary from 'libphonenumber-js';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  applicationMessages,
  formFlag,
  isPasswordRequired,
  readApplicationBody,
  type ApplicationSchemaOptions,
  type ApplySubmitResponse,
  type ApplyValidateResponse,
  todayIn,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import type { IdBlocks } from '../../db/id-blocks.js';
import { ready, TransactionNeededError, WriteBatch } from '../../db/write-batch.js';
import { opportunityTypes } from '../../db/schema/index.js';
import type { AnswerCache } from '../../plugins/answer-cache.js';
import type { Session } from '../../plugins/auth.js';
import { HttpError, issuesToErrors, validationError } from '../../plugins/errors.js';
import type { AuthDeps } from '../auth/deps.js';
import { createLoginLink } from '../auth/links.js';
import { hashPassword } from '../auth/passwords.js';
import {
  findEmailHolder,
  findUserByEmail,
  findUserById,
  updatePasswordHash,
  type UserRow,
} from '../auth/repository.js';
import type { FileStore } from '../files/service.js';
import type { Outbox } from '../outbox/service.js';
import { listPublicMotivations } from '../motivations/repository.js';
import type { OrganisationRow } from '../organisation/repository.js';
import { findPublishedOpportunity, listSubLocations } from '../opportunities/repository.js';
import { getApplicationForm } from '../opportunities/service.js';
import { hasDiversityAnswers, insertPrimaryPhone } from '../users/repository.js';
import { bookingPlaceOf, firstTimeslot, loadBookingCalendar } from '../residential/booking.js';
import {
  findActiveApplicationId,
  findApplicationByKey,
  findSubmission,
  hasUnexpiredRole,
  insertApplication,
  insertPrimaryEmail,
  insertSubmission,
  insertSupervisorLink,
  insertUser,
  isSupervisorOf,
  listSuppliedDocumentTypeIds,
  listUserEmailAddresses,
  lockApplicant,
  type SubmitIdName,
  uniqueViolationOf,
  updateApplication,
  type NewApplicationRow,
} from './repository.js';
import { APPLICATION_STEPS, type Applicant, type StepContext, type StepErrors } from './steps/index.js';
import { createdBySubmit } from './steps/step.js';

/** The permission that lets a supervisor apply for someone else (applicant-flow §2.2). */
export const APPLY_ON_BEHALF = 'apply-on-behalf';

export type SubmitDeps = {
  db: Database;
  auth: AuthDeps;
  files: FileStore;
  /** Emails a submit sends (reference requests) are queued with its transaction. */
  outbox: Pick<Outbox, 'queueEmail'>;
  /**
   * Keeps what every submit of an opportunity reads the same (the opportunity, its form, places
   * and times) until a committed write changes it: the app's answer cache
   * (plugins/answer-cache.ts), emptied by any write to those tables.
   */
  cache: Pick<AnswerCache, 'remember'>;
  /** The new user's and application's ids, taken a block at a time (`createSubmitIds`). */
  ids: IdBlocks<SubmitIdName, Executor>;
};

export type SubmitInput = {
  organisation: OrganisationRow;
  /** Opportunity id or slug from the path. */
  reference: string;
  /** The body, nested (FormData keys parsed) or JSON. */
  raw: Record<string, unknown>;
  session: Session | null;
  /** The request's host, for the link field message. */
  host: string;
  idempotencyKey: string | null;
  /** Called before looking up whether a new applicant's email has an account (the route's limits). */
  beforeEmailLookup?: (email: string) => Promise<void>;
};

export type SubmitResult =
  { status: 200; body: ApplyValidateResponse } | { status: 201; body: ApplySubmitResponse };

/** Freezes `value` and everything it holds: a cached answer is shared by every request. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) {
      deepFreeze((value as Record<string, unknown>)[key]);
    }
  }
  return value;
}

type PublishedOpportunity = NonNullable<Awaited<ReturnType<typeof findPublishedOpportunity>>>;

/**
 * The published opportunity a submit names (id or slug), from the answer cache; 404 when there is
 * none (not kept: publishing it is a write that empties the cache anyway).
 */
async function publishedOpportunityOf(
  deps: SubmitDeps,
  organisationId: number,
  reference: string,
): Promise<PublishedOpportunity> {
  return deps.cache.remember(`apply:opportunity:${String(organisationId)}:${reference}`, async () => {
    const found = await findPublishedOpportunity(deps.db, organisationId, reference);
    if (!found) {
      throw new HttpError(404, 'This opportunity does not exist or is no longer open.');
    }
    return deepFreeze(found);
  });
}

/**
 * What a submit validates against that is the same for every applicant of the opportunity: the
 * form's sections and the opportunity's places and times. Kept in the answer cache, whose tables
 * (CACHED_ANSWER_TABLES) include every one read here.
 */
async function applicationFormOf(deps: SubmitDeps, organisationId: number, opportunityId: number) {
  return deps.cache.remember(`apply:form:${String(organisationId)}:${String(opportunityId)}`, async () => {
    const [sections, subLocations] = await Promise.all([
      getApplicationForm(deps.db, organisationId, String(opportunityId)),
      listSubLocations(deps.db, opportunityId),
    ]);
    return deepFreeze({ sections, subLocations });
  });
}

/**
 * The ids of the organisation's public motivations (a motivation step's choices), from the answer
 * cache: `motivations` is among CACHED_ANSWER_TABLES, so a committed change is seen by the next submit.
 */
async function publicMotivationIdsOf(deps: SubmitDeps, organisationId: number): Promise<readonly number[]> {
  return deps.cache.remember(`apply:motivations:${String(organisationId)}`, async () =>
    Object.freeze(
      (await listPublicMotivations(deps.db, organisationId, 999)).map((motivation) => motivation.id),
    ),
  );
}

/** Plain JSON of a body with files replaced by their name, type and digest, keys sorted. */
async function canonicalBody(value: unknown): Promise<unknown> {
  if (value instanceof Blob) {
    // A chunk at a time: the files of a form are on disk, and need not all be in memory at once.
    const hash = createHash('sha256');
    for await (const chunk of value.stream()) {
      hash.update(chunk as Uint8Array);
    }
    const digest = hash.digest('hex');
    return { file: value instanceof File ? value.name : '', type: value.type, sha256: digest };
  }
  if (Array.isArray(value)) {
    return Promise.all(value.map(canonicalBody));
  }
  if (value !== null && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      result[key] = await canonicalBody((value as Record<string, unknown>)[key]);
    }
    return result;
  }
  return value;
}

/**
 * HMAC of who is submitting, for what, with which body. Keyed by a server secret: the body
 * holds the new password, and a plain digest of it could be searched offline.
 */
async function requestHashOf(
  key: string,
  input: { actor: number | null; opportunityId: number; raw: unknown },
): Promise<string> {
  const canonical = JSON.stringify({
    actor: input.actor,
    opportunity: input.opportunityId,
    body: await canonicalBody(input.raw),
  });
  return createHmac('sha256', createHmac('sha256', key).update('muster:application-submit').digest())
    .update(canonical)
    .digest('hex');
}

function unauthorised(): HttpError {
  return new HttpError(401, 'You need to sign in to do that.');
}

function readUserId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,10}$/.test(text) ? Number(text) : null;
}

/** Works out whose application this is; refuses what the caller may not do. */
async function resolveApplicant(
  db: Executor,
  input: {
    organisation: OrganisationRow;
    opportunityId: number;
    raw: Record<string, unknown>;
    session: Session | null;
  },
): Promise<Applicant> {
  const { organisation, raw, session } = input;
  const organisationId = organisation.id;
  const sessionUser = session ? await findUserById(db, organisationId, session.userId) : null;
  if (session && !sessionUser) {
    throw unauthorised();
  }
  if (formFlag(raw.supervisor_mode)) {
    if (!session || !sessionUser) {
      throw unauthorised();
    }
    if (!session.permissions.includes(APPLY_ON_BEHALF)) {
      throw new HttpError(403, 'You do not have permission to apply on behalf of someone else.');
    }
    const userId = readUserId(raw.user_id);
    if (userId !== null) {
      const user = await findUserById(db, organisationId, userId);
      if (!user || !(await isSupervisorOf(db, organisationId, session.userId, userId))) {
        throw new HttpError(403, 'You can only apply for people you supervise.');
      }
      const emails = await listUserEmailAddresses(db, organisationId, user.id);
      return { kind: 'supervised-existing', supervisorId: session.userId, user, hasEmail: emails.length > 0 };
    }
    const hasEmail =
      typeof raw.has_email === 'string' ||
      typeof raw.has_email === 'boolean' ||
      typeof raw.has_email === 'number'
        ? String(raw.has_email).trim().toLowerCase()
        : '';
    if (hasEmail === '') {
      throw validationError({ has_email: ['Please select an option'] });
    }
    return { kind: 'supervised-new', supervisorId: session.userId, hasEmail: formFlag(hasEmail) };
  }
  const key = typeof raw.application_key === 'string' ? raw.application_key.trim() : '';
  if (key !== '') {
    const application = await findApplicationByKey(db, organisationId, input.opportunityId, key);
    if (!application) {
      throw new HttpError(404, 'This application does not exist.');
    }
    if (application.status !== 'pending' || application.completedAt !== null) {
      throw new HttpError(404, applicationMessages.alreadyCompleted);
    }
    if (session && session.userId !== application.userId) {
      throw new HttpError(403, 'This application belongs to someone else. Please sign out and try again.');
    }
    const user = await findUserById(db, organisationId, application.userId);
    if (!user) {
      throw new HttpError(404, 'This application does not exist.');
    }
    return { kind: 'key', user, application };
  }
  if (sessionUser) {
    return { kind: 'self', user: sessionUser };
  }
  return { kind: 'new' };
}

function existingUserOf(applicant: Applicant): UserRow | null {
  return applicant.kind === 'self' || applicant.kind === 'key' || applicant.kind === 'supervised-existing'
    ? applicant.user
    : null;
}

function supervisorOf(applicant: Applicant): number | null {
  return applicant.kind === 'supervised-new' || applicant.kind === 'supervised-existing'
    ? applicant.supervisorId
    : null;
}

/**
 * Refuses a second application (applicant-flow §2.11, §6): an active application for the same
 * opportunity, or a role on the same team and role profile that has not ended. Residential-short
 * opportunities are booked again and again (a new stay each time), so neither blocks them; the
 * overlapping-booking check of the residential step does instead.
 */
async function assertNotAppliedBefore(
  db: Executor,
  input: {
    organisationId: number;
    opportunity: { id: number; type: string; teamId: number; roleProfileId: number };
    userId: number;
    exceptApplicationId: number | null;
    today: string;
  },
): Promise<void> {
  const { organisationId, opportunity, userId } = input;
  if (opportunity.type === opportunityTypes.residentialShort) {
    return;
  }
  const previous = await findActiveApplicationId(
    db,
    organisationId,
    userId,
    opportunity.id,
    input.exceptApplicationId,
  );
  if (previous !== null) {
    throw new HttpError(409, applicationMessages.previouslyApplied, undefined, undefined, {
      application_id: previous,
    });
  }
  if (
    await hasUnexpiredRole(
      db,
      organisationId,
      userId,
      opportunity.teamId,
      opportunity.roleProfileId,
      input.today,
    )
  ) {
    throw new HttpError(409, applicationMessages.previouslyApplied, undefined, undefined, {
      application_id: null,
    });
  }
}

/**
 * Runs every step's `check` (before the transaction, dry runs included) and answers all their
 * errors together as one 422.
 */
async function runStepChecks(db: Executor, context: StepContext): Promise<void> {
  const errors: StepErrors = {};
  let extra: Record<string, unknown> | undefined;
  for (const step of APPLICATION_STEPS) {
    let found: StepErrors = {};
    try {
      found = step.check ? await step.check(db, context) : {};
    } catch (error) {
      // A step may refuse by throwing a 422, whose extra fields (the residential step's
      // `existing_booking`) are kept in the one answer.
      if (!(error instanceof HttpError && error.statusCode === 422 && error.errors)) {
        throw error;
      }
      found = error.errors;
      extra = { ...extra, ...error.extra };
    }
    for (const [path, messages] of Object.entries(found)) {
      (errors[path] ??= []).push(...messages);
    }
  }
  if (Object.keys(errors).length > 0) {
    throw new HttpError(422, 'The given data was invalid.', errors, undefined, extra);
  }
}

/**
 * Validates an application form and, unless it is a `validateOnly` dry run, writes it in one
 * transaction: the new user (when the form creates one), the application and all its parts,
 * attribute values, consent answers with their change log, diversity answers, and a single-use
 * login link for the Finish button. A retry with the same `Idempotency-Key` answers the first
 * result; the same key with another body is refused (409).
 */
export async function submitApplication(deps: SubmitDeps, input: SubmitInput): Promise<SubmitResult> {
  const { db } = deps;
  const { organisation, raw, session } = input;
  const organisationId = organisation.id;
  const { opportunity } = await publishedOpportunityOf(deps, organisationId, input.reference);
  const validateOnly = formFlag(raw.validateOnly);

  const idempotencyKey = validateOnly ? null : input.idempotencyKey;
  const requestHash = idempotencyKey
    ? await requestHashOf(deps.auth.codeKey, {
        actor: session?.userId ?? null,
        opportunityId: opportunity.id,
        raw,
      })
    : null;
  // A key is not looked up first: nearly every key is new, and a lookup is a round trip for each.
  // A submit sent again (a client retrying after a timeout, perhaps through another API process)
  // is refused by what the first wrote: the account now exists (409), the person has applied
  // (409), the stay overlaps their booking (422), the key's application is complete (404), or, when
  // nothing else stops it, the key's unique replay record rolls the whole write back. Then the
  // first answer stands for both; the same key with another request is refused (409).
  try {
    return await submitUnanswered(deps, input, { opportunity, validateOnly, idempotencyKey, requestHash });
  } catch (error) {
    if (
      idempotencyKey &&
      requestHash &&
      error instanceof HttpError &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      const replay = await replayOf(db, organisationId, idempotencyKey, requestHash);
      if (replay) {
        return replay;
      }
    }
    throw error;
  }
}

/** {@link submitApplication} but for the answer of an earlier submit with its Idempotency-Key. */
async function submitUnanswered(
  deps: SubmitDeps,
  input: SubmitInput,
  key: {
    opportunity: PublishedOpportunity['opportunity'];
    validateOnly: boolean;
    idempotencyKey: string | null;
    requestHash: string | null;
  },
): Promise<SubmitResult> {
  const { db } = deps;
  const { organisation, raw, session } = input;
  const organisationId = organisation.id;
  const { opportunity, validateOnly, idempotencyKey, requestHash } = key;
  const applicant = await resolveApplicant(db, { organisation, opportunityId: opportunity.id, raw, session });
  const user = existingUserOf(applicant);
  const today = todayIn(organisation.timezone);
  const [{ sections, subLocations }, motivationIds, supplied, diversityAnswered] = await Promise.all([
    applicationFormOf(deps, organisationId, opportunity.id),
    publicMotivationIdsOf(deps, organisationId),
    user ? listSuppliedDocumentTypeIds(db, organisationId, user.id) : Promise.resolve([]),
    user ? hasDiversityAnswers(db, organisationId, user.id) : Promise.resolve(false),
  ]);
  const supervisorId = supervisorOf(applicant);
  const options: ApplicationSchemaOptions = {
    applicant: user ? 'existing' : 'new',
    supervisor:
      applicant.kind === 'supervised-new' || applicant.kind === 'supervised-existing'
        ? { hasEmail: applicant.hasEmail }
        : null,
    hasApplicationKey: applicant.kind === 'key',
    requirePassword: isPasswordRequired({
      applicant: user ? 'existing' : 'new',
      supervisor: supervisorId !== null,
      singleSignOn: organisation.ssoProvider !== null || (user?.ssoSubject ?? null) !== null,
      requirePasswordSetting: sections.some((section) => section.require_password),
      hasPassword: (user?.passwordHash ?? null) !== null,
    }),
    minorAge: organisation.minorAge,
    today,
    host: input.host,
    defaultPhoneRegion: opportunity.defaultPhoneCountryCode,
    phoneLibrary,
    knownDob: user?.dob ?? null,
    suppliedDocumentIds: supplied,
    diversityAnswered,
    motivationIds,
    timeslotIds: subLocations.slots.map((slot) => slot.id),
    bookingCalendar: sections.some((section) => section.type === 'residential')
      ? await loadBookingCalendar(
          db,
          bookingPlaceOf({ organisationId, opportunity, today, slot: firstTimeslot(subLocations) }),
        )
      : null,
  };
  const parsed = readApplicationBody(raw, sections, options);
  if (!parsed.success) {
    throw validationError(issuesToErrors(parsed.issues));
  }
  const submission = parsed.data;

  if (applicant.kind === 'key' && submission.keyEmail !== null) {
    const owner = await findUserByEmail(db, organisationId, submission.keyEmail);
    if (owner?.id !== applicant.user.id) {
      throw new HttpError(403, applicationMessages.emailNotMatched);
    }
  }
  const newEmail = submission.details?.email ?? null;
  if (newEmail !== null) {
    await input.beforeEmailLookup?.(newEmail);
  }
  if (newEmail !== null && (await findEmailHolder(db, organisationId, newEmail))) {
    const message =
      supervisorId !== null ? applicationMessages.supervisedHasAccount : applicationMessages.signInRequired;
    throw new HttpError(409, message, { email: [message] });
  }
  // Refuses a second application of a known applicant: checked now, and again under a lock.
  const notAppliedBefore = (executor: Executor, known: UserRow) =>
    assertNotAppliedBefore(executor, {
      organisationId,
      opportunity,
      userId: known.id,
      exceptApplicationId: applicant.kind === 'key' ? applicant.application.id : null,
      today,
    });
  if (user) {
    await notAppliedBefore(db, user);
  }
  const context: StepContext = {
    organisation,
    opportunity,
    sections,
    submission,
    applicant,
    existingUser: user,
    supervisorId,
    session,
    today,
    validateOnly,
    fileStore: deps.files,
    outbox: deps.outbox,
    uploads: new Map(),
    publicOrigin: deps.auth.config.publicOrigin,
  };
  await runStepChecks(db, context);

  if (validateOnly) {
    return { status: 200, body: { data: { valid: true } } };
  }

  // Slow or file-system work happens before the transaction, so that it stays short.
  const passwordHash = submission.newPassword ? await hashPassword(submission.newPassword) : null;
  for (const step of APPLICATION_STEPS) {
    await step.prepare?.(context);
  }

  // The locks of the steps, the application with its parts, and the replay record.
  const writeAll = async (batch: WriteBatch): Promise<ApplySubmitResponse> => {
    for (const step of APPLICATION_STEPS) {
      await step.lock?.(batch, context);
    }
    const result = await writeApplication(batch, deps, context, { passwordHash, idempotencyKey });
    if (idempotencyKey && requestHash) {
      await insertSubmission(batch, {
        organisationId,
        idempotencyKey,
        requestHash,
        applicationId: result.data.application_id,
        statusCode: 201,
        response: result,
      });
    }
    await batch.flush();
    return result;
  };

  try {
    // A new applicant has no earlier application to race with: when every write fits in the
    // batch, its one statement needs no transaction around it (two round trips fewer).
    const body =
      (user === null ? await withoutTransaction(db, writeAll) : null) ??
      (await db.transaction(async (tx) => {
        if (user) {
          // Checked again under a lock: a racing submit of the same person may have won.
          await lockApplicant(tx, opportunity.id, user.id);
          await notAppliedBefore(tx, user);
        }
        return writeAll(new WriteBatch(tx));
      }));
    return { status: 201, body };
  } catch (error) {
    const constraint = uniqueViolationOf(error);
    if (
      idempotencyKey &&
      requestHash &&
      (constraint === 'application_submissions_organisation_key_unique' ||
        constraint === 'applications_organisation_idempotency_unique')
    ) {
      // The same key won a race a moment ago: answer what it answered.
      const replay = await replayOf(db, organisationId, idempotencyKey, requestHash);
      if (replay) {
        return replay;
      }
      // The key's application exists but its replay record has been pruned (older than the
      // replay window): the key is spent, so the client must send a new one.
      throw new HttpError(409, applicationMessages.idempotencyMismatch);
    }
    if (constraint === 'user_email_addresses_org_email_unique') {
      throw new HttpError(409, applicationMessages.signInRequired, {
        email: [applicationMessages.signInRequired],
      });
    }
    throw error;
  }
}

/**
 * `write` on a batch outside a transaction, whose one statement is atomic alone; null when the
 * writes need statements of their own (the batch refused them), and so a transaction.
 */
async function withoutTransaction<T>(
  db: Database,
  write: (batch: WriteBatch) => Promise<T>,
): Promise<T | null> {
  try {
    return await write(new WriteBatch(db, false));
  } catch (error) {
    if (error instanceof TransactionNeededError) {
      return null;
    }
    throw error;
  }
}

/** The stored first answer for this key; 409 when the key came with another request. */
async function replayOf(
  db: Executor,
  organisationId: number,
  key: string,
  requestHash: string,
): Promise<SubmitResult | null> {
  const previous = await findSubmission(db, organisationId, key);
  if (!previous) {
    return null;
  }
  if (previous.requestHash !== requestHash) {
    throw new HttpError(409, applicationMessages.idempotencyMismatch);
  }
  return { status: 201, body: previous.response as ApplySubmitResponse };
}

/** A fresh application key: opaque and unguessable. */
function newApplicationKey(): string {
  return randomBytes(24).toString('base64url');
}

/** The token of a login link (`…/api/login/token/{token}`). */
function tokenOfLink(link: string): string {
  return link.slice(link.lastIndexOf('/') + 1);
}

/**
 * Writes the applicant (a new user with their email, phone and supervisor link, or a password
 * for a keyed applicant without one), the application row with the columns the steps give, then
 * every step's part, and answers the Finish button's login token. New rows get their ids first,
 * so that their inserts and the steps' wait in `batch` and go to the database together.
 */
async function writeApplication(
  batch: WriteBatch,
  deps: Pick<SubmitDeps, 'auth' | 'ids'>,
  context: StepContext,
  input: { passwordHash: string | null; idempotencyKey: string | null },
): Promise<ApplySubmitResponse> {
  const { organisation, applicant, submission, supervisorId, opportunity } = context;
  const { passwordHash } = input;
  const organisationId = organisation.id;
  const now = new Date();
  const created = createdBySubmit(applicant);
  const wanted = (['users', 'applications'] as const).filter((name) =>
    name === 'users' ? created.user : created.application,
  );
  // Nothing wanted (a keyed applicant's own application) takes nothing and sends nothing.
  const ids = await deps.ids.take(wanted, batch.executor);
  const reserved = { userId: ids.get('users') ?? null, applicationId: ids.get('applications') ?? null };

  // The applicant.
  let userId: number;
  const details = submission.details;
  if (applicant.kind === 'new' || applicant.kind === 'supervised-new') {
    if (!details || reserved.userId === null) {
      throw new Error('a new applicant always has details and a reserved id');
    }
    userId = reserved.userId;
    // New users start with the default status, Applicant.
    await insertUser(batch, {
      id: userId,
      organisationId,
      title: details.title,
      firstName: details.firstName,
      lastName: details.lastName,
      dob: details.dob,
      passwordHash,
    });
    if (details.email) {
      await insertPrimaryEmail(batch, organisationId, userId, details.email);
    }
    if (details.phone) {
      await insertPrimaryPhone(batch, organisationId, userId, details.phone);
    }
    if (supervisorId !== null) {
      await insertSupervisorLink(batch, userId, supervisorId);
    }
  } else {
    userId = applicant.user.id;
    if (applicant.kind === 'key' && passwordHash && applicant.user.passwordHash === null) {
      await updatePasswordHash(await ready(batch), organisationId, userId, passwordHash, now);
    }
  }

  // The application, with the columns the steps own.
  const values: Partial<NewApplicationRow> = {
    status: 'submitted',
    active: true,
    completedAt: now,
    submittedByUserId: supervisorId,
    idempotencyKey: input.idempotencyKey,
  };
  for (const step of APPLICATION_STEPS) {
    Object.assign(values, step.applicationValues?.(context));
  }
  let applicationId: number;
  if (applicant.kind === 'key') {
    applicationId = applicant.application.id;
    await updateApplication(await ready(batch), organisationId, applicationId, values);
  } else {
    if (reserved.applicationId === null) {
      throw new Error('a new application always has a reserved id');
    }
    applicationId = reserved.applicationId;
    await insertApplication(batch, {
      ...values,
      id: applicationId,
      organisationId,
      opportunityId: opportunity.id,
      userId,
      applicationKey: newApplicationKey(),
    });
  }

  // Every step's part: on the application, and on the profile.
  for (const step of APPLICATION_STEPS) {
    await step.write?.(batch, { ...context, userId, applicationId, now });
  }

  // The Finish link signs in whoever is signed in already, or the applicant who just set a
  // password; nobody else (a supervisor never gets a link for the person they applied for).
  const tokenUserId = context.session?.userId ?? (applicant.kind === 'new' ? userId : null);
  const token =
    tokenUserId === null
      ? null
      : tokenOfLink(await createLoginLink(deps.auth, { organisationId, userId: tokenUserId }, batch));
  return { data: { token, application_id: applicationId } };
}
