import type { FormSection, Opportunity, Organisation, ResidentialBookingSummary } from '@muster/contract';
import type { Motivation } from '../api';
import type { ApplicationFormValues, ProfileDetails } from '../form-values';
import type { EmailCheckState } from '../use-email-check';

/** Who is applying: nobody signed in, the signed-in user, or a supervisor for someone else. */
export type ApplicantMode = 'anonymous' | 'self' | 'supervisor';

/** Residential dates carried in from the opportunity page (`start_date`, `end_date`, `willing_to_share`). */
export type BookingParams = { start_date: string | null; end_date: string | null; willing_to_share: boolean };

/** What the request body of a step depends on besides the answers. */
export type BodyContext = {
  sections: readonly FormSection[];
  mode: ApplicantMode;
  applicationKey: string | null;
  minorAge: number | null;
  booking: BookingParams | null;
  /** The 'Set your password' block is shown (anonymous new applicant, or require_password). */
  passwordShown: boolean;
  /** Consents and terms are shown (hidden for a supervisor's applicant who has an email address). */
  consentsShown: boolean;
};

/** The applicant as the basic-details step shows them: the sign-in state and the existing-user check. */
export type StepApplicant = {
  /** The signed-in user's name, for 'Not {display name}?'. */
  displayName: string | null;
  /** Details the profile or the application key supplies: these are locked. Null for a new applicant. */
  lockedDetails: Partial<ProfileDetails> | null;
  emailCheck: EmailCheckState;
  onRetryEmailCheck: () => void;
  onSignedIn: () => void;
  onSignOut: () => void;
  /** The path to come back to after a reset link, magic link or single sign-on. */
  returnPath: string;
  /** The existing-user check and sign-in are done: the step's other blocks may show. */
  settled: boolean;
  /** The signed-in user's profile could not be loaded. */
  profileFailed: boolean;
};

/** Moving between steps, for steps that link to others (the review step's 'missed something' list). */
export type StepNavigation = {
  /** Earlier steps that are incomplete. */
  incompleteSteps: readonly number[];
  hrefForStep: (index: number) => string;
  onGoToStep: (index: number) => void;
};

/** Everything a step component gets from the form shell; every step type takes the same props. */
export type StepProps = {
  section: FormSection;
  /** Every step of the form, in order. */
  sections: readonly FormSection[];
  stepIndex: number;
  opportunity: Opportunity;
  organisation: Organisation;
  mode: ApplicantMode;
  applicationKey: string | null;
  /** Residential dates from the address (`start_date`, `end_date`, `willing_to_share`). */
  booking: BookingParams | null;
  /**
   * The booking the server named when it last refused the dates as overlapping one of the
   * applicant's own (the 422's `existing_booking`), for the existing-booking screen.
   */
  refusedBooking?: ResidentialBookingSummary | null;
  /** A custom field or upload starts or ends an upload; the form waits for all of them. */
  onUploadingChange: (key: string, uploading: boolean) => void;
  applicant: StepApplicant;
  navigation: StepNavigation;
  /** The public motivations list (applicant-flow §7). */
  motivations: readonly Motivation[];
  /** Consents and terms are asked (not for a supervisor's applicant with an email address). */
  consentsShown: boolean;
  /** The 'Set your password' block is shown. */
  passwordShown: boolean;
  /** Words that make a password easy to guess for this applicant. */
  passwordInputs: readonly string[];
};

/** A step type's part of the request body (applicant-flow §3.1), from the answers. */
export type StepBody = (section: FormSection, values: ApplicationFormValues, context: BodyContext) => Record<string, unknown>;
