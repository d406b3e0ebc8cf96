import { describe, expect, it } from 'vitest';
import {
  applyMarkdownCommand,
  insertLink,
  prefixLines,
  wrapSelection,
  type TextEdit,
} from './markdown-commands';

/** Builds an edit from text where `[` and `]` mark the selection. */
function edit(marked: string): TextEdit {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { value: marked.replace('[', '').replace(']', ''), start, end };
}

/** Shows an edit with its selection marked by `[` and `]`. */
function show(result: TextEdit): string {
  const { value, start, end } = result;
  return `${value.slice(0, start)}[${value.slice(start, end)}]${value.slice(end)}`;
}

describe('wrapSelection', () => {
  it('wraps the selection and keeps it selected', () => {
    expect(show(wrapSelection(edit('say [hello] now'), '**', '**', 'x'))).toBe('say **[hello]** now');
  });

  it('inserts a selected placeholder when nothing is selected', () => {
    expect(show(wrapSelection(edit('say [] now'), '_', '_', 'italic text'))).toBe('say _[italic text]_ now');
  });

  it('unwraps text already wrapped', () => {
    expect(show(wrapSelection(edit('say **[hello]** now'), '**', '**', 'x'))).toBe('say [hello] now');
  });
});

describe('prefixLines', () => {
  it('prefixes every line the selection touches', () => {
    expect(show(prefixLines(edit('a\nb[c\nd]e\nf'), () => '> ', 'Quote'))).toBe('a\n[> bc\n> de]\nf');
  });

  it('numbers lines', () => {
    expect(show(prefixLines(edit('[one\ntwo]'), (i) => `${i + 1}. `, 'x'))).toBe('[1. one\n2. two]');
  });

  it('does not take in the line after a selection ending in a line break', () => {
    expect(show(prefixLines(edit('[one\n]two'), () => '- ', 'x'))).toBe('[- one]\ntwo');
  });

  it('inserts the prefix and a selected placeholder on an empty line', () => {
    expect(show(prefixLines(edit('text\n[]'), () => '### ', 'Heading'))).toBe('text\n### [Heading]');
  });

  it('removes the prefix from lines that all carry it', () => {
    expect(show(prefixLines(edit('[- a\n- b]'), () => '- ', 'x'))).toBe('[a\nb]');
  });
});

describe('applyMarkdownCommand', () => {
  it('makes a heading', () => {
    expect(show(applyMarkdownCommand('heading', edit('[Title]')))).toBe('[### Title]');
  });

  it('makes bold and italic text', () => {
    expect(show(applyMarkdownCommand('bold', edit('[x]')))).toBe('**[x]**');
    expect(show(applyMarkdownCommand('italic', edit('[x]')))).toBe('_[x]_');
  });

  it('quotes lines', () => {
    expect(show(applyMarkdownCommand('quote', edit('[a\nb]')))).toBe('[> a\n> b]');
  });

  it('marks inline code, and fences code over several lines', () => {
    expect(show(applyMarkdownCommand('code', edit('run [npm test] now')))).toBe('run `[npm test]` now');
    expect(show(applyMarkdownCommand('code', edit('[a\nb]')))).toBe('```\n[a\nb]\n```');
  });

  it('inserts an image with the selection as its description and the address selected', () => {
    expect(show(applyMarkdownCommand('image', edit('[Logo]')))).toBe('![Logo]([https://])');
    expect(show(applyMarkdownCommand('image', edit('[]')))).toBe('![image description]([https://])');
  });

  it('makes bulleted and numbered lists', () => {
    expect(show(applyMarkdownCommand('unordered-list', edit('[a\nb]')))).toBe('[- a\n- b]');
    expect(show(applyMarkdownCommand('ordered-list', edit('[a\nb]')))).toBe('[1. a\n2. b]');
  });
});

describe('insertLink', () => {
  it('replaces the selection with a link and puts the caret after it', () => {
    expect(
      show(insertLink(edit('see [our site] now'), { url: 'https://example.org', text: 'our site' })),
    ).toBe('see [our site](https://example.org)[] now');
  });

  it('shows the address when there is no text', () => {
    expect(insertLink(edit('[]'), { url: ' example.org ', text: '' }).value).toBe(
      '[example.org](example.org)',
    );
  });

  it('escapes characters that would end the link early', () => {
    expect(insertLink(edit('[]'), { url: 'https://x.org/a (b)', text: 'a [b]' }).value).toBe(
      '[a \\[b\\]](https://x.org/a%20%28b%29)',
    );
  });
});
