import { describe, expect, it } from 'vitest';
import { buildTestFormSection as section } from '../test-factories.js';
import { buildApplicationBodySchema, readApplicationBody } from './body.js';
import { options, person } from './test-support.js';

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

describe('composition of the step readers', () => {
  it('reports issues in the order the form has always reported them, step by step', () => {
    const schema = buildApplicationBodySchema(
      [
        section('basic-details'),
        section('address-details'),
        section('review-apply', { terms: [{ id: 1, name: 'T', link: 'https://x.org' }] }),
      ],
      { ...options, requirePassword: true },
    );
    const result = schema.safeParse({});
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'email',
      'email_confirm',
      'first_name',
      'last_name',
      'dob',
      'terms.0',
      'new_password',
      'addresses',
    ]);
  });

  it('describes every body field of every step type in the schema', () => {
    const schema = buildApplicationBodySchema([], options);
    const shape = schema.in.shape;
    for (const field of [
      'email',
      'why',
      'addresses',
      'questions',
      'supportingDocuments',
      'references',
      'timeslot_ids',
      'diversity',
      'terms',
    ]) {
      expect(shape).toHaveProperty(field);
    }
  });
});

describe('one described body object for every form', () => {
  it('shares the object schema of its fields between forms, while each form keeps its own rules', () => {
    const withPhone = buildApplicationBodySchema(
      [section('basic-details', { phone_number_compulsory: true })],
      options,
    );
    const withoutPhone = buildApplicationBodySchema([section('basic-details')], options);
    // Built once: the server builds a schema per submit, and zod compiles each object schema's parser.
    expect(withPhone.in).toBe(withoutPhone.in);
    expect(withPhone.safeParse(person).error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'contact_number',
    ]);
    expect(withoutPhone.safeParse(person).success).toBe(true);
  });
});

describe('readApplicationBody', () => {
  const sections = [
    section('basic-details', { phone_number_compulsory: true }),
    section('review-apply', { terms: [{ id: 1, name: 'T', link: 'https://x.org' }] }),
  ];
  it.each([
    ['an empty body', false, {}],
    [
      'a valid body',
      true,
      {
        ...person,
        contact_number: '07911 123456',
        terms: ['1'],
        new_password: 'Sunshine42',
        new_password_confirm: 'Sunshine42',
      },
    ],
    [
      'a body with mistakes',
      false,
      { ...person, email_confirm: 'other@example.org', dob: '1990-02-30', contact_number: '123', terms: 'x' },
    ],
  ])('answers what the schema answers, for %s', (_name, valid: boolean, body: Record<string, unknown>) => {
    const schemaOptions = { ...options, requirePassword: true };
    const byReaders = readApplicationBody(body, sections, schemaOptions);
    const bySchema = buildApplicationBodySchema(sections, schemaOptions).safeParse(body);
    expect(byReaders.success).toBe(valid);
    expect(bySchema.success).toBe(valid);
    if (byReaders.success) {
      expect(byReaders.data).toEqual(bySchema.data);
    } else {
      expect(byReaders.issues.map(({ path, message }) => ({ path, message }))).toEqual(
        bySchema.error?.issues.map(({ path, message }) => ({ path, message })),
      );
    }
  });
});
