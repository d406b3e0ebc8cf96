import { describe, expect, it } from 'vitest';
import { buildTestFormSection as section } from '../../test-factories.js';
import { buildApplicationBodySchema } from '../body.js';
import { errorsOf, options, person } from '../test-support.js';

describe('buildApplicationBodySchema: basic details', () => {
  it('normalises the personal details of a new applicant', () => {
    const schema = buildApplicationBodySchema([section('basic-details')], options);
    const result = schema.parse({ ...person, contact_number: '07911 123456', title: 'Mx' });
    expect(result.details).toEqual({
      email: 'sam@example.org',
      title: 'Mx',
      firstName: 'Sam',
      lastName: 'Jones',
      dob: '1990-06-16',
      phone: { number: '+447911123456', region: 'GB' },
    });
    expect(result.guardian).toBeNull();
  });

  it('reads a phone number typed with a dial code', () => {
    const schema = buildApplicationBodySchema([section('basic-details')], options);
    const result = schema.parse({
      ...person,
      contact_number: '06 12 34 56 78',
      contact_number_country_code: '+33',
    });
    expect(result.details?.phone).toEqual({ number: '+33612345678', region: 'FR' });
  });

  it('treats the day before an 18th birthday as a minor', () => {
    const schema = buildApplicationBodySchema([section('basic-details')], options);
    expect(errorsOf(schema.safeParse({ ...person, dob: '2008-06-16' }))).toHaveProperty('parents_first_name');
    expect(schema.safeParse({ ...person, dob: '2008-06-15' }).success).toBe(true);
  });

  it('locks the details of an existing applicant but still applies the minor rule to the known date of birth', () => {
    const schema = buildApplicationBodySchema([section('basic-details')], {
      ...options,
      applicant: 'existing',
      knownDob: '2015-01-01',
    });
    const result = schema.safeParse({ first_name: '' });
    expect(Object.keys(errorsOf(result)).sort()).toEqual([
      'parents_email',
      'parents_first_name',
      'parents_last_name',
    ]);
  });
});
