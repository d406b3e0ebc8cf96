import { createHmac, timingSafeEqual } from 'node:crypto';
import { EPHEMERAL_FILE_LIFETIME_MS } from '@muster/contract';

/**
 * What a signed file link lets its holder read:
 * - `upload`: the answer to an upload, for the uploader (who may be anonymous); valid only while
 *   the file is still ephemeral and unattached, and at most for the ephemeral lifetime;
 * - `view`: a file the API has just shown to someone allowed to see it (their own profile, an
 *   application they proved to be theirs); valid for {@link VIEW_LINK_TTL_MS}.
 */
export type FileLinkScope = 'upload' | 'view';

/** How long a `view` link works: long enough for a page to show a photo or offer a download. */
export const VIEW_LINK_TTL_MS = 60 * 60 * 1000;

const SCOPE_CODES: Record<FileLinkScope, string> = { upload: 'u', view: 'v' };
const SCOPES_BY_CODE = new Map(Object.entries(SCOPE_CODES).map(([scope, code]) => [code, scope as FileLinkScope]));

/** Signs and checks file links (`/api/files/{id}?access=…`). */
export type FileUrlSigner = {
  /** The link to `fileId` of the organisation with `scope`, expiring after the scope's lifetime from `now`. */
  url(organisationId: number, fileId: string, scope: FileLinkScope, now?: Date): string;
  /** The scope `access` grants for this file, or null when it is forged, for another file or expired. */
  verify(organisationId: number, fileId: string, access: string, now?: Date): FileLinkScope | null;
};

/**
 * A file link signer over a key derived from the server's signing secret (`app.auth.codeKey`).
 * Browsers show photos with `<img src>` and offer documents with `<a href>`, which cannot carry
 * the bearer token: the link itself carries a short-lived HMAC of (scope, organisation, file,
 * expiry), handed out only by an answer that was itself authorised.
 */
export function createFileUrlSigner(secret: string): FileUrlSigner {
  const key = createHmac('sha256', secret).update('muster:file-links').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const payloadOf = (code: string, organisationId: number, fileId: string, expires: string) =>
    `${code}.${organisationId}.${fileId.toLowerCase()}.${expires}`;
  return {
    url(organisationId, fileId, scope, now = new Date()) {
      const lifetime = scope === 'upload' ? EPHEMERAL_FILE_LIFETIME_MS : VIEW_LINK_TTL_MS;
      const expires = String(Math.floor((now.getTime() + lifetime) / 1000));
      const code = SCOPE_CODES[scope];
      const access = `${code}.${expires}.${mac(payloadOf(code, organisationId, fileId, expires))}`;
      return `/api/files/${fileId}?access=${access}`;
    },
    verify(organisationId, fileId, access, now = new Date()) {
      const match = /^([a-z])\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(access);
      const scope = match ? SCOPES_BY_CODE.get(match[1] ?? '') : undefined;
      if (!match || !scope) {
        return null;
      }
      const [, code = '', expires = '', signature = ''] = match;
      const expected = Buffer.from(mac(payloadOf(code, organisationId, fileId, expires)));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return null;
      }
      return Number(expires) * 1000 > now.getTime() ? scope : null;
    },
  };
}
