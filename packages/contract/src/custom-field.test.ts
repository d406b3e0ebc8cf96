import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import {
  CUSTOM_FIELD_TYPES,
  customFieldMessage,
  customFieldSchema,
  isAcceptedPhoto,
  isCustomFieldValueEmpty,
  isValidLink,
  sortCustomFieldOptions,
  validateCustomFieldValue,
} from './custom-field.js';

const host = 'volunteer.example.org';
const ctx = { host };
const attachment = {
  id: 'f1',
  url: '/api/files/f1',
  original_name: 'cv.pdf',
  file_size: 2048,
  type: 'application/pdf',
};
const photo = { id: 'p1', url: '/api/files/p1', original_name: 'me.png', file_size: 1000, type: 'image/png' };

describe('customFieldSchema', () => {
  it('defaults permission to write, compulsory to false and options to none', () => {
    const field = customFieldSchema.parse({ type: 'text', name: 'Nickname', slug: 'nickname' });
    expect(field.permission).toBe('write');
    expect(field.compulsory).toBe(false);
    expect(field.options).toEqual([]);
  });

  it('refuses a permission other than write or read-only', () => {
    expect(
      customFieldSchema.safeParse({ type: 'text', name: 'a', slug: 'a', permission: 'admin' }).success,
    ).toBe(false);
  });

  it('lists the 18 types', () => {
    expect(CUSTOM_FIELD_TYPES).toHaveLength(18);
  });
});

describe('default messages (applicant-flow §5)', () => {
  const expected: Record<string, string> = {
    boolean: 'Please select an option',
    dropdown: 'Please select an option',
    checkboxes: 'Please select an option',
    radio: 'Please select an option',
    currency: 'Please provide a value',
    decimal: 'Please provide a value',
    integer: 'Please provide a value',
    html: 'Please provide a value',
    text: 'Please provide a value',
    textarea: 'Please provide a value',
    date: 'Please provide a date',
    datetime: 'Please select a date and a time',
    email: 'Please provide a valid email address',
    telephone: 'Please enter a valid telephone number',
    startenddate: 'Please select a start and end date',
    file: 'Please select a file',
    files: 'Please select a file',
    photo: 'Please select a file',
    link: 'Please provide a valid link (e.g. volunteer.example.org)',
  };
  for (const [type, message] of Object.entries(expected)) {
    it(`${type}: "${message}" when compulsory and empty`, () => {
      const empty = type === 'checkboxes' || type === 'files' ? [] : null;
      expect(validateCustomFieldValue({ type, compulsory: true }, empty, ctx)).toBe(message);
    });
  }

  it('lets a custom message win', () => {
    expect(
      validateCustomFieldValue({ type: 'text', compulsory: true, message: 'Tell us your nickname' }, '', ctx),
    ).toBe('Tell us your nickname');
    expect(customFieldMessage({ type: 'link', message: 'Link please' }, ctx)).toBe('Link please');
  });

  it('ignores a blank custom message', () => {
    expect(customFieldMessage({ type: 'date', message: '  ' }, ctx)).toBe('Please provide a date');
  });
});

describe('required only when compulsory', () => {
  it('accepts an empty optional field of every type', () => {
    for (const type of CUSTOM_FIELD_TYPES) {
      expect(validateCustomFieldValue({ type, compulsory: false }, null, ctx)).toBeNull();
    }
  });

  it('treats whitespace as empty text', () => {
    expect(validateCustomFieldValue({ type: 'text', compulsory: true }, '   ', ctx)).toBe(
      'Please provide a value',
    );
  });

  it('accepts false as an answer to a compulsory boolean', () => {
    expect(validateCustomFieldValue({ type: 'boolean', compulsory: true }, false, ctx)).toBeNull();
  });

  it('accepts 0 as a value of a compulsory number', () => {
    expect(validateCustomFieldValue({ type: 'integer', compulsory: true }, 0, ctx)).toBeNull();
  });

  it('needs at least one file in a compulsory files field', () => {
    expect(validateCustomFieldValue({ type: 'files', compulsory: true }, [attachment], ctx)).toBeNull();
  });

  it('sees a range with neither end as empty', () => {
    expect(isCustomFieldValueEmpty('startenddate', { start: null, end: null })).toBe(true);
    expect(isCustomFieldValueEmpty('startenddate', { start: '2025-01-01', end: null })).toBe(false);
  });
});

describe('formats', () => {
  it('checks email addresses', () => {
    const field = { type: 'email' };
    expect(validateCustomFieldValue(field, 'sam@example.org', ctx)).toBeNull();
    expect(validateCustomFieldValue(field, 'sam@', ctx)).toBe('Please provide a valid email address');
  });

  it('checks telephone numbers with the given checker, reading national numbers as UK ones', () => {
    const field = { type: 'telephone' };
    const withLibrary = { host, isValidPhoneNumber: (text: string, region: string) => isValidPhoneNumber(text, region as CountryCode) };
    expect(validateCustomFieldValue(field, '07911 123456', withLibrary)).toBeNull();
    expect(validateCustomFieldValue(field, '+33 6 12 34 56 78', withLibrary)).toBeNull();
    expect(validateCustomFieldValue(field, '12345', withLibrary)).toBe('Please enter a valid telephone number');
    expect(validateCustomFieldValue(field, '+44 1234', withLibrary)).toBe('Please enter a valid telephone number');
    // An opportunity in Ireland reads national numbers as Irish ones.
    const irish = { ...withLibrary, defaultPhoneRegion: 'IE' };
    expect(validateCustomFieldValue(field, '085 123 4567', irish)).toBeNull();
    expect(validateCustomFieldValue(field, '085 123 4567', withLibrary)).toBe('Please enter a valid telephone number');
  });

  it('checks only the E.164 shape when no checker is given', () => {
    const field = { type: 'telephone' };
    expect(validateCustomFieldValue(field, '+44 7911 123456', ctx)).toBeNull();
    expect(validateCustomFieldValue(field, '07911 123456', ctx)).toBe('Please enter a valid telephone number');
    expect(validateCustomFieldValue(field, '+0 123', ctx)).toBe('Please enter a valid telephone number');
  });

  it('checks links with a domain suffix of 1 to 6 characters', () => {
    expect(isValidLink('example.org')).toBe(true);
    expect(isValidLink('https://www.example.museum/path?q=1')).toBe(true);
    expect(isValidLink('http://a.b')).toBe(true);
    expect(isValidLink('example.abcdefg')).toBe(false);
    expect(isValidLink('localhost')).toBe(false);
    expect(isValidLink('javascript:alert(1)')).toBe(false);
    expect(isValidLink('ftp://example.org')).toBe(false);
    expect(validateCustomFieldValue({ type: 'link' }, 'not a link', ctx)).toBe(
      'Please provide a valid link (e.g. volunteer.example.org)',
    );
  });

  it('checks dates are real YYYY-MM-DD dates', () => {
    const field = { type: 'date' };
    expect(validateCustomFieldValue(field, '2024-02-29', ctx)).toBeNull();
    expect(validateCustomFieldValue(field, '2023-02-29', ctx)).toBe('Please provide a date');
    expect(validateCustomFieldValue(field, '29/02/2024', ctx)).toBe('Please provide a date');
  });

  it('checks datetimes are YYYY-MM-DD HH:mm', () => {
    const field = { type: 'datetime' };
    expect(validateCustomFieldValue(field, '2024-05-01 09:30', ctx)).toBeNull();
    expect(validateCustomFieldValue(field, '2024-05-01', ctx)).toBe('Please select a date and a time');
    expect(validateCustomFieldValue(field, '2024-05-01 25:00', ctx)).toBe('Please select a date and a time');
  });

  it('checks numbers', () => {
    expect(validateCustomFieldValue({ type: 'integer' }, '12', ctx)).toBeNull();
    expect(validateCustomFieldValue({ type: 'integer' }, 1.5, ctx)).toBe('Please provide a value');
    expect(validateCustomFieldValue({ type: 'decimal' }, '1.25', ctx)).toBeNull();
    expect(validateCustomFieldValue({ type: 'decimal' }, 'abc', ctx)).toBe('Please provide a value');
    expect(validateCustomFieldValue({ type: 'currency' }, 12.5, ctx)).toBeNull();
    expect(validateCustomFieldValue({ type: 'currency' }, 0.07, ctx)).toBeNull();
    expect(validateCustomFieldValue({ type: 'currency' }, 12.505, ctx)).toBe('Please provide a value');
  });

  it('checks a boolean is true or false', () => {
    expect(validateCustomFieldValue({ type: 'boolean' }, 'yes', ctx)).toBeNull();
    expect(isCustomFieldValueEmpty('boolean', 'yes')).toBe(true);
    expect(validateCustomFieldValue({ type: 'boolean', compulsory: true }, 'yes', ctx)).toBe(
      'Please select an option',
    );
  });

  it('checks a choice is one of the options', () => {
    const options = [
      { value: 'a', display: 'A', position: 1 },
      { value: 2, display: 'Two', position: 2 },
    ];
    expect(validateCustomFieldValue({ type: 'dropdown', options }, 'a', ctx)).toBeNull();
    expect(validateCustomFieldValue({ type: 'radio', options }, '2', ctx)).toBeNull();
    expect(validateCustomFieldValue({ type: 'radio', options }, 'z', ctx)).toBe('Please select an option');
    expect(validateCustomFieldValue({ type: 'checkboxes', options }, ['a', 2], ctx)).toBeNull();
    expect(validateCustomFieldValue({ type: 'checkboxes', options }, ['a', 'z'], ctx)).toBe(
      'Please select an option',
    );
  });

  it('needs both ends of a date range, in order', () => {
    const field = { type: 'startenddate' };
    expect(validateCustomFieldValue(field, { start: '2025-01-01', end: '2025-01-05' }, ctx)).toBeNull();
    expect(validateCustomFieldValue(field, { start: '2025-01-01', end: null }, ctx)).toBe(
      'Please select a start and end date',
    );
    expect(validateCustomFieldValue(field, { start: '2025-01-05', end: '2025-01-01' }, ctx)).toBe(
      'Please select a start and end date',
    );
  });

  it('allows one file in a single-file field', () => {
    expect(validateCustomFieldValue({ type: 'file' }, attachment, ctx)).toBeNull();
    expect(validateCustomFieldValue({ type: 'file' }, [attachment], ctx)).toBeNull();
    expect(validateCustomFieldValue({ type: 'file' }, [attachment, photo], ctx)).toBe('Please select a file');
    expect(validateCustomFieldValue({ type: 'files' }, [attachment, photo], ctx)).toBeNull();
    expect(validateCustomFieldValue({ type: 'files' }, [{ nonsense: true }], ctx)).toBe(
      'Please select a file',
    );
  });

  it('allows only bmp, gif, jpeg and png in a photo field', () => {
    expect(validateCustomFieldValue({ type: 'photo' }, photo, ctx)).toBeNull();
    expect(validateCustomFieldValue({ type: 'photo' }, attachment, ctx)).toBe('Please select a file');
    expect(isAcceptedPhoto({ type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedPhoto({ type: 'image/bmp' })).toBe(true);
    expect(isAcceptedPhoto({ type: 'image/gif' })).toBe(true);
    expect(isAcceptedPhoto({ type: 'image/svg+xml', name: 'a.png' })).toBe(false);
    expect(isAcceptedPhoto({ type: 'image/webp' })).toBe(false);
    expect(isAcceptedPhoto({ type: '', name: 'holiday.JPG' })).toBe(true);
    expect(isAcceptedPhoto({ type: '', name: 'holiday.tiff' })).toBe(false);
  });

  it('checks nothing on a type it does not know, beyond being required', () => {
    expect(validateCustomFieldValue({ type: 'colour' }, { any: 'thing' }, ctx)).toBeNull();
    expect(validateCustomFieldValue({ type: 'colour', compulsory: true }, '', ctx)).toBe(
      'Please provide a value',
    );
  });
});

describe('sortCustomFieldOptions', () => {
  it('orders by position without touching the input', () => {
    const options = [
      { value: 'b', display: 'B', position: 2 },
      { value: 'a', display: 'A', position: 1 },
    ];
    expect(sortCustomFieldOptions(options).map((o) => o.value)).toEqual(['a', 'b']);
    expect(options[0]?.value).toBe('b');
  });
});
