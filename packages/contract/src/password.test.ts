import { describe, expect, it } from 'vitest';
import { checkPasswordRules, PASSWORD_MIN_LENGTH, passwordRules, passwordSchema } from './password.js';

const LABELS = {
  length: 'Your password must be at least 8 characters long',
  uppercase: 'Your password must contain at least one uppercase character',
  lowercase: 'Your password must have at least one lowercase character',
  number: 'Your password must have at least one number',
};

function messages(password: string): string[] {
  const result = passwordSchema.safeParse(password);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('password rules', () => {
  it('carries the labels of the spec word for word, in order', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(passwordRules.map((rule) => [rule.id, rule.label])).toEqual(Object.entries(LABELS));
  });

  it.each([
    ['', { length: false, uppercase: false, lowercase: false, number: false }],
    ['Abcdef1', { length: false, uppercase: true, lowercase: true, number: true }],
    ['abcdefg1', { length: true, uppercase: false, lowercase: true, number: true }],
    ['ABCDEFG1', { length: true, uppercase: true, lowercase: false, number: true }],
    ['Abcdefgh', { length: true, uppercase: true, lowercase: true, number: false }],
    ['Abcdefg1', { length: true, uppercase: true, lowercase: true, number: true }],
    ['Élan vital 9', { length: true, uppercase: true, lowercase: true, number: true }],
  ])('checkPasswordRules(%j)', (password, expected) => {
    const met = Object.fromEntries(checkPasswordRules(password).map((rule) => [rule.id, rule.met]));
    expect(met).toEqual(expected);
  });
});

describe('passwordSchema', () => {
  it('accepts a password meeting every rule', () => {
    expect(passwordSchema.safeParse('Abcdefg1').success).toBe(true);
  });

  it.each([
    ['Abcdef1', [LABELS.length]],
    ['abcdefg1', [LABELS.uppercase]],
    ['ABCDEFG1', [LABELS.lowercase]],
    ['Abcdefgh', [LABELS.number]],
    ['', [LABELS.length, LABELS.uppercase, LABELS.lowercase, LABELS.number]],
  ])('rejects %j with every failing rule as its own message', (password, expected) => {
    expect(messages(password)).toEqual(expected);
  });

  it('rejects what is not a string', () => {
    expect(passwordSchema.safeParse(12345678).success).toBe(false);
  });
});
