/*
 * What the applicant typed, read for the built-in finder: a (partial) UK postcode, or words of an
 * address turned into a full-text query. Pure functions, no database.
 */

/** A full UK postcode without its space: outward code (`BS1`, `SW1A`) then inward code (`4DJ`). */
const FULL_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;
/** Typed without a space: an outward code, then possibly the start of the inward code. */
const UNSPACED_PREFIX = /^[A-Z]{1,2}\d[A-Z\d]?(\d[A-Z]{0,2})?$/;
/** Typed with a space: the outward code is exactly the part before it. */
const SPACED_PREFIX = /^([A-Z]{1,2}\d[A-Z\d]?) (\d[A-Z]{0,2})$/;

/** A postcode search: keys starting with `prefix`, optionally with an outward code of known length. */
export type PostcodeQuery = {
  /** Upper case, no spaces: the start of `addresses.postcode_key`. */
  prefix: string;
  /** Length of the outward code when the applicant separated it ("BS1 4" is BS1, never BS14). */
  outwardLength: number | null;
  /** The query is one whole postcode. */
  full: boolean;
};

/** Upper case without any white space: how postcodes are compared (`bs1 4dj` → `BS14DJ`). */
export function postcodeKey(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}

/**
 * Reads a query as a UK postcode or the start of one (from an outward code such as `BS1`, `SW1A`
 * on: a lone area such as `BS` is read as words), or null when it is not one.
 */
export function parsePostcodeQuery(text: string): PostcodeQuery | null {
  const upper = text.trim().toUpperCase().replace(/\s+/g, ' ');
  const spaced = SPACED_PREFIX.exec(upper);
  if (spaced?.[1] && spaced[2] !== undefined) {
    return {
      prefix: `${spaced[1]}${spaced[2]}`,
      outwardLength: spaced[1].length,
      full: spaced[2].length === 3,
    };
  }
  if (!UNSPACED_PREFIX.test(upper)) {
    return null;
  }
  const full = FULL_POSTCODE.exec(upper);
  return { prefix: upper, outwardLength: full?.[1] ? full[1].length : null, full: full !== null };
}

/** A postcode as the post office writes it (`bs14dj` → `BS1 4DJ`); others upper-cased as they are. */
export function formatPostcode(postcode: string): string {
  const key = postcodeKey(postcode);
  const full = FULL_POSTCODE.exec(key);
  return full?.[1] && full[2] ? `${full[1]} ${full[2]}` : postcode.trim().toUpperCase();
}

/** Common abbreviations of UK street types, matched as either form ("10 high st" finds High Street). */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  st: 'street',
  rd: 'road',
  ave: 'avenue',
  av: 'avenue',
  ln: 'lane',
  cl: 'close',
  cres: 'crescent',
  dr: 'drive',
  pl: 'place',
  sq: 'square',
  gdns: 'gardens',
  ter: 'terrace',
  terr: 'terrace',
  ct: 'court',
  pk: 'park',
  gr: 'grove',
  grn: 'green',
  mt: 'mount',
};

/**
 * Words that end a street name. Common enough (one address in ten is on a Road) that matching
 * them as prefixes would be slow; typed in full they are matched exactly.
 */
const STREET_TYPES = new Set([
  ...Object.values(ABBREVIATIONS),
  'way',
  'row',
  'walk',
  'hill',
  'view',
  'rise',
  'parade',
  'quay',
  'wharf',
]);

/** Words beyond this many are ignored: they would only narrow an already narrow search. */
const MAX_WORDS = 8;

/**
 * The words of a query as `to_tsquery('simple', …)` texts, every word required, to try in turn
 * until one finds something:
 * 1. the words before the last as typed (finished words: exact matches keep the index fast), the
 *    last as a prefix (the applicant may stop mid-word: "bris" finds Bristol);
 * 2. when that differs, every word as a prefix ("hig stre" finds High Street), except whole
 *    numbers before the last word, which are house numbers (10 is not 101).
 * A street type (Road, Close) or its abbreviation (rd, cl) matches either form, exactly. Only
 * letters and digits reach the queries, so nothing typed can change their syntax. Empty when
 * there is no word.
 */
export function textSearchQueries(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
  if (words.length === 0) {
    return [];
  }
  const query = (allPrefixes: boolean) =>
    words
      .map((word, index) => {
        const last = index === words.length - 1;
        const full = ABBREVIATIONS[word];
        if (full) {
          return allPrefixes ? `(${word}:* | ${full})` : `(${word} | ${full})`;
        }
        if (STREET_TYPES.has(word) && !allPrefixes) {
          return word;
        }
        const exact = last ? false : allPrefixes ? /^\d+$/.test(word) : true;
        return exact ? word : `${word}:*`;
      })
      .join(' & ');
  const strict = query(false);
  const loose = query(true);
  return strict === loose ? [strict] : [strict, loose];
}
