import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export type LinkDialogProps = {
  /** The selected text, offered as the link text. */
  initialText: string;
  onInsert: (link: { url: string; text: string }) => void;
  onCancel: () => void;
};

/** Said when Insert is pressed with no address. */
export const LINK_URL_REQUIRED = 'Please enter the link address';

/**
 * The link-insert popup of the Markdown editor: the address and the text, Insert and Cancel.
 * The address box takes focus when it opens; Escape or Cancel closes it. It is not a `<form>`,
 * because it sits inside the page's own form: Enter in a box inserts instead of submitting.
 */
export function LinkDialog({ initialText, onInsert, onCancel }: LinkDialogProps) {
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const urlId = `${baseId}-url`;
  const textId = `${baseId}-text`;
  const errorId = `${baseId}-error`;
  const urlBox = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const [text, setText] = useState(initialText);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    urlBox.current?.focus();
  }, []);

  function insert() {
    if (url.trim() === '') {
      setProblem(LINK_URL_REQUIRED);
      urlBox.current?.focus();
      return;
    }
    onInsert({ url, text });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      // Only this popup closes, not a dialog the editor sits in.
      event.stopPropagation();
      event.preventDefault();
      onCancel();
    }
  }

  function handleEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      insert();
    }
  }

  return (
    <div
      role="dialog"
      aria-labelledby={titleId}
      className="markdown-editor__dialog"
      onKeyDown={handleKeyDown}
    >
      <p id={titleId} className="markdown-editor__dialog-title">
        Insert link
      </p>
      <div className="markdown-editor__dialog-field">
        <label htmlFor={urlId}>Link address</label>
        {problem ? (
          <p id={errorId} className="markdown-editor__error">
            <span className="visually-hidden">Error:</span> {problem}
          </p>
        ) : null}
        <input
          ref={urlBox}
          id={urlId}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          value={url}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            setUrl(event.target.value);
            setProblem(null);
          }}
          onKeyDown={handleEnter}
        />
      </div>
      <div className="markdown-editor__dialog-field">
        <label htmlFor={textId}>Link text</label>
        <input
          id={textId}
          type="text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleEnter}
        />
      </div>
      <div className="markdown-editor__dialog-actions">
        <button type="button" className="markdown-editor__primary" onClick={insert}>
          Insert
        </button>
        <button type="button" className="markdown-editor__secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
