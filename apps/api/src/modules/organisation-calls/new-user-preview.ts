import type { Database } from '../../db/client.js';
import { documentScope, ENTRIES } from './documents.js';
import { latestDocumentContaining } from './repository.js';

/*
 * GET /organisation/email-templates/new-user/preview (platform-foundation §7): the email a new
 * user is sent, rendered as text with the values of the query string, for an administrator to
 * check the organisation's template before it goes out.
 */

/** The template's name: a template document whose `key` or `name` is this is the organisation's own. */
export const NEW_USER_TEMPLATE = 'new-user';

/** Used when the organisation has not written its own `new-user` template. */
export const DEFAULT_NEW_USER_TEMPLATE = {
  subject: 'Welcome to {{organisation_name}}',
  body: [
    'Hello {{first_name}},',
    '',
    'An account has been made for you at {{organisation_name}}.',
    'Sign in at {{login_url}} with this email address ({{email}}) to set your password and see your volunteering.',
    '',
    'Thank you,',
    '{{organisation_name}}',
  ].join('\n'),
} as const;

/** `{{ first_name }}`: a placeholder is a snake_case name in double braces, spaces allowed inside. */
const PLACEHOLDER = /\{\{\s*([a-z][a-z0-9_]{0,39})\s*\}\}/g;
/**
 * Replaces each `{{name}}` with its value. The answer is plain text, so nothing is escaped; a
 * placeholder without a value is left as written, so the preview shows what is still missing.
 * Values are inserted once: a value that itself looks like a placeholder is not expanded again.
 */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? whole) : whole,
  );
}

/** A template field as text, or null when the document does not hold it as text. */
function textField(body: Record<string, unknown>, ...names: string[]): string | null {
  for (const name of names) {
    const value = body[name];
    if (typeof value === 'string') {
      return value;
    }
  }
  return null;
}

/**
 * The preview text: `Subject: …`, a blank line, then the body, both rendered. The organisation's
 * own `new-user` template (the most recently changed `organisation.email-templates` document
 * whose `key` or `name` is `new-user`; its text in `body`, else `content`) or the built-in one.
 */
export async function newUserPreview(
  db: Database,
  organisation: { id: number; name: string },
  values: Readonly<Record<string, string>>,
): Promise<string> {
  const document = await latestDocumentContaining(
    db,
    documentScope(organisation.id, ENTRIES.emailTemplates),
    [{ key: NEW_USER_TEMPLATE }, { name: NEW_USER_TEMPLATE }],
  );
  const subject = (document && textField(document.body, 'subject')) ?? DEFAULT_NEW_USER_TEMPLATE.subject;
  const body = (document && textField(document.body, 'body', 'content')) ?? DEFAULT_NEW_USER_TEMPLATE.body;
  const filled = { organisation_name: organisation.name, ...values };
  return `Subject: ${renderTemplate(subject, filled).replace(/[\r\n]+/g, ' ')}\n\n${renderTemplate(body, filled)}`;
}
