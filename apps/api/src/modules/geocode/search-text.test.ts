import { describe, expect, it } from 'vitest';
import { formatPostcode, parsePostcodeQuery, postcodeKey, textSearchQueries } from './search-text.js';

describe('parsePostcodeQuery', () => {
  it('reads whole postcodes with or without the space', () => {
    expect(parsePostcodeQuery('BS1 4DJ')).toEqual({ prefix: 'BS14DJ', outwardLength: 3, full: true });
    expect(parsePostcodeQuery(' bs14dj ')).toEqual({ prefix: 'BS14DJ', outwardLength: 3, full: true });
    expect(parsePostcodeQuery('sw1a 1aa')).toEqual({ prefix: 'SW1A1AA', outwardLength: 4, full: true });
    expect(parsePostcodeQuery('M1 1AE')).toEqual({ prefix: 'M11AE', outwardLength: 2, full: true });
  });

  it('reads the start of a postcode, a space fixing the outward code', () => {
    expect(parsePostcodeQuery('BS1')).toEqual({ prefix: 'BS1', outwardLength: null, full: false });
    expect(parsePostcodeQuery('BS14')).toEqual({ prefix: 'BS14', outwardLength: null, full: false });
    expect(parsePostcodeQuery('BS1 4')).toEqual({ prefix: 'BS14', outwardLength: 3, full: false });
    expect(parsePostcodeQuery('bs1   4d')).toEqual({ prefix: 'BS14D', outwardLength: 3, full: false });
  });

  it('leaves words, lone areas and house numbers to the text search', () => {
    for (const text of ['BS', 'high street', '10 high st', '12', 'BS1 4DJ 10', 'B1 ZZ']) {
      expect(parsePostcodeQuery(text), text).toBeNull();
    }
  });
});

describe('postcodes as written', () => {
  it('keys and formats them', () => {
    expect(postcodeKey(' bs1  4dj ')).toBe('BS14DJ');
    expect(formatPostcode('bs14dj')).toBe('BS1 4DJ');
    expect(formatPostcode('EC1A1BB')).toBe('EC1A 1BB');
    expect(formatPostcode(' 75001 ')).toBe('75001');
  });
});

describe('textSearchQueries', () => {
  it('tries finished words exactly and the last as a prefix, then every word as a prefix', () => {
    expect(textSearchQueries('10 high st bris')).toEqual([
      '10 & high & (st | street) & bris:*',
      '10 & high:* & (st:* | street) & bris:*',
    ]);
    expect(textSearchQueries('hig stre')).toEqual(['hig & stre:*', 'hig:* & stre:*']);
    expect(textSearchQueries('flat 2 harbour')).toEqual(['flat & 2 & harbour:*', 'flat:* & 2 & harbour:*']);
    expect(textSearchQueries('high street 1')).toEqual(['high & street & 1:*', 'high:* & street:* & 1:*']);
    expect(textSearchQueries('bristol')).toEqual(['bristol:*']);
  });

  it('matches street types and their abbreviations in either form, exactly while finished', () => {
    expect(textSearchQueries('fern drive')).toEqual(['fern & drive', 'fern:* & drive:*']);
    expect(textSearchQueries('Queen Sq')).toEqual(['queen & (sq | square)', 'queen:* & (sq:* | square)']);
  });

  it('keeps only letters and digits, so nothing typed is query syntax', () => {
    expect(textSearchQueries("st. mary's & !road | (x):*")[0]).toBe('(st | street) & mary & s & road & x:*');
    expect(textSearchQueries('Weston-super-Mare')[0]).toBe('weston & super & mare:*');
    expect(textSearchQueries('Straße')).toEqual(['straße:*']);
    expect(textSearchQueries(' -- ')).toEqual([]);
  });

  it('reads at most eight words', () => {
    expect(textSearchQueries('a b c d e f g h i j')[0]?.split(' & ')).toHaveLength(8);
  });
});
