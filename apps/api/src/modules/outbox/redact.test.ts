import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact.js';

describe('redactSecrets', () => {
  it('reduces links to their origin, in text and in HTML attributes', () => {
    const text =
      'Reset it here: https://muster.example/password/reset/abc123TOKEN?x=1#y and <a href="https://muster.example/login-link/zz">sign in</a>.';
    const redacted = redactSecrets(text);
    expect(redacted).not.toContain('abc123TOKEN');
    expect(redacted).not.toContain('login-link/zz');
    expect(redacted).toContain('https://muster.example/[link removed]');
    expect(redacted).toContain('<a href="https://muster.example/[link removed]">sign in</a>');
  });

  it('removes stand-alone codes but keeps dates and years', () => {
    const redacted = redactSecrets('Your code is 483920. Sent on 2026-11-24 at 10:30.');
    expect(redacted).toContain('Your code is [code removed].');
    expect(redacted).toContain('2026-11-24');
    expect(redacted).not.toContain('483920');
  });

  it('leaves a message without secrets as it was', () => {
    expect(redactSecrets('Thank you for applying to Beach clean.')).toBe('Thank you for applying to Beach clean.');
  });
});
