import { zodResolver } from '@hookform/resolvers/zod';
import {
  contactChangeMessages,
  contactChangeStartBodySchema,
  tooManyAttemptsMessage,
  type ContactChangeStartBody,
  type ContactChangeStartResponse,
  type ContactKind,
} from '@muster/contract';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  SAVE_BUTTON_STATE,
  SaveButton,
  type SaveButtonState,
} from '../../../components/ui/save-button/save-button';
import { DEFAULT_REGION } from '../../../components/ui/telephone-input/phone-library';
import { TelephoneInput } from '../../../components/ui/telephone-input/telephone-input';
import { isApiError } from '../../../lib/api/errors';
import { VerifyCodeForm } from '../two-factor/verify-code-form';
import { confirmContactChange, startContactChange } from './contact-change-api';
import '../../../components/ui/form-feedback/form-feedback.css';
import '../../../components/ui/secondary-button/secondary-button.css';
import './account-section.css';
import './contact-change-form.css';

/** How long a button shows its done state (applicant-flow §4, §9: about 2 s). */
export const CONTACT_DONE_MS = 2000;

const FAILED = 'Something went wrong while updating your information';

const TEXTS: Record<
  ContactKind,
  { heading: string; current: string; none: string; label: string; open: string }
> = {
  email: {
    heading: 'Change email address',
    current: 'Your email address',
    none: 'You have no email address yet.',
    label: 'New email address',
    open: 'Enter a new email address',
  },
  phone: {
    heading: 'Change phone number',
    current: 'Your phone number',
    none: 'You have no phone number yet.',
    label: 'New phone number',
    open: 'Enter a new phone number',
  },
};

/** The sentence for a failed call that no field owns: the 429 wording of applicant-flow §8, else the server's. */
function alertFor(error: unknown): string {
  if (isApiError(error, 429)) {
    return tooManyAttemptsMessage(error.retryAfter ?? 60);
  }
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return FAILED;
}

export type ContactChangeFormProps = {
  userId: number;
  kind: ContactKind;
  /** The address or E.164 number on file now, with the number's region; null when there is none. */
  current: { value: string; region: string | null } | null;
  /** Called once the change is made, to read the new value. */
  onChanged: () => void;
};

/**
 * Changes the user's email address or phone number (issue 9 "Account"): the new one and the
 * current password, then "Send code" sends a 6-digit code to the new address or number, typed
 * into the six boxes and confirmed. Field errors sit next to their fields; the buttons go idle,
 * busy, done (applicant-flow §4). The old address is told by the server.
 *
 * The form opens from a disclosure button: the telephone widget loads the telephone metadata and
 * builds its country list when it mounts, which on a slow phone held the profile's first seconds
 * for a form most visits never use (docs/performance.md, "29 Nov (evening)").
 */
export function ContactChangeForm({ userId, kind, current, onChanged }: ContactChangeFormProps) {
  const ids = useId();
  const texts = TEXTS[kind];
  const headingId = `${ids}-heading`;
  const formId = `${ids}-form`;
  const [open, setOpen] = useState(false);
  const [sendState, setSendState] = useState<SaveButtonState>(SAVE_BUTTON_STATE.idle);
  const [confirmState, setConfirmState] = useState<SaveButtonState>(SAVE_BUTTON_STATE.idle);
  const [pending, setPending] = useState<ContactChangeStartResponse['data'] | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // What the telephone widget made of the number: its E.164 form once valid.
  const [phone, setPhone] = useState<{ e164: string | null; valid: boolean }>({ e164: null, valid: false });
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    reset,
    control,
    formState: { errors },
  } = useForm<ContactChangeStartBody>({
    resolver: zodResolver(contactChangeStartBodySchema),
    defaultValues:
      kind === 'email'
        ? { kind: 'email', value: '', password: '' }
        : { kind: 'phone', value: '', region: current?.region ?? DEFAULT_REGION, password: '' },
  });
  const region = useWatch({ control, name: 'region' });

  // Done shows for about 2 s, then the button is ready again (applicant-flow §4, §9).
  useEffect(() => {
    if (sendState !== SAVE_BUTTON_STATE.saved) {
      return undefined;
    }
    const timer = window.setTimeout(() => setSendState(SAVE_BUTTON_STATE.idle), CONTACT_DONE_MS);
    return () => window.clearTimeout(timer);
  }, [sendState]);

  // Once the change is made and "Changed!" has shown, the form starts afresh.
  useEffect(() => {
    if (confirmState !== SAVE_BUTTON_STATE.saved) {
      return undefined;
    }
    const timer = window.setTimeout(() => {
      setConfirmState(SAVE_BUTTON_STATE.idle);
      setPending(null);
      setCode('');
      reset();
      setPhone({ e164: null, valid: false });
    }, CONTACT_DONE_MS);
    return () => window.clearTimeout(timer);
  }, [confirmState, reset]);

  const closeVerification = () => {
    setPending(null);
    setCode('');
    setCodeError(null);
  };

  const send = handleSubmit(async (values) => {
    if (sendState !== SAVE_BUTTON_STATE.idle) {
      return;
    }
    let body = values;
    if (values.kind === 'phone') {
      if (!phone.valid) {
        setError('value', { message: contactChangeMessages.phoneInvalid }, { shouldFocus: true });
        return;
      }
      body = { ...values, value: phone.e164 ?? values.value };
    }
    setAlert(null);
    setNotice(null);
    closeVerification();
    setSendState(SAVE_BUTTON_STATE.busy);
    try {
      const answer = await startContactChange(userId, body);
      setPending(answer.data);
      setSendState(SAVE_BUTTON_STATE.saved);
    } catch (error) {
      setSendState(SAVE_BUTTON_STATE.idle);
      const fields = isApiError(error, 422) ? error.errors : {};
      const onFields = (['value', 'password'] as const).filter((field) => fields[field]?.[0]);
      if (onFields.length > 0) {
        for (const field of onFields) {
          setError(field, { message: fields[field]?.[0] ?? '' }, { shouldFocus: field === onFields[0] });
        }
      } else {
        setAlert(alertFor(error));
      }
    }
  });

  const confirm = async () => {
    if (!pending || confirmState !== SAVE_BUTTON_STATE.idle) {
      return;
    }
    if (!/^\d{6}$/.test(code)) {
      setCodeError(contactChangeMessages.codeRequired);
      return;
    }
    setAlert(null);
    setCodeError(null);
    setConfirmState(SAVE_BUTTON_STATE.busy);
    try {
      const answer = await confirmContactChange(userId, { kind, code });
      setConfirmState(SAVE_BUTTON_STATE.saved);
      setNotice(answer.data.message);
      onChanged();
    } catch (error) {
      setConfirmState(SAVE_BUTTON_STATE.idle);
      const fields = isApiError(error, 422) ? error.errors : {};
      if (fields.code?.[0]) {
        setCode('');
        setCodeError(fields.code[0]);
      } else if (fields.value?.[0]) {
        // The address was taken meanwhile: back to the address.
        closeVerification();
        setError('value', { message: fields.value[0] }, { shouldFocus: true });
      } else {
        setAlert(alertFor(error));
      }
    }
  };

  const valueId = `${ids}-value`;
  const passwordId = `${ids}-password`;
  const valueError = errors.value?.message;
  const passwordError = errors.password?.message;

  return (
    <div className="contact-change" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>{texts.heading}</h3>
      <p className="contact-change__current">
        {current ? (
          <>
            {texts.current}: <strong>{current.value}</strong>
          </>
        ) : (
          texts.none
        )}
      </p>
      <button
        type="button"
        className="secondary-button contact-change__open"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        {texts.open}
      </button>
      {open ? (
        <form id={formId} className="contact-change__form" noValidate onSubmit={(event) => void send(event)}>
          {kind === 'email' ? (
            <div className={`account-section__field${valueError ? ' account-section__field--error' : ''}`}>
              <label htmlFor={valueId}>{texts.label}</label>
              <input
                id={valueId}
                type="email"
                autoComplete="email"
                aria-invalid={valueError ? true : undefined}
                aria-describedby={valueError ? `${valueId}-error` : undefined}
                {...register('value')}
              />
              {valueError ? (
                <p id={`${valueId}-error`} className="form-error">
                  {valueError}
                </p>
              ) : null}
            </div>
          ) : (
            <Controller
              control={control}
              name="value"
              render={({ field }) => (
                <TelephoneInput
                  id={valueId}
                  label={texts.label}
                  value={{ number: field.value, region: region ?? DEFAULT_REGION }}
                  onChange={(change) => {
                    setPhone({ e164: change.e164, valid: change.valid });
                    field.onChange(change.number);
                    setValue('region', change.region);
                    clearErrors('value');
                  }}
                  onBlur={field.onBlur}
                  error={valueError}
                  ref={field.ref}
                />
              )}
            />
          )}
          <div className={`account-section__field${passwordError ? ' account-section__field--error' : ''}`}>
            <label htmlFor={passwordId}>Password</label>
            <p id={`${passwordId}-hint`} className="contact-change__hint">
              Your password, to make sure it is you.
            </p>
            <input
              id={passwordId}
              type="password"
              autoComplete="current-password"
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={[`${passwordId}-hint`, passwordError ? `${passwordId}-error` : '']
                .join(' ')
                .trim()}
              {...register('password')}
            />
            {passwordError ? (
              <p id={`${passwordId}-error`} className="form-error">
                {passwordError}
              </p>
            ) : null}
          </div>
          {alert ? (
            <p className="form-alert" role="alert">
              {alert}
            </p>
          ) : null}
          <SaveButton state={sendState} busyLabel="Sending…" savedLabel="Sent!">
            {pending ? 'Send a new code' : 'Send code'}
          </SaveButton>
        </form>
      ) : null}

      {open && pending ? (
        <VerifyCodeForm
          className="contact-change__verify"
          start={pending}
          hint={
            <>
              We have sent a 6-digit code to <strong>{pending.sent_to}</strong>. Enter it below.
            </>
          }
          submitLabel="Confirm"
          savedLabel="Changed!"
          code={code}
          codeError={codeError}
          authState={confirmState}
          onCodeChange={setCode}
          onSubmit={() => void confirm()}
          onCancel={closeVerification}
        />
      ) : null}
      <p role="status" className="contact-change__notice">
        {notice ?? ''}
      </p>
    </div>
  );
}
