import { createHash, randomBytes } from 'node:crypto';
import {
  buildApplicationBodySchema,
  DIVERSITY_LINK_DEFAULT_DAYS,
  type DiversityLinkBody,
  type DiversityLinkFormResponse,
  type DiversityLinkResponse,
  type FormSection,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { HttpError, issuesToErrors, validationError } from '../../plugins/errors.js';
import { replaceV2DiversityAnswers, upsertFixedDiversityAnswers } from '../applications/repository.js';
import { loadDiversityQuestions, loadFixedDiversityOptions } from '../opportunities/repository.js';
import type { OrganisationRow } from '../organisation/repository.js';
import type { Outbox } from '../outbox/service.js';
import { findUser, primaryEmailsOf } from '../per-user/repository.js';
import { hasDiversityAnswers } from '../users/repository.js';
import {
  findLiveDiversityLink,
  insertDiversityLink,
  useDiversityLink,
  voidDiversityLinks,
} from './link-repository.js';

/*
 * Diversity links (`POST /users/{userId}/diversity/url/`): a single-use link for a person to give
 * their diversity answers outside an application, e.g. to people who joined before the
 * organisation asked. Opening it needs no sign-in (the secret is the proof, as with a password
 * reset link); it shows the questions only, never earlier answers, and saving the answers uses it
 * up. The answers are checked exactly as the application form's diversity step checks them.
 */

/** The answer when a link is unknown, used, replaced or expired: one sentence for all. */
export const LINK_DEAD = 'This link has expired or has already been used. Please ask for a new one.';

const DAY_MS = 24 * 60 * 60 * 1000;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Makes a new link for the user (voiding their older unused ones) and, unless told not to, emails
 * it to their primary address. 404 for a user of another organisation.
 */
export async function createDiversityLink(
  deps: { db: Database; outbox: Pick<Outbox, 'queueEmail'>; publicOrigin: string },
  input: { organisation: Pick<OrganisationRow, 'id' | 'name'>; userId: number; actorId: number; body: DiversityLinkBody },
): Promise<DiversityLinkResponse['data']> {
  const { organisation, userId } = input;
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + (input.body.expires_in_days ?? DIVERSITY_LINK_DEFAULT_DAYS) * DAY_MS);
  const url = `${deps.publicOrigin}/diversity/${token}`;
  const sentTo = await deps.db.transaction(async (tx) => {
    const user = await findUser(tx, organisation.id, userId);
    if (!user) {
      throw new HttpError(404, 'The user was not found.');
    }
    await voidDiversityLinks(tx, organisation.id, userId, now);
    await insertDiversityLink(tx, {
      organisationId: organisation.id,
      userId,
      tokenHash: hashOf(token),
      createdBy: input.actorId,
      expiresAt,
    });
    const email = (await primaryEmailsOf(tx, organisation.id, [userId])).get(userId) ?? null;
    if (input.body.send_email === false || email === null) {
      return null;
    }
    await deps.outbox.queueEmail(tx, {
      organisationId: organisation.id,
      to: email,
      subject: `Tell ${organisation.name} a little about yourself`,
      text:
        `${organisation.name} asks its volunteers some optional questions about themselves, to check that it ` +
        `welcomes everyone. Your answers are kept confidential and used only in anonymous reports.\n\n` +
        `Answer them here (the link works once, until ${expiresAt.toUTCString()}):\n\n${url}`,
    });
    return email;
  });
  return { url, expires_at: expiresAt.toISOString(), sent_to: sentTo };
}

/** The questions a link asks: the organisation's own (v2) when it has any, else the fixed ones. */
export async function diversityQuestionsOf(
  db: Executor,
  organisationId: number,
  mode?: 'fixed' | 'v2',
): Promise<NonNullable<FormSection['diversity']>> {
  const v2 = await loadDiversityQuestions(db, organisationId);
  if (mode === 'v2' || (mode === undefined && v2.questionRows.length > 0)) {
    return {
      mode: 'v2',
      questions: v2.questionRows.map((question) => ({
        id: question.id,
        question_text: question.questionText,
        is_multiple_select: question.isMultipleSelect,
        compulsory: question.compulsory,
        options: v2.optionRows
          .filter((option) => option.questionId === question.id)
          .map((option) => ({ id: option.id, option_text: option.optionText, is_other: option.isOther })),
        depends_on: v2.dependencyRows
          .filter((dependency) => dependency.questionId === question.id)
          .map((dependency) => ({ question_id: dependency.parentQuestionId, option_id: dependency.parentOptionId })),
      })),
    };
  }
  const options: Record<string, Array<{ id: number; label: string; is_other: boolean }>> = {};
  for (const row of await loadFixedDiversityOptions(db)) {
    (options[row.field] ??= []).push({ id: row.id, label: row.label, is_other: row.isOther });
  }
  return { mode: 'fixed', options };
}

/** What a link shows: whose it is, until when, whether they answered before, and the questions. 404 when dead. */
export async function readDiversityLink(
  db: Database,
  organisationId: number,
  token: string,
): Promise<DiversityLinkFormResponse['data']> {
  const link = await findLiveDiversityLink(db, organisationId, hashOf(token), new Date());
  const user = link ? await findUser(db, organisationId, link.userId) : null;
  if (!link || !user) {
    throw new HttpError(404, LINK_DEAD);
  }
  return {
    first_name: user.preferredName ?? user.firstName,
    expires_at: link.expiresAt.toISOString(),
    has_answered: await hasDiversityAnswers(db, organisationId, user.id),
    diversity: await diversityQuestionsOf(db, organisationId),
  };
}

/** A form of just the diversity step, answered by a known person. */
function diversityOnlyForm(diversity: NonNullable<FormSection['diversity']>): FormSection[] {
  return [
    {
      id: 0,
      position: 0,
      name: 'Diversity',
      type: 'diversity',
      requested_references: null,
      reference_length: null,
      min_address_history: null,
      minimum_age: null,
      apply_right_to_work: false,
      phone_number_compulsory: false,
      diversity_compulsory: false,
      require_password: false,
      questions: [],
      attributes: [],
      documents: [],
      consents: [],
      additional_consents: [],
      terms: [],
      diversity,
    },
  ];
}

/**
 * Saves the person's answers through the link and uses it up, in one transaction: 422 keyed as the
 * application form keys them (`diversity.gender_id`, `diversity.diversity_v2_questions.{id}`), 404
 * when the link is dead (also for the loser of two submissions at once).
 */
export async function answerDiversityLink(
  db: Database,
  organisation: Pick<OrganisationRow, 'id' | 'minorAge'>,
  input: { token: string; host: string; answers: Record<string, unknown> },
): Promise<{ message: string }> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const link = await findLiveDiversityLink(tx, organisation.id, hashOf(input.token), now, { lock: true });
    if (!link) {
      throw new HttpError(404, LINK_DEAD);
    }
    await saveDiversityAnswers(tx, organisation, {
      userId: link.userId,
      host: input.host,
      answers: input.answers,
      questions: await diversityQuestionsOf(tx, organisation.id),
      now,
    });
    await useDiversityLink(tx, organisation.id, link.id, now);
  });
  return { message: 'Thank you: your answers have been saved.' };
}

/**
 * Checks a person's diversity answers exactly as the application form's diversity step does
 * (422 keyed `diversity.…`; nothing is compulsory outside an application) and saves them: the
 * fixed answers replace the fixed ones, v2 answers replace every v2 answer. Join a transaction.
 */
export async function saveDiversityAnswers(
  tx: Executor,
  organisation: Pick<OrganisationRow, 'id' | 'minorAge'>,
  input: {
    userId: number;
    host: string;
    answers: Record<string, unknown>;
    questions: NonNullable<FormSection['diversity']>;
    now: Date;
  },
): Promise<void> {
  const form = buildApplicationBodySchema(diversityOnlyForm(input.questions), {
    applicant: 'existing',
    supervisor: null,
    hasApplicationKey: false,
    requirePassword: false,
    minorAge: organisation.minorAge,
    today: input.now.toISOString().slice(0, 10),
    host: input.host,
    defaultPhoneRegion: 'GB',
    diversityAnswered: false,
  });
  const parsed = form.safeParse({ diversity: input.answers });
  if (!parsed.success) {
    throw validationError(issuesToErrors(parsed.error.issues));
  }
  const answers = parsed.data.diversity;
  if (answers?.fixed) {
    await upsertFixedDiversityAnswers(tx, { organisationId: organisation.id, userId: input.userId, ...answers.fixed });
  }
  if (answers?.v2) {
    await replaceV2DiversityAnswers(tx, organisation.id, input.userId, answers.v2);
  }
}
