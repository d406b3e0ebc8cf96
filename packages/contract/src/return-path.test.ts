import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.js';

const origin = 'https://muster.example';

describe('safeReturnPath', () => {
  it.each([
    ['/portal', '/portal'],
    ['/apply/5?step=2', '/apply/5?step=2'],
    [`${origin}/portal?x=1`, '/portal?x=1'],
    [origin, '/'],
    ['/a/../portal', '/portal'],
    ['/%2e/portal', '/portal'],
  ])('keeps %j on our origin as %j', (value, expected) => {
    expect(safeReturnPath(value, origin, '/fallback')).toBe(expected);
  });

  // Issue 10, finding 1: each of these used to come back as `//evil.tld`.
  it.each([
    '/.//evil.tld',
    '/..//evil.tld',
    '/%2e//evil.tld',
    '/%2E%2E//evil.tld',
    '/./..//evil.tld/x?y=1',
    '/\\evil.tld',
    '/%5cevil.tld',
    '/%5C%5Cevil.tld',
    '/%2f%2fevil.tld',
    '/%2F/evil.tld',
    '\\\\evil.tld',
    '//evil.tld/x',
    'https://evil.tld/',
    'http://muster.example/portal',
    'https://muster.example.evil.tld/',
    'https://muster.example@evil.tld/',
    'javascript:alert(1)',
    'data:text/html,hi',
    'portal',
    '/por\ntal',
    '/\t/evil.tld',
    undefined,
    null,
    '',
  ])('sends %j to the fallback', (value) => {
    expect(safeReturnPath(value, origin, '/fallback')).toBe('/fallback');
  });

  it('keeps the fragment only when asked', () => {
    expect(safeReturnPath('/apply/1#step=2', origin, '/')).toBe('/apply/1');
    expect(safeReturnPath('/apply/1#step=2', origin, '/', { keepHash: true })).toBe('/apply/1#step=2');
  });

  it('judges the normalised path, so nothing it returns leaves the origin', () => {
    const tricky = ['/.//a', '/..//b', '/%2e//c', '/x/..//d', '/%2e%2e/%2e%2e//e'];
    for (const value of tricky) {
      const result = safeReturnPath(value, origin, '/fallback');
      expect(new URL(result, origin).origin).toBe(origin);
      expect(result.startsWith('//')).toBe(false);
    }
  });
});
