import { useId, type FormEvent, type ReactNode } from 'react';
import type { TwoFactorStartResponse } from '@muster/contract';
import { CodeInput } from '../../../components/ui/code-input/code-input';
import { SaveButton, type SaveButtonState } from '../../../components/ui/save-button/save-button';
import '../../../components/ui/form-feedback/form-feedback.css';
import '../../../components/ui/secondary-button/secondary-button.css';
import './two-factor-panel.css';

/**
 * The verification box of a change confirmed by a 6-digit code (applicant-flow §2.12; the email
 * and phone change of issue 9): the authenticator's QR code and secret when setting up an app,
 * where the code went, six code boxes with their error, and the submit button (idle, busy, done)
 * with Cancel.
 */
export function VerifyCodeForm({
  title,
  headingLevel = 3,
  start,
  hint,
  submitLabel = 'Authenticate',
  savedLabel = 'Done!',
  className,
  code,
  codeError,
  authState,
  onCodeChange,
  onSubmit,
  onCancel,
}: {
  /** The heading of the box; none when the box sits under its own form's heading. */
  title?: string;
  headingLevel?: 2 | 3;
  /** The answer of the call that started the change. */
  start: Pick<TwoFactorStartResponse['data'], 'sent_to' | 'qr_code' | 'secret'>;
  /** Where the code went, when said otherwise than the plain sentence. */
  hint?: ReactNode;
  submitLabel?: string;
  savedLabel?: string;
  /** Added to the form's class, for where the box sits. */
  className?: string;
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
    <form
      className={`two-factor-panel__verify${className ? ` ${className}` : ''}`}
      noValidate
      onSubmit={submit}
    >
      {title ? <Heading>{title}</Heading> : null}
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
        {hint ??
          (start.sent_to
            ? `We have sent a 6-digit code to ${start.sent_to}. Enter it below.`
            : 'Enter the 6-digit code shown in your authenticator app.')}
      </p>
      <div className={`two-factor-panel__field${codeError ? ' two-factor-panel__field--error' : ''}`}>
        <span id={codeLabelId} className="two-factor-panel__label">
          Verification code
        </span>
        {codeError ? (
          <p id={codeErrorId} className="form-error">
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
        <SaveButton state={authState} busyLabel="Checking…" savedLabel={savedLabel}>
          {submitLabel}
        </SaveButton>
        <button type="button" className="secondary-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
