import { lazyComponent } from '../../../lib/lazy/lazy-component';
import type { MarkdownEditorProps } from './markdown-editor';
import type { MarkdownHtmlProps } from './markdown-html';

/*
 * The Markdown renderer and sanitiser (marked, DOMPurify) are a third of the apply page's first
 * load and only html values and fields use them: they load when one is shown.
 */

/** `MarkdownHtml`, loaded when first shown; render inside `<Suspense>`. */
export const LazyMarkdownHtml = lazyComponent<MarkdownHtmlProps>(
  async () => (await import('./markdown-html')).MarkdownHtml,
);

/** `MarkdownEditor`, loaded when first shown; render inside `<Suspense>`. */
export const LazyMarkdownEditor = lazyComponent<MarkdownEditorProps>(
  async () => (await import('./markdown-editor')).MarkdownEditor,
);
