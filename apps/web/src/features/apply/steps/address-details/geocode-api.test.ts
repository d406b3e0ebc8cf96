import { describe, expect, it } from 'vitest';
import { retrievePath } from './geocode-api';

describe('retrievePath', () => {
  const origin = 'http://localhost:3000';

  it('turns a site-relative retrieve_url into the API client’s path', () => {
    expect(retrievePath('/api/geocode/retrieve/pc%3ABS1%204DJ', origin)).toBe('geocode/retrieve/pc%3ABS1%204DJ');
    expect(retrievePath(`${origin}/api/geocode/retrieve/a1?x=1`, origin)).toBe('geocode/retrieve/a1?x=1');
  });

  it('refuses an address outside the API', () => {
    expect(() => retrievePath('https://finder.example/retrieve/a1', origin)).toThrow(/outside the API/);
    expect(() => retrievePath('/somewhere/else', origin)).toThrow(/outside the API/);
  });
});
