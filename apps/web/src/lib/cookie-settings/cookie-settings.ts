/** The visitor's cookie choices (platform-foundation §3). */
export type CookieSettings = { functional: boolean; analytical: boolean };

/** Name of the cookie holding the choices as JSON, e.g. `{"functional":true,"analytical":false}`. */
export const COOKIE_SETTINGS_NAME = 'cookie_settings';

const NONE: CookieSettings = { functional: false, analytical: false };

function documentCookie(): string {
  return document.cookie;
}

/**
 * Reads the cookie choices. Anything that cannot be read — no cookie, malformed JSON, a value
 * that is not an object, or cookies blocked (reading `document.cookie` throws) — means functional
 * false and analytical false (platform-foundation §5). Only a JSON `true` turns a flag on.
 */
export function readCookieSettings(readCookies: () => string = documentCookie, name = COOKIE_SETTINGS_NAME): CookieSettings {
  let raw: string | undefined;
  try {
    const cookies = readCookies();
    for (const part of cookies.split(';')) {
      const separator = part.indexOf('=');
      if (separator !== -1 && part.slice(0, separator).trim() === name) {
        raw = part.slice(separator + 1).trim();
        break;
      }
    }
  } catch {
    return { ...NONE };
  }
  if (raw === undefined || raw === '') {
    return { ...NONE };
  }
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { ...NONE };
    }
    const record = value as Record<string, unknown>;
    return { functional: record.functional === true, analytical: record.analytical === true };
  } catch {
    return { ...NONE };
  }
}
