import type * as PhoneCore from 'libphonenumber-js';
import type { CountryCode, Examples } from 'libphonenumber-js';
import { yieldToBrowser } from '../../../lib/yield/yield-to-browser';

/** Default telephone region (applicant-flow §3.7, §9). */
export const DEFAULT_REGION = 'GB';

/** One entry of the country list (applicant-flow §3.7): two-letter region, English name, dial code. */
export interface Country {
  region: string;
  name: string;
  /** Dial code without the plus, e.g. "44". */
  country_code: string;
}

/** What the widget learns from the number text in a region. */
export interface PhoneAnalysis {
  /** E.164 form (e.g. "+447400123456") when the number is valid, else null. */
  e164: string | null;
  valid: boolean;
  /** The single country the number implies when it names one (an international number), else null. */
  impliedRegion: string | null;
}

/** The telephone metadata, loaded on first use. */
export interface PhoneLibrary {
  /** Every country libphonenumber knows, sorted by English name. */
  countries: Country[];
  isRegion(region: string): boolean;
  /** The region's example national mobile number, else the United Kingdom's. */
  placeholderFor(region: string): string;
  analyse(number: string, region: string): PhoneAnalysis;
}

type Core = Pick<
  typeof PhoneCore,
  | 'getCountries'
  | 'getCountryCallingCode'
  | 'getExampleNumber'
  | 'isSupportedCountry'
  | 'parsePhoneNumberFromString'
  | 'AsYouType'
>;

/** Builds the country list: regions from the metadata, names from `Intl.DisplayNames`, sorted by name. */
export function buildCountryList(
  regions: readonly string[],
  dialCode: (region: string) => string,
  displayNames: Pick<Intl.DisplayNames, 'of'> = new Intl.DisplayNames(['en'], { type: 'region' }),
): Country[] {
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  return regions
    .map((region) => ({ region, name: displayNames.of(region) ?? region, country_code: dialCode(region) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** Builds the library from the loaded modules; kept apart from the import so tests can feed it. */
export function buildPhoneLibrary(core: Core, examples: Examples): PhoneLibrary {
  const countries = buildCountryList(core.getCountries(), (region) =>
    core.getCountryCallingCode(region as CountryCode),
  );
  const isRegion = (region: string): region is CountryCode => core.isSupportedCountry(region);
  const example = (region: string): string | undefined =>
    isRegion(region) ? core.getExampleNumber(region, examples)?.formatNational() : undefined;

  return {
    countries,
    isRegion,
    placeholderFor: (region) => example(region) ?? example(DEFAULT_REGION) ?? '',
    analyse(number, region) {
      const text = number.trim();
      if (text === '' || !isRegion(region)) {
        return { e164: null, valid: false, impliedRegion: null };
      }
      // The as-you-type reader names a country only once the digits point to exactly one
      // (`+33` is France, `+44` alone is not yet the United Kingdom).
      const typer = new core.AsYouType(region);
      typer.input(text);
      const implied = typer.getCountry() ?? null;
      const effective = implied ?? region;
      const parsed = core.parsePhoneNumberFromString(text, effective);
      const valid = parsed?.isValid() ?? false;
      return { e164: valid && parsed ? parsed.number : null, valid, impliedRegion: implied };
    },
  };
}

let loading: Promise<PhoneLibrary> | null = null;
let loaded: PhoneLibrary | null = null;

/** The library when an earlier `loadPhoneLibrary()` has finished, so later widgets skip the spinner. */
export function getLoadedPhoneLibrary(): PhoneLibrary | null {
  return loaded;
}

/**
 * Loads libphonenumber-js and its mobile examples on first use. They are imported only here, and
 * only dynamically, so that their metadata stays out of the initial bundle (scripts/size-budget.mjs
 * checks it).
 */
export function loadPhoneLibrary(): Promise<PhoneLibrary> {
  loading ??= Promise.all([import('libphonenumber-js'), import('libphonenumber-js/mobile/examples')])
    .then(async ([core, examples]) => {
      // The country list (the first Intl.DisplayNames of a page is slow) in a task of its own,
      // apart from the modules' evaluation: each is short, together they blocked a slow phone.
      await yieldToBrowser();
      loaded = buildPhoneLibrary(core, examples.default);
      return loaded;
    })
    .catch((error: unknown) => {
      // Let a later mount try again (e.g. after a network hiccup fetching the chunk).
      loading = null;
      throw error;
    });
  return loading;
}

/** The flag emoji of a two-letter region, from its regional indicator symbols. */
export function flagOf(region: string): string {
  return String.fromCodePoint(
    ...[...region.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65),
  );
}

/** Lower case without accents, so "åland" is found by typing "aland". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
