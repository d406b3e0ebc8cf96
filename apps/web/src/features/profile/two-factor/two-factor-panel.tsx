import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  enforcedTwoFactorMessage,
  twoFactorSettingsMessages,
  type TwoFactorStartResponse,
} from '@muster/contract';
import {
  SAVE_BUTTON_STATE,
  SaveButton,
  type SaveButtonState,
} from '../../../components/ui/save-button/save-button';
import { isApiError } from '../../../lib/api/errors';
import { enforcementQuery, twoFactorUserQuery } from '../queries';
import { errorSentence } from './error-sentence';
import { MethodChoice } from './method-choice';
import { RecoveryCodeList } from './recovery-code-list';
import {
  confirmTwoFactor,
  regenerateRecoveryCodes,
  setTrustComputer,
  startTwoFactor,
} from './two-factor-api';
import {
  METHOD_LABELS,
  fromCallMethod,
  offeredMethods,
  toCallMethod,
  type PanelMethod,
} from './two-factor-method';
import { VerifyCodeForm } from './verify-code-form';
import '../../../components/ui/form-feedback/form-feedback.css';
import './two-factor-panel.css';

/** How long the done state of a button shows (applicant-flow §9: about 2 s). */
export const DONE_MS = 2000;

type Verification = {
  kind: 'enable' | 'disable';
  method: PanelMethod;
  start: TwoFactorStartResponse['data'];
};

/**
 * Two-factor settings on the profile page (applicant-flow §2.12, §4): switch two-factor on by
 * choosing a method (a code is sent, or an authenticator QR code and secret shown) and confirming
 * it in the six boxes with Authenticate; `Disable 2FA` for an enabled account, unless a role
 * enforces it; and "Trust this computer".
 */
export function TwoFactorPanel({ userId }: { userId: number }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const user = useQuery(twoFactorUserQuery(userId));
  const enforcement = useQuery(enforcementQuery(userId));
  const [verification, setVerification] = useState<Verification | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState<PanelMethod | null>(null);
  const [authState, setAuthState] = useState<SaveButtonState>(SAVE_BUTTON_STATE.idle);
  const [disableState, setDisableState] = useState<SaveButtonState>(SAVE_BUTTON_STATE.idle);
  const [trustBusy, setTrustBusy] = useState(false);
  const [trusted, setTrusted] = useState<boolean | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [regenerateState, setRegenerateState] = useState<SaveButtonState>(SAVE_BUTTON_STATE.idle);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const later = (action: () => void) => {
    timers.current.push(window.setTimeout(action, DONE_MS));
  };

  if (user.isPending || enforcement.isPending) {
    return (
      <section className="two-factor-panel" aria-labelledby={`${ids}-heading`} aria-busy="true">
        <h2 id={`${ids}-heading`}>Two-factor authentication</h2>
        <p>Loading your two-factor settings…</p>
      </section>
    );
  }
  if (user.isError || enforcement.isError) {
    return (
      <section className="two-factor-panel" aria-labelledby={`${ids}-heading`}>
        <h2 id={`${ids}-heading`}>Two-factor authentication</h2>
        <p role="alert">We could not load your two-factor settings. Please reload the page.</p>
      </section>
    );
  }

  const profile = user.data.data;
  const enabled = profile['2fa_enabled'];
  const currentMethod = profile['2fa_method'] === 'magic_link' ? 'email' : profile['2fa_method'];
  const { enforced, roles, sms_available: smsAvailable } = enforcement.data.data;
  const methods = offeredMethods(smsAvailable);
  const chosen =
    verification?.kind === 'enable' ? verification.method : (sending ?? (enabled ? currentMethod : null));
  const isTrusted = trusted ?? profile['2fa_trusted'];

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['two-factor'] });

  const resetVerification = () => {
    setVerification(null);
    setCode('');
    setCodeError(null);
  };

  const choose = async (method: PanelMethod) => {
    setAlert(null);
    setNotice(null);
    resetVerification();
    setSending(method);
    try {
      const answer = await startTwoFactor(userId, { two_factor: true, method: toCallMethod(method) });
      setVerification({ kind: 'enable', method: fromCallMethod(answer.data.method), start: answer.data });
    } catch (error) {
      setAlert(errorSentence(error));
    } finally {
      setSending(null);
    }
  };

  const startDisabling = async () => {
    setAlert(null);
    setNotice(null);
    resetVerification();
    setDisableState(SAVE_BUTTON_STATE.busy);
    try {
      const answer = await startTwoFactor(userId, { two_factor: false });
      setVerification({ kind: 'disable', method: fromCallMethod(answer.data.method), start: answer.data });
      setDisableState(SAVE_BUTTON_STATE.saved);
      later(() => setDisableState(SAVE_BUTTON_STATE.idle));
    } catch (error) {
      setAlert(errorSentence(error));
      setDisableState(SAVE_BUTTON_STATE.idle);
    }
  };

  const authenticate = async () => {
    if (!verification || authState !== SAVE_BUTTON_STATE.idle) {
      return;
    }
    if (!/^\d{6}$/.test(code)) {
      setCodeError(twoFactorSettingsMessages.codeRequired);
      return;
    }
    setAlert(null);
    setCodeError(null);
    setAuthState(SAVE_BUTTON_STATE.busy);
    try {
      if (verification.kind === 'enable') {
        const answer = await confirmTwoFactor(userId, {
          two_factor: true,
          method: toCallMethod(verification.method),
          code,
        });
        setCodes(answer.data.recovery_codes ?? null);
      } else {
        setCodes(null);
        await confirmTwoFactor(userId, { two_factor: false, code });
      }
      setAuthState(SAVE_BUTTON_STATE.saved);
      later(() => {
        setAuthState(SAVE_BUTTON_STATE.idle);
        setNotice(
          verification.kind === 'enable'
            ? 'Two-factor authentication is now on.'
            : 'Two-factor authentication is now off.',
        );
        resetVerification();
        setTrusted(false);
        void refresh();
      });
    } catch (error) {
      setAuthState(SAVE_BUTTON_STATE.idle);
      if (isApiError(error, 422)) {
        setCode('');
        setCodeError(
          error.message === twoFactorSettingsMessages.invalidKey
            ? twoFactorSettingsMessages.invalidKey
            : (error.errors.code?.[0] ?? error.message),
        );
      } else {
        setAlert(errorSentence(error));
      }
    }
  };

  const regenerate = async () => {
    setAlert(null);
    setRegenerateState(SAVE_BUTTON_STATE.busy);
    try {
      const answer = await regenerateRecoveryCodes(userId);
      setCodes(answer.data.recovery_codes);
      setRegenerateState(SAVE_BUTTON_STATE.saved);
      later(() => setRegenerateState(SAVE_BUTTON_STATE.idle));
    } catch (error) {
      setAlert(errorSentence(error));
      setRegenerateState(SAVE_BUTTON_STATE.idle);
    }
  };

  const toggleTrust = async (trust: boolean) => {
    setAlert(null);
    setTrustBusy(true);
    // Ticked at once (a checkbox answers the click); undone if the server refuses.
    const before = isTrusted;
    setTrusted(trust);
    try {
      await setTrustComputer(userId, trust);
    } catch (error) {
      setTrusted(before);
      setAlert(errorSentence(error));
    } finally {
      setTrustBusy(false);
    }
  };

  return (
    <section className="two-factor-panel" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>Two-factor authentication</h2>
      <p>
        {enabled && currentMethod
          ? `Two-factor authentication is on: ${METHOD_LABELS[currentMethod].toLowerCase()}.`
          : 'Two-factor authentication is off.'}
      </p>
      {enforced ? <p className="two-factor-panel__enforced">{enforcedTwoFactorMessage(roles)}</p> : null}
      {alert ? (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      ) : null}
      <p role="status" className="two-factor-panel__notice">
        {notice ?? ''}
      </p>

      <MethodChoice
        legend={enabled ? 'Change method' : 'Choose a method to switch it on'}
        methods={methods}
        chosen={chosen}
        disabled={sending !== null || authState !== SAVE_BUTTON_STATE.idle}
        onChoose={(method) => void choose(method)}
      />
      {sending ? <p role="status">Sending…</p> : null}

      {verification ? (
        <VerifyCodeForm
          title={verification.kind === 'enable' ? 'Verify your method' : 'Confirm switching it off'}
          start={verification.start}
          code={code}
          codeError={codeError}
          authState={authState}
          onCodeChange={setCode}
          onSubmit={() => void authenticate()}
          onCancel={resetVerification}
        />
      ) : null}

      {enabled && !enforced && verification?.kind !== 'disable' ? (
        <SaveButton
          type="button"
          state={disableState}
          busyLabel="Sending…"
          savedLabel="Code sent"
          onClick={() => void startDisabling()}
        >
          Disable 2FA
        </SaveButton>
      ) : null}

      {codes && codes.length > 0 && !verification ? <RecoveryCodeList codes={codes} /> : null}
      {enabled && !verification ? (
        <SaveButton
          type="button"
          className="two-factor-panel__regenerate"
          state={regenerateState}
          busyLabel="Creating…"
          savedLabel="New codes ready"
          onClick={() => void regenerate()}
        >
          Regenerate recovery codes
        </SaveButton>
      ) : null}

      <div className="two-factor-panel__trust">
        <input
          type="checkbox"
          id={`${ids}-trust`}
          checked={isTrusted}
          disabled={trustBusy}
          aria-describedby={`${ids}-trust-hint`}
          onChange={(event) => void toggleTrust(event.target.checked)}
        />
        <label htmlFor={`${ids}-trust`}>Trust this computer</label>
        <p id={`${ids}-trust-hint`} className="two-factor-panel__hint">
          A trusted computer is not asked for a code when you sign in, for 30 days or until your password or
          two-factor settings change. Unticking forgets every computer you trusted.
        </p>
      </div>
    </section>
  );
}
