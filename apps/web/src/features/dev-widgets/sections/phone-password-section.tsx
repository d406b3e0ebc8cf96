import { useState, type FormEvent } from 'react';
import { PasswordStrength } from '../../../components/ui/password-strength/password-strength';
import { Spinner } from '../../../components/ui/spinner/spinner';
import {
  TelephoneInput,
  type TelephoneChange,
  type TelephoneInputProps,
  type TelephoneValue,
} from '../../../components/ui/telephone-input/telephone-input';
import { useValidator } from '../../../lib/validation/use-validator';
import { Emitted, Example, GallerySection, WidgetExamples } from '../gallery';
import './phone-password-section.css';

/** A telephone input holding its own value and printing what it emitted. */
function TelephoneExample({
  testId,
  initial,
  ...props
}: {
  testId: string;
  initial: TelephoneValue;
} & Omit<TelephoneInputProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState(initial);
  const [emitted, setEmitted] = useState<TelephoneChange | null>(null);
  return (
    <>
      <TelephoneInput
        {...props}
        value={value}
        onChange={(change) => {
          setValue({ number: change.number, region: change.region });
          setEmitted(change);
        }}
      />
      <Emitted testId={testId} text={emitted === null ? '(nothing yet)' : JSON.stringify(emitted)} />
    </>
  );
}

function TelephoneExamples() {
  return (
    <WidgetExamples
      title="Telephone input"
      caption="The flag button opens the country list: arrows, Home, End, Page Up and Page Down move; typing jumps to a country by name; Enter or Space chooses; Escape or any other key closes. A number in international form switches the country, e.g. +33 6 12 34 56 78 selects France."
    >
      <Example title="Empty">
        <TelephoneExample
          id="gallery-telephone-empty"
          testId="telephone-empty-value"
          label="Contact number"
          initial={{ number: '', region: 'GB' }}
        />
      </Example>
      <Example title="Filled">
        <TelephoneExample
          id="gallery-telephone-filled"
          testId="telephone-filled-value"
          label="Mobile number"
          initial={{ number: '06 12 34 56 78', region: 'FR' }}
        />
      </Example>
      <Example title="Error">
        <TelephoneExample
          id="gallery-telephone-error"
          testId="telephone-error-value"
          label="Emergency contact number"
          required
          initial={{ number: '0740', region: 'GB' }}
          error="Please enter a valid telephone number"
        />
      </Example>
      <Example title="Read-only">
        <TelephoneInput
          id="gallery-telephone-readonly"
          label="Home telephone"
          readOnly
          value={{ number: '020 7946 0958', region: 'GB' }}
        />
      </Example>
      <Example title="Busy" caption="While the number is being saved.">
        <TelephoneInput
          id="gallery-telephone-busy"
          label="Work telephone"
          busy
          busyLabel="Saving your number…"
          value={{ number: '+1 416 555 0123', region: 'CA' }}
        />
      </Example>
    </WidgetExamples>
  );
}

type PasswordFieldProps = {
  id: string;
  label: string;
  initial: string;
  error?: string;
  readOnly?: boolean;
  busy?: boolean;
};

/** A new-password field with the strength indicator, as the review step will show it. */
function PasswordField({ id, label, initial, error, readOnly = false, busy = false }: PasswordFieldProps) {
  const [password, setPassword] = useState(initial);
  const rulesId = `${id}-rules`;
  const errorId = `${id}-error`;
  return (
    <PasswordStrength
      password={password}
      popoverId={rulesId}
      userInputs={['Ada', 'Lovelace', 'ada@example.org']}
    >
      <label className="gallery-password__label" htmlFor={id}>
        {label}
      </label>
      {error ? (
        <p id={errorId} className="gallery-password__error">
          <span className="visually-hidden">Error:</span> {error}
        </p>
      ) : null}
      <div className="gallery-password__row">
        <input
          id={id}
          className="gallery-password__input"
          type="password"
          autoComplete="new-password"
          value={password}
          readOnly={readOnly}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : '', rulesId].filter(Boolean).join(' ')}
          onChange={(event) => setPassword(event.target.value)}
        />
        {busy ? <Spinner size="small" label="Saving your password…" /> : null}
      </div>
    </PasswordStrength>
  );
}

function PasswordExamples() {
  return (
    <WidgetExamples
      title="Password strength indicator"
      caption="Hover over the field or focus it to see the rules, each met or not, with the estimator's warning and suggestions. Escape hides them."
    >
      <Example title="Empty">
        <PasswordField id="gallery-password-empty" label="Create a password" initial="" />
      </Example>
      <Example title="Filled">
        <PasswordField id="gallery-password-filled" label="New password" initial="Tr0ub4dour&3x" />
      </Example>
      <Example title="Error">
        <PasswordField
          id="gallery-password-error"
          label="Choose a password"
          initial="password"
          error="Your password must contain at least one uppercase character"
        />
      </Example>
      <Example title="Read-only">
        <PasswordField
          id="gallery-password-readonly"
          label="Current password"
          initial="Muster2024"
          readOnly
        />
      </Example>
      <Example title="Busy" caption="While the password is being saved.">
        <PasswordField id="gallery-password-busy" label="Replacement password" initial="xkq7Rtp" busy />
      </Example>
    </WidgetExamples>
  );
}

const validatorRules = { email: 'required|email', website: 'url', hours: 'required|number|modulo:5' };
const validatorLabels = { email: 'Email address', website: 'Website', hours: 'Hours a month' };

/** The generic validator behind a small form: fields are checked once non-empty or left. */
function ValidatorExample() {
  const [values, setValues] = useState({ email: '', website: '', hours: '' });
  const [outcome, setOutcome] = useState<string | null>(null);
  const { errors, blur, validateField, validateAll } = useValidator(validatorRules, {
    labels: validatorLabels,
  });
  const fields = Object.keys(validatorRules) as (keyof typeof values)[];

  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(validateAll(values).valid ? 'All fields are valid.' : 'Some fields need attention.');
  }

  return (
    <form className="gallery-validator" noValidate onSubmit={submit}>
      {fields.map((field) => (
        <div key={field} className="gallery-validator__field">
          <label htmlFor={`gallery-validator-${field}`}>{validatorLabels[field]}</label>
          {errors[field] ? (
            <p id={`gallery-validator-${field}-error`} className="gallery-password__error">
              <span className="visually-hidden">Error:</span> {errors[field]}
            </p>
          ) : null}
          <input
            id={`gallery-validator-${field}`}
            className="gallery-password__input"
            value={values[field]}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `gallery-validator-${field}-error` : undefined}
            onChange={(event) => {
              const next = { ...values, [field]: event.target.value };
              setValues(next);
              validateField(field, next);
            }}
            onBlur={() => blur(field, values)}
          />
        </div>
      ))}
      <button type="submit">Check the form</button>
      <p role="status">{outcome}</p>
    </form>
  );
}

/** Gallery section: the telephone input, the password strength indicator and the form validator. */
export function PhonePasswordSection() {
  return (
    <GallerySection id="gallery-phone-password" title="Telephone, password strength and form validation">
      <TelephoneExamples />
      <PasswordExamples />
      <WidgetExamples title="Generic form validator">
        <Example
          title="Demo"
          caption="Rules: email 'required|email', website 'url', hours 'required|number|modulo:5'. A field is checked once it holds something or has been left; the button checks everything."
        >
          <ValidatorExample />
        </Example>
      </WidgetExamples>
    </GallerySection>
  );
}
