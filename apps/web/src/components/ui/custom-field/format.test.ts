import { describe, expect, it } from 'vitest';
import {
  attachmentName,
  attachmentSize,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatFileSize,
  linkHref,
  toDateFnsPattern,
} from './format';

describe('formatDate', () => {
  it('shows a stored date as DD/MM/YYYY', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
  });

  it('answers null for something that is not a real date', () => {
    expect(formatDate('2023-02-29')).toBeNull();
    expect(formatDate('05/03/2024')).toBeNull();
  });
});

describe('formatDateTime', () => {
  it('shows the date in the default format DD/MM/Y, then HH:mm', () => {
    expect(formatDateTime('2024-03-05 14:30')).toBe('05/03/2024 14:30');
    expect(formatDateTime('2024-03-05 14:30', null)).toBe('05/03/2024 14:30');
  });

  it("uses the organisation's date format", () => {
    expect(formatDateTime('2024-03-05 09:05', 'MM/DD/YYYY')).toBe('03/05/2024 09:05');
    expect(formatDateTime('2024-03-05 09:05', 'D MMM Y')).toBe('5 Mar 2024 09:05');
  });

  it('answers null for something that is not a datetime', () => {
    expect(formatDateTime('2024-03-05')).toBeNull();
    expect(formatDateTime('2024-03-05 24:10')).toBeNull();
  });
});

describe('toDateFnsPattern', () => {
  it('turns moment-style tokens into date-fns ones and keeps other text literal', () => {
    expect(toDateFnsPattern('DD/MM/Y')).toBe('dd/MM/yyyy');
    expect(toDateFnsPattern('dddd Do MMMM YYYY')).toBe('EEEE do MMMM yyyy');
    expect(toDateFnsPattern('[on] DD.MM.YY')).toBe("'on' dd.MM.yy");
  });
});

describe('formatCurrency', () => {
  it('shows two decimals after the default symbol £', () => {
    expect(formatCurrency(12.5)).toBe('£12.50');
    expect(formatCurrency('1234.5', null)).toBe('£1,234.50');
  });

  it("uses the organisation's symbol", () => {
    expect(formatCurrency(3, '€')).toBe('€3.00');
  });

  it('puts the sign before the symbol', () => {
    expect(formatCurrency(-4.1)).toBe('-£4.10');
  });

  it('answers null for something that is not a number', () => {
    expect(formatCurrency('abc')).toBeNull();
    expect(formatCurrency(' ')).toBeNull();
  });
});

describe('formatFileSize', () => {
  it('shows KB up to 1024 KB and MB above', () => {
    expect(formatFileSize(2048)).toBe('2.00 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1024.00 KB');
    expect(formatFileSize(1024 * 1024 + 11)).toBe('1.00 MB');
    expect(formatFileSize(5.5 * 1024 * 1024)).toBe('5.50 MB');
  });
});

describe('linkHref', () => {
  it('adds http:// to a link without it', () => {
    expect(linkHref('example.org/page')).toBe('http://example.org/page');
    expect(linkHref(' javascript:alert(1)')).toBe('http://javascript:alert(1)');
  });

  it('keeps http and https links as they are', () => {
    expect(linkHref('https://example.org')).toBe('https://example.org');
    expect(linkHref('HTTP://example.org')).toBe('HTTP://example.org');
  });
});

describe('attachments', () => {
  it('reads the name and size from either spelling', () => {
    expect(attachmentName({ id: 1, url: '/f', original_name: 'a.pdf', name: 'b.pdf' })).toBe('a.pdf');
    expect(attachmentName({ id: 1, url: '/f', name: 'b.pdf' })).toBe('b.pdf');
    expect(attachmentSize({ id: 1, url: '/f', file_size: 10, size: 20 })).toBe(10);
    expect(attachmentSize({ id: 1, url: '/f', size: 20 })).toBe(20);
  });
});
