import { Suspense, useState } from 'react';
import { LazyTelephoneInput } from '../telephone-input/lazy-telephone-input';
import { DEFAULT_REGION } from '../telephone-input/phone-library';
import type { TelephoneChange, TelephoneValue } from '../telephone-input/telephone-input';
import { textOf } from './values';

export type TelephoneFieldProps = {
  inputId: string;
  /** The field's name, as the number box's label. */
  label: string;
  /** The stored value: a number in E.164 form, or the text of a number that is not valid. */
  value: unknown;
  /** Region that numbers typed without a country code are read in (applicant-flow §9). */
  defaultRegion: string | undefined;
  required: boolean;
  readOnly: boolean;
  error: string | undefined;
  onChange: (next: string | null) => void;
};

/** What a change stores: the E.164 form of a valid number (applicant-flow §9), else the text as typed. */
function storedValue(change: TelephoneChange): string | null {
  if (change.e164) {
    return change.e164;
  }
  const text = change.number.trim();
  return text === '' ? null : text;
}

/**
 * The telephone custom field (applicant-flow §3.8): the telephone widget, so that a number typed
 * the national way (`07911 123456`) is read in the default region and stored in E.164
 * (`+447911123456`), the one form the form's check and the server both accept. The box keeps what
 * the person typed; a value set from outside (a prefilled answer, a reset) replaces it.
 */
export function TelephoneField({
  inputId,
  label,
  value,
  defaultRegion,
  required,
  readOnly,
  error,
  onChange,
}: TelephoneFieldProps) {
  const stored = textOf(value);
  const [typed, setTyped] = useState<TelephoneValue>(() => ({
    number: stored,
    region: defaultRegion || DEFAULT_REGION,
  }));
  // The stored value this box last emitted, and the one it last saw: a new stored value that is
  // not its own emission came from outside and is shown as it is.
  const [emitted, setEmitted] = useState(stored);
  const [seen, setSeen] = useState(stored);
  if (stored !== seen) {
    setSeen(stored);
    if (stored !== emitted) {
      setEmitted(stored);
      setTyped({ number: stored, region: typed.region });
    }
  }

  return (
    <Suspense fallback={null}>
      <LazyTelephoneInput.Component
        id={inputId}
        label={label}
        value={typed}
        required={required}
        readOnly={readOnly}
        error={error}
        onChange={(change) => {
          const next = storedValue(change);
          setTyped({ number: change.number, region: change.region });
          setEmitted(next ?? '');
          onChange(next);
        }}
      />
    </Suspense>
  );
}
