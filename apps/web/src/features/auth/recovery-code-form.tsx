import { useId, useState, type FormEvent, type Ref } from 'react';
import { authMessages, tooManyAttemptsMessage, type TwoFactorResponse } from '@muster/contract';
import { apiClient } from '../../lib/api/default-client';
import { isApiError } from '../../lib/api/errors';
import { DEVICE_TOKEN_STORAGE_KEY } from '../../lib/auth/auth-api';
import { useSession } from '../../lib/session/session-context';
import { formErrorMessage } from './form-error';

const REQUIRED = 'Please enter one of your recovery codes';

/**
 * The code step when the device is lost: one of the 10 recovery codes given at two-factor set-up
 * (each works once) goes to `POST auth/api/token` as `recovery_code`.
 */
export function RecoveryCodeForm({
  token,
  headingRef,
  onSignedIn,
  onUseCode,
}: {
  token: string;
  headingRef?: Ref<HTMLHeadingElement>;
  onSignedIn: () => void;
  onUseCode: () => void;
}) {
  const ids = useId();
  const { tokenStore } = useSession();
  const [value, setValue] = useState('');
  const [trust, setTrust] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) {
      return;
    }
    setFormError(null);
    if (!value.trim()) {
      setFieldError(REQUIRED);
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const answer = await apiClient.post<TwoFactorResponse>(
        'auth/api/token',
        { token, recovery_code: value.trim(), trust },
        { auth: false },
      );
      tokenStore.set(answer.token);
      if (answer.device_token) {
        try {
          window.localStorage.setItem(DEVICE_TOKEN_STORAGE_KEY, answer.device_token);
        } catch {
          // Blocked storage: the computer simply is not remembered.
        }
      }
      onSignedIn();
    } catch (error) {
      if (isApiError(error, 401) && error.message === authMessages.invalidCode) {
        setFieldError(authMessages.invalidCode);
      } else if (isApiError(error, 429)) {
        setFormError(tooManyAttemptsMessage(error.retryAfter ?? 60));
      } else {
        setFormError(formErrorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="login-form login-page__step" noValidate onSubmit={(event) => void submit(event)}>
      <h2 ref={headingRef} tabIndex={-1}>
        Use a recovery code
      </h2>
      <p id={`${ids}-hint`}>Enter one of the recovery codes you saved when you set up two-factor sign-in.</p>
      {formError ? (
        <p className="login-form__alert" role="alert">
          {formError}
        </p>
      ) : null}
      <div className={`login-form__field${fieldError ? ' login-form__field--error' : ''}`}>
        <label htmlFor={`${ids}-code`}>Recovery code</label>
        {fieldError ? (
          <p id={`${ids}-error`} className="login-form__error">
            {fieldError}
          </p>
        ) : null}
        <input
          id={`${ids}-code`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${ids}-hint ${ids}-error` : `${ids}-hint`}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <div className="login-form__checkbox">
        <input
          id={`${ids}-trust`}
          type="checkbox"
          checked={trust}
          onChange={(event) => setTrust(event.target.checked)}
        />
        <label htmlFor={`${ids}-trust`}>Trust this computer</label>
      </div>
      <button type="submit" className="login-form__submit" disabled={busy} aria-busy={busy || undefined}>
        Continue
      </button>
      <button type="button" className="login-page__link-button" onClick={onUseCode}>
        Use a code instead
      </button>
    </form>
  );
}
