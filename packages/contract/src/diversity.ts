import { z } from 'zod';

/*
 * `GET /api/users/{userId}/diversity/` (platform-foundation §7 "diversity/: GET answers"): a
 * user's diversity answers (applicant-flow §3.2). Special-category data: only the user themself
 * and holders of `view-diversity-answers` may read them, and every read by someone else is logged.
 */

/** The permission to read another person's diversity answers (aggregate reports have their own). */
export const VIEW_DIVERSITY_ANSWERS = 'view-diversity-answers';

const optionId = () => z.number().int().nullable();
const otherText = () => z.string().nullable();

/** One answer to an organisation's own ("v2") diversity question (applicant-flow §3.2). */
export const diversityV2AnswerSchema = z.object({
  question_id: z.number().int().describe('The question answered.'),
  option_id: optionId().describe('The chosen option of a single-choice question; null for multiple select.'),
  options: z
    .array(z.number().int())
    .describe(
      'The chosen options of a multiple-select question, in option order; empty for a single choice.',
    ),
  other_text: otherText().describe('What the user specified with an Other option; null without one.'),
  is_other: z.boolean().describe('An Other option is among the chosen.'),
});
export type DiversityV2AnswerData = z.infer<typeof diversityV2AnswerSchema>;

/** A user's diversity answers: the fixed fields (null when not answered) and the v2 answers. */
export const userDiversityAnswersSchema = z.object({
  user_id: z.number().int(),
  gender_id: optionId().describe('Gender (applicant-flow §3.3).'),
  gender_assigned_id: optionId().describe('Gender the same as assigned at birth.'),
  nationality_id: optionId().describe('Nationality.'),
  nationality_other: otherText().describe('Nationality when Other.'),
  ethnicity_id: optionId().describe('Ethnicity.'),
  ethnicity_other: otherText().describe('Ethnicity when Other.'),
  sexuality_id: optionId().describe('Sexuality.'),
  sexuality_other: otherText().describe('Sexuality when Other.'),
  registered_disabled_id: optionId().describe('Registered disabled; 37 (Yes) reveals the disability type.'),
  disabled_select_id: optionId().describe('Disability type.'),
  disabled_select_other: otherText().describe('Disability type when Other.'),
  religion_id: optionId().describe('Religion.'),
  religion_other: otherText().describe('Religion when Other.'),
  diversity_v2_questions: z
    .array(diversityV2AnswerSchema)
    .describe('Answers to the organisation’s own questions.'),
});
export type UserDiversityAnswers = z.infer<typeof userDiversityAnswersSchema>;

export const userDiversityAnswersResponseSchema = z.object({ data: userDiversityAnswersSchema });
export type UserDiversityAnswersResponse = z.infer<typeof userDiversityAnswersResponseSchema>;
