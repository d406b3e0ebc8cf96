import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { errorMessage, errorsOfStep, flattenErrors, formFieldOfErrorPath } from './form-errors';
import { sectionsFixture } from './test-fixtures';

describe('formFieldOfErrorPath', () => {
  it('maps server paths to the form field that shows them', () => {
    expect(formFieldOfErrorPath('contact_number_formatted')).toBe('contact_number');
    expect(formFieldOfErrorPath('attributes.availability.start')).toBe('attributes.availability');
    expect(formFieldOfErrorPath('consents.50')).toBe('consents.50');
    expect(formFieldOfErrorPath('addresses.0.street')).toBe('addresses.0.street');
  });
});

describe('flattenErrors and errorMessage', () => {
  // RHF keeps list errors as arrays, which its FieldErrors type does not spell out.
  const errors = {
    first_name: { type: 'server', message: 'First name is required' },
    questions: { 'availability-notes': { type: 'validate', message: 'Please tell us when' } },
    terms: [{ type: 'server', message: 'Please verify that you agree to the above statement' }],
  } as unknown as FieldErrors;

  it('walks nested errors into dotted names', () => {
    expect(flattenErrors(errors)).toEqual([
      { name: 'first_name', message: 'First name is required' },
      { name: 'questions.availability-notes', message: 'Please tell us when' },
      { name: 'terms.0', message: 'Please verify that you agree to the above statement' },
    ]);
    expect(errorMessage(errors, 'questions.availability-notes')).toBe('Please tell us when');
    expect(errorMessage(errors, 'last_name')).toBeUndefined();
  });

  it('lists a group’s own message and its rows’ errors together', () => {
    const rows = Object.assign([{ city: { type: 'validate', message: 'City is required' } }], {
      type: 'validate',
      message: 'Please provide at least 12 more month(s) of your address history',
    });
    expect(flattenErrors({ addresses: rows })).toEqual([
      { name: 'addresses', message: 'Please provide at least 12 more month(s) of your address history' },
      { name: 'addresses.0.city', message: 'City is required' },
    ]);
  });

  it('picks one step’s errors in the order the form shows them', () => {
    const list = [
      { name: 'terms.0', message: 'terms' },
      { name: 'dob', message: 'dob' },
      { name: 'first_name', message: 'first' },
    ];
    expect(errorsOfStep(list, 0, sectionsFixture).map((error) => error.name)).toEqual(['first_name', 'dob']);
    expect(errorsOfStep(list, 3, sectionsFixture).map((error) => error.name)).toEqual(['terms.0']);
  });
});
