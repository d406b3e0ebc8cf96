import { describe, expect, it } from 'vitest';
import { buildTestFormSection as section } from '../../test-factories.js';
import { buildApplicationBodySchema } from '../body.js';
import { isPasswordRequired } from './review-apply.js';
import { errorsOf, options, person } from '../test-support.js';

describe('buildApplicationBodySchema: review and apply', () => {
  it('answers consents by option ids or {id, answer} entries, refusing options of other consents', () => {
    const radio = {
      id: 7,
      statement: 'Call?',
      compulsory: true,
      type: 'radio' as const,
      options: [
        { id: 70, value: 'Yes' },
        { id: 71, value: 'No' },
      ],
    };
    const multiple = {
      id: 8,
      statement: 'Which?',
      compulsory: false,
      type: 'multiple-checkboxes' as const,
      options: [
        { id: 80, value: 'A' },
        { id: 81, value: 'B' },
      ],
    };
    const schema = buildApplicationBodySchema(
      [section('basic-details'), section('review-apply', { consents: [radio, multiple] })],
      options,
    );
    expect(schema.parse({ ...person, consents: ['71', '80'] }).consents).toEqual({ 7: [71], 8: [80] });
    expect(
      schema.parse({
        ...person,
        consents: [
          { id: 8, answer: [80, 81] },
          { id: 7, answer: 70 },
        ],
      }).consents,
    ).toEqual({
      7: [70],
      8: [80, 81],
    });
    expect(errorsOf(schema.safeParse({ ...person, consents: [{ id: 7, answer: 80 }] }))).toEqual({
      'consents.7': ['Please select a valid option', 'Please select an option'],
    });
    expect(errorsOf(schema.safeParse({ ...person, consents: ['70', '71'] }))).toEqual({
      'consents.7': ['Please select only one option'],
    });
  });

  it('in supervisor mode without an email asks no email and no password; with one, defers consents and terms', () => {
    const sections = [
      section('basic-details'),
      section('review-apply', { terms: [{ id: 1, name: 'T', link: 'https://x.org' }] }),
    ];
    const noEmail = buildApplicationBodySchema(sections, { ...options, supervisor: { hasEmail: false } });
    const { email: _email, email_confirm: _confirm, ...named } = person;
    expect(errorsOf(noEmail.safeParse(named))).toEqual({
      'terms.0': ['Please verify that you agree to the above statement'],
    });
    const withEmail = buildApplicationBodySchema(sections, { ...options, supervisor: { hasEmail: true } });
    const result = withEmail.parse(person);
    expect(result.terms).toBeNull();
    expect(result.consents).toBeNull();
  });
});

describe('isPasswordRequired', () => {
  it('isPasswordRequired follows applicant-flow §2.10', () => {
    const base = {
      applicant: 'new' as const,
      supervisor: false,
      singleSignOn: false,
      requirePasswordSetting: false,
      hasPassword: false,
    };
    expect(isPasswordRequired(base)).toBe(true);
    expect(isPasswordRequired({ ...base, supervisor: true })).toBe(false);
    expect(isPasswordRequired({ ...base, singleSignOn: true })).toBe(false);
    expect(isPasswordRequired({ ...base, applicant: 'existing' })).toBe(false);
    expect(isPasswordRequired({ ...base, applicant: 'existing', requirePasswordSetting: true })).toBe(true);
    expect(
      isPasswordRequired({ ...base, applicant: 'existing', requirePasswordSetting: true, hasPassword: true }),
    ).toBe(false);
  });
});
