import { useEffect, useId, useRef } from 'react';
import { useAccountSwitch } from '../lib/session/session-context';

/**
 * Asks before a login or magic link switches accounts (login CSRF, issue 10 finding 16): someone
 * else is signed in in this browser, and the link would sign in another person. Until the user
 * chooses, the current sign-in stays.
 */
export function AccountSwitchPrompt() {
  const accountSwitch = useAccountSwitch();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const open = accountSwitch !== null;
  useEffect(() => {
    if (open) {
      panel.current?.focus();
    }
  }, [open]);
  if (!accountSwitch) {
    return null;
  }
  const current = accountSwitch.current.user.display_name ?? 'your current account';
  const incoming = accountSwitch.incoming.user.display_name ?? 'another account';
  return (
    <div
      ref={panel}
      className="account-switch"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-text`}
      tabIndex={-1}
    >
      <h2 id={titleId} className="account-switch__title">
        Switch accounts?
      </h2>
      <p id={`${titleId}-text`}>
        You are signed in as {current}. The link you opened signs in as {incoming}. If you did not ask for
        this link, stay signed in as {current}.
      </p>
      <div className="account-switch__actions">
        <button type="button" className="account-switch__button" onClick={accountSwitch.decline}>
          Stay signed in as {current}
        </button>
        <button
          type="button"
          className="account-switch__button account-switch__button--secondary"
          onClick={accountSwitch.accept}
        >
          Continue as {incoming}
        </button>
      </div>
    </div>
  );
}
