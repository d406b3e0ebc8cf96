import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { twoFactorSettingsMessages, type TwoFactorStartResponse } from '@muster/contract';
import { SAVE_BUTTON_STATE, type SaveButtonState } from '../../components/ui/save-button/save-button';
import { apiClient } from '../../lib/api/default-client';
import { isApiError } from '../../lib/api/errors';
import { renewSession, safeIntendedPath, signOut } from '../../lib/auth/auth-api';
import { TWO_FACTOR_SETUP_PATH, useSession } from '../../lib/session';
import { enforcementQuery, twoFactorUserQuery } from './queries';
import { errorSentence } from './two-factor/error-sentence';
import { MethodChoice } from './two-factor/method-choice';
import { RecoveryCodeList } from './two-factor/recovery-code-list';
import { confirmTwoFactor, startTwoFactor } from './two-factor/two-factor-api';
import {
  fromCallMethod,
  offeredMethods,
  toCallMethod,
  type PanelMethod,
} from './two-factor/two-factor-method';
import { VerifyCodeForm } from './two-factor/verify-code-form';
import '../../components/ui/form-feedback/form-feedback.css';
import '../../components/ui/primary-button/primary-button.css';
import './two-factor-setup-page.css';

type Verification = { method: PanelMethod; start: TwoFactorStartResponse['data'] };

const RENEWAL_FAILED =
  'Two-factor authentication is on, but we could not continue your sign-in. Please sign in again.';

/** Where to go once set up: the `intended` path on this site, never this page itself. */
function destinationOf(intended: string | null): string {
  const path = safeIntendedPath(intended, '/portal');
  return path.startsWith(TWO_FACTOR_SETUP_PATH) ? '/portal' : path;
}

/** "Your role Safeguarding Lead requires …": the roles named, as the panel names them. */
function requirementSentence(roles: readonly string[]): string {
  const named = roles.length > 0 ? `Your role ${roles.join(', ')}` : 'One of your roles';
  return `${named} requires two-factor authentication. Set it up to continue.`;
}

/**
 * Enforced two-factor set-up (issue 9), `/portal/user/me/two-factor-setup?intended=…`: where a
 * user whose role requires two-factor, and who has not set it up, is sent after signing in, before
 * anything else (the app's guard and the server hold them here). They choose a method, confirm the
 * code, see their recovery codes once, and continue to where they were going with a renewed sign-in
 * that is no longer held. Anyone else who opens it goes on to where they were going.
 */
export function TwoFactorSetupPage() {
  const { session, tokenStore } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const destination = destinationOf(searchParams.get('intended'));
  const userId = session?.user.id ?? null;
  const held = session?.twoFactorEnrolmentRequired === true;

  const enforcement = useQuery({ ...enforcementQuery(userId ?? 0), enabled: held && userId !== null });
  const user = useQuery({ ...twoFactorUserQuery(userId ?? 0), enabled: held && userId !== null });
  const [verification, setVerification] = useState<Verification | null>(null);
  const [sending, setSending] = useState<PanelMethod | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [authState, setAuthState] = useState<SaveButtonState>(SAVE_BUTTON_STATE.idle);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renewFailed, setRenewFailed] = useState(false);
  const doneHeading = useRef<HTMLHeadingElement>(null);

  const alreadyOn = held && user.data?.data['2fa_enabled'] === true;
  useEffect(() => {
    // Set up in another tab or sign-in: this sign-in only needs renewing to be let through.
    if (alreadyOn) {
      renewSession(apiClient, tokenStore).catch(() => setRenewFailed(true));
    }
  }, [alreadyOn, tokenStore]);

  useEffect(() => {
    if (codes) {
      doneHeading.current?.focus();
    }
  }, [codes]);

  if (!session) {
    const here = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?intended=${encodeURIComponent(here)}`} replace />;
  }
  if (!held && !codes && !renewFailed) {
    return <Navigate to={destination} replace />;
  }

  const choose = async (method: PanelMethod) => {
    setAlert(null);
    setVerification(null);
    setCode('');
    setCodeError(null);
    setSending(method);
    try {
      const answer = await startTwoFactor(userId ?? 0, { two_factor: true, method: toCallMethod(method) });
      setVerification({ method: fromCallMethod(answer.data.method), start: answer.data });
    } catch (error) {
      setAlert(errorSentence(error));
    } finally {
      setSending(null);
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
    let recoveryCodes: string[];
    try {
      const answer = await confirmTwoFactor(userId ?? 0, {
        two_factor: true,
        method: toCallMethod(verification.method),
        code,
      });
      recoveryCodes = answer.data.recovery_codes ?? [];
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
      return;
    }
    // The codes first: the renewed sign-in is no longer held, and this page must stay to show them.
    setCodes(recoveryCodes);
    setVerification(null);
    setAuthState(SAVE_BUTTON_STATE.idle);
    try {
      await renewSession(apiClient, tokenStore);
    } catch {
      setRenewFailed(true);
    }
  };

  if (codes || renewFailed) {
    return (
      <section className="page two-factor-setup" aria-labelledby="two-factor-setup-heading">
        <h1 id="two-factor-setup-heading" ref={doneHeading} tabIndex={-1}>
          Two-factor authentication is on
        </h1>
        {renewFailed ? (
          <p className="form-alert" role="alert">
            {RENEWAL_FAILED}
          </p>
        ) : (
          <p>From now on you will be asked for a code when you sign in.</p>
        )}
        {codes && codes.length > 0 ? <RecoveryCodeList codes={codes} headingLevel={2} /> : null}
        {renewFailed ? (
          <button type="button" className="primary-button" onClick={() => signOut(tokenStore, '/login')}>
            Sign in again
          </button>
        ) : (
          <button
            type="button"
            className="primary-button"
            onClick={() => void navigate(destination, { replace: true })}
          >
            Continue
          </button>
        )}
      </section>
    );
  }

  const loading = enforcement.isPending || user.isPending || alreadyOn;
  return (
    <section
      className="page two-factor-setup"
      aria-labelledby="two-factor-setup-heading"
      aria-busy={loading || undefined}
    >
      <h1 id="two-factor-setup-heading">Set up two-factor authentication</h1>
      {loading ? <p>Loading…</p> : null}
      {enforcement.isError || user.isError ? (
        <p className="form-alert" role="alert">
          We could not load your two-factor settings. Please reload the page.
        </p>
      ) : null}
      {enforcement.data && user.data && !alreadyOn ? (
        <>
          <p className="two-factor-setup__lead">{requirementSentence(enforcement.data.data.roles)}</p>
          <p>
            Two-factor authentication asks for a code as well as your password when you sign in. Choose how
            you would like to get your codes: we will send one now to check that it works.
          </p>
          {alert ? (
            <p className="form-alert" role="alert">
              {alert}
            </p>
          ) : null}
          <MethodChoice
            legend="Choose a method"
            methods={offeredMethods(enforcement.data.data.sms_available)}
            chosen={verification?.method ?? sending}
            disabled={sending !== null || authState !== SAVE_BUTTON_STATE.idle}
            onChoose={(method) => void choose(method)}
          />
          {sending ? <p role="status">Sending…</p> : null}
          {verification ? (
            <VerifyCodeForm
              title="Verify your method"
              headingLevel={2}
              start={verification.start}
              code={code}
              codeError={codeError}
              authState={authState}
              onCodeChange={setCode}
              onSubmit={() => void authenticate()}
              onCancel={() => {
                setVerification(null);
                setCode('');
                setCodeError(null);
              }}
            />
          ) : null}
        </>
      ) : null}
      <p className="two-factor-setup__sign-out">
        Not now?{' '}
        <button
          type="button"
          className="two-factor-setup__link"
          onClick={() => signOut(tokenStore, '/login')}
        >
          Sign out
        </button>
      </p>
    </section>
  );
}
