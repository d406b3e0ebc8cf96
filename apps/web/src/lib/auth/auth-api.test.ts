import { describe, expect, it, vi } from 'vitest';
import { createTokenStore } from '../api/token-store';
import { safeIntendedPath, signOut } from './auth-api';

describe('safeIntendedPath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeIntendedPath('/apply/12?ref=apply#step=2')).toBe('/apply/12?ref=apply#step=2');
    expect(safeIntendedPath('/portal/user/me')).toBe('/portal/user/me');
  });

  it('falls back to /portal for anything that could leave the site', () => {
    for (const intended of [
      null,
      '',
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      'portal',
      // Paths that normalise to `//evil.example` (issue 10, finding 1).
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/%5cevil.example',
    ]) {
      expect(safeIntendedPath(intended)).toBe('/portal');
    }
  });
});

describe('signOut', () => {
  it('forgets the token and posts /auth/logout with return and the token', () => {
    const tokens = createTokenStore({ storage: null });
    tokens.set('session-token');
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    try {
      signOut(tokens, '/apply/3');
      expect(tokens.get()).toBeNull();
      expect(submit).toHaveBeenCalledTimes(1);
      const form = submit.mock.contexts[0] as HTMLFormElement;
      expect(form.method).toBe('post');
      expect(new URL(form.action).pathname).toBe('/auth/logout');
      expect(Object.fromEntries(new FormData(form))).toEqual({ return: '/apply/3', token: 'session-token' });
    } finally {
      submit.mockRestore();
    }
  });

  it('never returns to another site', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    try {
      signOut(createTokenStore({ storage: null }), 'https://evil.example/');
      const form = document.body.lastElementChild as HTMLFormElement;
      expect(Object.fromEntries(new FormData(form))).toEqual({ return: '/' });
    } finally {
      submit.mockRestore();
    }
  });
});
