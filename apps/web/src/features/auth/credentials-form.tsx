import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  authMessages,
  loginFormSchema,
  tooManyAttemptsMessage,
  type LoginForm,
  type TwoFactorMethodName,
} from '@muster/contract';
import { apiClient } from '../../lib/api/default-client';
import { isApiError } from '../../lib/api/errors';
import { signIn } from '../../lib/auth/auth-api';
import { useSession } from '../../lib/session/session-context';
import { formErrorMessage } from './form-error';
import '../../components/ui/form-feedback/form-feedback.css';
import '../../components/ui/primary-button/primary-button.css';

/** Email and password; answers the first step of the sign-in. */
export function CredentialsForm({
  intended,
  onSignedIn,
  onTwoFactor,
}: {
  intended?: string;
  onSignedIn: () => void;
  onTwoFactor: (token: string, method: TwoFactorMethodName) => void;
}) {
  const { tokenStore } = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await signIn(apiClient, tokenStore, { ...values, intended });
      if (answer.two_factor) {
        onTwoFactor(answer.token, answer.method ?? 'email');
      } else {
        onSignedIn();
      }
    } catch (error) {
      if (isApiError(error, 401)) {
        setError('email', { message: authMessages.signInFailed }, { shouldFocus: true });
      } else if (isApiError(error, 403)) {
        // The server says why (e.g. the account signs in through single sign-on).
        setError('email', { message: error.message || authMessages.emailNotMatched }, { shouldFocus: true });
      } else if (isApiError(error, 422) && (error.errors.email || error.errors.password)) {
        for (const field of ['email', 'password'] as const) {
          const message = error.errors[field]?.[0];
          if (message) {
            setError(field, { message }, { shouldFocus: true });
          }
        }
      } else if (isApiError(error, 429)) {
        setFormError(tooManyAttemptsMessage(error.retryAfter ?? 60));
      } else {
        setFormError(formErrorMessage(error));
      }
    }
  });

  return (
    <form className="login-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {formError ? (
        <p className="form-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <div className={`login-form__field${errors.email ? ' login-form__field--error' : ''}`}>
        <label htmlFor="login-email">Email address</label>
        {errors.email ? (
          <p id="login-email-error" className="form-error">
            {errors.email.message}
          </p>
        ) : null}
        <input
          id="login-email"
          type="email"
          autoComplete="username"
          spellCheck={false}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'login-email-error' : undefined}
          {...register('email')}
        />
      </div>
      <div className={`login-form__field${errors.password ? ' login-form__field--error' : ''}`}>
        <label htmlFor="login-password">Password</label>
        {errors.password ? (
          <p id="login-password-error" className="form-error">
            {errors.password.message}
          </p>
        ) : null}
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          {...register('password')}
        />
      </div>
      <button type="submit" className="login-form__submit primary-button" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        Sign in
      </button>
    </form>
  );
}
