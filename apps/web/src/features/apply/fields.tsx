import type { KeyboardEvent, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The DOM id of a form field (its first input), for labels and error-summary links. */
export function fieldId(name: string): string {
  return `apply-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** The asterisk of a required field (applicant-flow §2.1), with the word for screen readers. */
export function RequiredMark({ required }: { required: boolean | undefined }) {
  if (!required) {
    return null;
  }
  return (
    <>
      {' '}
      <span className="apply-field__required" aria-hidden="true">
        *
      </span>
      <span className="visually-hidden">(required)</span>
    </>
  );
}

/** A field's message, announced with an "Error:" prefix. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) {
    return null;
  }
  return (
    <p id={id} className="apply-field__error">
      <span className="visually-hidden">Error:</span> {message}
    </p>
  );
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

export type TextFieldProps = {
  name: string;
  label: string;
  registration: UseFormRegisterReturn;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  readOnly?: boolean;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  /** A textarea of this many rows instead of a one-line box. */
  rows?: number;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** Another element describing the box (e.g. the password rules). */
  describedBy?: string;
  children?: ReactNode;
};

/** A labelled text box or textarea with its hint and error. */
export function TextField({
  name,
  label,
  registration,
  required,
  hint,
  error,
  readOnly,
  type = 'text',
  autoComplete,
  rows,
  onKeyDown,
  describedBy: extraDescribedBy,
  children,
}: TextFieldProps) {
  const id = fieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const common = {
    id,
    className: 'apply-field__input',
    readOnly,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hintId, errorId, extraDescribedBy),
    ...registration,
  } as const;
  return (
    <div className={`apply-field${error ? ' apply-field--error' : ''}${readOnly ? ' apply-field--locked' : ''}`}>
      <label htmlFor={id} className="apply-field__label">
        {label}
        <RequiredMark required={required} />
      </label>
      {hint ? (
        <div id={hintId} className="apply-field__hint">
          {hint}
        </div>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
      {rows ? (
        <textarea {...common} rows={rows} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} spellCheck={type === 'email' ? false : undefined} onKeyDown={onKeyDown} />
      )}
      {children}
    </div>
  );
}

type ChoiceFieldProps = {
  name: string;
  legend: ReactNode;
  options: readonly { value: string; label: string }[];
  registration: UseFormRegisterReturn;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  inline?: boolean;
};

/** Radio buttons under a legend (yes/no and similar), the first one carrying the field id. */
export function ChoiceField({ name, legend, options, registration, required, hint, error, inline = true }: ChoiceFieldProps) {
  const id = fieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`apply-field${error ? ' apply-field--error' : ''}`}>
      <fieldset className="apply-field__fieldset" aria-describedby={describedBy(hintId, errorId)}>
        <legend className="apply-field__label">
          {legend}
          <RequiredMark required={required} />
        </legend>
        {hint ? (
          <div id={hintId} className="apply-field__hint">
            {hint}
          </div>
        ) : null}
        <FieldError id={`${id}-error`} message={error} />
        <div className={`apply-field__choices${inline ? ' apply-field__choices--inline' : ''}`}>
          {options.map((option, index) => {
            const optionId = index === 0 ? id : `${id}-${option.value}`;
            return (
              <div key={option.value} className="apply-field__choice">
                <input
                  id={optionId}
                  type="radio"
                  value={option.value}
                  aria-invalid={error ? true : undefined}
                  {...registration}
                />
                <label htmlFor={optionId}>{option.label}</label>
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

type SelectFieldProps = {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  registration: UseFormRegisterReturn;
  required?: boolean;
  error?: string | undefined;
  emptyLabel?: string;
};

/** A labelled dropdown with an empty first choice. */
export function SelectField({ name, label, options, registration, required, error, emptyLabel = 'Please select' }: SelectFieldProps) {
  const id = fieldId(name);
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`apply-field${error ? ' apply-field--error' : ''}`}>
      <label htmlFor={id} className="apply-field__label">
        {label}
        <RequiredMark required={required} />
      </label>
      <FieldError id={`${id}-error`} message={error} />
      <select
        id={id}
        className="apply-field__select"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        {...registration}
      >
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Moves focus to a field by name: its element, or the first control inside it (a consent
 * question or other group), scrolled into view.
 */
export function focusField(name: string, root: Document = document): boolean {
  const element = root.getElementById(fieldId(name));
  if (!element) {
    return false;
  }
  const target = element.matches('input, select, textarea, button, [tabindex]')
    ? element
    : element.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button, [tabindex]');
  if (!target) {
    return false;
  }
  target.focus();
  target.scrollIntoView?.({ block: 'center' });
  return true;
}
