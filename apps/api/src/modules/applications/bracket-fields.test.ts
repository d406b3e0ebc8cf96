import { describe, expect, it } from 'vitest';
import { FormFieldError, parseBracketedFields } from './bracket-fields.js';

const parse = (pairs: Array<[string, string | Blob]>) => parseBracketedFields(pairs);

describe('parseBracketedFields', () => {
  it('keeps plain names and nests bracketed ones, indexes as object keys', () => {
    expect(
      parse([
        ['email', 'a@example.org'],
        ['addresses[0][street]', '1 High Street'],
        ['addresses[0][city]', 'Leeds'],
        ['addresses[1][street]', '2 Low Road'],
        ['questions[heard-about-us]', 'friend'],
        ['attributes[interests][0]', 'events'],
        ['attributes[interests][1]', 'driving'],
        ['booking[start_date]', '2026-01-03'],
        ['diversity[diversity_v2_questions][3][option]', '12'],
        ['diversity[diversity_v2_questions][5][options][0]', '20'],
      ]),
    ).toEqual({
      email: 'a@example.org',
      addresses: { '0': { street: '1 High Street', city: 'Leeds' }, '1': { street: '2 Low Road' } },
      questions: { 'heard-about-us': 'friend' },
      attributes: { interests: { '0': 'events', '1': 'driving' } },
      booking: { start_date: '2026-01-03' },
      diversity: { diversity_v2_questions: { '3': { option: '12' }, '5': { options: { '0': '20' } } } },
    });
  });

  it('appends with [] and turns a repeated plain name into a list', () => {
    expect(
      parse([
        ['tags[]', 'a'],
        ['tags[]', 'b'],
        ['terms', '1'],
        ['terms', '0'],
        ['x[y][]', 'z'],
      ]),
    ).toEqual({ tags: ['a', 'b'], terms: ['1', '0'], x: { y: ['z'] } });
  });

  it('keeps files where they were sent', () => {
    const file = new File(['hello'], 'id.png', { type: 'image/png' });
    const parsed = parse([
      ['supportingDocuments[0][documentId]', '4'],
      ['supportingDocuments[0][file]', file],
    ]);
    expect(parsed).toEqual({ supportingDocuments: { '0': { documentId: '4', file } } });
  });

  it('refuses names that would reach the prototype', () => {
    for (const key of [
      '__proto__[admin]',
      'a[__proto__][b]',
      'constructor[prototype]',
      'a[prototype]',
      '__proto__',
      'prototype',
      'constructor',
    ]) {
      expect(() => parse([[key, '1']])).toThrow(FormFieldError);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses malformed, too deep and conflicting names, naming the field', () => {
    expect(() => parse([['a[b', '1']])).toThrow(FormFieldError);
    expect(() => parse([['[a]', '1']])).toThrow(FormFieldError);
    expect(() => parse([['a[b][c][d][e][f][g]', '1']])).toThrow(/nests too deeply/);
    expect(() => parse([['a[][b]', '1']])).toThrow(/may only end with \[\]/);
    expect(() =>
      parse([
        ['a', '1'],
        ['a[b]', '2'],
      ]),
    ).toThrow(/conflicts/);
    expect(() =>
      parse([
        ['a[b]', '2'],
        ['a', '1'],
      ]),
    ).toThrow(/conflicts/);
    try {
      parse([['bad[', '1']]);
    } catch (error) {
      expect(error).toBeInstanceOf(FormFieldError);
      expect((error as FormFieldError).field).toBe('bad[');
    }
  });

  it('parses what the page flattens (booleans 1/0, lists by index, nested objects)', () => {
    // The same entries apps/web/src/features/apply/form-data.ts produces for these values.
    const parsed = parse([
      ['terms[0]', '1'],
      ['additional_consent[0]', '0'],
      ['additional_consent[1]', '1'],
      ['consents[0]', '12'],
      ['references[0][first_name]', 'Ann'],
      ['attributes[availability-period][start]', '2026-01-01'],
      ['attributes[availability-period][end]', '2026-02-01'],
    ]);
    expect(parsed).toEqual({
      terms: { '0': '1' },
      additional_consent: { '0': '0', '1': '1' },
      consents: { '0': '12' },
      references: { '0': { first_name: 'Ann' } },
      attributes: { 'availability-period': { start: '2026-01-01', end: '2026-02-01' } },
    });
  });
});
