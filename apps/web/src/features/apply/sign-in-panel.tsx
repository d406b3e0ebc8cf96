import { authMessages, tooManyAttemptsMessage, type TwoFactorMethodName } from '@muster/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { CodeInput } from '../../components/ui/code-input/code-input';
import { RecoveryCodeForm } from '../../components/ui/recovery-code-form/recovery-code-form';
import { isApiError } from '../../lib/api/errors';
import { requestPasswordReset, signInApplicant, submitApplicantCode } from './api';
import { FieldError, RequiredMark, fieldId } from './fields';

type Stage =
  | { name: 'password' }
  | { name: 'code'; token: string; method: Exclude<TwoFactorMethodName, 'magic_link'> }
  | { name: 'recovery'; token: string; method: Exclude<TwoFactorMethodName, 'magic_link'> }
  | { name: 'magic-link' };

const CODE_PROMPTS: Record<Exclude<TwoFactorMethodName, 'magic_link'>, string> = {
  email: 'We have emailed you a 6-digit code. Enter it below.',
  sms: 'We have sent a 6-digit code to your phone by text message. Enter it below.',
  auth_app: 'Enter the 6-digit code shown in your authenticator app.',
};

const SOMETHING_WENT_WRONG = 'Something went wrong while signing you in, please try again.';

function failureMessage(error: unknown): string {
  if (isApiError(error, 429)) {
    return tooManyAttemptsMessage(error.retryAfter ?? 60);
  }
  if (isApiError(error, 403)) {
    return authMessages.emailNotMatched;
  }
  if (isApiError(error, 401) || isApiError(error, 422)) {
    return authMessages.signInFailed;
  }
  return SOMETHING_WENT_WRONG;
}

export type PasswordResetRequestProps = { email: string; intended: string };
export type SignInPanelProps = PasswordResetRequestProps & { onSignedIn: () => void };

/**
 * The sign-in of an existing account inside the basic-details step (applicant-flow §2.2, §4):
 * the password with the 'request a password reset' link, then the second factor when the account
 * has one (six code boxes, or a message for magic_link), or a recovery code when the device is
 * lost. Password and code live only in this component's state, never in the stored draft. Enter
 * signs in rather than moving the step on.
 */
export function SignInPanel({ email, intended, onSignedIn }: SignInPanelProps) {
  const baseId = useId();
  const passwordId = fieldId('password');
  const codeLabelId = `${baseId}-code-label`;
  const codeHintId = `${baseId}-code-hint`;
  const [stage, setStage] = useState<Stage>({ name: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<string | undefined>();
  const stageHeading = useRef<HTMLHeadingElement>(null);
  const passwordBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (stage.name !== 'password') {
      stageHeading.current?.focus();
    }
  }, [stage]);

  const signIn = async () => {
    if (busy) {
      return;
    }
    if (password === '') {
      setPasswordError('Password is required');
      passwordBox.current?.focus();
      return;
    }
    setBusy(true);
    setPasswordError(undefined);
    try {
      const answer = await signInApplicant({ email, password, intended });
      setPassword('');
      if (!answer.two_factor) {
        onSignedIn();
      } else if (answer.method === 'magic_link') {
        setStage({ name: 'magic-link' });
      } else {
        setStage({ name: 'code', token: answer.token, method: answer.method ?? 'email' });
      }
    } catch (error) {
      setPasswordError(failureMessage(error));
      passwordBox.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async (token: string, value: string) => {
    if (busy) {
      return;
    }
    if (!/^\d{6}$/.test(value)) {
      setCodeError('Please enter the 6-digit code');
      document.getElementById(fieldId('code'))?.focus();
      return;
    }
    setBusy(true);
    setCodeError(undefined);
    try {
      await submitApplicantCode({ token, code: value });
      setCode('');
      onSignedIn();
    } catch (error) {
      setCode('');
      setCodeError(
        isApiError(error, 401) || isApiError(error, 422) ? authMessages.invalidCode : failureMessage(error),
      );
      document.getElementById(fieldId('code'))?.focus();
    } finally {
      setBusy(false);
    }
  };

  const onEnter = (event: KeyboardEvent<HTMLElement>, action: () => Promise<void>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void action();
    }
  };

  if (stage.name === 'magic-link') {
    return (
      <div className="apply-sign-in">
        <h3 ref={stageHeading} tabIndex={-1}>
          Check your email
        </h3>
        <p>
          We have emailed you a link to sign in. Open the link in that email to continue your application.
        </p>
        <button type="button" className="apply-link-button" onClick={() => setStage({ name: 'password' })}>
          Start again
        </button>
      </div>
    );
  }

  if (stage.name === 'recovery') {
    return (
      <div className="apply-sign-in">
        <RecoveryCodeForm
          nested
          headingLevel={3}
          headingRef={stageHeading}
          offerTrust={false}
          token={stage.token}
          onSignedIn={onSignedIn}
          onUseCode={() => setStage({ name: 'code', token: stage.token, method: stage.method })}
        />
      </div>
    );
  }

  if (stage.name === 'code') {
    const token = stage.token;
    return (
      <div className="apply-sign-in">
        <h3 ref={stageHeading} tabIndex={-1}>
          Enter your code
        </h3>
        <p id={codeHintId}>{CODE_PROMPTS[stage.method]}</p>
        <div
          className={`apply-field${codeError ? ' apply-field--error' : ''}`}
          onKeyDown={(event) => onEnter(event, () => sendCode(token, code))}
        >
          <span id={codeLabelId} className="apply-field__label">
            Verification code
          </span>
          <FieldError id={`${fieldId('code')}-error`} message={codeError} />
          <CodeInput
            id={fieldId('code')}
            labelledBy={codeLabelId}
            describedBy={[codeHintId, codeError ? `${fieldId('code')}-error` : ''].filter(Boolean).join(' ')}
            invalid={Boolean(codeError)}
            value={code}
            onChange={setCode}
            disabled={busy}
          />
        </div>
        <div className="apply-sign-in__actions">
          <button
            type="button"
            className="apply-button apply-button--primary"
            aria-disabled={busy || undefined}
            onClick={() => void sendCode(token, code)}
          >
            {busy ? 'Please wait...' : 'Continue'}
          </button>
          <button
            type="button"
            className="apply-link-button"
            onClick={() => setStage({ ...stage, name: 'recovery' })}
          >
            Lost your device? Use a recovery code
          </button>
          <button type="button" className="apply-link-button" onClick={() => setStage({ name: 'password' })}>
            Start again
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="apply-sign-in">
      <p>You already have an account with us. Please sign in to continue your application.</p>
      <div className={`apply-field${passwordError ? ' apply-field--error' : ''}`}>
        <label htmlFor={passwordId} className="apply-field__label">
          Password
          <RequiredMark required />
        </label>
        <FieldError id={`${passwordId}-error`} message={passwordError} />
        <input
          ref={passwordBox}
          id={passwordId}
          className="apply-field__input"
          type="password"
          autoComplete="current-password"
          value={password}
          aria-required
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? `${passwordId}-error` : undefined}
          onChange={(event) => setPassword(event.target.value)}
          onKeyDown={(event) => onEnter(event, signIn)}
        />
      </div>
      <PasswordResetRequest email={email} intended={intended} />
      <button
        type="button"
        className="apply-button apply-button--primary"
        aria-disabled={busy || undefined}
        onClick={() => void signIn()}
      >
        {busy ? 'Please wait...' : 'Sign in'}
      </button>
    </div>
  );
}

/**
 * 'Forgotten your password? You can request a password reset.': `POST /password/email` with the
 * address and the way back to the form; the server's answer shows as a success notice.
 */
export function PasswordResetRequest({ email, intended }: PasswordResetRequestProps) {
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = async () => {
    if (busy) {
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ tone: 'success', message: await requestPasswordReset(email, intended) });
    } catch (error) {
      setNotice({
        tone: 'error',
        message: isApiError(error, 429)
          ? tooManyAttemptsMessage(error.retryAfter ?? 60)
          : 'We could not send the reset link, please try again.',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="apply-sign-in__reset">
        Forgotten your password? You can{' '}
        <button
          type="button"
          className="apply-link-button"
          aria-disabled={busy || undefined}
          onClick={() => void ask()}
        >
          request a password reset
        </button>
        .
      </p>
      <div role="status">
        {notice ? <p className={`apply-notice apply-notice--${notice.tone}`}>{notice.message}</p> : null}
      </div>
    </>
  );
}
