import { describe, expect, it } from 'vitest';
import {
  FINDER_PAGE_SIZE,
  finderHref,
  finderRequest,
  readFinderQuery,
  type FinderQuery,
} from './finder-query';

const read = (search: string) => readFinderQuery(new URLSearchParams(search));
const EMPTY: FinderQuery = { search: '', country: '', county: '', page: 1 };

describe('readFinderQuery', () => {
  it('reads the search, country, county and page of the address', () => {
    expect(read('search=+beach+&country=gb&county=Cumbria&page=3')).toEqual({
      search: 'beach',
      country: 'GB',
      county: 'Cumbria',
      page: 3,
    });
  });

  it('falls back to no filter and page 1 for values the API would refuse', () => {
    expect(read('')).toEqual(EMPTY);
    expect(read('page=0')).toEqual(EMPTY);
    expect(read('page=2.5')).toEqual(EMPTY);
    expect(read('page=two')).toEqual(EMPTY);
    expect(read('country=United+Kingdom&county=Cumbria')).toEqual(EMPTY);
    expect(read(`search=${'a'.repeat(150)}`).search).toHaveLength(100);
  });

  it('drops a county without a country', () => {
    expect(read('county=Cumbria')).toEqual(EMPTY);
  });
});

describe('finderHref', () => {
  it('writes only what differs from the defaults', () => {
    expect(finderHref(EMPTY)).toBe('/');
    expect(finderHref({ ...EMPTY, page: 1, search: 'beach clean' })).toBe('/?search=beach+clean');
    expect(finderHref({ search: 'x', country: 'GB', county: 'Cumbria', page: 2 })).toBe(
      '/?search=x&country=GB&county=Cumbria&page=2',
    );
  });

  it('round-trips through readFinderQuery', () => {
    const query: FinderQuery = { search: 'dry stone', country: 'IE', county: 'Kerry', page: 4 };
    expect(read(finderHref(query).slice(2))).toEqual(query);
  });
});

describe('finderRequest', () => {
  it('asks the opportunities list without a place, the residential list with one', () => {
    expect(finderRequest({ ...EMPTY, search: 'beach', page: 2 })).toEqual({
      list: 'opportunities',
      query: { search: 'beach', page: 2, per_page: FINDER_PAGE_SIZE },
    });
    expect(finderRequest({ ...EMPTY, country: 'GB', county: 'Cumbria' })).toEqual({
      list: 'residential',
      query: { search: undefined, page: 1, per_page: FINDER_PAGE_SIZE, country: 'GB', county: 'Cumbria' },
    });
  });
});
