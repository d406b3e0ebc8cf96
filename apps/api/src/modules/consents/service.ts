import { CHANGE_USER_DETAILS, consentMessages, type UserConsent, type UserConsentUpdateBody } from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import {
  insertConsentChangeLogs,
  listUserConsentAnswers,
  replaceUserConsentAnswer,
} from '../applications/repository.js';
import { displayNameOf } from '../auth/sessions.js';
import { VIEW_USERS } from '../users/service.js';
import {
  findConsent,
  listConsentLogs,
  listConsentOptions,
  listConsents,
  lockUserConsent,
  userExists,
} from './repository.js';

/** Who is asking: the signed-in user and their permissions. */
export type Viewer = { userId: number; permissions: readonly string[] };

/** A user may change their own consents; anyone else's needs `changeUserDetails` (applicant-flow §6). */
export function mayChangeConsents(viewer: Viewer, userId: number): boolean {
  return viewer.userId === userId || viewer.permissions.includes(CHANGE_USER_DETAILS);
}

/** Reading someone else's consents needs `view-users` or `changeUserDetails` (403 otherwise). */
export function assertMayReadConsents(viewer: Viewer, userId: number): void {
  if (!mayChangeConsents(viewer, userId) && !viewer.permissions.includes(VIEW_USERS)) {
    throw new HttpError(403, consentMessages.forbidden);
  }
}

/** Changing someone else's consents needs `changeUserDetails` (403 otherwise). */
export function assertMayChangeConsents(viewer: Viewer, userId: number): void {
  if (!mayChangeConsents(viewer, userId)) {
    throw new HttpError(403, consentMessages.forbidden);
  }
}

function userNotFound(): HttpError {
  return new HttpError(404, 'This user does not exist.');
}

function part(date: Date, timeZone: string, timeZoneName: 'short' | 'longOffset'): string {
  const found = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName })
    .formatToParts(date)
    .find((item) => item.type === 'timeZoneName');
  return found?.value ?? '';
}

/**
 * The time zone facts of a change (platform-foundation §3): its short name and UTC offset at
 * that moment, e.g. `BST` and `+01:00` for `Europe/London` in summer. A zone the runtime does
 * not know reads as UTC rather than failing the list.
 */
export function timezoneData(name: string, at: Date): { alias: string; offset: string; name: string } {
  let zone = name;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const longOffset = part(at, zone, 'longOffset');
  const offset = longOffset === 'GMT' || longOffset === '' ? '+00:00' : longOffset.replace(/^GMT/, '');
  return { alias: part(at, zone, 'short'), offset, name };
}

type ConsentRow = NonNullable<Awaited<ReturnType<typeof findConsent>>>;
type OptionRow = Awaited<ReturnType<typeof listConsentOptions>>[number];
type LogRow = Awaited<ReturnType<typeof listConsentLogs>>[number];

function toUserConsent(consent: ConsentRow, options: OptionRow[], chosen: number[], logs: LogRow[]): UserConsent {
  const own = options.filter((option) => option.consentId === consent.id);
  const ids = own.map((option) => option.id).filter((id) => chosen.includes(id));
  return {
    id: consent.id,
    statement: consent.statement,
    compulsory: consent.compulsory,
    type: consent.type,
    options: own.map((option) => ({ id: option.id, value: option.value })),
    answer: consent.type === 'multiple-checkboxes' ? ids : (ids[0] ?? null),
    logs: logs
      .filter(({ log }) => log.consentId === consent.id)
      .map(({ log, author }) => ({
        id: log.id,
        created_at: log.createdAt.toISOString(),
        created_by: log.createdByUserId !== null && author ? { display_name: displayNameOf(author) } : null,
        old_value: log.oldValue,
        new_value: log.newValue,
        timezone_data: timezoneData(log.timezone, log.createdAt),
      })),
  };
}

/** The organisation's consent questions with the user's answers and change history (404 for a stranger). */
export async function listUserConsents(db: Executor, organisationId: number, userId: number): Promise<UserConsent[]> {
  if (!(await userExists(db, organisationId, userId))) {
    throw userNotFound();
  }
  const questions = await listConsents(db, organisationId);
  const [options, answers, logs] = await Promise.all([
    listConsentOptions(db, organisationId),
    listUserConsentAnswers(
      db,
      organisationId,
      userId,
      questions.map((question) => question.id),
    ),
    listConsentLogs(db, organisationId, userId),
  ]);
  return questions.map((question) =>
    toUserConsent(
      question,
      options,
      answers.filter((row) => row.consentId === question.id).map((row) => row.consentOptionId),
      logs,
    ),
  );
}

/** The chosen option ids of a body, checked against the consent (422 with `answer` errors). */
function readAnswer(consent: ConsentRow, options: OptionRow[], answer: UserConsentUpdateBody['answer']): number[] {
  const ids = answer === null ? [] : Array.isArray(answer) ? [...new Set(answer)] : [answer];
  const invalid = (message: string) => new HttpError(422, message, { answer: [message] });
  if (ids.some((id) => !options.some((option) => option.id === id))) {
    throw invalid(consentMessages.notAnOption);
  }
  if (consent.type !== 'multiple-checkboxes' && ids.length > 1) {
    throw invalid(consentMessages.onlyOne);
  }
  if (consent.compulsory && options.length > 0 && ids.length === 0) {
    throw invalid(consentMessages[consent.type]);
  }
  return ids.sort((a, b) => a - b);
}

export type ConsentChange = {
  organisationId: number;
  /** The organisation's time zone: the one the change is logged in. */
  timezone: string;
  actorId: number;
  userId: number;
  consentId: number;
  body: UserConsentUpdateBody;
  now?: Date;
};

/**
 * Sets the user's answer to one consent and logs the change (who, when, old and new option
 * texts, the time zone), in one transaction; an unchanged answer writes nothing. 404 for a user
 * or consent of another organisation, 422 for an answer the consent does not allow.
 */
export async function changeUserConsent(db: Database, change: ConsentChange): Promise<UserConsent> {
  const { organisationId, userId, consentId, body } = change;
  if (body.id !== consentId) {
    throw new HttpError(422, consentMessages.mismatch, { id: [consentMessages.mismatch] });
  }
  return db.transaction(async (tx) => {
    if (!(await userExists(tx, organisationId, userId))) {
      throw userNotFound();
    }
    const consent = await findConsent(tx, organisationId, consentId);
    if (!consent) {
      throw new HttpError(404, consentMessages.notFound);
    }
    const options = await listConsentOptions(tx, organisationId, consentId);
    const chosen = readAnswer(consent, options, body.answer);
    await lockUserConsent(tx, userId, consentId);
    const before = (await listUserConsentAnswers(tx, organisationId, userId, [consentId]))
      .map((row) => row.consentOptionId)
      .sort((a, b) => a - b);
    const same = chosen.length === before.length && chosen.every((id, index) => id === before[index]);
    if (!same) {
      const text = (ids: number[]) =>
        ids.length === 0
          ? null
          : ids.map((id) => options.find((option) => option.id === id)?.value ?? String(id)).join(', ');
      await replaceUserConsentAnswer(tx, organisationId, userId, consentId, chosen);
      await insertConsentChangeLogs(tx, [
        {
          organisationId,
          userId,
          consentId,
          createdByUserId: change.actorId,
          oldValue: text(before),
          newValue: text(chosen),
          timezone: change.timezone,
          ...(change.now ? { createdAt: change.now } : {}),
        },
      ]);
    }
    const logs = await listConsentLogs(tx, organisationId, userId, consentId);
    return toUserConsent(consent, options, chosen, logs);
  });
}

/** One consent question with the user's answer and its history (404 for a stranger or another organisation's consent). */
export async function showUserConsent(
  db: Executor,
  organisationId: number,
  userId: number,
  consentId: number,
): Promise<UserConsent> {
  if (!(await userExists(db, organisationId, userId))) {
    throw userNotFound();
  }
  const consent = await findConsent(db, organisationId, consentId);
  if (!consent) {
    throw new HttpError(404, consentMessages.notFound);
  }
  const [options, answers, logs] = await Promise.all([
    listConsentOptions(db, organisationId, consentId),
    listUserConsentAnswers(db, organisationId, userId, [consentId]),
    listConsentLogs(db, organisationId, userId, consentId),
  ]);
  return toUserConsent(
    consent,
    options,
    answers.map((row) => row.consentOptionId),
    logs,
  );
}

/** The sentence of a refused withdrawal: a compulsory consent keeps an answer. */
export const COMPULSORY_ANSWER_KEPT = 'This consent is compulsory, so its answer cannot be removed.';

/**
 * Removes the user's answer to one consent (logged as "Removed selection"), through the same
 * change as an update with `answer: null`. 409 for a compulsory consent that offers options:
 * it must stay answered.
 */
export async function withdrawUserConsent(db: Database, change: Omit<ConsentChange, 'body'>): Promise<UserConsent> {
  const consent = await findConsent(db, change.organisationId, change.consentId);
  if (consent?.compulsory && (await listConsentOptions(db, change.organisationId, change.consentId)).length > 0) {
    if (!(await userExists(db, change.organisationId, change.userId))) {
      throw userNotFound();
    }
    throw new HttpError(409, COMPULSORY_ANSWER_KEPT);
  }
  return changeUserConsent(db, { ...change, body: { id: change.consentId, answer: null } });
}
