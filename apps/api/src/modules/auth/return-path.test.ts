import { describe, expect, it } from 'vitest';
import { safeReturnPath, withTokenFragment } from './return-path.js';

const origin = 'https://muster.example';

describe('safeReturnPath', () => {
  it.each([
    ['/portal', '/portal'],
    ['/apply/5?step=2', '/apply/5?step=2'],
    [`${origin}/portal?x=1`, '/portal?x=1'],
    [origin, '/'],
  ])('keeps %j on our origin as %j', (value, expected) => {
    expect(safeReturnPath(value, origin, '/fallback')).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'portal',
    'https://muster.example.evil.example/',
    'http://muster.example/portal',
    '/por\ntal',
    undefined,
    '',
  ])('sends %j to the fallback', (value) => {
    expect(safeReturnPath(value, origin, '/fallback')).toBe('/fallback');
  });
});

describe('withTokenFragment', () => {
  it('puts the token in the fragment, never the query', () => {
    const url = new URL(withTokenFragment('/portal?x=1', 'a.b.c'), origin);
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.hash).toBe('#token=a.b.c');
  });
});
