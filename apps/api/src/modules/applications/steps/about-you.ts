import type { ApplicationSubmission, FormSection } from '@muster/contract';
import { markFilesAttached } from '../../files/repository.js';
import { findOwnFileIds, replaceQuestionAnswers, upsertUserAttributeValues } from '../repository.js';
import { addError, type ApplicationStep, type StepErrors } from './step.js';

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

/**
 * The question and attribute blocks of every step (applicant-flow §2.5, §3.8): answers to the
 * questions on the application, attribute values on the profile, their files attached.
 */
export const aboutYouStep: ApplicationStep = {
  type: 'about-you',
  async check(db, { organisation, submission }) {
    const errors: StepErrors = {};
    const referenced = answerFileIds(submission);
    if (referenced.length === 0) {
      return errors;
    }
    const own = await findOwnFileIds(db, organisation.id, [...new Set(referenced.map((entry) => entry.id))]);
    for (const { id, path } of referenced) {
      if (!own.has(id)) {
        addError(errors, path, 'This file was not found. Please upload it again.');
      }
    }
    return errors;
  },
  async write(tx, { organisation, userId, applicationId, submission, sections, now }) {
    const organisationId = organisation.id;
    const { questionIds, attributeIds } = idsBySlug(sections);
    await replaceQuestionAnswers(
      tx,
      organisationId,
      applicationId,
      Object.entries(submission.questions).flatMap(([slug, answer]) => {
        const questionId = questionIds.get(slug);
        return questionId === undefined ? [] : [{ questionId, value: answer.value, fileIds: answer.fileIds }];
      }),
    );
    await upsertUserAttributeValues(
      tx,
      organisationId,
      userId,
      Object.entries(submission.attributes).flatMap(([slug, answer]) => {
        const attributeId = attributeIds.get(slug);
        return attributeId === undefined ? [] : [{ attributeId, value: answer.value, fileIds: answer.fileIds }];
      }),
    );
    const fileIds = answerFileIds(submission).map((entry) => entry.id);
    // The applicant becomes the owner of files that have none, so that they can read them back.
    await markFilesAttached(tx, organisationId, [...new Set(fileIds)], now, userId);
  },
};
