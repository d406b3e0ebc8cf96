import * as phoneLibrary from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import {
  ageOnDate,
  buildApplicationBodySchema,
  formFlag,
  isPasswordRequired,
  isRealIsoDate,
  type ApplicationSchemaOptions,
} from './application-body.js';
import { buildTestFormSection as section } from './test-factories.js';

const options: ApplicationSchemaOptions = {
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

const person = {
  email: 'sam@example.org',
  email_confirm: 'SAM@example.org',
  first_name: ' Sam ',
  last_name: 'Jones',
  dob: '1990-06-16',
};

function errorsOf(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    (errors[issue.path.map(String).join('.')] ??= []).push(issue.message);
  }
  return errors;
}

describe('buildApplicationBodySchema', () => {
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

  it('reads FormData-shaped lists (objects keyed 0, 1, …) like arrays', () => {
    const schema = buildApplicationBodySchema(
      [section('basic-details'), section('address-details')],
      options,
    );
    const result = schema.parse({
      ...person,
      addresses: {
        '0': { street: '1 A St', city: 'Hull', postcode: 'HU1 1AA' },
        '1': { street: '2 B St', city: 'Hull', postcode: 'HU1 1AB' },
      },
    });
    expect(result.addresses?.map((address) => address.street)).toEqual(['1 A St', '2 B St']);
    expect(result.addresses?.[0]?.country).toBe('United Kingdom');
  });

  it('refuses oversized lists rather than building them', () => {
    const schema = buildApplicationBodySchema(
      [section('basic-details'), section('address-details')],
      options,
    );
    expect(
      errorsOf(schema.safeParse({ ...person, addresses: { '999': { street: 'x' } } })).addresses,
    ).toContain('At most 100 entries are accepted');
  });

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

  it('uses the custom message of a field over the default, and the host in link messages', () => {
    const fields = [
      {
        id: 1,
        slug: 'site',
        name: 'Site',
        type: 'link',
        compulsory: true,
        message: null,
        options: [],
        position: 0,
      },
      {
        id: 2,
        slug: 'size',
        name: 'Size',
        type: 'dropdown',
        compulsory: true,
        message: 'Pick a size',
        options: [],
        position: 1,
      },
    ];
    const schema = buildApplicationBodySchema(
      [section('basic-details'), section('about-you', { questions: fields })],
      options,
    );
    expect(errorsOf(schema.safeParse({ ...person, questions: { site: 'not a link' } }))).toEqual({
      'questions.site': ['Please provide a valid link (e.g. volunteer.example.org)'],
      'questions.size': ['Pick a size'],
    });
  });

  it('stores custom values by type: numbers as numbers, booleans from 1/0, checkboxes as lists, files as ids', () => {
    const attribute = (slug: string, type: string, extra: object = {}) => ({
      attribute: {
        id: slug.length,
        slug,
        name: slug,
        type,
        compulsory: false,
        message: null,
        options: [],
        position: 0,
        permission: 'write' as const,
        category: null,
        ...extra,
      },
    });
    const schema = buildApplicationBodySchema(
      [
        section('basic-details'),
        section('about-you', {
          attributes: [
            attribute('years', 'integer'),
            attribute('driver', 'boolean'),
            attribute('likes', 'checkboxes'),
            attribute('cv', 'file'),
            attribute('badge', 'text', { permission: 'read-only', compulsory: true }),
          ],
        }),
      ],
      options,
    );
    const id = '4b1c6a5e-8f6f-4f55-9d5e-0c8a8a2a6f11';
    const result = schema.parse({
      ...person,
      attributes: {
        years: '12',
        driver: '0',
        likes: { '0': 'a', '1': 'b' },
        cv: { '0': { id, url: `/api/files/${id}` } },
        badge: 'ignored',
      },
    });
    expect(result.attributes).toEqual({
      years: { value: 12, fileIds: [] },
      driver: { value: false, fileIds: [] },
      likes: { value: ['a', 'b'], fileIds: [] },
      cv: { value: null, fileIds: [id] },
    });
  });

  it('drops diversity answers whose parent answer does not show them, and needs Other text', () => {
    const diversity = {
      mode: 'v2' as const,
      questions: [
        {
          id: 1,
          question_text: 'Disabled?',
          is_multiple_select: false,
          compulsory: true,
          options: [
            { id: 10, option_text: 'Yes', is_other: false },
            { id: 11, option_text: 'No', is_other: false },
          ],
          depends_on: [],
        },
        {
          id: 2,
          question_text: 'Which?',
          is_multiple_select: true,
          compulsory: true,
          options: [
            { id: 20, option_text: 'Sight', is_other: false },
            { id: 21, option_text: 'Other', is_other: true },
          ],
          depends_on: [{ question_id: 1, option_id: 10 }],
        },
      ],
    };
    const schema = buildApplicationBodySchema(
      [section('basic-details'), section('diversity', { diversity, diversity_compulsory: true })],
      options,
    );
    const hidden = schema.parse({
      ...person,
      diversity: { diversity_v2_questions: { '1': { option: '11' }, '2': { options: ['20'] } } },
    });
    expect(hidden.diversity?.v2).toEqual([{ questionId: 1, optionIds: [11], otherText: null }]);
    expect(
      errorsOf(
        schema.safeParse({
          ...person,
          diversity: { diversity_v2_questions: { '1': { option: '10' }, '2': { options: ['21'] } } },
        }),
      ),
    ).toEqual({ 'diversity.diversity_v2_questions.2': ['Please specify'] });
    expect(
      errorsOf(
        schema.safeParse({ ...person, diversity: { diversity_v2_questions: { '1': { option: '10' } } } }),
      ),
    ).toEqual({
      'diversity.diversity_v2_questions.2': ['Please select an option'],
    });
    expect(errorsOf(schema.safeParse(person))).toEqual({
      'diversity.diversity_v2_questions': ['The diversity questions field is required.'],
      'diversity.diversity_v2_questions.1': ['Please select an option'],
    });
    const skipped = buildApplicationBodySchema(
      [section('basic-details'), section('diversity', { diversity, diversity_compulsory: true })],
      {
        ...options,
        diversityAnswered: true,
      },
    );
    expect(skipped.parse(person).diversity).toBeNull();
  });

  it('asks the fixed diversity fields, the disability type only after Yes', () => {
    const fixed = {
      mode: 'fixed' as const,
      options: {
        gender: [
          { id: 2, label: 'Man', is_other: false },
          { id: 4, label: 'Other', is_other: true },
        ],
        registered_disabled: [
          { id: 37, label: 'Yes', is_other: true },
          { id: 38, label: 'No', is_other: false },
        ],
        disabled_select: [{ id: 40, label: 'Sight', is_other: false }],
      },
    };
    const schema = buildApplicationBodySchema(
      [section('basic-details'), section('diversity', { diversity: fixed })],
      options,
    );
    const result = schema.parse({
      ...person,
      diversity: { gender_id: '2', registered_disabled_id: '38', disabled_select_id: '40' },
    });
    expect(result.diversity?.fixed).toMatchObject({
      genderId: 2,
      registeredDisabledId: 38,
      disabledSelectId: null,
    });
    expect(errorsOf(schema.safeParse({ ...person, diversity: { gender_id: '99' } }))).toEqual({
      'diversity.gender_id': ['Please select a valid option'],
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

describe('helpers', () => {
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

  it('dates: real calendar dates only, ages in whole years', () => {
    expect(isRealIsoDate('2024-02-29')).toBe(true);
    expect(isRealIsoDate('2023-02-29')).toBe(false);
    expect(isRealIsoDate('2023-2-1')).toBe(false);
    expect(ageOnDate('2000-02-29', '2018-02-28')).toBe(17);
    expect(ageOnDate('2000-02-29', '2018-03-01')).toBe(18);
  });
});

describe('formFlag', () => {
  it('reads FormData and JSON booleans, a repeated field by its last value', () => {
    expect(['1', 'true', 'yes', 'on', true, 1, ['0', '1']].map(formFlag)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['0', 'false', '', 'maybe', undefined, null, 0, ['1', '0']].map(formFlag)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('without the phone library (the browser before the telephone widget has loaded it)', () => {
  it('takes E.164 numbers and refuses national ones, rather than guessing', () => {
    const { phoneLibrary: _omitted, ...withoutLibrary } = options;
    const required = [section('basic-details', { phone_number_compulsory: true })];
    const schema = buildApplicationBodySchema(required, withoutLibrary);
    expect(schema.safeParse({ ...person, contact_number: '+44 7911 123456' }).success).toBe(true);
    const national = schema.safeParse({ ...person, contact_number: '07911 123456' });
    expect(national.success).toBe(false);
    expect(national.error?.issues[0]?.path).toEqual(['contact_number']);
  });
});
