import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { authMessages, tooManyAttemptsMessage } from '@muster/contract';
import { apiClient } from '../../../lib/api/default-client';
import { isApiError } from '../../../lib/api/errors';
import { submitRecoveryCode } from '../../../lib/auth/auth-api';
import { useSession } from '../../../lib/session/session-context';
import '../form-feedback/form-feedback.css';
import '../primary-button/primary-button.css';
import './recovery-code-form.css';

/** The field's message when nothing was typed. */
export const RECOVERY_CODE_REQUIRED = 'Please enter one of your recovery codes';

const SOMETHING_WENT_WRONG = 'Something went wrong, please try again.';

function failureSentence(error: unknown): string {
  if (isApiError(error, 429)) {
    return tooManyAttemptsMessage(error.retryAfter ?? 60);
  }
  if (isApiError(error) && error.message) {
    return error.message;
  }
  return SOMETHING_WENT_WRONG;
}

/**
 * The code step of a sign-in when the device is lost (issue 9): one of the 10 recovery codes
 * given at two-factor set-up (each works once) goes to `POST auth/api/token` as `recovery_code`,
 * and the session token is stored. Used by the sign-in page and the application form's sign-in.
 * `nested` renders no `<form>` of its own (Enter in the box submits), for use inside another form.
 */
export function RecoveryCodeForm({
  token,
  onSignedIn,
  onUseCode,
  headingRef,
  headingLevel = 2,
  offerTrust = true,
  nested = false,
}: {
  /** The interim token of the pending sign-in. */
  token: string;
  onSignedIn: () => void;
  /** Back to the 6-digit code. */
  onUseCode: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
  headingLevel?: 2 | 3;
  /** Offer "Trust this computer". */
  offerTrust?: boolean;
  nested?: boolean;
}) {
  const ids = useId();
  const { tokenStore } = useSession();
  const [value, setValue] = useState('');
  const [trust, setTrust] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  const submit = async () => {
    if (busy) {
      return;
    }
    setFormError(null);
    if (!value.trim()) {
      setFieldError(RECOVERY_CODE_REQUIRED);
      document.getElementById(`${ids}-code`)?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await submitRecoveryCode(apiClient, tokenStore, { token, recoveryCode: value.trim(), trust });
      onSignedIn();
    } catch (error) {
      if (isApiError(error, 401) && error.message === authMessages.invalidCode) {
        setFieldError(authMessages.invalidCode);
        document.getElementById(`${ids}-code`)?.focus();
      } else {
        setFormError(failureSentence(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (nested && event.key === 'Enter') {
      // Inside another form, Enter must finish the sign-in rather than submit that form.
      event.preventDefault();
      void submit();
    }
  };

  const content: ReactNode = (
    <>
      <Heading ref={headingRef} id={`${ids}-heading`} className="recovery-code-form__heading" tabIndex={-1}>
        Use a recovery code
      </Heading>
      <p id={`${ids}-hint`}>Enter one of the recovery codes you saved when you set up two-factor sign-in.</p>
      {formError ? (
        <p className="form-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <div className={`recovery-code-form__field${fieldError ? ' recovery-code-form__field--error' : ''}`}>
        <label htmlFor={`${ids}-code`}>Recovery code</label>
        {fieldError ? (
          <p id={`${ids}-error`} className="form-error">
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
          onKeyDown={onEnter}
        />
      </div>
      {offerTrust ? (
        <div className="recovery-code-form__checkbox">
          <input
            id={`${ids}-trust`}
            type="checkbox"
            checked={trust}
            onChange={(event) => setTrust(event.target.checked)}
          />
          <label htmlFor={`${ids}-trust`}>Trust this computer</label>
        </div>
      ) : null}
      <div className="recovery-code-form__actions">
        <button
          type={nested ? 'button' : 'submit'}
          className="recovery-code-form__submit primary-button"
          aria-disabled={busy || undefined}
          onClick={nested ? () => void submit() : undefined}
        >
          {busy ? 'Please wait...' : 'Continue'}
        </button>
        <button type="button" className="recovery-code-form__link" onClick={onUseCode}>
          Use a code instead
        </button>
      </div>
    </>
  );

  return nested ? (
    <div className="recovery-code-form" role="group" aria-labelledby={`${ids}-heading`}>
      {content}
    </div>
  ) : (
    <form className="recovery-code-form" noValidate onSubmit={onFormSubmit}>
      {content}
    </form>
  );
}
