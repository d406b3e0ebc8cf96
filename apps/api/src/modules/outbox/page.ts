import type { OutboxMessage } from './service.js';

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML element body or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

// http(s) links only: a stored body must never become a javascript: or data: link.
const linkPattern = /https?:\/\/[^\s<>"']+/g;
// Sentence punctuation after a link belongs to the sentence, not the link.
const trailingPunctuation = /[.,;:!?)\]}]+$/;

/** Escapes a plain-text body and turns its http(s) links into anchors, so a person can follow them. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const start = match.index;
    const url = match[0].replace(trailingPunctuation, '');
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

const styles = `
body { font-family: system-ui, sans-serif; margin: 0; color: #1b1b1b; background: #fff; }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem; }
h1 { margin-top: 0; }
form { margin: 1rem 0; display: flex; gap: 0.5rem; align-items: end; flex-wrap: wrap; }
label { display: flex; flex-direction: column; gap: 0.25rem; font-weight: 600; }
input { font: inherit; padding: 0.375rem 0.5rem; border: 1px solid #505a5f; }
button { font: inherit; padding: 0.4rem 0.9rem; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; font-weight: 600; padding: 0.5rem 0; }
th, td { border-bottom: 1px solid #b1b4b6; padding: 0.5rem; text-align: left; vertical-align: top; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font-size: 0.875rem; }
a { color: #1d4f91; }
a:focus, input:focus, button:focus { outline: 3px solid #fd0; outline-offset: 0; }
.failed { color: #a4191a; }
`;

/** Human words for where a message went. */
function statusOf(message: OutboxMessage): string {
  if (message.error !== null) {
    return `<span class="failed">Not delivered: ${escapeHtml(message.error)}</span>`;
  }
  if (message.transport === 'store') {
    return 'Stored only';
  }
  const via = message.transport === 'smtp' ? 'SMTP' : 'SMS provider';
  return message.sentAt ? `Sent through ${via}` : `Sending through ${via}`;
}

function row(message: OutboxMessage): string {
  const iso = message.createdAt.toISOString();
  return `<tr>
<td><time datetime="${iso}">${escapeHtml(iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></td>
<td>${message.channel === 'sms' ? 'SMS' : 'Email'}</td>
<td>${escapeHtml(message.to)}</td>
<td>${message.subject === null ? '<span aria-label="No subject">–</span>' : escapeHtml(message.subject)}</td>
<td><pre>${linkify(message.text)}</pre></td>
<td>${statusOf(message)}</td>
</tr>`;
}

/**
 * The development outbox page: every stored message newest first, server-rendered, with no
 * scripts (the CSP forbids inline ones) and every stored value escaped.
 */
export function renderOutboxPage(
  messages: OutboxMessage[],
  filter: { to?: string | undefined; limit: number },
): string {
  const body =
    messages.length === 0
      ? `<p>${filter.to === undefined ? 'No messages have been sent yet.' : `No messages to ${escapeHtml(filter.to)}.`}</p>`
      : `<table>
<caption>${messages.length === 1 ? '1 message' : `${messages.length} messages`}, newest first</caption>
<thead><tr><th scope="col">Time</th><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Text</th><th scope="col">Delivery</th></tr></thead>
<tbody>
${messages.map(row).join('\n')}
</tbody>
</table>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Outbox – Muster</title>
<style>${styles}</style>
</head>
<body>
<main>
<h1>Outbox</h1>
<p>Every email and text message this development server has sent, newest first. Links in a message can be followed from here.</p>
<form method="get" action="/dev/outbox">
<label for="outbox-to">Recipient<input id="outbox-to" name="to" type="text" value="${escapeHtml(filter.to ?? '')}" autocomplete="off"></label>
<input type="hidden" name="limit" value="${filter.limit}">
<button type="submit">Filter</button>
${filter.to === undefined ? '' : '<a href="/dev/outbox">Show all</a>'}
</form>
${body}
</main>
</body>
</html>
`;
}
