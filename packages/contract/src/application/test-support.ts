import * as phoneLibrary from 'libphonenumber-js';
import type { ApplicationSchemaOptions } from './submission.js';

/* Shared inputs of the application body tests. */

/** Options of a new applicant on 2026-06-15, with the phone library. */
export const options: ApplicationSchemaOptions = {
  applicant: 'new',
  supervisor: null,
  hasApplicationKey: false,
  requirePassword: false,
  minorAge: 18,
  today: '2026-06-15',
  host: 'volunteer.example.org',
  defaultPhoneRegion: 'GB',
  phoneLibrary,
};

/** Valid personal details of an adult. */
export const person = {
  email: 'sam@example.org',
  email_confirm: 'SAM@example.org',
  first_name: ' Sam ',
  last_name: 'Jones',
  dob: '1990-06-16',
};

/** Messages of a failed parse by dotted path. */
export function errorsOf(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    (errors[issue.path.map(String).join('.')] ??= []).push(issue.message);
  }
  return errors;
}
