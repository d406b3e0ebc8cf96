/* The public names of the application form body; step readers stay internal to the package. */
export {
  buildApplicationBodySchema,
  readApplicationBody,
  type ApplicationBodyReading,
  type ApplicationBodySchema,
} from './body.js';
export { ageOnDate, formFlag, isRealIsoDate, MAX_FORM_LIST_LENGTH } from './read.js';
export {
  DIVERSITY_OTHER_TEXT_REQUIRED,
  DIVERSITY_QUESTIONS_REQUIRED,
  isDiversityQuestionShown,
  REGISTERED_DISABLED_YES,
  shownDiversityQuestions,
} from './steps/diversity.js';
export { isPasswordRequired } from './steps/review-apply.js';
export { MAX_LINKED_NAMES } from './steps/residential.js';
export { REFEREE_CONTACT_REQUIRED, REFEREE_PHONE_REQUIRED } from './steps/references.js';
export { supportingDocumentMessages } from './steps/supporting-documents.js';
export type {
  ApplicantDetails,
  ApplicationSchemaOptions,
  ApplicationSubmission,
  CustomAnswer,
  FixedDiversityAnswers,
  PhoneLibrary,
  SubmittedAddress,
  SubmittedBooking,
  SubmittedFile,
  SubmittedReference,
  V2DiversityAnswer,
} from './submission.js';
