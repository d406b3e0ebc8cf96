import { renderMarkdown } from './render-markdown';

export type MarkdownHtmlProps = {
  /** Markdown, or HTML (which Markdown passes through). */
  source: string;
  className?: string | undefined;
};

/** Markdown shown as sanitised HTML (DOMPurify inside {@link renderMarkdown}). */
export function MarkdownHtml({ source, className }: MarkdownHtmlProps) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: renderMarkdown(source) }} />;
}
