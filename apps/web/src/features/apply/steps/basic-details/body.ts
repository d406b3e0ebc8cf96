import { isMinor } from '../../age';
import type { ApplicationFormValues, YesNo } from '../../form-values';
import type { ApplicantMode, StepBody } from '../step-props';

/** The basic-details step's answers (applicant-flow §2.2, §3.1). */
export type BasicDetailsValues = {
  email: string;
  email_confirm: string;
  /** Sign-in password of an existing account. Never stored. */
  password: string;
  /** Second-factor code, digits joined. Never stored. */
  code: string;
  /** Supervisor mode: does the person applied for have an email address? */
  has_email: YesNo;
  title: string;
  first_name: string;
  last_name: string;
  contact_number: string;
  contact_number_formatted: string;
  /** Two-letter region of the contact number, e.g. GB. */
  contact_number_country_code: string;
  /** `YYYY-MM-DD`, or '' while the three boxes do not hold a real date. */
  dob: string;
  parents_first_name: string;
  parents_last_name: string;
  parents_email: string;
};

/** The step's answers when nothing is given. */
export function basicDetailsDefaults(): BasicDetailsValues {
  return {
    email: '',
    email_confirm: '',
    password: '',
    code: '',
    has_email: '',
    title: '',
    first_name: '',
    last_name: '',
    contact_number: '',
    contact_number_formatted: '',
    contact_number_country_code: '',
    dob: '',
    parents_first_name: '',
    parents_last_name: '',
    parents_email: '',
  };
}

/** The top-level fields (and error paths) the step owns. */
export const basicDetailsFields = [
  'email',
  'email_confirm',
  'password',
  'code',
  'has_email',
  'user_id',
  'sso_email',
  'title',
  'first_name',
  'last_name',
  'contact_number',
  'contact_number_formatted',
  'contact_number_country_code',
  'dob',
  'parents_first_name',
  'parents_last_name',
  'parents_email',
] as const;

/** Whether the applicant gives an email address: always, except a supervisor's applicant without one. */
export function hasEmailAddress(mode: ApplicantMode, values: Pick<ApplicationFormValues, 'has_email'>): boolean {
  return !(mode === 'supervisor' && values.has_email === 'no');
}

/** The personal details, the supervisor's answers and, for a minor, the parent or guardian. */
export const basicDetailsBody: StepBody = (_section, values, context) => {
  const body: Record<string, unknown> = {
    title: values.title,
    first_name: values.first_name,
    last_name: values.last_name,
    contact_number: values.contact_number,
    contact_number_formatted: values.contact_number_formatted,
    contact_number_country_code: values.contact_number_country_code,
    dob: values.dob,
  };
  if (hasEmailAddress(context.mode, values)) {
    body.email = values.email;
    body.email_confirm = values.email_confirm;
  }
  if (context.mode === 'supervisor') {
    body.supervisor_mode = true;
    body.has_email = values.has_email;
  }
  if (isMinor(values.dob, context.minorAge)) {
    body.parents_first_name = values.parents_first_name;
    body.parents_last_name = values.parents_last_name;
    body.parents_email = values.parents_email;
  }
  return body;
};
