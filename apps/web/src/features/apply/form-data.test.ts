import { describe, expect, it } from 'vitest';
import { toFormData } from './form-data';

function entries(form: FormData): [string, FormDataEntryValue][] {
  return [...form.entries()];
}

describe('toFormData', () => {
  it('flattens nested objects and lists with brackets', () => {
    const form = toFormData({
      email: 'a@example.org',
      addresses: [{ street: '1 High St', city: 'York' }],
      questions: { 'heard-about-us': 'website' },
      attributes: { 'availability-period': { start: '2026-01-01', end: null } },
      consents: [4, 7],
      terms: [true, false],
    });
    expect(entries(form)).toEqual([
      ['email', 'a@example.org'],
      ['addresses[0][street]', '1 High St'],
      ['addresses[0][city]', 'York'],
      ['questions[heard-about-us]', 'website'],
      ['attributes[availability-period][start]', '2026-01-01'],
      ['consents[0]', '4'],
      ['consents[1]', '7'],
      ['terms[0]', '1'],
      ['terms[1]', '0'],
    ]);
  });

  it('leaves out undefined, null and non-finite numbers but keeps empty text', () => {
    const form = toFormData({ a: undefined, b: null, c: Number.NaN, d: '', e: 0 });
    expect(entries(form)).toEqual([
      ['d', ''],
      ['e', '0'],
    ]);
  });

  it('sends files as files', () => {
    const file = new File(['x'], 'id.png', { type: 'image/png' });
    const form = toFormData({ supportingDocuments: [{ file, documentId: 3 }] });
    const sent = form.get('supportingDocuments[0][file]');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('id.png');
    expect(form.get('supportingDocuments[0][documentId]')).toBe('3');
  });
});
