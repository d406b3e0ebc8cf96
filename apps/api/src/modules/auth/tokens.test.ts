import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, tokenAudiences, type TokenKind } from './tokens.js';

const secret = 'a-test-secret-of-at-least-thirty-two-characters';
const issuer = 'https://muster.example';
const tokens = createTokenService(secret, issuer);
const kinds = Object.keys(tokenAudiences) as TokenKind[];
const inAMinute = () => new Date(Date.now() + 60_000);

const sign = (kind: TokenKind) =>
  tokens.sign(kind, { subject: '7', jti: randomUUID(), expiresAt: inAMinute() });

describe('token kinds', () => {
  it('gives every kind its own audience', () => {
    expect(new Set(Object.values(tokenAudiences)).size).toBe(kinds.length);
  });

  it.each(kinds)('accepts a %s token only where a %s token is expected', async (kind) => {
    const token = await sign(kind);
    for (const expected of kinds) {
      const verified = await tokens.verify(expected, token);
      if (expected === kind) {
        expect(verified).toMatchObject({ kind, sub: '7', iss: issuer, aud: tokenAudiences[kind] });
      } else {
        expect(verified, `${kind} accepted as ${expected}`).toBeNull();
      }
    }
  });

  it('refuses a token whose kind claim disagrees with its audience', async () => {
    const key = new TextEncoder().encode(secret);
    const mixed = await new SignJWT({ kind: 'session' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(issuer)
      .setAudience(tokenAudiences.login_link)
      .setSubject('7')
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(key);
    expect(await tokens.verify('session', mixed)).toBeNull();
    expect(await tokens.verify('login_link', mixed)).toBeNull();
  });
});

describe('verification', () => {
  it('refuses alg none', async () => {
    const unsigned = new UnsecuredJWT({ kind: 'session' })
      .setIssuer(issuer)
      .setAudience(tokenAudiences.session)
      .setSubject('7')
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('1m')
      .encode();
    expect(await tokens.verify('session', unsigned)).toBeNull();
  });

  it('refuses a token signed with another secret, or by another issuer', async () => {
    const other = createTokenService('another-secret-of-at-least-thirty-two-chars', issuer);
    expect(
      await tokens.verify(
        'session',
        await other.sign('session', { subject: '7', jti: randomUUID(), expiresAt: inAMinute() }),
      ),
    ).toBeNull();
    const elsewhere = createTokenService(secret, 'https://elsewhere.example');
    expect(
      await tokens.verify(
        'session',
        await elsewhere.sign('session', { subject: '7', jti: randomUUID(), expiresAt: inAMinute() }),
      ),
    ).toBeNull();
  });

  it('refuses an expired token unless renewal asks for grace', async () => {
    const expired = await tokens.sign('session', {
      subject: '7',
      jti: randomUUID(),
      expiresAt: new Date(Date.now() - 5000),
    });
    expect(await tokens.verify('session', expired)).toBeNull();
    expect(await tokens.verify('session', expired, { expiredGraceSeconds: 60 })).not.toBeNull();
  });

  it('refuses an HS512 token even with the right key (algorithm allowlist)', async () => {
    const hs512 = await new SignJWT({ kind: 'session' })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer(issuer)
      .setAudience(tokenAudiences.session)
      .setSubject('7')
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(secret));
    expect(await tokens.verify('session', hs512)).toBeNull();
  });

  it('refuses garbage', async () => {
    for (const junk of ['', 'abc', 'a.b.c', '....']) {
      expect(await tokens.verify('session', junk)).toBeNull();
    }
  });
});

describe('standard tokens (signed by fast-jwt; jose, another implementation, checks them here)', () => {
  const key = new TextEncoder().encode(secret);
  /** A session token as jose signs it, with `drop` left out of its registered claims. */
  const joseToken = (drop?: 'iss' | 'aud') => {
    const token = new SignJWT({ kind: 'session' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('7')
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('1m');
    if (drop !== 'iss') {
      token.setIssuer(issuer);
    }
    if (drop !== 'aud') {
      token.setAudience(tokenAudiences.session);
    }
    return token.sign(key);
  };

  it('signs an HS256 JWT that a standard verifier accepts, with the claims it was given', async () => {
    const issuedAt = new Date('2026-11-30T09:00:00Z');
    const expiresAt = new Date('2026-11-30T10:00:00Z');
    const jti = randomUUID();
    const token = await tokens.sign('login_link', {
      subject: '7',
      jti,
      issuedAt,
      expiresAt,
      claims: { redirect: '/portal' },
    });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer,
      audience: tokenAudiences.login_link,
      currentDate: new Date('2026-11-30T09:30:00Z'),
    });
    expect(payload).toEqual({
      redirect: '/portal',
      kind: 'login_link',
      iss: issuer,
      aud: tokenAudiences.login_link,
      sub: '7',
      jti,
      iat: issuedAt.getTime() / 1000,
      exp: expiresAt.getTime() / 1000,
    });
  });

  it('accepts a token another implementation signed with the secret (tokens issued before a deploy stay good)', async () => {
    expect(await tokens.verify('session', await joseToken())).toMatchObject({ kind: 'session', sub: '7' });
  });

  it.each(['iss', 'aud'] as const)('refuses a token without its %s claim', async (claim) => {
    expect(await tokens.verify('session', await joseToken(claim))).toBeNull();
  });
});
