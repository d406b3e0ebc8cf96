import { describe, expect, it } from 'vitest';
import { can, decodeSession } from './session';
import { makeSessionToken, makeToken } from './test-tokens';

describe('decodeSession', () => {
  it('reads user, organisation, permissions, environment and expiry from the token', () => {
    const session = decodeSession(makeSessionToken(['view-users'], { package_features: { rotas: 3 } }));
    expect(session).toMatchObject({
      user: {
        id: 7,
        display_name: 'Ann Example',
        organisation: { id: 1, package_features: { rotas: 3 } },
        permissions: ['view-users'],
      },
      environment: 'test',
    });
    expect(session?.exp).toEqual(expect.any(Number));
  });

  it('tells whether the sign-in is held until two-factor is set up', () => {
    expect(decodeSession(makeSessionToken([]))?.twoFactorEnrolmentRequired).toBe(false);
    const held = makeToken({
      user: { id: 7, permissions: [] },
      two_factor_enrolment_required: true,
    });
    expect(decodeSession(held)?.twoFactorEnrolmentRequired).toBe(true);
  });

  it('is null for no token, garbage, or a token without a permission list', () => {
    expect(decodeSession(null)).toBeNull();
    expect(decodeSession('not-a-jwt')).toBeNull();
    expect(decodeSession(makeToken({ user: { organisation: {} } }))).toBeNull();
  });
});

describe('can', () => {
  it('is true only for a permission the user holds', () => {
    const session = decodeSession(makeSessionToken(['view-users', 'view-related-hierarchy-touchpoints']));
    expect(can(session, 'view-users')).toBe(true);
    expect(can(session, 'view-related-hierarchy-touchpoints')).toBe(true);
    expect(can(session, 'edit-users')).toBe(false);
    expect(can(null, 'view-users')).toBe(false);
  });
});
