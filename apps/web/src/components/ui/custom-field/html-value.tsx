import { renderMarkdown } from '../markdown-editor/render-markdown';

/**
 * An html custom field's value, rendered from Markdown (or HTML) and sanitised. Kept in its own
 * module, loaded by `DisplayValue` only when an html value shows, so that the Markdown parser and
 * the sanitiser stay out of every page that merely contains a custom field.
 */
export function HtmlValue({ source }: { source: string }) {
  return (
    <div
      className="custom-field__html"
      // Sanitised by DOMPurify inside renderMarkdown.
      dangerouslySetInnerHTML={{ __html: renderMarkdown(source) }}
    />
  );
}
