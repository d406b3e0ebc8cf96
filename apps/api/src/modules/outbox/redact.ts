/*
 * What the outbox keeps of a message once a transport has accepted it (issue 10, finding 10):
 * the audit needs to show that a link or a code left, never the link or code itself, which
 * would still open an account while it is valid.
 */

/** http(s) addresses, in text or inside an HTML attribute; stops at whitespace, quotes and angle brackets. */
const URL_PATTERN = /\bhttps?:\/\/[^\s"'<>]+/gi;
/** Sign-in and verification codes: runs of six to eight digits standing alone. */
const CODE_PATTERN = /(?<![\d-])\d{6,8}(?![\d-])/g;

/** The redacted form of a link: its origin stays (which install sent it), the rest goes. */
function redactUrl(url: string): string {
  try {
    return `${new URL(url).origin}/[link removed]`;
  } catch {
    return '[link removed]';
  }
}

/**
 * `body` with every link reduced to its origin and every stand-alone six-to-eight-digit code
 * replaced, so the stored copy of a sent message can no longer be used to sign in or reset.
 */
export function redactSecrets(body: string): string {
  return body.replace(URL_PATTERN, redactUrl).replace(CODE_PATTERN, '[code removed]');
}
