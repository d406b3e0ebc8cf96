import { describe, expect, it } from 'vitest';
import { uniqueOrganisationName } from './organisation.js';

describe('uniqueOrganisationName', () => {
  it('holds no digits, so a code read from an email is never taken from the name', () => {
    const names = Array.from({ length: 2000 }, uniqueOrganisationName);
    for (const name of names) {
      expect(name).not.toMatch(/\d/);
    }
    expect(new Set(names).size).toBe(names.length);
  });
});
