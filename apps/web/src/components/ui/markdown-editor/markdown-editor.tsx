import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  MARKDOWN_COMMANDS,
  applyMarkdownCommand,
  insertLink,
  type MarkdownCommand,
  type TextEdit,
} from './markdown-commands';
import { LinkDialog } from './link-dialog';
import './markdown-editor.css';

/** Rows of the text box (applicant-flow §9: textarea 10 rows). */
export const MARKDOWN_EDITOR_ROWS = 10;

export type MarkdownEditorProps = {
  /** Label of the text box. */
  label: string;
  /** Id of the text box; generated when absent. */
  id?: string;
  name?: string;
  /** Controlled Markdown text. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  hint?: string;
  /** A message from the form or the server, shown next to the field. */
  error?: string;
  /** Shows an asterisk after the label and marks the text box required. */
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  /** Something is being done with the text (e.g. saving): it cannot be changed meanwhile. */
  busy?: boolean;
  rows?: number;
};

const commandLabels: Record<MarkdownCommand, string> = {
  heading: 'Heading',
  bold: 'Bold',
  italic: 'Italic',
  link: 'Link',
  quote: 'Quote',
  code: 'Code',
  image: 'Image',
  'unordered-list': 'Bulleted list',
  'ordered-list': 'Numbered list',
};

/** Stroke paths on a 24×24 grid, one icon per command. */
const commandIcons: Record<MarkdownCommand, string[]> = {
  heading: ['M6 4v16', 'M18 4v16', 'M6 12h12'],
  bold: ['M7 4h6a4 4 0 0 1 0 8H7z', 'M7 12h7a4 4 0 0 1 0 8H7z'],
  italic: ['M19 4h-9', 'M14 20H5', 'M15 4L9 20'],
  link: [
    'M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5',
    'M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5',
  ],
  quote: ['M3 21c3 0 7-1 7-8V5H3v7h4', 'M14 21c3 0 7-1 7-8V5h-7v7h4'],
  code: ['M16 18l6-6-6-6', 'M8 6l-6 6 6 6'],
  image: ['M3 5h18v14H3z', 'M3 16l5-5 4 4 3-3 6 6', 'M15.5 8.5h.01'],
  'unordered-list': ['M9 6h12', 'M9 12h12', 'M9 18h12', 'M4 6h.01', 'M4 12h.01', 'M4 18h.01'],
  'ordered-list': [
    'M10 6h11',
    'M10 12h11',
    'M10 18h11',
    'M4 6h1v4',
    'M4 10h2',
    'M6 18H4c0-1 2-2 2-3s-1-1.5-2-1',
  ],
};

/**
 * A Markdown text box (10 rows) with a formatting toolbar: heading, bold, italic, link, quote,
 * code, image, bulleted and numbered lists (applicant-flow §9). Each button wraps or prefixes
 * the selection and leaves the text box focused with the result selected; the link button asks
 * for the address and text in a small popup first. The toolbar is one tab stop: arrow keys,
 * Home and End move between its buttons.
 */
export function MarkdownEditor({
  label,
  id,
  name,
  value,
  onChange,
  onBlur,
  hint,
  error,
  required = false,
  readOnly = false,
  disabled = false,
  busy = false,
  rows = MARKDOWN_EDITOR_ROWS,
}: MarkdownEditorProps) {
  const generatedId = useId();
  const textareaId = id ?? `markdown-${generatedId}`;
  const hintId = `${textareaId}-hint`;
  const errorId = `${textareaId}-error`;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const pendingSelection = useRef<TextEdit | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [linkSelection, setLinkSelection] = useState<TextEdit | null>(null);
  const locked = readOnly || disabled || busy;

  // After a command the new text arrives through `value`; then the result is selected.
  useLayoutEffect(() => {
    const pending = pendingSelection.current;
    const element = textarea.current;
    if (!pending || !element || element.value !== pending.value) {
      return;
    }
    pendingSelection.current = null;
    element.focus();
    element.setSelectionRange(pending.start, pending.end);
  }, [value]);

  function currentEdit(): TextEdit {
    const element = textarea.current;
    return {
      value,
      start: element?.selectionStart ?? value.length,
      end: element?.selectionEnd ?? value.length,
    };
  }

  function commit(next: TextEdit) {
    pendingSelection.current = next;
    if (next.value === value) {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(next.start, next.end);
      pendingSelection.current = null;
      return;
    }
    onChange(next.value);
  }

  function run(command: MarkdownCommand) {
    if (locked) {
      return;
    }
    if (command === 'link') {
      setLinkSelection(currentEdit());
      return;
    }
    commit(applyMarkdownCommand(command, currentEdit()));
  }

  function moveFocus(index: number) {
    const count = MARKDOWN_COMMANDS.length;
    const next = (index + count) % count;
    setActiveIndex(next);
    buttons.current[next]?.focus();
  }

  function handleToolbarKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: activeIndex + 1,
      ArrowLeft: activeIndex - 1,
      Home: 0,
      End: MARKDOWN_COMMANDS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) {
      return;
    }
    event.preventDefault();
    moveFocus(target);
  }

  const linkIndex = MARKDOWN_COMMANDS.indexOf('link');
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const classes = [
    'markdown-editor',
    error ? 'markdown-editor--error' : '',
    locked ? 'markdown-editor--locked' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes} aria-busy={busy || undefined}>
      <label className="markdown-editor__label" htmlFor={textareaId}>
        {label}
        {required ? (
          <>
            {' '}
            <span className="markdown-editor__required" aria-hidden="true">
              *
            </span>
            <span className="visually-hidden">required</span>
          </>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className="markdown-editor__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="markdown-editor__error">
          <span className="visually-hidden">Error:</span> {error}
        </p>
      ) : null}
      <div
        role="toolbar"
        aria-label={`Formatting for ${label}`}
        aria-controls={textareaId}
        className="markdown-editor__toolbar"
        onKeyDown={handleToolbarKeyDown}
      >
        {MARKDOWN_COMMANDS.map((command, index) => (
          <button
            key={command}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            className="markdown-editor__button"
            aria-label={commandLabels[command]}
            title={commandLabels[command]}
            tabIndex={index === activeIndex ? 0 : -1}
            disabled={locked}
            aria-haspopup={command === 'link' ? 'dialog' : undefined}
            aria-expanded={command === 'link' ? linkSelection !== null : undefined}
            // Pressing a button with the mouse must not take the selection away from the text box.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setActiveIndex(index)}
            onClick={() => run(command)}
          >
            <svg
              className="markdown-editor__icon"
              width="1.25em"
              height="1.25em"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
              focusable="false"
              aria-hidden="true"
            >
              {commandIcons[command].map((d) => (
                <path key={d} d={d} />
              ))}
            </svg>
          </button>
        ))}
      </div>
      {linkSelection ? (
        <LinkDialog
          initialText={linkSelection.value.slice(linkSelection.start, linkSelection.end)}
          onInsert={(link) => {
            const next = insertLink(linkSelection, link);
            setLinkSelection(null);
            commit(next);
          }}
          onCancel={() => {
            setLinkSelection(null);
            buttons.current[linkIndex]?.focus();
          }}
        />
      ) : null}
      <textarea
        ref={textarea}
        id={textareaId}
        name={name}
        className="markdown-editor__textarea"
        rows={rows}
        value={value}
        readOnly={readOnly || busy}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </div>
  );
}
