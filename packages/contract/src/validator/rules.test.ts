import { describe, expect, it } from 'vitest';
import { createValidator } from './create-validator.js';

/** The message one rule string gives `value` once the field is validated (null when it passes). */
function errorOf(rules: string, value: unknown, others: Record<string, unknown> = {}): string | null {
  const validator = createValidator({ field: rules });
  return validator.validateAll({ ...others, field: value }).errors.field ?? null;
}

type Case = [value: unknown, expected: string | null];

const REQUIRED = 'Field is required';

const table: Record<string, Case[]> = {
  required: [
    ['text', null],
    [' x ', null],
    [['a'], null],
    [0, null],
    [-1.5, null],
    [false, null],
    [true, null],
    [new Date('2024-02-29T00:00:00Z'), null],
    ['', REQUIRED],
    ['   ', REQUIRED],
    [[], REQUIRED],
    [Number.NaN, REQUIRED],
    [new Date('nonsense'), REQUIRED],
    [null, REQUIRED],
    [undefined, REQUIRED],
    [{ a: 1 }, REQUIRED],
  ],
  object: [
    [{ id: 1 }, null],
    [{}, REQUIRED],
    [null, REQUIRED],
    [undefined, REQUIRED],
    ['text', REQUIRED],
    [['a'], REQUIRED],
    [new Date('2024-01-01'), REQUIRED],
  ],
  'min:3': [
    ['abc', null],
    ['abcd', null],
    [['a', 'b', 'c'], null],
    [12345, null],
    ['éàü', null],
    ['ab', 'The minimum length is 3'],
    [['a', 'b'], 'The minimum length is 3'],
    [12, 'The minimum length is 3'],
    ['', null],
  ],
  'max:3': [
    ['abc', null],
    ['ab', null],
    [['a'], null],
    ['abcd', 'The maximum length is 3'],
    [['a', 'b', 'c', 'd'], 'The maximum length is 3'],
    [1234, 'The maximum length is 3'],
  ],
  email: [
    ['ada@example.org', null],
    ['first.last+tag@sub.example.co.uk', null],
    ['ada@', 'Please enter a valid email address'],
    ['ada@example', 'Please enter a valid email address'],
    ['ada example@x.org', 'Please enter a valid email address'],
    ['@example.org', 'Please enter a valid email address'],
    [42, 'Please enter a valid email address'],
    ['', null],
  ],
  url: [
    ['http://example.org', null],
    ['https://example.org/path?q=1#top', null],
    ['ftp://files.example.org/pub', null],
    ['https://8.8.8.8/', null],
    ['https://172.32.0.1/', null],
    ['https://[2001:db8::1]/', null],
    ['mailto:ada@example.org', 'Please enter a valid URL'],
    ['javascript:alert(1)', 'Please enter a valid URL'],
    ['file:///etc/passwd', 'Please enter a valid URL'],
    ['example.org', 'Please enter a valid URL'],
    ['http:example.org', 'Please enter a valid URL'],
    ['http://exa mple.org', 'Please enter a valid URL'],
    ['http://intranet/', 'Please enter a valid URL'],
    ['http://localhost:3000/', 'Please enter a valid URL'],
    ['http://app.localhost/', 'Please enter a valid URL'],
    ['http://127.0.0.1/', 'Please enter a valid URL'],
    ['http://127.1.2.3/', 'Please enter a valid URL'],
    ['http://2130706433/', 'Please enter a valid URL'],
    ['http://10.1.2.3/', 'Please enter a valid URL'],
    ['http://172.16.0.1/', 'Please enter a valid URL'],
    ['http://172.31.255.255/', 'Please enter a valid URL'],
    ['http://192.168.1.1/', 'Please enter a valid URL'],
    ['http://169.254.169.254/latest/meta-data', 'Please enter a valid URL'],
    ['http://[::1]/', 'Please enter a valid URL'],
    ['http://[fc00::1]/', 'Please enter a valid URL'],
    ['http://[fd12:3456::1]/', 'Please enter a valid URL'],
    ['http://[::ffff:10.0.0.1]/', 'Please enter a valid URL'],
    ['', null],
  ],
  date: [
    ['2024-02-29', null],
    ['2024/02/29', null],
    ['29/02/2024', null],
    ['2024-02-29 13:45', null],
    ['2024-02-29T13:45:10Z', null],
    [new Date('2024-01-01'), null],
    ['2023-02-29', 'Please enter a valid date'],
    ['31/04/2024', 'Please enter a valid date'],
    ['tomorrow', 'Please enter a valid date'],
    ['2024-13-01', 'Please enter a valid date'],
    [new Date('nonsense'), 'Please enter a valid date'],
    [20240101, 'Please enter a valid date'],
  ],
  dateISO: [
    ['2024-01-31', null],
    ['2024/01/31', null],
    ['2024-1-5', null],
    ['2024-01/31', 'Please enter a valid date'],
    ['31/01/2024', 'Please enter a valid date'],
    ['2024-02-30', 'Please enter a valid date'],
    ['24-01-31', 'Please enter a valid date'],
    ['2024-01-31T10:00', 'Please enter a valid date'],
  ],
  time: [
    ['09:30', null],
    ['23:59:59', null],
    ['00:00', null],
    ['', null],
    ['24:00', 'Please enter a valid time'],
    ['9:30', 'Please enter a valid time'],
    ['12:60', 'Please enter a valid time'],
    ['12:30:60', 'Please enter a valid time'],
    ['1230', 'Please enter a valid time'],
  ],
  number: [
    ['42', null],
    ['-42', null],
    ['1,234,567.89', null],
    ['0.5', null],
    ['.5', null],
    [3.14, null],
    ['1,23', 'Please enter a number'],
    ['12a', 'Please enter a number'],
    ['1.2.3', 'Please enter a number'],
    ['-', 'Please enter a number'],
    [Number.POSITIVE_INFINITY, 'Please enter a number'],
  ],
  digits: [
    ['0123', null],
    [42, null],
    ['-1', 'Please enter only digits'],
    ['1.5', 'Please enter only digits'],
    ['1,000', 'Please enter only digits'],
    [1.5, 'Please enter only digits'],
  ],
  'modulo:5': [
    ['10', null],
    [0, null],
    ['1,000', null],
    ['-15', null],
    ['12', 'Number must be divisible by 5'],
    ['abc', 'Number must be divisible by 5'],
    [7.5, 'Number must be divisible by 5'],
  ],
  'modulo:0.1': [
    ['0.3', null],
    ['0.35', 'Number must be divisible by 0.1'],
  ],
};

describe.each(Object.entries(table))('rule %s', (rules, cases) => {
  it.each(cases)('%j gives %j', (value, expected) => {
    expect(errorOf(rules, value)).toBe(expected);
  });
});

describe('rule required_without_all', () => {
  const rules = 'required_without_all:phone,mobile';
  it.each<[Record<string, unknown>, unknown, string | null]>([
    [{ phone: '', mobile: '' }, '', REQUIRED],
    [{}, undefined, REQUIRED],
    [{ phone: '', mobile: '' }, 'ada@example.org', null],
    [{ phone: '0123', mobile: '' }, '', null],
    [{ phone: '', mobile: '07400 123456' }, '', null],
    [{ phone: '  ', mobile: [] }, '', REQUIRED],
  ])('with others %j and value %j gives %j', (others, value, expected) => {
    expect(errorOf(rules, value, others)).toBe(expected);
  });
});

describe('format rules on empty values', () => {
  it.each(['email', 'url', 'date', 'dateISO', 'time', 'number', 'digits', 'min:3', 'max:3', 'modulo:5'])(
    '%s lets an empty optional value pass even after blur',
    (rules) => {
      expect(errorOf(rules, '')).toBeNull();
      expect(errorOf(rules, undefined)).toBeNull();
    },
  );

  it('required still speaks first on an empty value', () => {
    expect(errorOf('required|email', '')).toBe(REQUIRED);
    expect(errorOf('required|email', 'nope')).toBe('Please enter a valid email address');
  });
});
