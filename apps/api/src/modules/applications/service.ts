import { applicationMessages, type CheckEmailResponse, type SavedApplication } from '@muster/contract';
import type { Executor } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { findEmailHolder, findUserById } from '../auth/repository.js';
import type { FileUrlOf } from '../files/service.js';
import type { OrganisationRow } from '../organisation/repository.js';
import { findPublishedOpportunity } from '../opportunities/repository.js';
import {
  deleteSubmissionsBefore,
  findApplicationByKey,
  findPrimaryPhone,
  listUserEmailAddresses,
  loadApplicationParts,
} from './repository.js';

/** Where an organisation's users sign in when it has single sign-on (modules/auth root routes). */
export const SSO_REDIRECT_PATH = '/auth/sso/redirect';

/**
 * The existing-user check of the basic-details step (applicant-flow §2.2, §4, §7). A new address
 * answers `{exists: false}`. An existing account answers 409 when it has a password (the
 * applicant signs in here) and 410 when it has none (e.g. created by a supervisor: the applicant
 * requests a password reset first). In a single-sign-on organisation both carry
 * `redirect: /auth/sso/redirect`, where the page sends the browser instead.
 */
export async function checkEmail(
  db: Executor,
  organisation: OrganisationRow,
  email: string,
): Promise<CheckEmailResponse> {
  const holder = await findEmailHolder(db, organisation.id, email);
  if (!holder) {
    return { data: { exists: false } };
  }
  const redirect = organisation.ssoProvider ? SSO_REDIRECT_PATH : null;
  const { hasPassword } = holder;
  const message = redirect
    ? applicationMessages.singleSignOnAccount
    : hasPassword
      ? applicationMessages.signInRequired
      : applicationMessages.noPasswordAccount;
  throw new HttpError(hasPassword ? 409 : 410, message, undefined, undefined, {
    data: { exists: true, has_password: hasPassword, redirect },
  });
}

function opportunityNotFound(): HttpError {
  return new HttpError(404, 'This opportunity does not exist or is no longer open.');
}

/** True when `email` is one of the user's addresses (case-insensitive). */
export async function emailBelongsTo(
  db: Executor,
  organisationId: number,
  userId: number,
  email: string,
): Promise<boolean> {
  const addresses = await listUserEmailAddresses(db, organisationId, userId);
  return addresses.some((address) => address.toLowerCase() === email.trim().toLowerCase());
}

/**
 * The saved application behind an application key, for prefilling the form (applicant-flow §7
 * "GET apply show"): 404 when the key is unknown or the application is already completed, 403
 * `Email address does not match our records.` when `email` is not the applicant's. Files carry the
 * link `fileUrlOf` makes (a signed link: the caller proved the application is theirs).
 */
export async function showApplication(
  db: Executor,
  input: { organisationId: number; reference: string; key: string; email: string; fileUrlOf: FileUrlOf },
): Promise<SavedApplication> {
  const { organisationId } = input;
  const found = await findPublishedOpportunity(db, organisationId, input.reference);
  if (!found) {
    throw opportunityNotFound();
  }
  const application = await findApplicationByKey(db, organisationId, found.opportunity.id, input.key);
  if (!application) {
    throw new HttpError(404, 'This application does not exist.');
  }
  if (application.status !== 'pending' || application.completedAt !== null) {
    throw new HttpError(404, applicationMessages.alreadyCompleted);
  }
  const user = await findUserById(db, organisationId, application.userId);
  if (!user || !(await emailBelongsTo(db, organisationId, user.id, input.email))) {
    throw new HttpError(403, applicationMessages.emailNotMatched);
  }
  const [emails, phone, parts] = await Promise.all([
    listUserEmailAddresses(db, organisationId, user.id),
    findPrimaryPhone(db, organisationId, user.id),
    loadApplicationParts(db, organisationId, application.id),
  ]);
  const attachment = (file: { id: string; originalName: string; size: number; mime: string }) => ({
    id: file.id,
    url: input.fileUrlOf(file.id),
    original_name: file.originalName,
    file_size: file.size,
    type: file.mime,
  });
  const fileTypes = new Set(['files', 'file', 'photo']);
  const questions: Record<string, unknown> = {};
  for (const { answer, question } of parts.answers) {
    questions[question.slug] = fileTypes.has(question.type)
      ? parts.answerFiles.filter((row) => row.answerId === answer.id).map((row) => attachment(row.file))
      : answer.value;
  }
  return {
    application_id: application.id,
    application_key: application.applicationKey,
    status: application.status,
    opportunity_id: application.opportunityId,
    user_id: user.id,
    email: emails[0] ?? null,
    title: user.title,
    first_name: user.firstName,
    last_name: user.lastName,
    dob: user.dob,
    contact_number: phone?.phoneNumber ?? null,
    contact_number_country_code: phone?.countryCode ?? null,
    parents_first_name: application.parentsFirstName,
    parents_last_name: application.parentsLastName,
    parents_email: application.parentsEmail,
    addresses: parts.addresses.map((row) => ({
      company_name: row.companyName,
      street: row.street,
      street_second: row.streetSecond,
      street_third: row.streetThird,
      city: row.city,
      county: row.county,
      postcode: row.postcode,
      country: row.country,
      from_date: row.fromDate,
    })),
    why: application.why,
    motivation: application.motivationId,
    special_requirements_bool:
      application.specialRequirementsBool === null
        ? null
        : application.specialRequirementsBool
          ? 'yes'
          : 'no',
    special_requirements: application.specialRequirements,
    right_to_volunteer: application.rightToVolunteer,
    references: parts.references.map((row) => ({
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      phone_number: row.phoneNumber,
      phone_number_country_code: row.phoneCountryCode,
      disabled: row.requestSentAt !== null,
    })),
    documents: parts.documents.map((row) => ({ documentId: row.documentTypeId, file: attachment(row.file) })),
    questions,
    additional_consent: parts.additional.map((row) => row.agreed),
    timeslot_ids: parts.timeslots.map((row) => row.timeslotId),
  };
}

/**
 * How long the first answer to an `Idempotency-Key` submit is kept for replay: 24 hours. A client
 * retries within seconds or minutes (a dropped connection, a double click), so a day covers every
 * real retry with room to spare (it matches the 24 hours an ephemeral upload waits to be attached),
 * while the stored answers do not pile up for ever. After that the key is no longer replayed.
 */
export const SUBMISSION_REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the idempotency records of application submits older than
 * {@link SUBMISSION_REPLAY_WINDOW_MS} as judged at `now`. Returns how many were deleted.
 */
export async function pruneSubmissionRecords(db: Executor, now: Date): Promise<number> {
  return deleteSubmissionsBefore(db, new Date(now.getTime() - SUBMISSION_REPLAY_WINDOW_MS));
}
