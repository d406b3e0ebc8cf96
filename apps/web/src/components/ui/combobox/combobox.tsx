import type { FocusEvent, MouseEvent, ReactNode, Ref } from 'react';
import type { FieldWidgetProps } from '../field/field-props';
import './combobox.css';

/** The props every combobox widget takes: those of every field widget. */
export type ComboboxWidgetProps = FieldWidgetProps;

/** The ids of a combobox's parts, derived from the text box's id. */
export function comboboxIds(inputId: string) {
  return {
    labelId: `${inputId}-label`,
    listboxId: `${inputId}-listbox`,
    hintId: `${inputId}-hint`,
    errorId: `${inputId}-error`,
  };
}

/** Class names for a combobox part: the shared `combobox__…` one, then the widget's own `block__…` one. */
export function comboboxClass(block: string, element: string, active = false): string {
  const names = [`combobox__${element}`, `${block}__${element}`];
  if (active) {
    names.push(`combobox__${element}--active`, `${block}__${element}--active`);
  }
  return names.join(' ');
}

/** Keeps focus in the text box when the pointer presses the list or button: they are operated from there. */
function keepFocus(event: MouseEvent) {
  event.preventDefault();
}

export type ComboboxFieldProps = {
  /** The widget's BEM block, such as `time-picker`. */
  block: string;
  inputId: string;
  label: string;
  hint: string;
  required: boolean;
  readOnly: boolean;
  /** The message shown under the hint, if any; it marks the whole field. */
  message?: string;
  /** Shown after the message, such as a retry button. */
  messageAction?: ReactNode;
  wrapperRef: Ref<HTMLDivElement>;
  onBlur: (event: FocusEvent<HTMLDivElement>) => void;
  /** The text box, button and list. */
  children: ReactNode;
};

/** The frame of a combobox widget: label, hint (hidden when read-only), message, then the control. */
export function ComboboxField({
  block,
  inputId,
  label,
  hint,
  required,
  readOnly,
  message,
  messageAction,
  wrapperRef,
  onBlur,
  children,
}: ComboboxFieldProps) {
  const { labelId, hintId, errorId } = comboboxIds(inputId);
  return (
    <div
      ref={wrapperRef}
      className={['combobox', block, message ? `combobox--error ${block}--error` : '']
        .filter(Boolean)
        .join(' ')}
      onBlur={onBlur}
    >
      <label id={labelId} className={comboboxClass(block, 'label')} htmlFor={inputId}>
        {label}
        {required ? (
          <span className={comboboxClass(block, 'required')} aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {readOnly ? null : (
        <p id={hintId} className={comboboxClass(block, 'hint')}>
          {hint}
        </p>
      )}
      {message ? (
        <p id={errorId} className={comboboxClass(block, 'error')}>
          <span className="visually-hidden">Error:</span> {message}
          {messageAction}
        </p>
      ) : null}
      {children}
    </div>
  );
}

export type ComboboxToggleProps = {
  /** The widget's BEM block, such as `time-picker`. */
  block: string;
  /** The button's accessible name, such as "Show times for Start time". */
  label: string;
  listboxId: string;
  expanded: boolean;
  disabled?: boolean;
  onClick: () => void;
};

/** The chevron button beside a combobox's text box; out of the tab order, as the box holds the keys. */
export function ComboboxToggle({
  block,
  label,
  listboxId,
  expanded,
  disabled,
  onClick,
}: ComboboxToggleProps) {
  return (
    <button
      type="button"
      className={comboboxClass(block, 'toggle')}
      tabIndex={-1}
      aria-label={label}
      aria-controls={listboxId}
      aria-expanded={expanded}
      disabled={disabled}
      onMouseDown={keepFocus}
      onClick={onClick}
    >
      <span aria-hidden="true" className={comboboxClass(block, 'chevron')} />
    </button>
  );
}

export type ComboboxListboxProps<T> = {
  /** The widget's BEM block, such as `time-picker`. */
  block: string;
  id: string;
  /** The id of the label that names the list. */
  labelledBy: string;
  expanded: boolean;
  items: readonly T[];
  activeIndex: number;
  optionId: (item: T) => string;
  optionKey: (item: T) => string;
  isSelected: (item: T) => boolean;
  children: (item: T) => ReactNode;
  /** A click on an option. */
  onChoose: (item: T) => void;
};

/** The popup listbox of a combobox; renders its options only while expanded. */
export function ComboboxListbox<T>({
  block,
  id,
  labelledBy,
  expanded,
  items,
  activeIndex,
  optionId,
  optionKey,
  isSelected,
  children,
  onChoose,
}: ComboboxListboxProps<T>) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-labelledby={labelledBy}
      className={comboboxClass(block, 'listbox')}
      hidden={!expanded}
      onMouseDown={keepFocus}
    >
      {expanded
        ? items.map((item, index) => (
            <li
              key={optionKey(item)}
              id={optionId(item)}
              role="option"
              aria-selected={isSelected(item)}
              className={comboboxClass(block, 'option', index === activeIndex)}
              onClick={() => onChoose(item)}
            >
              {children(item)}
            </li>
          ))
        : null}
    </ul>
  );
}
