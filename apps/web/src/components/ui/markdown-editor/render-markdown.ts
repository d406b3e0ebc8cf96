import DOMPurify from 'dompurify';
import { marked } from 'marked';

/**
 * Turns Markdown (or HTML, which Markdown passes through) into HTML that is safe to put in the
 * page: DOMPurify removes scripts, event handlers and `javascript:` links after rendering.
 */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
