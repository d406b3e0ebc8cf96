import { useId, type FormEvent } from 'react';
import type { TwoFactorStartResponse } from '@muster/contract';
import { CodeInput } from '../../../components/ui/code-input/code-input';
import { SaveButton, type SaveButtonState } from '../../../components/ui/save-button/save-button';
import './two-factor-panel.css';

/**
 * The verification box of a two-factor change (applicant-flow §2.12): the authenticator's QR code
 * and secret when setting up an app, where the code went, six code boxes with their error, and
 * Authenticate (idle, busy, done) with Cancel.
 */
export function VerifyCodeForm({
  title,
  headingLevel = 3,
  start,
  code,
  codeError,
  authState,
  onCodeChange,
  onSubmit,
  onCancel,
}: {
  title: string;
  headingLevel?: 2 | 3;
  /** The answer of the call that started the change. */
  start: TwoFactorStartResponse['data'];
  code: string;
  codeError: string | null;
  authState: SaveButtonState;
  onCodeChange: (code: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const codeLabelId = `${ids}-code-label`;
  const codeHintId = `${ids}-code-hint`;
  const codeErrorId = `${ids}-code-error`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="two-factor-panel__verify" noValidate onSubmit={submit}>
      <Heading>{title}</Heading>
      {start.qr_code && start.secret ? (
        <div className="two-factor-panel__qr">
          <img
            src={start.qr_code}
            alt="QR code to add this account to your authenticator app"
            width={200}
            height={200}
          />
          <p>
            Scan the QR code with your authenticator app, or enter this key by hand:{' '}
            <code className="two-factor-panel__secret">{start.secret}</code>
          </p>
        </div>
      ) : null}
      <p id={codeHintId}>
        {start.sent_to
          ? `We have sent a 6-digit code to ${start.sent_to}. Enter it below.`
          : 'Enter the 6-digit code shown in your authenticator app.'}
      </p>
      <div className={`two-factor-panel__field${codeError ? ' two-factor-panel__field--error' : ''}`}>
        <span id={codeLabelId} className="two-factor-panel__label">
          Verification code
        </span>
        {codeError ? (
          <p id={codeErrorId} className="two-factor-panel__error">
            {codeError}
          </p>
        ) : null}
        <CodeInput
          id={`${ids}-code`}
          labelledBy={codeLabelId}
          describedBy={codeError ? `${codeHintId} ${codeErrorId}` : codeHintId}
          invalid={Boolean(codeError)}
          value={code}
          onChange={onCodeChange}
          autoFocus
        />
      </div>
      <div className="two-factor-panel__actions">
        <SaveButton state={authState} busyLabel="Checking…" savedLabel="Done!">
          Authenticate
        </SaveButton>
        <button type="button" className="two-factor-panel__cancel" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
