import { describe, expect, it } from 'vitest';
import { escapeHtml, linkify } from './page.js';
import { prefersJson } from './routes.js';

describe('linkify', () => {
  it('links http(s) URLs and leaves trailing sentence punctuation outside the link', () => {
    expect(linkify('Open (https://a.test/x?y=1&z=2).')).toBe(
      'Open (<a href="https://a.test/x?y=1&amp;z=2">https://a.test/x?y=1&amp;z=2</a>).',
    );
  });

  it('never links other schemes and escapes everything else', () => {
    expect(linkify('javascript:alert(1) "<img src=x>"')).toBe(
      'javascript:alert(1) &quot;&lt;img src=x&gt;&quot;',
    );
  });

  it('cannot be broken out of with quotes inside a URL', () => {
    expect(linkify('http://a.test/"onmouseover=1')).toBe(
      '<a href="http://a.test/">http://a.test/</a>&quot;onmouseover=1',
    );
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('prefersJson', () => {
  it('chooses JSON only when asked for it above HTML', () => {
    expect(prefersJson('application/json')).toBe(true);
    expect(prefersJson('application/vnd.muster.v3+json')).toBe(true);
    expect(prefersJson('text/html, application/json;q=0.5')).toBe(false);
    expect(prefersJson('application/json, text/html;q=0.5')).toBe(true);
    expect(prefersJson('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(false);
    expect(prefersJson('*/*')).toBe(false);
    expect(prefersJson(undefined)).toBe(false);
  });
});
