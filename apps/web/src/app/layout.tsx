import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { AccountSwitchPrompt } from './account-switch-prompt';
import { TwoFactorEnrolmentGuard } from './two-factor-enrolment-guard';

/** Skip link, header and main landmark around `children`. */
function SiteFrame({ children }: { children?: ReactNode }) {
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
        {children}
      </main>
    </>
  );
}

/** Page frame shared by every route: skip link, header, main landmark. */
export function Layout() {
  return (
    <SiteFrame>
      <AccountSwitchPrompt />
      <TwoFactorEnrolmentGuard>
        <Outlet />
      </TwoFactorEnrolmentGuard>
    </SiteFrame>
  );
}

/**
 * The frame alone, painted while the first page's code (and loader) load: the header shows at once
 * instead of a blank screen, and the page then fills the main landmark below it without moving it.
 */
export function LayoutFallback() {
  return <SiteFrame />;
}
