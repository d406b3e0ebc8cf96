import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type Ref } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  authMessages,
  tooManyAttemptsMessage,
  twoFactorCodeFormSchema,
  type TwoFactorCodeForm,
  type TwoFactorMethodName,
} from '@muster/contract';
import { CodeInput } from '../../components/ui/code-input/code-input';
import { RecoveryCodeForm } from '../../components/ui/recovery-code-form/recovery-code-form';
import { apiClient } from '../../lib/api/default-client';
import { isApiError } from '../../lib/api/errors';
import { submitTwoFactorCode } from '../../lib/auth/auth-api';
import { useSession } from '../../lib/session/session-context';
import { formErrorMessage } from './form-error';
import '../../components/ui/form-feedback/form-feedback.css';
import '../../components/ui/primary-button/primary-button.css';

const PROMPTS: Record<Exclude<TwoFactorMethodName, 'magic_link'>, string> = {
  email: 'We have emailed you a 6-digit code. Enter it below.',
  sms: 'We have sent a 6-digit code to your phone by text message. Enter it below.',
  auth_app: 'Enter the 6-digit code shown in your authenticator app.',
};

/** The second step: the 6-digit code, and "Trust this computer". */
export function CodeForm({
  token,
  method,
  headingRef,
  onSignedIn,
  onStartAgain,
}: {
  token: string;
  method: Exclude<TwoFactorMethodName, 'magic_link'>;
  headingRef?: Ref<HTMLHeadingElement>;
  onSignedIn: () => void;
  onStartAgain: () => void;
}) {
  const { tokenStore } = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  const [recovery, setRecovery] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<TwoFactorCodeForm>({
    resolver: zodResolver(twoFactorCodeFormSchema),
    defaultValues: { code: '', trust: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await submitTwoFactorCode(apiClient, tokenStore, { token, key: values.code, trust: values.trust });
      onSignedIn();
    } catch (error) {
      if ((isApiError(error, 401) && error.message === authMessages.invalidCode) || isApiError(error, 422)) {
        setValue('code', '');
        setError('code', { message: authMessages.invalidCode }, { shouldFocus: true });
      } else if (isApiError(error, 429)) {
        setFormError(tooManyAttemptsMessage(error.retryAfter ?? 60));
      } else {
        setFormError(formErrorMessage(error));
      }
    }
  });

  if (recovery) {
    return (
      <RecoveryCodeForm
        token={token}
        headingRef={headingRef}
        onSignedIn={onSignedIn}
        onUseCode={() => setRecovery(false)}
      />
    );
  }

  return (
    <form className="login-form login-page__step" noValidate onSubmit={(event) => void onSubmit(event)}>
      <h2 ref={headingRef} tabIndex={-1}>
        Enter your code
      </h2>
      <p id="login-code-hint">{PROMPTS[method]}</p>
      {formError ? (
        <p className="form-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <div className={`login-form__field${errors.code ? ' login-form__field--error' : ''}`}>
        <span id="login-code-label" className="login-form__label">
          Verification code
        </span>
        {errors.code ? (
          <p id="login-code-error" className="form-error">
            {errors.code.message}
          </p>
        ) : null}
        <Controller
          control={control}
          name="code"
          render={({ field }) => (
            <CodeInput
              id="login-code"
              labelledBy="login-code-label"
              describedBy={errors.code ? 'login-code-hint login-code-error' : 'login-code-hint'}
              invalid={Boolean(errors.code)}
              value={field.value}
              onChange={field.onChange}
              disabled={field.disabled}
            />
          )}
        />
      </div>
      <div className="login-form__checkbox">
        <input id="login-trust" type="checkbox" {...register('trust')} />
        <label htmlFor="login-trust">Trust this computer</label>
      </div>
      <button type="submit" className="login-form__submit primary-button" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        Continue
      </button>
      <button type="button" className="login-page__link-button" onClick={() => setRecovery(true)}>
        Lost your device? Use a recovery code
      </button>
      <button type="button" className="login-page__link-button" onClick={onStartAgain}>
        Start again
      </button>
    </form>
  );
}
