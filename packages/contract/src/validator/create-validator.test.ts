import { describe, expect, it } from 'vitest';
import { createValidator, validatorFieldLabel, parseValidatorRules } from './create-validator.js';
import { isPrivateHost } from './private-host.js';

describe('parseValidatorRules', () => {
  it('splits on pipes and reads parameters after a colon', () => {
    expect(parseValidatorRules('f', 'required|min:8|email|required_without_all:a, b')).toEqual([
      { name: 'required', params: [] },
      { name: 'min', params: ['8'] },
      { name: 'email', params: [] },
      { name: 'required_without_all', params: ['a', 'b'] },
    ]);
  });

  it.each([
    ['requird', 'unknown rule "requird"'],
    ['min', 'needs one whole number'],
    ['max:x', 'needs one whole number'],
    ['modulo:0', 'needs one positive number'],
    ['modulo', 'needs one positive number'],
    ['required_without_all', 'needs the other field names'],
  ])('refuses %j when the validator is built', (rules, problem) => {
    expect(() => createValidator({ field: rules })).toThrow(problem);
  });
});

describe('validatorFieldLabel', () => {
  it('uses the label, else the name with a capital first letter', () => {
    expect(validatorFieldLabel('email', { email: 'Email address' })).toBe('Email address');
    expect(validatorFieldLabel('first_name')).toBe('First_name');
    expect(validatorFieldLabel('postcode', { email: 'Email address' })).toBe('Postcode');
  });
});

describe('the blur rule', () => {
  const rules = { email: 'required|email', name: 'required|min:2' };

  it.each<[string, boolean, string, string | null]>([
    ['an empty untouched field is not checked', false, '', null],
    ['an empty blurred field is checked', true, '', 'Email is required'],
    ['a non-empty untouched field is checked', false, 'nope', 'Please enter a valid email address'],
    ['a non-empty blurred field is checked', true, 'nope', 'Please enter a valid email address'],
    ['a valid field has no error', true, 'ada@example.org', null],
  ])('%s', (_name, blur, value, expected) => {
    const validator = createValidator(rules);
    if (blur) {
      validator.blur('email');
    }
    expect(validator.validateField('email', { email: value })).toBe(expected);
    expect(validator.errors.email ?? null).toBe(expected);
    expect(validator.isBlurred('email')).toBe(blur);
  });

  it('clears a field error once the field is fixed', () => {
    const validator = createValidator(rules);
    validator.validateField('email', { email: 'nope' });
    expect(validator.errors).toEqual({ email: 'Please enter a valid email address' });
    validator.validateField('email', { email: 'ada@example.org' });
    expect(validator.errors).toEqual({});
  });

  it('validating all marks every field blurred and reports every error', () => {
    const validator = createValidator(rules);
    const result = validator.validateAll({ email: '', name: 'A' });
    expect(result).toEqual({
      valid: false,
      errors: { email: 'Email is required', name: 'The minimum length is 2' },
    });
    expect(validator.isBlurred('email')).toBe(true);
    expect(validator.isBlurred('name')).toBe(true);
    // Once blurred, emptying the field keeps it checked.
    expect(validator.validateField('name', { name: '' })).toBe('Name is required');
    expect(validator.validateAll({ email: 'ada@example.org', name: 'Ada' })).toEqual({
      valid: true,
      errors: {},
    });
  });

  it('reset forgets blurs and errors', () => {
    const validator = createValidator(rules);
    validator.validateAll({});
    validator.reset();
    expect(validator.errors).toEqual({});
    expect(validator.isBlurred('email')).toBe(false);
    expect(validator.validateField('email', { email: '' })).toBeNull();
  });

  it('reads dotted field names from nested values', () => {
    const validator = createValidator(
      { 'address.city': 'required' },
      { labels: { 'address.city': 'Town or city' } },
    );
    expect(validator.validateAll({ address: { city: '' } }).errors).toEqual({
      'address.city': 'Town or city is required',
    });
    expect(validator.validateAll({ address: { city: 'Leeds' } }).valid).toBe(true);
  });
});

describe('messages', () => {
  it('uses the label for {Field} and the parameter for {n}', () => {
    const validator = createValidator(
      { email: 'required', password: 'min:8', password_confirm: 'max:4', hours: 'modulo:15' },
      { labels: { email: 'Email address' } },
    );
    expect(
      validator.validateAll({ email: '', password: 'short', password_confirm: 'toolong', hours: '20' })
        .errors,
    ).toEqual({
      email: 'Email address is required',
      password: 'The minimum length is 8',
      password_confirm: 'The maximum length is 4',
      hours: 'Number must be divisible by 15',
    });
  });

  it('lets a field override one rule, keeping the defaults of the others', () => {
    const validator = createValidator(
      { email: 'required|email' },
      {
        messages: { email: { required: 'Tell us your {Field}', email: 'That email address looks wrong' } },
        labels: { email: 'email' },
      },
    );
    expect(validator.validateAll({ email: '' }).errors.email).toBe('Tell us your email');
    expect(validator.validateAll({ email: 'x' }).errors.email).toBe('That email address looks wrong');

    const partial = createValidator(
      { email: 'required|email' },
      { messages: { email: { required: 'We need it' } } },
    );
    expect(partial.validateAll({ email: 'x' }).errors.email).toBe('Please enter a valid email address');
  });

  it('lets a field override every rule with one string', () => {
    const validator = createValidator(
      { size: 'required|number|modulo:5' },
      { messages: { size: 'Enter a size in fives, e.g. {n}' } },
    );
    expect(validator.validateAll({ size: '' }).errors.size).toBe('Enter a size in fives, e.g. ');
    expect(validator.validateAll({ size: '7' }).errors.size).toBe('Enter a size in fives, e.g. 5');
  });

  it('gives the first failing rule in the order written', () => {
    expect(createValidator({ f: 'min:5|number' }).validateAll({ f: 'ab' }).errors.f).toBe(
      'The minimum length is 5',
    );
    expect(createValidator({ f: 'number|min:5' }).validateAll({ f: 'ab' }).errors.f).toBe(
      'Please enter a number',
    );
  });
});

describe('isPrivateHost', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST.', true],
    ['0.0.0.0', true],
    ['10.0.0.1', true],
    ['127.0.0.1', true],
    ['169.254.1.1', true],
    ['172.16.0.1', true],
    ['172.31.0.1', true],
    ['192.168.0.1', true],
    ['[::1]', true],
    ['[::]', true],
    ['[fc00::]', true],
    ['[fdff:ffff::1]', true],
    ['[fe80::1]', true],
    ['[::ffff:7f00:1]', true],
    ['[::ffff:192.168.0.1]', true],
    ['[not:an:address:at:all]', true],
    ['172.15.255.255', false],
    ['172.32.0.0', false],
    ['192.169.0.1', false],
    ['11.0.0.1', false],
    ['[2001:db8::1]', false],
    ['[fe00::1]', false],
    ['[::ffff:8.8.8.8]', false],
    ['example.org', false],
  ])('%s -> %s', (host, expected) => {
    expect(isPrivateHost(host)).toBe(expected);
  });
});
