import { Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import {
  isCustomFieldValueEmpty,
  isKnownCustomFieldType,
  type Attachment,
  type CustomFieldOption,
} from '@muster/contract';
import { DateInput } from '../date-input/date-input';
import { LazyMarkdownEditor } from '../markdown-editor/lazy-markdown';
import { DisplayValue } from './display-value';
import { FileField } from './file-field';
import { DEFAULT_CURRENCY_SYMBOL, type OrganisationFormat } from './format';
import { TelephoneField } from './telephone-field';
import type { Uploader } from './upload-file';
import {
  defaultSelection,
  findOption,
  fromDateTimeLocal,
  numberFromInput,
  orderedOptions,
  startEndOf,
  textOf,
  toDateTimeLocal,
} from './values';
import './custom-field.css';

/** A custom attribute field as the renderer takes it (applicant-flow §3.8). */
export type CustomFieldDefinition = {
  type: string;
  name: string;
  slug: string;
  compulsory?: boolean | undefined;
  /** Only `write` (the default) makes the field editable. */
  permission?: 'write' | 'read-only' | undefined;
  value?: unknown;
  options?: CustomFieldOption[] | undefined;
  /** Replaces the default validation message (shown by the form through `error`). */
  message?: string | undefined;
};

export type CustomFieldProps = {
  field: CustomFieldDefinition;
  /** `edit` shows inputs; `display` shows the formatted value or `Not set`. */
  mode?: 'edit' | 'display';
  organisation?: OrganisationFormat | undefined;
  /** Receives the new value (its shape depends on the type) and the field. */
  onChange?: (value: unknown, field: CustomFieldDefinition) => void;
  /** A message from the form or the server, shown next to the field. */
  error?: string | undefined;
  /** Something is being done with the form (e.g. saving): the field cannot be changed meanwhile. */
  busy?: boolean;
  /** Told when uploads start and when the last one ends (file, files and photo fields). */
  onUploadingChange?: (uploading: boolean) => void;
  /** Sends a chosen file; `POST /api/files?ephemeral=1` unless replaced. */
  uploader?: Uploader;
  /** Id of the (first) input, for error-summary links; generated when absent. */
  id?: string;
  /**
   * Region a telephone number typed without its country code is read in: the opportunity's
   * `default_phone_country_code`, else GB (applicant-flow §9).
   */
  defaultPhoneRegion?: string | undefined;
};

/** Number box steps (applicant-flow §5): currency 0.01, decimal 0.1, integer 1. */
const numberSteps: Record<string, string> = { currency: '0.01', decimal: '0.1', integer: '1' };

function RequiredMark({ required }: { required: boolean }) {
  if (!required) {
    return null;
  }
  return (
    <>
      {' '}
      <span className="custom-field__required" aria-hidden="true">
        *
      </span>
      <span className="visually-hidden">required</span>
    </>
  );
}

function ErrorMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) {
    return null;
  }
  return (
    <p id={id} className="custom-field__error">
      <span className="visually-hidden">Error:</span> {message}
    </p>
  );
}

/**
 * Renders a custom attribute field by its type (applicant-flow §3.8): all 18 types in edit and
 * display modes; an unknown type shows its value as plain text. Only write permission makes it
 * editable; otherwise text boxes are read-only and choices disabled. Compulsory fields carry an
 * asterisk after the name. Options are listed by position; `default_selected` options are
 * chosen while the field has no value. Validation lives in `validateCustomFieldValue` of the
 * contract, shared with the server; the form passes its message in as `error`.
 */
export function CustomField({
  field,
  mode = 'edit',
  organisation,
  onChange,
  error,
  busy = false,
  onUploadingChange,
  uploader,
  id,
  defaultPhoneRegion,
}: CustomFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `custom-field-${field.slug}-${generatedId}`;
  const errorId = `${inputId}-error`;
  const required = field.compulsory === true;
  const writable = (field.permission ?? 'write') === 'write';
  const editing = mode === 'edit' && isKnownCustomFieldType(field.type);
  const editable = editing && writable && !busy;
  const options = orderedOptions(field.options);
  const value = field.value;
  const describedBy = error ? errorId : undefined;
  const set = (next: unknown) => onChange?.(next, field);

  // `default_selected` preselects once, when the field first shows with no value; clearing it
  // afterwards is the user's choice and is left alone.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !editing || !writable) {
      return;
    }
    preselected.current = true;
    const defaults = defaultSelection(field.type, field.options ?? []);
    if (defaults !== undefined && isCustomFieldValueEmpty(field.type, field.value)) {
      onChange?.(defaults, field);
    }
  }, [editing, writable, field, onChange]);

  const classes = [
    'custom-field',
    `custom-field--${isKnownCustomFieldType(field.type) ? field.type : 'unknown'}`,
    error ? 'custom-field--error' : '',
    editing && !writable ? 'custom-field--read-only' : '',
  ]
    .filter(Boolean)
    .join(' ');

  if (!editing) {
    return (
      <dl className={`${classes} custom-field--display`}>
        <dt className="custom-field__label">{field.name}</dt>
        <dd className="custom-field__value">
          <DisplayValue type={field.type} value={value} options={options} organisation={organisation} />
        </dd>
      </dl>
    );
  }

  const label = (
    <label htmlFor={inputId} className="custom-field__label">
      {field.name}
      <RequiredMark required={required} />
    </label>
  );
  const textInputProps = {
    id: inputId,
    className: 'custom-field__input',
    readOnly: !editable,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;

  /** A single labelled box. */
  const single = (control: ReactNode) => (
    <div className={classes} aria-busy={busy || undefined}>
      {label}
      <ErrorMessage id={errorId} message={error} />
      {control}
    </div>
  );

  /** A group of controls under the field name. */
  const group = (controls: ReactNode, extraDescribedBy?: string) => (
    <div className={classes} aria-busy={busy || undefined}>
      <fieldset
        className="custom-field__fieldset"
        aria-describedby={[describedBy, extraDescribedBy].filter(Boolean).join(' ') || undefined}
      >
        <legend className="custom-field__label">
          {field.name}
          <RequiredMark required={required} />
        </legend>
        <ErrorMessage id={errorId} message={error} />
        {controls}
      </fieldset>
    </div>
  );

  const choice = (
    key: string,
    type: 'radio' | 'checkbox',
    text: string,
    checked: boolean,
    onPick: (checked: boolean) => void,
  ) => {
    const choiceId = `${inputId}-${key}`;
    return (
      <div key={key} className="custom-field__choice">
        <input
          id={choiceId}
          type={type}
          name={`${inputId}-choice`}
          checked={checked}
          disabled={!editable}
          onChange={(event) => onPick(event.target.checked)}
        />
        <label htmlFor={choiceId}>{text}</label>
      </div>
    );
  };

  switch (field.type) {
    case 'text':
      return single(
        <input
          {...textInputProps}
          type="text"
          value={textOf(value)}
          onChange={(event) => set(event.target.value)}
        />,
      );
    case 'email':
      return single(
        <input
          {...textInputProps}
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={textOf(value)}
          onChange={(event) => set(event.target.value)}
        />,
      );
    case 'telephone':
      return (
        <div className={classes} aria-busy={busy || undefined}>
          <TelephoneField
            inputId={inputId}
            label={field.name}
            value={value}
            defaultRegion={defaultPhoneRegion}
            required={required}
            readOnly={!editable}
            error={error}
            onChange={set}
          />
        </div>
      );
    case 'link':
      return single(
        <input
          {...textInputProps}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={textOf(value)}
          onChange={(event) => set(event.target.value)}
        />,
      );
    case 'integer':
    case 'decimal':
    case 'currency': {
      const box = (
        <input
          {...textInputProps}
          type="number"
          inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
          step={numberSteps[field.type]}
          value={textOf(value)}
          aria-describedby={
            [describedBy, field.type === 'currency' ? `${inputId}-symbol` : ''].filter(Boolean).join(' ') ||
            undefined
          }
          onChange={(event) => set(numberFromInput(event.target.value))}
        />
      );
      if (field.type !== 'currency') {
        return single(box);
      }
      return single(
        <div className="custom-field__currency">
          <span id={`${inputId}-symbol`} className="custom-field__prefix">
            {organisation?.currency_symbol || DEFAULT_CURRENCY_SYMBOL}
          </span>
          {box}
        </div>,
      );
    }
    case 'datetime':
      return single(
        <input
          {...textInputProps}
          type="datetime-local"
          value={toDateTimeLocal(value)}
          onChange={(event) => set(fromDateTimeLocal(event.target.value))}
        />,
      );
    case 'date':
      return (
        <div className={classes} aria-busy={busy || undefined}>
          <DateInput
            id={inputId}
            label={field.name}
            value={textOf(value)}
            onChange={(next) => set(next === '' ? null : next)}
            error={error}
            required={required}
            readOnly={!editable}
          />
        </div>
      );
    case 'startenddate': {
      const range = startEndOf(value);
      return group(
        <div className="custom-field__range">
          <DateInput
            id={inputId}
            label="Start date"
            value={range.start ?? ''}
            onChange={(next) => set({ ...range, start: next === '' ? null : next })}
            required={required}
            readOnly={!editable}
          />
          <DateInput
            id={`${inputId}-end`}
            label="End date"
            value={range.end ?? ''}
            onChange={(next) => set({ ...range, end: next === '' ? null : next })}
            required={required}
            readOnly={!editable}
          />
        </div>,
      );
    }
    case 'html':
      return (
        <div className={classes}>
          <Suspense fallback={null}>
            <LazyMarkdownEditor.Component
              id={inputId}
              label={field.name}
              value={textOf(value)}
              onChange={(next) => set(next)}
              error={error}
              required={required}
              readOnly={!writable}
              busy={busy}
            />
          </Suspense>
        </div>
      );
    case 'boolean':
      return group(
        <div className="custom-field__choices custom-field__choices--inline">
          {choice('yes', 'radio', 'Yes', value === true, () => set(true))}
          {choice('no', 'radio', 'No', value === false, () => set(false))}
        </div>,
      );
    case 'radio':
      return group(
        <div className="custom-field__choices">
          {options.map((option, index) =>
            choice(
              `option-${index}`,
              'radio',
              option.display,
              findOption([option], value) !== undefined,
              () => set(option.value),
            ),
          )}
        </div>,
      );
    case 'checkboxes': {
      const chosen = Array.isArray(value) ? (value as unknown[]) : [];
      const isChosen = (option: CustomFieldOption) =>
        chosen.some((item) => String(item) === String(option.value));
      return group(
        <div className="custom-field__choices">
          {options.map((option, index) =>
            choice(`option-${index}`, 'checkbox', option.display, isChosen(option), (checked) =>
              // Kept in option order, whatever order they are ticked in.
              set(
                options
                  .filter((other) => (other === option ? checked : isChosen(other)))
                  .map((other) => other.value),
              ),
            ),
          )}
        </div>,
      );
    }
    case 'dropdown': {
      const selected = findOption(options, value);
      return single(
        <select
          id={inputId}
          className="custom-field__select"
          value={selected ? String(selected.value) : ''}
          disabled={!editable}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => set(findOption(options, event.target.value)?.value ?? null)}
        >
          <option value="">Please select</option>
          {options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.display}
            </option>
          ))}
        </select>,
      );
    }
    case 'files':
    case 'file':
    case 'photo':
      return group(
        <FileField
          type={field.type}
          inputId={inputId}
          value={value}
          onChange={(next: Attachment[] | Attachment | null) => set(next)}
          editable={writable}
          busy={busy}
          describedBy={describedBy}
          onUploadingChange={onUploadingChange}
          uploader={uploader}
        />,
      );
    default:
      return null;
  }
}
