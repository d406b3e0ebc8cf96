import type { ComponentProps, MouseEvent, ReactNode } from 'react';
import { Spinner } from '../spinner/spinner';
import './save-button.css';

/** The three states of applicant-flow §4: 0 normal and enabled, 1 busy, 2 saved. */
export const SAVE_BUTTON_STATE = { idle: 0, busy: 1, saved: 2 } as const;
export type SaveButtonState = (typeof SAVE_BUTTON_STATE)[keyof typeof SAVE_BUTTON_STATE];

export type SaveButtonProps = Omit<ComponentProps<'button'>, 'children' | 'disabled'> & {
  /** 0 normal and enabled; 1 busy and disabled; 2 saved and disabled. */
  state?: SaveButtonState;
  /** The label in state 0. */
  children?: ReactNode;
  busyLabel?: string;
  savedLabel?: string;
};

/**
 * A save button with busy and saved states. Busy and saved are disabled through `aria-disabled`
 * rather than `disabled`, so that a keyboard user who pressed it keeps focus on it; clicks (and
 * the form submission they would trigger) are swallowed while it is disabled. A polite status
 * beside it announces "Saving…" and the saved label.
 */
export function SaveButton({
  state = SAVE_BUTTON_STATE.idle,
  children = 'Save',
  busyLabel = 'Saving…',
  savedLabel = 'Saved!',
  type = 'submit',
  className,
  onClick,
  ...rest
}: SaveButtonProps) {
  const busy = state === SAVE_BUTTON_STATE.busy;
  const saved = state === SAVE_BUTTON_STATE.saved;
  const disabled = busy || saved;

  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (disabled) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }

  const classes = ['save-button', busy ? 'save-button--busy' : '', saved ? 'save-button--saved' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <span className="save-button-wrap">
      <button
        {...rest}
        type={type}
        className={classes}
        aria-disabled={disabled || undefined}
        aria-busy={busy || undefined}
        onClick={handleClick}
      >
        {busy ? <Spinner decorative size="small" className="save-button__spinner" /> : null}
        {saved ? (
          <span className="save-button__tick" aria-hidden="true">
            ✓
          </span>
        ) : null}
        <span>{busy ? busyLabel : saved ? savedLabel : children}</span>
      </button>
      <span role="status" className="visually-hidden">
        {busy ? busyLabel : saved ? savedLabel : ''}
      </span>
    </span>
  );
}
