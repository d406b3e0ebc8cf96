/** The text of a textarea and its selection. */
export type TextEdit = {
  value: string;
  /** Selection start (caret when equal to `end`). */
  start: number;
  end: number;
};

/** The toolbar's commands, in toolbar order (applicant-flow §9). */
export const MARKDOWN_COMMANDS = [
  'heading',
  'bold',
  'italic',
  'link',
  'quote',
  'code',
  'image',
  'unordered-list',
  'ordered-list',
] as const;
export type MarkdownCommand = (typeof MARKDOWN_COMMANDS)[number];

/** Commands applied straight to the selection; `link` asks for an address first. */
export type DirectMarkdownCommand = Exclude<MarkdownCommand, 'link'>;

/** Text inserted when a command is used with nothing selected; it is left selected to be typed over. */
export const PLACEHOLDERS = {
  heading: 'Heading',
  bold: 'bold text',
  italic: 'italic text',
  quote: 'Quote',
  code: 'code',
  image: 'image description',
  list: 'List item',
  imageUrl: 'https://',
} as const;

function replaceRange(value: string, start: number, end: number, text: string): string {
  return value.slice(0, start) + text + value.slice(end);
}

/**
 * Wraps the selection in `before` and `after` (or inserts a placeholder so wrapped), leaving
 * the inner text selected. Used again on text already wrapped, it unwraps it.
 */
export function wrapSelection(edit: TextEdit, before: string, after: string, placeholder: string): TextEdit {
  const { value, start, end } = edit;
  const selected = value.slice(start, end);
  if (
    selected !== '' &&
    value.slice(start - before.length, start) === before &&
    value.slice(end, end + after.length) === after
  ) {
    const unwrapped = value.slice(0, start - before.length) + selected + value.slice(end + after.length);
    return { value: unwrapped, start: start - before.length, end: end - before.length };
  }
  const inner = selected === '' ? placeholder : selected;
  return {
    value: replaceRange(value, start, end, before + inner + after),
    start: start + before.length,
    end: start + before.length + inner.length,
  };
}

/**
 * Prefixes every line the selection touches (`prefix(index)` for the line's position in the
 * selection), leaving the changed lines selected. On an empty line it inserts the prefix and a
 * selected placeholder. Lines already carrying the prefix lose it instead (a toggle).
 */
export function prefixLines(
  edit: TextEdit,
  prefix: (index: number) => string,
  placeholder: string,
): TextEdit {
  const { value, start } = edit;
  // A selection ending just after a line break does not include the next line.
  const end = edit.end > start && value[edit.end - 1] === '\n' ? edit.end - 1 : edit.end;
  const blockStart = value.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = value.indexOf('\n', end);
  const blockEnd = nextBreak === -1 ? value.length : nextBreak;
  const block = value.slice(blockStart, blockEnd);
  if (block === '') {
    const head = prefix(0);
    return {
      value: replaceRange(value, blockStart, blockEnd, head + placeholder),
      start: blockStart + head.length,
      end: blockStart + head.length + placeholder.length,
    };
  }
  const lines = block.split('\n');
  const allPrefixed = lines.every((line, index) => line.startsWith(prefix(index)));
  const changed = lines
    .map((line, index) => (allPrefixed ? line.slice(prefix(index).length) : prefix(index) + line))
    .join('\n');
  return {
    value: replaceRange(value, blockStart, blockEnd, changed),
    start: blockStart,
    end: blockStart + changed.length,
  };
}

/** Code: inline backticks for part of a line, a fenced block when the selection spans lines. */
function code(edit: TextEdit): TextEdit {
  const selected = edit.value.slice(edit.start, edit.end);
  return selected.includes('\n')
    ? wrapSelection(edit, '```\n', '\n```', PLACEHOLDERS.code)
    : wrapSelection(edit, '`', '`', PLACEHOLDERS.code);
}

/** Image: the selection becomes the description; the address placeholder is selected to be typed over. */
function image(edit: TextEdit): TextEdit {
  const alt = edit.value.slice(edit.start, edit.end) || PLACEHOLDERS.image;
  const before = `![${alt}](`;
  const text = `${before}${PLACEHOLDERS.imageUrl})`;
  return {
    value: replaceRange(edit.value, edit.start, edit.end, text),
    start: edit.start + before.length,
    end: edit.start + before.length + PLACEHOLDERS.imageUrl.length,
  };
}

/** Applies a toolbar command (other than link) to the text and selection. */
export function applyMarkdownCommand(command: DirectMarkdownCommand, edit: TextEdit): TextEdit {
  switch (command) {
    case 'heading':
      return prefixLines(edit, () => '### ', PLACEHOLDERS.heading);
    case 'bold':
      return wrapSelection(edit, '**', '**', PLACEHOLDERS.bold);
    case 'italic':
      return wrapSelection(edit, '_', '_', PLACEHOLDERS.italic);
    case 'quote':
      return prefixLines(edit, () => '> ', PLACEHOLDERS.quote);
    case 'code':
      return code(edit);
    case 'image':
      return image(edit);
    case 'unordered-list':
      return prefixLines(edit, () => '- ', PLACEHOLDERS.list);
    case 'ordered-list':
      return prefixLines(edit, (index) => `${index + 1}. `, PLACEHOLDERS.list);
  }
}

/** Replaces the selection with a Markdown link; the caret ends up after it. Without text the address is shown. */
export function insertLink(edit: TextEdit, link: { url: string; text: string }): TextEdit {
  const url = link.url.trim();
  const text = link.text.trim() === '' ? url : link.text.trim();
  // Brackets in the text and parentheses or spaces in the address would end the link early.
  const safeText = text.replace(/([[\]])/g, '\\$1');
  const safeUrl = url.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/\s/g, '%20');
  const markdown = `[${safeText}](${safeUrl})`;
  const caret = edit.start + markdown.length;
  return { value: replaceRange(edit.value, edit.start, edit.end, markdown), start: caret, end: caret };
}
