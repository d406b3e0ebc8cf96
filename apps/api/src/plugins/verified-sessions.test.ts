import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenService, VerifiedToken } from '../modules/auth/tokens.js';
import { rememberVerifiedSessions } from './auth.js';

// Issue 13: a session token's signature is checked once, then kept until the token expires; its
// expiry is still read against the clock on every use, and other checks pass straight through.

afterEach(() => {
  vi.useRealTimers();
});

const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);

/** A token service whose `verify` accepts every token, expiring `lifetime` seconds after NOW. */
function stubTokens(lifetime = 60) {
  const verify = vi.fn<TokenService['verify']>(
    async (kind, token) =>
      ({
        kind,
        sub: '7',
        jti: token,
        iat: NOW / 1000,
        exp: NOW / 1000 + lifetime,
      }) satisfies VerifiedToken,
  );
  const tokens: TokenService = { sign: async () => 'signed', verify };
  return { tokens, verify };
}

describe('rememberVerifiedSessions', () => {
  it('checks a session token once and answers the kept claims until it expires', async () => {
    vi.useFakeTimers({ now: NOW });
    const { tokens, verify } = stubTokens(60);
    const remembered = rememberVerifiedSessions(tokens);
    const first = await remembered.verify('session', 'token-a');
    expect(await remembered.verify('session', 'token-a')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(verify).toHaveBeenCalledTimes(1);
    vi.setSystemTime(NOW + 59_999);
    expect(await remembered.verify('session', 'token-a')).toBe(first);
    expect(verify).toHaveBeenCalledTimes(1);
    // Expired: the kept claims are dropped and the token goes to the real check again.
    vi.setSystemTime(NOW + 60_000);
    verify.mockResolvedValueOnce(null);
    expect(await remembered.verify('session', 'token-a')).toBeNull();
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing for a refused token, another kind or a check with a grace period', async () => {
    vi.useFakeTimers({ now: NOW });
    const { tokens, verify } = stubTokens();
    const remembered = rememberVerifiedSessions(tokens);
    verify.mockResolvedValueOnce(null);
    expect(await remembered.verify('session', 'forged')).toBeNull();
    await remembered.verify('session', 'forged');
    await remembered.verify('interim', 'interim-token');
    await remembered.verify('interim', 'interim-token');
    await remembered.verify('session', 'renewed', { expiredGraceSeconds: 3600 });
    await remembered.verify('session', 'renewed', { expiredGraceSeconds: 3600 });
    expect(verify).toHaveBeenCalledTimes(6);
  });

  it('keeps at most the given number of tokens, forgetting the least recently used first', async () => {
    vi.useFakeTimers({ now: NOW });
    const { tokens, verify } = stubTokens();
    const remembered = rememberVerifiedSessions(tokens, 2);
    await remembered.verify('session', 'one');
    await remembered.verify('session', 'two');
    await remembered.verify('session', 'three');
    expect(verify).toHaveBeenCalledTimes(3);
    await remembered.verify('session', 'three');
    await remembered.verify('session', 'two');
    expect(verify).toHaveBeenCalledTimes(3);
    await remembered.verify('session', 'one');
    expect(verify).toHaveBeenCalledTimes(4);
  });
});
