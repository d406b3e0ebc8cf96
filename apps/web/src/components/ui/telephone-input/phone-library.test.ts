import * as core from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import {
  buildCountryList,
  buildPhoneLibrary,
  flagOf,
  foldForSearch,
  loadPhoneLibrary,
} from './phone-library';

const library = buildPhoneLibrary(core, examples);

describe('the country list', () => {
  it('has about 240 countries and territories, each with region, English name and dial code', () => {
    expect(library.countries.length).toBeGreaterThanOrEqual(230);
    expect(library.countries.length).toBeLessThanOrEqual(260);
    expect(library.countries).toContainEqual({ region: 'GB', name: 'United Kingdom', country_code: '44' });
    expect(library.countries).toContainEqual({ region: 'FR', name: 'France', country_code: '33' });
    expect(library.countries).toContainEqual({ region: 'US', name: 'United States', country_code: '1' });
    expect(new Set(library.countries.map((entry) => entry.region)).size).toBe(library.countries.length);
  });

  it('is sorted by name', () => {
    const names = library.countries.map((entry) => entry.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it('takes names from Intl.DisplayNames and dial codes from the metadata', () => {
    const names = { of: (region: string) => `Land ${region}` };
    expect(buildCountryList(['ZZ', 'AA'], (region) => (region === 'AA' ? '1' : '2'), names)).toEqual([
      { region: 'AA', name: 'Land AA', country_code: '1' },
      { region: 'ZZ', name: 'Land ZZ', country_code: '2' },
    ]);
  });
});

describe('placeholderFor', () => {
  it("is the region's example national mobile number", () => {
    expect(library.placeholderFor('GB')).toBe('07400 123456');
    expect(library.placeholderFor('FR')).toBe('06 12 34 56 78');
  });

  it('falls back to the UK mobile example when the region has none', () => {
    const { FR: _france, ...withoutFrance } = examples;
    const partial = buildPhoneLibrary(core, withoutFrance as typeof examples);
    expect(partial.placeholderFor('FR')).toBe('07400 123456');
    expect(library.placeholderFor('XX')).toBe('07400 123456');
  });
});

describe('analyse', () => {
  it.each([
    ['+33 6 12 34 56 78', 'GB', { e164: '+33612345678', valid: true, impliedRegion: 'FR' }],
    ['0033 6 12 34 56 78', 'GB', { e164: '+33612345678', valid: true, impliedRegion: 'FR' }],
    ['+1 416 555 0123', 'US', { e164: '+14165550123', valid: true, impliedRegion: 'CA' }],
    ['07400 123456', 'GB', { e164: '+447400123456', valid: true, impliedRegion: 'GB' }],
    ['06 12 34 56 78', 'FR', { e164: '+33612345678', valid: true, impliedRegion: 'FR' }],
    ['+44', 'FR', { e164: null, valid: false, impliedRegion: null }],
    ['+1 2', 'GB', { e164: null, valid: false, impliedRegion: null }],
    ['07400', 'GB', { e164: null, valid: false, impliedRegion: 'GB' }],
    ['', 'GB', { e164: null, valid: false, impliedRegion: null }],
    ['07400 123456', 'XX', { e164: null, valid: false, impliedRegion: null }],
  ])('%j in %s', (number, region, expected) => {
    expect(library.analyse(number, region)).toEqual(expected);
  });
});

describe('helpers', () => {
  it('draws flags from regional indicator symbols', () => {
    expect(flagOf('GB')).toBe('🇬🇧');
    expect(flagOf('fr')).toBe('🇫🇷');
  });

  it('folds case and accents for type-ahead', () => {
    expect(foldForSearch('Åland Islands')).toBe('aland islands');
    expect(foldForSearch('Réunion')).toBe('reunion');
  });

  it('loads the library lazily, once', async () => {
    const first = loadPhoneLibrary();
    expect(loadPhoneLibrary()).toBe(first);
    expect((await first).countries).toContainEqual({
      region: 'GB',
      name: 'United Kingdom',
      country_code: '44',
    });
  });
});
