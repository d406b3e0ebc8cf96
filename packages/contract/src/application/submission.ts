import type * as LibPhoneNumber from 'libphonenumber-js';
import type { BookingCalendar } from '../residential/booking-rules.js';
import type { AboutYouPart } from './steps/about-you.js';
import type { AddressDetailsPart } from './steps/address-details.js';
import type { BasicDetailsPart } from './steps/basic-details.js';
import type { DiversityPart } from './steps/diversity.js';
import type { MotivationPart } from './steps/motivation.js';
import type { ReferencesPart } from './steps/references.js';
import type { ResidentialPart } from './steps/residential.js';
import type { ReviewApplyPart } from './steps/review-apply.js';
import type { SupportingDocumentsPart } from './steps/supporting-documents.js';

export type { CustomAnswer } from './steps/about-you.js';
export type { SubmittedAddress } from './steps/address-details.js';
export type { ApplicantDetails } from './steps/basic-details.js';
export type { FixedDiversityAnswers, V2DiversityAnswer } from './steps/diversity.js';
export type { SubmittedReference } from './steps/references.js';
export type { SubmittedBooking } from './steps/residential.js';
export type {
  AboutYouPart,
  AddressDetailsPart,
  BasicDetailsPart,
  DiversityPart,
  MotivationPart,
  ReferencesPart,
  ResidentialPart,
  ReviewApplyPart,
  SupportingDocumentsPart,
};

/** The parts of libphonenumber-js the form rules use (see `ApplicationSchemaOptions.phoneLibrary`). */
export type PhoneLibrary = Pick<
  typeof LibPhoneNumber,
  'parsePhoneNumberFromString' | 'getCountryCallingCode' | 'isSupportedCountry' | 'isValidPhoneNumber'
>;

/** A file sent with the form (a Blob) or the id of an earlier upload (`POST /api/files?ephemeral=1`). */
export type SubmittedFile = Blob | string;

/** What the schema needs to know beyond the steps; the server and the page work it out the same way. */
export type ApplicationSchemaOptions = {
  /**
   * `new`: the form creates the applicant, so the personal details are checked. `existing`: the
   * applicant is known (signed in, an application key, or a supervised person), so the personal
   * details are locked and ignored.
   */
  applicant: 'new' | 'existing';
  /** Supervisor mode (applicant-flow §2.2): the supervisor's answer to "Do they have an email address?". */
  supervisor: { hasEmail: boolean } | null;
  /** The form completes an application created ahead, named by its key. */
  hasApplicationKey: boolean;
  /** A new password must be set (see `isPasswordRequired`). */
  requirePassword: boolean;
  /** The organisation's minor age: younger applicants need a parent or guardian. */
  minorAge: number;
  /** Today in the organisation's time zone, YYYY-MM-DD. */
  today: string;
  /** Host shown in the link field message, e.g. `www.example.org`. */
  host: string;
  /** Region telephone numbers without a country code are read in (the opportunity's default). */
  defaultPhoneRegion: string;
  /**
   * libphonenumber-js, passed in rather than imported so that its metadata stays out of the
   * browser's first chunk: the server always passes it; the browser passes it once the telephone
   * widget has loaded it. Without it numbers must be in E.164 form (`+447911123456`).
   */
  phoneLibrary?: PhoneLibrary;
  /** Date of birth of an existing applicant, for the parent or guardian rule. */
  knownDob?: string | null;
  /** Document ids the applicant has already supplied (not asked again). */
  suppliedDocumentIds?: readonly number[];
  /** The applicant has answered the diversity questions before: the step is skipped. */
  diversityAnswered?: boolean;
  /** Motivation ids on offer; when given, a chosen motivation must be one of them. */
  motivationIds?: readonly number[] | null;
  /** Time slot ids of the opportunity; when given, chosen slots must be among them. */
  timeslotIds?: readonly number[] | null;
  /**
   * What a residential stay at this opportunity is judged against but availability: the team's
   * changeover days, the first and last dates and the durations. When given, the booking's dates
   * are checked against them; capacity and the applicant's own bookings are the server's
   * residential step's to check.
   */
  bookingCalendar?: BookingCalendar | null;
};

/**
 * A validated, normalised application form: one part per step type, each declared beside its
 * reader in `steps/<step-type>.ts`. Null parts are steps the form does not have (or skips).
 */
export type ApplicationSubmission = BasicDetailsPart &
  MotivationPart &
  AddressDetailsPart &
  AboutYouPart &
  SupportingDocumentsPart &
  ReferencesPart &
  ResidentialPart &
  DiversityPart &
  ReviewApplyPart;
