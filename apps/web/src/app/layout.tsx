import { Link, Outlet } from 'react-router';
import { AccountSwitchPrompt } from './account-switch-prompt';
import { TwoFactorEnrolmentGuard } from './two-factor-enrolment-guard';

/** Page frame shared by every route: skip link, header, main landmark. */
export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="site-header">
        <Link to="/" className="site-header__brand">
          Muster
        </Link>
      </header>
      <main id="main" tabIndex={-1}>
        <AccountSwitchPrompt />
        <TwoFactorEnrolmentGuard>
          <Outlet />
        </TwoFactorEnrolmentGuard>
      </main>
    </>
  );
}
