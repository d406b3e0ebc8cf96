import { ready, type Writer } from '../../../db/write-batch.js';
import type { OrganisationRow } from '../../organisation/repository.js';
import {
  insertAcceptedTerms,
  insertConsentChangeLogs,
  listUserConsentAnswers,
  replaceAdditionalConsents,
  replaceUserConsentAnswer,
} from '../repository.js';
import { createdBySubmit, type ApplicationStep } from './step.js';

/**
 * The review-apply step (applicant-flow §2.10): additional consents and accepted terms on the
 * application, consent answers on the profile with their change log. The new password is set
 * by the submit flow with the applicant.
 */
export const reviewApplyStep: ApplicationStep = {
  type: 'review-apply',
  async write(
    batch,
    { organisation, applicant, userId, applicationId, supervisorId, submission, sections, now },
  ) {
    const organisationId = organisation.id;
    const created = createdBySubmit(applicant);
    if (submission.additionalConsents) {
      await replaceAdditionalConsents(
        batch,
        organisationId,
        applicationId,
        submission.additionalConsents.map(({ id, agreed }) => ({ additionalConsentId: id, agreed })),
        { created: created.application },
      );
    }
    if (submission.terms) {
      await insertAcceptedTerms(batch, organisationId, applicationId, submission.terms, now);
    }
    if (submission.consents) {
      const optionText = new Map<number, string>();
      for (const section of sections) {
        section.consents.forEach((consent) =>
          consent.options.forEach((option) => optionText.set(option.id, option.value)),
        );
      }
      await writeConsents(batch, {
        organisation,
        userId,
        actorId: supervisorId ?? userId,
        newUser: created.user,
        answers: submission.consents,
        optionText,
        at: now,
      });
    }
  },
};

/**
 * Writes consent answers that changed, each with a change-log entry: old and new values as the
 * option texts, made by `actorId` (the applicant, or the supervisor applying for them), in the
 * organisation's time zone.
 */
async function writeConsents(
  writer: Writer,
  input: {
    organisation: OrganisationRow;
    userId: number;
    actorId: number;
    /** The user was made by this submit: they have no answers yet. */
    newUser: boolean;
    answers: Record<number, number[]>;
    optionText: Map<number, string>;
    at: Date;
  },
): Promise<void> {
  const { organisation, userId } = input;
  const consentIds = Object.keys(input.answers).map(Number);
  const current = input.newUser
    ? []
    : await listUserConsentAnswers(await ready(writer), organisation.id, userId, consentIds);
  const text = (ids: number[]) =>
    ids.length === 0 ? null : ids.map((id) => input.optionText.get(id) ?? String(id)).join(', ');
  const logs = [];
  for (const consentId of consentIds) {
    const chosen = [...(input.answers[consentId] ?? [])].sort((a, b) => a - b);
    const before = current
      .filter((row) => row.consentId === consentId)
      .map((row) => row.consentOptionId)
      .sort((a, b) => a - b);
    if (chosen.length === before.length && chosen.every((id, index) => id === before[index])) {
      continue;
    }
    await replaceUserConsentAnswer(writer, organisation.id, userId, consentId, chosen, {
      newUser: input.newUser,
    });
    logs.push({
      organisationId: organisation.id,
      userId,
      consentId,
      createdByUserId: input.actorId,
      oldValue: text(before),
      newValue: text(chosen),
      timezone: organisation.timezone,
      createdAt: input.at,
    });
  }
  await insertConsentChangeLogs(writer, logs);
}
