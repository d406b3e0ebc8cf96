import { UnsecuredJWT } from 'jose';

/**
 * An unsigned JWT with the given claims, for tests: the client only decodes tokens, it never
 * verifies them, so the signature does not matter here.
 */
export function makeToken(claims: Record<string, unknown>): string {
  return new UnsecuredJWT(claims).encode();
}

/** A session token for a user holding `permissions`, in an organisation with `organisation` fields. */
export function makeSessionToken(permissions: string[], organisation: Record<string, unknown> = {}): string {
  return makeToken({
    user: {
      id: 7,
      display_name: 'Ann Example',
      organisation: { id: 1, name: 'Org', ...organisation },
      permissions,
    },
    environment: 'test',
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
}
