import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    expect(renderMarkdown('### Title\n\n**bold** and _italic_')).toBe(
      '<h3>Title</h3>\n<p><strong>bold</strong> and <em>italic</em></p>\n',
    );
  });

  it('keeps line breaks inside a paragraph', () => {
    expect(renderMarkdown('one\ntwo')).toContain('<br>');
  });

  it('passes harmless HTML through', () => {
    expect(renderMarkdown('<p>Hello <b>there</b></p>')).toContain('<b>there</b>');
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script><img src="x.png" onerror="alert(2)">\n\n[click](javascript:alert(3))',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).toContain('<img src="x.png">');
    expect(html).toContain('<a>click</a>');
  });
});
