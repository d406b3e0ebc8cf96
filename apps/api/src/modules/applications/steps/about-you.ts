import { supportingDocumentMessages, type ApplicationSubmission, type FormSection } from '@muster/contract';
import { listFilesForClaim, markFilesAttached, type FileClaimRow } from '../../files/repository.js';
import { replaceQuestionAnswers, upsertUserAttributeValues } from '../repository.js';
import { ready } from '../../../db/write-batch.js';
import { addError, createdBySubmit, type ApplicationStep, type StepErrors } from './step.js';

/** Question and attribute ids by slug, over every step. */
function idsBySlug(sections: readonly FormSection[]) {
  const questionIds = new Map<string, number>();
  const attributeIds = new Map<string, number>();
  for (const section of sections) {
    section.questions.forEach((question) => questionIds.set(question.slug, question.id));
    section.attributes.forEach(({ attribute }) => attributeIds.set(attribute.slug, attribute.id));
  }
  return { questionIds, attributeIds };
}

/** The files the answers name (earlier uploads), with the path to report a missing one at. */
function answerFileIds(submission: ApplicationSubmission): Array<{ id: string; path: string }> {
  const ids: Array<{ id: string; path: string }> = [];
  for (const [root, answers] of [
    ['questions', submission.questions],
    ['attributes', submission.attributes],
  ] as const) {
    for (const [slug, answer] of Object.entries(answers)) {
      for (const id of answer.fileIds) {
        ids.push({ id, path: `${root}.${slug}` });
      }
    }
  }
  return ids;
}

const NOT_FOUND = 'This file was not found. Please upload it again.';

/**
 * Why an answer may not name this file, or null when it may: the file must be the organisation's
 * and, once someone holds it (its owner, else its uploader), the person submitting. Unlike a
 * supporting document, a file already attached may be named again by its holder: a returning
 * applicant's profile answers send their earlier files back unchanged.
 */
function answerFileRefusal(row: FileClaimRow | undefined, actorUserId: number | null): string | null {
  if (!row) {
    return NOT_FOUND;
  }
  const holder = row.ownerUserId ?? row.uploadedByUserId;
  if (holder !== null ? holder !== actorUserId : row.attachedAt !== null) {
    return supportingDocumentMessages.notYours;
  }
  return null;
}

/**
 * The question and attribute blocks of every step (applicant-flow §2.5, §3.8): answers to the
 * questions on the application, attribute values on the profile, their files attached.
 */
export const aboutYouStep: ApplicationStep = {
  type: 'about-you',
  async check(db, { organisation, session, submission }) {
    const errors: StepErrors = {};
    const referenced = answerFileIds(submission);
    if (referenced.length === 0) {
      return errors;
    }
    const rows = await listFilesForClaim(db, organisation.id, [
      ...new Set(referenced.map((entry) => entry.id)),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const { id, path } of referenced) {
      const refusal = answerFileRefusal(byId.get(id), session?.userId ?? null);
      if (refusal !== null) {
        addError(errors, path, refusal);
      }
    }
    return errors;
  },
  async write(batch, { organisation, applicant, userId, applicationId, submission, sections, now }) {
    const organisationId = organisation.id;
    const { questionIds, attributeIds } = idsBySlug(sections);
    const { application: created, user: newUser } = createdBySubmit(applicant);
    await replaceQuestionAnswers(
      batch,
      organisationId,
      applicationId,
      Object.entries(submission.questions).flatMap(([slug, answer]) => {
        const questionId = questionIds.get(slug);
        return questionId === undefined ? [] : [{ questionId, value: answer.value, fileIds: answer.fileIds }];
      }),
      { created },
    );
    await upsertUserAttributeValues(
      batch,
      organisationId,
      userId,
      Object.entries(submission.attributes).flatMap(([slug, answer]) => {
        const attributeId = attributeIds.get(slug);
        return attributeId === undefined
          ? []
          : [{ attributeId, value: answer.value, fileIds: answer.fileIds }];
      }),
      { newUser },
    );
    const fileIds = answerFileIds(submission).map((entry) => entry.id);
    if (fileIds.length > 0) {
      // The applicant becomes the owner of files that have none, so that they can read them back.
      await markFilesAttached(await ready(batch), organisationId, [...new Set(fileIds)], now, userId);
    }
  },
};
