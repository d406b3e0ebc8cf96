import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import { passwordResetBodySchema, type PasswordResetBody } from '@muster/contract';
import { resetPassword } from '../../lib/api/calls/auth';
import { isApiError } from '../../lib/api/errors';
import { PasswordStrength } from '../../components/ui/password-strength/password-strength';
import { formErrorMessage } from './form-error';
import '../../components/ui/form-feedback/form-feedback.css';
import '../../components/ui/primary-button/primary-button.css';
import './login-page.css';

/**
 * `/password/reset/{token}`: the page the reset email links to. It sets a new password by the
 * rules of applicant-flow §5 and does not sign the user in, so the second factor still applies
 * at the next sign-in.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const intended = searchParams.get('intended');
  const rulesId = useId();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetBody>({
    resolver: zodResolver(passwordResetBodySchema),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await resetPassword(values);
      setDone(true);
    } catch (error) {
      if (isApiError(error, 422)) {
        for (const field of ['password', 'password_confirmation'] as const) {
          const message = error.errors[field]?.[0];
          if (message) {
            setError(field, { message }, { shouldFocus: true });
          }
        }
        if (!error.errors.password && !error.errors.password_confirmation) {
          setFormError(error.message);
        }
      } else if (isApiError(error, 401)) {
        setFormError('This password reset link has expired or has already been used. Please request a new one.');
      } else {
        setFormError(formErrorMessage(error));
      }
    }
  });

  const signInHref = intended ? `/login?intended=${encodeURIComponent(intended)}` : '/login';
  if (done) {
    return (
      <section className="page login-page">
        <h1>Your password has been changed</h1>
        <p role="status">You can now sign in with your new password.</p>
        <Link to={signInHref}>Sign in</Link>
      </section>
    );
  }
  return (
    <section className="page login-page">
      <h1>Choose a new password</h1>
      {formError ? (
        <p className="form-alert" role="alert">
          {formError} <Link to="/login">Back to sign in</Link>
        </p>
      ) : null}
      <form className="login-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className={`login-form__field${errors.password ? ' login-form__field--error' : ''}`}>
          <label htmlFor="new-password">New password</label>
          <PasswordStrength password={password} popoverId={rulesId}>
            <input
              id="new-password"
              type="password"
              autoComplete="new-password"
              aria-describedby={[rulesId, errors.password ? 'new-password-error' : ''].filter(Boolean).join(' ')}
              aria-invalid={errors.password ? true : undefined}
              {...register('password')}
            />
          </PasswordStrength>
          {errors.password ? (
            <p id="new-password-error" className="form-error">
              {errors.password.message}
            </p>
          ) : null}
        </div>
        <div className={`login-form__field${errors.password_confirmation ? ' login-form__field--error' : ''}`}>
          <label htmlFor="new-password-confirm">Confirm new password</label>
          <input
            id="new-password-confirm"
            type="password"
            autoComplete="new-password"
            aria-describedby={errors.password_confirmation ? 'new-password-confirm-error' : undefined}
            aria-invalid={errors.password_confirmation ? true : undefined}
            {...register('password_confirmation')}
          />
          {errors.password_confirmation ? (
            <p id="new-password-confirm-error" className="form-error">
              {errors.password_confirmation.message}
            </p>
          ) : null}
        </div>
        <button type="submit" className="login-form__submit primary-button" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Please wait...' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
