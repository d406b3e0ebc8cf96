import { describe, expect, it } from 'vitest';
import { emptyValues, type ApplicationFormValues } from './form-values';
import { bodyContextFixture, sectionsFixture, validationContextFixture } from './test-fixtures';
import { todayIn } from '@muster/contract';
import { schemaOptions, toFieldErrors, validateApplication } from './validation';

const body = bodyContextFixture(sectionsFixture, { passwordShown: true });
const context = validationContextFixture(body);

const complete: ApplicationFormValues = {
  ...emptyValues(),
  email: 'new@example.org',
  email_confirm: 'new@example.org',
  first_name: 'Robin',
  last_name: 'New',
  dob: '1990-01-01',
  why: 'To help',
  right_to_volunteer: 'unsure',
  attributes: { occupation: 'Teacher' },
  questions: { 'availability-notes': 'Weekends' },
  consents: { '50': 501 },
  terms: [true],
  new_password: 'Harbour7Lights',
  new_password_confirm: 'Harbour7Lights',
};

describe('validateApplication (the contract schema in the browser)', () => {
  it('accepts a complete form', () => {
    expect([...validateApplication(complete, context, 3)]).toEqual([]);
  });

  it('reports the first message per field, only for the steps in scope', () => {
    const empty = emptyValues();
    const stepOne = validateApplication(empty, context, 0);
    expect(stepOne.get('first_name')).toBe('First name is required');
    expect(stepOne.get('dob')).toBe('Date of birth is required');
    expect(stepOne.has('why')).toBe(false);
    expect(stepOne.has('terms.0')).toBe(false);

    const all = validateApplication(empty, context, 3);
    expect(all.get('why')).toBe('Please tell us why you would like to volunteer');
    expect(all.get('attributes.occupation')).toBe('Please provide a value');
    expect(all.get('questions.availability-notes')).toBe('Please tell us when you are usually available');
    expect(all.get('consents.50')).toBe('You must agree to the above statement');
    expect(all.get('terms.0')).toBe('Please verify that you agree to the above statement');
    expect(all.get('new_password')).toBe('Password is required');
  });

  it('asks a minor for a parent or guardian', () => {
    const minor = { ...complete, dob: `${new Date().getFullYear() - 10}-06-01` };
    expect(validateApplication(minor, context, 0).get('parents_first_name')).toBe('Parent or guardian first name is required');
  });

  it('ignores locked details of a known applicant and asks no password of them', () => {
    const known = { ...emptyValues(), why: 'x', right_to_volunteer: 'no' as const, attributes: { occupation: 'x' }, questions: { 'availability-notes': 'x' }, consents: { '50': 501 }, terms: [true] };
    expect([...validateApplication(known, { ...context, existingApplicant: true }, 3).keys()]).toEqual([]);
    expect(validateApplication(known, { ...context, existingApplicant: true, passwordDemanded: true }, 3).get('new_password')).toBe(
      'Password is required',
    );
  });
});

describe('schemaOptions', () => {
  it('reads supervisor mode and the email answer', () => {
    const options = schemaOptions({ ...complete, has_email: 'no' }, { ...context, body: { ...body, mode: 'supervisor' } });
    expect(options.supervisor).toEqual({ hasEmail: false });
    expect(options.requirePassword).toBe(false);
    expect(options.applicant).toBe('new');
  });

  it('reckons today in the organisation’s zone', () => {
    expect(todayIn('Europe/London', new Date('2026-03-29T23:30:00Z'))).toBe('2026-03-30');
    expect(todayIn('Not/AZone', new Date('2026-01-01T12:00:00Z'))).toBe('2026-01-01');
  });
});

describe('toFieldErrors', () => {
  it('keeps a group’s rows when the group has a message too, in either order', () => {
    const group = 'Please provide at least 12 more month(s) of your address history';
    for (const entries of [
      [['addresses', group], ['addresses.0.city', 'City is required']],
      [['addresses.0.city', 'City is required'], ['addresses', group]],
    ] as const) {
      const errors = toFieldErrors(new Map(entries)) as { addresses: { message: string; 0: { city: { message: string } } } };
      expect(errors.addresses.message).toBe(group);
      expect(errors.addresses[0].city.message).toBe('City is required');
    }
  });
});
