import { describe, expect, it } from 'vitest';
import { readCookieSettings } from './cookie-settings';

const cookie = (value: unknown) => `other=1; cookie_settings=${encodeURIComponent(JSON.stringify(value))}; last=2`;

describe('readCookieSettings', () => {
  it('reads the functional and analytical flags from the JSON cookie', () => {
    expect(readCookieSettings(() => cookie({ functional: true, analytical: false }))).toEqual({
      functional: true,
      analytical: false,
    });
    expect(readCookieSettings(() => cookie({ functional: false, analytical: true }))).toEqual({
      functional: false,
      analytical: true,
    });
  });

  it('reads document.cookie by default', () => {
    document.cookie = `cookie_settings=${encodeURIComponent(JSON.stringify({ functional: true, analytical: true }))}`;
    try {
      expect(readCookieSettings()).toEqual({ functional: true, analytical: true });
    } finally {
      document.cookie = 'cookie_settings=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it('falls back to both false when the cookie is missing, malformed or blocked', () => {
    const none = { functional: false, analytical: false };
    expect(readCookieSettings(() => 'other=1')).toEqual(none);
    expect(readCookieSettings(() => 'cookie_settings={not json')).toEqual(none);
    expect(readCookieSettings(() => cookie([true, true]))).toEqual(none);
    expect(readCookieSettings(() => cookie({ functional: 'yes', analytical: 1 }))).toEqual(none);
    expect(
      readCookieSettings(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }),
    ).toEqual(none);
  });
});
