import { describe, expect, it } from 'vitest';
import { emptyValues, type ApplicationFormValues } from './form-values';
import { buildApplicationBody } from './request-body';
import { bodyContextFixture, sectionsFixture } from './test-fixtures';

const context = bodyContextFixture(sectionsFixture, { passwordShown: true });

const values: ApplicationFormValues = {
  ...emptyValues(),
  email: 'new@example.org',
  email_confirm: 'new@example.org',
  first_name: 'Robin',
  last_name: 'New',
  dob: '1990-01-01',
  why: 'To help',
  special_requirements_bool: 'no',
  special_requirements: 'left over from yes',
  right_to_volunteer: 'yes',
  attributes: { occupation: 'Teacher', 'membership-number': 'M-1' },
  questions: { 'availability-notes': 'Weekends' },
  consents: { '50': 501 },
  additional_consent: [true],
  terms: [true],
  new_password: 'Harbour7Lights',
  new_password_confirm: 'Harbour7Lights',
  password: 'never sent',
  code: '123456',
};

describe('buildApplicationBody', () => {
  it('sends the fields of every step, consents as answer ids, never the sign-in secrets', () => {
    const body = buildApplicationBody(values, context);
    expect(body).toMatchObject({
      email: 'new@example.org',
      first_name: 'Robin',
      why: 'To help',
      special_requirements_bool: 'no',
      right_to_volunteer: 'yes',
      questions: { 'availability-notes': 'Weekends' },
      attributes: { occupation: 'Teacher' },
      consents: [501],
      additional_consent: [true],
      terms: [true],
      new_password: 'Harbour7Lights',
    });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('code');
    // Details only when asked for, read-only attributes never.
    expect(body).not.toHaveProperty('special_requirements');
    expect(body.attributes).not.toHaveProperty('membership-number');
    expect(body).not.toHaveProperty('parents_first_name');
  });

  it('sends only the steps so far for a step check', () => {
    const body = buildApplicationBody(values, context, 1);
    expect(body).toHaveProperty('why');
    expect(body).not.toHaveProperty('questions');
    expect(body).not.toHaveProperty('terms');
    expect(body).not.toHaveProperty('new_password');
  });

  it('adds the parent or guardian for a minor and the key when there is one', () => {
    const minor = { ...values, dob: `${new Date().getFullYear() - 10}-01-01`, parents_first_name: 'Pat' };
    const body = buildApplicationBody(minor, { ...context, applicationKey: 'abc' });
    expect(body).toMatchObject({ parents_first_name: 'Pat', application_key: 'abc' });
    // With a key the form does not ask why.
    expect(body).not.toHaveProperty('why');
  });

  it('in supervisor mode says so, and without an email leaves the address out', () => {
    const body = buildApplicationBody({ ...values, has_email: 'no' }, { ...context, mode: 'supervisor', passwordShown: false });
    expect(body).toMatchObject({ supervisor_mode: true, has_email: 'no' });
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('new_password');
  });

  it('leaves consents and terms to the applicant when they are not shown', () => {
    const body = buildApplicationBody(values, { ...context, consentsShown: false });
    expect(body).not.toHaveProperty('consents');
    expect(body).not.toHaveProperty('terms');
  });
});
