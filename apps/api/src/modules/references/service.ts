import { createHash, randomBytes } from 'node:crypto';
import {
  buildReferenceAnswersSchema,
  referenceMessages,
  type ReferenceForm,
  type ReferenceIndexQuery,
  type ReferenceOverview,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { HttpError, issuesToErrors, validationError } from '../../plugins/errors.js';
import type { Outbox } from '../outbox/service.js';
import {
  consumeReferenceRequest,
  declineReferenceRequest,
  findReferenceRequestByHash,
  insertReferenceAnswers,
  insertReferenceRequest,
  listReferenceAnswers,
  listReferenceOverview,
  listReferenceQuestions,
  listUnsentEmailReferees,
  saveReferenceDraft,
  type FoundReferenceRequest,
} from './repository.js';

/**
 * How long a reference link works: 30 days. Referees are often busy or away; a month gives them
 * time to answer without leaving a usable secret in their mailbox for ever. After that the
 * organisation asks them again.
 */
export const REFERENCE_LINK_TTL_DAYS = 30;
const REFERENCE_LINK_TTL_MS = REFERENCE_LINK_TTL_DAYS * 24 * 60 * 60 * 1000;

/** A token as links carry it: 32 random bytes in base64url (43 characters). */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** The stored form of a token: hex SHA-256 (a leaked table does not give working links). */
export function hashReferenceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The page a referee opens: `{origin}/reference/{token}`. */
export function referenceLink(publicOrigin: string, token: string): string {
  return `${publicOrigin}/reference/${token}`;
}

/** What the request email says (plain text: no tracking, readable anywhere). */
export function referenceRequestEmail(input: {
  organisationName: string;
  opportunityName: string;
  applicant: { firstName: string; lastName: string };
  refereeFirstName: string;
  link: string;
}): { subject: string; text: string } {
  const applicant = `${input.applicant.firstName} ${input.applicant.lastName}`;
  return {
    subject: `Reference request for ${applicant}`,
    text:
      `Dear ${input.refereeFirstName},\n\n` +
      `${applicant} has applied to ${input.organisationName} for "${input.opportunityName}" ` +
      `and has named you as a referee.\n\n` +
      `Please give your reference using this link. It works once, for ${REFERENCE_LINK_TTL_DAYS} days:\n\n` +
      `${input.link}\n\n` +
      `If you do not know ${input.applicant.firstName}, or would rather not give a reference, you can ignore this email.`,
  };
}

/**
 * Sends a reference request to each of the application's referees who has an email address and
 * has not had one yet (applicant-flow §2.7): a single-use link (its token's hash stored) in an
 * email queued in the outbox with `tx`, so that requests exist only if the application does;
 * the referee is locked from then on. Referees without an email address get none (staff
 * telephone them). Answers how many were sent.
 */
export async function sendReferenceRequests(
  tx: Executor,
  outbox: Pick<Outbox, 'queueEmail'>,
  input: {
    organisationId: number;
    organisationName: string;
    applicationId: number;
    opportunityName: string;
    applicant: { firstName: string; lastName: string };
    publicOrigin: string;
    now: Date;
  },
): Promise<number> {
  const referees = await listUnsentEmailReferees(tx, input.organisationId, input.applicationId);
  for (const referee of referees) {
    const token = randomBytes(32).toString('base64url');
    await insertReferenceRequest(tx, {
      organisationId: input.organisationId,
      referenceId: referee.id,
      tokenHash: hashReferenceToken(token),
      expiresAt: new Date(input.now.getTime() + REFERENCE_LINK_TTL_MS),
      now: input.now,
    });
    const email = referenceRequestEmail({
      organisationName: input.organisationName,
      opportunityName: input.opportunityName,
      applicant: input.applicant,
      refereeFirstName: referee.firstName,
      link: referenceLink(input.publicOrigin, token),
    });
    await outbox.queueEmail(tx, {
      organisationId: input.organisationId,
      to: referee.email,
      subject: email.subject,
      text: email.text,
    });
  }
  return referees.length;
}

/** The request of a token still open at `now`: 404 when unknown, 410 when used or expired. */
async function openRequest(
  db: Executor,
  organisationId: number,
  token: string,
  now: Date,
): Promise<FoundReferenceRequest> {
  const request = TOKEN_FORMAT.test(token)
    ? await findReferenceRequestByHash(db, organisationId, hashReferenceToken(token))
    : null;
  if (!request) {
    throw new HttpError(404, referenceMessages.unknownLink);
  }
  assertOpen(request, now);
  return request;
}

function assertOpen(
  request: Pick<FoundReferenceRequest, 'answeredAt' | 'expiresAt'> & { declinedAt?: Date | null },
  now: Date,
): void {
  if (request.declinedAt) {
    throw new HttpError(410, referenceMessages.declinedLink);
  }
  if (request.answeredAt !== null) {
    throw new HttpError(410, referenceMessages.usedLink);
  }
  if (request.expiresAt.getTime() <= now.getTime()) {
    throw new HttpError(410, referenceMessages.expiredLink);
  }
}

/** What the reference form shows for a token (`GET /api/reference/{token}`). */
export async function getReferenceForm(
  db: Executor,
  organisation: { id: number; name: string },
  token: string,
  now: Date = new Date(),
): Promise<ReferenceForm> {
  const request = await openRequest(db, organisation.id, token, now);
  const questions = await listReferenceQuestions(db, organisation.id);
  return {
    applicant: { first_name: request.applicant.firstName, last_name: request.applicant.lastName },
    opportunity: { id: request.opportunity.id, display_name: request.opportunity.displayName },
    organisation: { name: organisation.name },
    referee: { first_name: request.referee.firstName, last_name: request.referee.lastName },
    questions: questions.map((question) => ({
      id: question.id,
      question: question.question,
      type: question.type,
      compulsory: question.compulsory,
    })),
    expires_at: request.expiresAt.toISOString(),
    ...(request.draftAnswers ? { saved_answers: request.draftAnswers } : {}),
  };
}

/**
 * Stores a referee's answers (`POST /api/reference/{token}`): 422 per question
 * (`answers.{questionId}`) before anything is written; then, in one transaction, the link is
 * used up (only one of two posts at once gets it, the other 410) and the answers are stored on
 * the application's referee with the question as it was asked.
 */
export async function giveReference(
  db: Database,
  organisationId: number,
  token: string,
  body: unknown,
  now: Date = new Date(),
): Promise<{ answeredAt: Date }> {
  const request = await openRequest(db, organisationId, token, now);
  const questions = await listReferenceQuestions(db, organisationId);
  const parsed = buildReferenceAnswersSchema(questions).safeParse(body);
  if (!parsed.success) {
    throw validationError(issuesToErrors(parsed.error.issues));
  }
  const byId = new Map(questions.map((question) => [question.id, question]));
  await db.transaction(async (tx) => {
    if (!(await consumeReferenceRequest(tx, organisationId, request.id, now))) {
      // Used or expired since it was read: say which.
      const current = await findReferenceRequestByHash(tx, organisationId, hashReferenceToken(token));
      assertOpen(current ?? { answeredAt: now, expiresAt: now }, now);
      throw new HttpError(410, referenceMessages.usedLink);
    }
    await insertReferenceAnswers(
      tx,
      parsed.data.map((answer, position) => {
        const question = byId.get(answer.questionId);
        return {
          organisationId,
          referenceId: request.referenceId,
          questionId: answer.questionId,
          question: question?.question ?? '',
          type: question?.type ?? 'text',
          answer: answer.answer,
          position,
          createdAt: now,
          updatedAt: now,
        };
      }),
    );
  });
  return { answeredAt: now };
}

/**
 * Saves the referee's answers to finish later (`PUT /api/reference/{token}`, the catalogue's
 * update): each answer is checked as when giving the reference (422 at `answers.{questionId}`)
 * except that compulsory questions may still be empty. The link stays open; the form shows the
 * saved answers; giving the reference clears them.
 */
export async function saveReferenceAnswers(
  db: Database,
  organisationId: number,
  token: string,
  body: unknown,
  now: Date = new Date(),
): Promise<{ savedAt: Date; answers: Record<string, string> }> {
  const request = await openRequest(db, organisationId, token, now);
  const questions = await listReferenceQuestions(db, organisationId);
  const lenient = questions.map((question) => ({ ...question, compulsory: false }));
  const parsed = buildReferenceAnswersSchema(lenient).safeParse(body);
  if (!parsed.success) {
    throw validationError(issuesToErrors(parsed.error.issues));
  }
  const answers: Record<string, string> = {};
  for (const answer of parsed.data) {
    if (answer.answer !== null) {
      answers[String(answer.questionId)] = answer.answer;
    }
  }
  if (!(await saveReferenceDraft(db, organisationId, request.id, answers, now))) {
    await openRequest(db, organisationId, token, now);
    throw new HttpError(410, referenceMessages.usedLink);
  }
  return { savedAt: now, answers };
}

/**
 * The referee declines to give the reference (`DELETE /api/reference/{token}`, the catalogue's
 * delete): the link is used up (410 afterwards), saved answers are dropped, and the organisation
 * sees `declined` with the reason, if one was given.
 */
export async function declineReference(
  db: Database,
  organisationId: number,
  token: string,
  reason: string | undefined,
  now: Date = new Date(),
): Promise<void> {
  const request = await openRequest(db, organisationId, token, now);
  const given = reason?.trim() ? reason.trim() : null;
  if (!(await declineReferenceRequest(db, organisationId, request.id, given, now))) {
    await openRequest(db, organisationId, token, now);
    throw new HttpError(410, referenceMessages.usedLink);
  }
}

/**
 * The organisation's referees with where each reference stands (`GET /api/reference/`, the
 * catalogue's index, for holders of `view-applications`): a page, optionally of one application
 * or in one state, with the answers of the references given.
 */
export async function referenceOverview(
  db: Executor,
  organisationId: number,
  query: ReferenceIndexQuery,
  now: Date = new Date(),
): Promise<{ data: ReferenceOverview[]; meta: { current_page: number; per_page: number; total: number } }> {
  const { rows, total } = await listReferenceOverview(db, organisationId, {
    page: query.page,
    perPage: query.per_page,
    ...(query.application_id === undefined ? {} : { applicationId: query.application_id }),
    ...(query.status === undefined ? {} : { status: query.status }),
    now,
  });
  const answered = rows.filter((row) => row.status === 'answered').map((row) => row.referee.id);
  const answers = await listReferenceAnswers(db, organisationId, answered);
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  return {
    data: rows.map(({ referee, request, status }) => ({
      id: referee.id,
      application_id: referee.applicationId,
      first_name: referee.firstName,
      last_name: referee.lastName,
      email: referee.email,
      phone_number: referee.phoneNumber,
      status,
      request_sent_at: iso(referee.requestSentAt),
      expires_at: iso(request?.expiresAt),
      answered_at: iso(request?.answeredAt),
      declined_at: iso(request?.declinedAt),
      decline_reason: request?.declineReason ?? null,
      answers: answers
        .filter((answer) => answer.referenceId === referee.id)
        .map((answer) => ({ question: answer.question, type: answer.type, answer: answer.answer })),
    })),
    meta: { current_page: query.page, per_page: query.per_page, total },
  };
}
