import { describe, expect, it } from 'vitest';
import { buildTestFormSection as section } from '../../test-factories.js';
import { buildApplicationBodySchema } from '../body.js';
import { errorsOf, options, person } from '../test-support.js';
import { REFEREE_CONTACT_REQUIRED, REFEREE_PHONE_REQUIRED } from './references.js';

const sections = [section('basic-details'), section('references', { requested_references: 2 })];
const schema = buildApplicationBodySchema(sections, options);

const pat = { first_name: 'Pat', last_name: 'Lee', email: 'pat@example.org' };
const sam = {
  first_name: 'Sam',
  last_name: 'Hill',
  phone_number: '07400 123456',
  phone_number_formatted: '',
  phone_number_country_code: 'GB',
};

describe('buildApplicationBodySchema: references', () => {
  it('requires the requested number of referees, each with both names and a way to reach them', () => {
    expect(errorsOf(schema.safeParse({ ...person }))).toEqual({
      'references.0.first_name': ['First name is required'],
      'references.0.last_name': ['Last name is required'],
      'references.0.email': [REFEREE_CONTACT_REQUIRED],
      'references.1.first_name': ['First name is required'],
      'references.1.last_name': ['Last name is required'],
      'references.1.email': [REFEREE_CONTACT_REQUIRED],
    });
  });

  it('reports a referee without an email address (sent with phone fields only) at the phone number', () => {
    const noPhone = {
      first_name: 'Sam',
      last_name: 'Hill',
      phone_number: '',
      phone_number_formatted: '',
      phone_number_country_code: 'GB',
    };
    expect(errorsOf(schema.safeParse({ ...person, references: [pat, noPhone] }))).toEqual({
      'references.1.phone_number': [REFEREE_PHONE_REQUIRED],
    });
    expect(REFEREE_PHONE_REQUIRED).toBe('Phone number is required');
  });

  it('reads an email referee and a phone-only referee, the national number in E.164 with its region', () => {
    const result = schema.safeParse({ ...person, references: [pat, sam] });
    expect(result.success).toBe(true);
    expect(result.data?.references).toEqual([
      {
        id: null,
        disabled: false,
        firstName: 'Pat',
        lastName: 'Lee',
        email: 'pat@example.org',
        phoneNumber: null,
        phoneCountryCode: null,
      },
      {
        id: null,
        disabled: false,
        firstName: 'Sam',
        lastName: 'Hill',
        email: null,
        phoneNumber: '+447400123456',
        phoneCountryCode: 'GB',
      },
    ]);
  });

  it('checks the email address and the phone number', () => {
    const result = schema.safeParse({
      ...person,
      references: [
        { ...pat, email: 'not-an-address' },
        { ...sam, phone_number: '12' },
      ],
    });
    expect(errorsOf(result)).toEqual({
      'references.0.email': ['Please enter a valid email address'],
      'references.1.phone_number': ['Please enter a valid telephone number'],
    });
  });

  it('reads the id and the disabled flag of a saved referee as FormData sends them', () => {
    const result = schema.safeParse({
      ...person,
      references: { '0': { ...pat, id: '12', disabled: '1' }, '1': { ...pat, id: 'x', disabled: '0' } },
    });
    expect(result.data?.references?.map((referee) => [referee.id, referee.disabled])).toEqual([
      [12, true],
      [null, false],
    ]);
  });

  it('takes more referees than requested, and skips extra blocks left empty', () => {
    const empty = { first_name: '', last_name: '', email: '' };
    const result = schema.safeParse({
      ...person,
      references: [pat, pat, { ...pat, first_name: 'Kim' }, empty],
    });
    expect(result.data?.references?.map((referee) => referee.firstName)).toEqual(['Pat', 'Pat', 'Kim']);
    const half = schema.safeParse({ ...person, references: [pat, pat, { ...empty, first_name: 'Kim' }] });
    expect(errorsOf(half)).toEqual({
      'references.2.last_name': ['Last name is required'],
      'references.2.email': [REFEREE_CONTACT_REQUIRED],
    });
  });

  it('has no referees when the form has no references step', () => {
    const result = buildApplicationBodySchema([section('basic-details')], options).safeParse({
      ...person,
      references: [pat],
    });
    expect(result.data?.references).toBeNull();
  });
});
