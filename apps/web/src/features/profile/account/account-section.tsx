import { zodResolver } from '@hookform/resolvers/zod';
import { passwordChangeBodySchema, type PasswordChangeBody } from '@muster/contract';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PasswordStrength } from '../../../components/ui/password-strength/password-strength';
import {
  SAVE_BUTTON_STATE,
  SaveButton,
  type SaveButtonState,
} from '../../../components/ui/save-button/save-button';
import { isApiError } from '../../../lib/api/errors';
import { useSession } from '../../../lib/session';
import { changePassword, signOutEverywhere } from './account-api';
import { ContactDetails } from './contact-details';
import '../../../components/ui/form-feedback/form-feedback.css';
import './account-section.css';

/** How long the button says "Saved!" before it is ready again. */
export const SAVED_FOR_MS = 2000;

const FAILED = 'Something went wrong while updating your information';
const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

type FieldName = (typeof FIELDS)[number];

/**
 * The account section of the own profile (issue 9 "Account"): change the email address or phone
 * number (confirmed with a code sent to the new one), change the password (the current one, then
 * a new one by the rules of applicant-flow §5 with the strength meter; the user's other sign-ins
 * end) and sign out everywhere.
 */
export function AccountSection({ userId }: { userId: number }) {
  const ids = useId();
  const headingId = `${ids}-heading`;
  const rulesId = `${ids}-rules`;
  const { tokenStore } = useSession();
  const navigate = useNavigate();
  const [state, setState] = useState<SaveButtonState>(SAVE_BUTTON_STATE.idle);
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<PasswordChangeBody>({
    resolver: zodResolver(passwordChangeBodySchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const password = useWatch({ control, name: 'password' });

  useEffect(() => {
    if (state !== SAVE_BUTTON_STATE.saved) {
      return undefined;
    }
    const timer = window.setTimeout(() => setState(SAVE_BUTTON_STATE.idle), SAVED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const onSubmit = handleSubmit(async (values) => {
    if (state !== SAVE_BUTTON_STATE.idle) {
      return;
    }
    setAlert(null);
    setNotice(null);
    setState(SAVE_BUTTON_STATE.busy);
    try {
      const answer = await changePassword(userId, values);
      reset();
      setNotice(answer.data.message);
      setState(SAVE_BUTTON_STATE.saved);
    } catch (error) {
      setState(SAVE_BUTTON_STATE.idle);
      if (isApiError(error, 422) && FIELDS.some((field) => error.errors[field])) {
        for (const field of FIELDS) {
          const message = error.errors[field]?.[0];
          if (message) {
            setError(field, { message }, { shouldFocus: true });
          }
        }
      } else if (isApiError(error, 429)) {
        setAlert(
          `You have tried too many times, please wait for ${error.retryAfter ?? 60} seconds before trying again.`,
        );
      } else if (isApiError(error, 403)) {
        setAlert(error.message);
      } else {
        setAlert(FAILED);
      }
    }
  });

  async function endEverywhere() {
    setSigningOut(true);
    setSignOutError(null);
    try {
      await signOutEverywhere(userId);
      tokenStore.clear();
      void navigate('/login', { replace: true });
    } catch {
      setSigningOut(false);
      setSignOutError(FAILED);
    }
  }

  const field = (name: FieldName, label: string, autoComplete: string, withRules = false) => {
    const inputId = `${ids}-${name}`;
    const errorId = `${inputId}-error`;
    const error = errors[name];
    const input = (
      <input
        id={inputId}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [withRules ? rulesId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
        }
        {...register(name)}
      />
    );
    return (
      <div className={`account-section__field${error ? ' account-section__field--error' : ''}`}>
        <label htmlFor={inputId}>{label}</label>
        {withRules ? (
          <PasswordStrength password={password} popoverId={rulesId}>
            {input}
          </PasswordStrength>
        ) : (
          input
        )}
        {error ? (
          <p id={errorId} className="account-section__error form-error">
            {error.message}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Account</h2>
      <ContactDetails userId={userId} />
      <form className="account-section__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <h3>Change password</h3>
        {field('current_password', 'Current password', 'current-password')}
        {field('password', 'New password', 'new-password', true)}
        {field('password_confirmation', 'Confirm new password', 'new-password')}
        {alert ? (
          <p className="form-alert" role="alert">
            {alert}
          </p>
        ) : null}
        <p role="status" className="account-section__notice">
          {notice}
        </p>
        <SaveButton state={state}>Change password</SaveButton>
      </form>
      <div className="account-section__everywhere">
        <h3>Sign out everywhere</h3>
        <p>Ends every sign-in of your account, on this device and all others.</p>
        {signOutError ? (
          <p className="form-alert" role="alert">
            {signOutError}
          </p>
        ) : null}
        <button
          type="button"
          disabled={signingOut}
          aria-busy={signingOut || undefined}
          onClick={() => void endEverywhere()}
        >
          {signingOut ? 'Signing out…' : 'Sign out everywhere'}
        </button>
      </div>
    </section>
  );
}
