/* The public names of the application form body; step readers stay internal to the package. */
export { buildApplicationBodySchema, type ApplicationBodySchema } from './body.js';
export { ageOnDate, formFlag, isRealIsoDate, MAX_FORM_LIST_LENGTH } from './read.js';
export { REGISTERED_DISABLED_YES } from './steps/diversity.js';
export { isPasswordRequired } from './steps/review-apply.js';
export type {
  ApplicantDetails,
  ApplicationSchemaOptions,
  ApplicationSubmission,
  CustomAnswer,
  FixedDiversityAnswers,
  PhoneLibrary,
  SubmittedAddress,
  SubmittedFile,
  SubmittedReference,
  V2DiversityAnswer,
} from './submission.js';
