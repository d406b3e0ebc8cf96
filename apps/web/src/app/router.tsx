import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';

/**
 * A page loaded on demand, wrapped in its own Suspense boundary: its code stays out of the chunks
 * every other page loads first, so the first paint of `/apply/` carries only what the form needs.
 * Made once per page, at module level: a lazy component made during render would be a new
 * component type on every render, and would remount the page (losing its state and focus).
 */
function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(async () => ({ default: await load() }));
  function LazyPage() {
    return (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
  }
  return LazyPage;
}

const HomePage = lazyPage(async () => (await import('./home-page')).HomePage);
const ApplyPage = lazyPage(async () => (await import('../features/apply/apply-page')).ApplyPage);
const LoginPage = lazyPage(async () => (await import('../features/auth/login-page')).LoginPage);
const ResetPasswordPage = lazyPage(
  async () => (await import('../features/auth/reset-password-page')).ResetPasswordPage,
);
const ReferencePage = lazyPage(
  async () => (await import('../features/reference/reference-page')).ReferencePage,
);
const PortalPage = lazyPage(async () => (await import('../features/portal/portal-page')).PortalPage);
const ApplicationPage = lazyPage(
  async () => (await import('../features/portal/application-page')).ApplicationPage,
);
const BookingPage = lazyPage(async () => (await import('../features/portal/booking-page')).BookingPage);
const TeamPage = lazyPage(async () => (await import('../features/portal/team-page')).TeamPage);
const ExportPage = lazyPage(async () => (await import('../features/exports/export-page')).ExportPage);
const TwoFactorSetupPage = lazyPage(
  async () => (await import('../features/profile/two-factor-setup-page')).TwoFactorSetupPage,
);
const ProfilePage = lazyPage(async () => (await import('../features/profile/profile-page')).ProfilePage);
// Only in builds with the developer tools: the constant lets the bundler drop the gallery otherwise.
const GalleryPage = __MUSTER_DEV_TOOLS__
  ? lazyPage(async () => (await import('../features/dev-widgets/gallery-page')).GalleryPage)
  : null;

/**
 * Client routes, in React Router's declarative mode: the app has no loaders or actions, and the
 * data router (`createBrowserRouter`) would add about 15 KB gzip to the first load of every page
 * (issue 13's budget, e2e/performance/bundle-budget.spec.ts).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {/* Lazy too: the opportunity finder stays out of the chunks every other page loads first. */}
        <Route path="/" element={<HomePage />} />
        <Route path="/apply/:opportunityId" element={<ApplyPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/password/reset/:token" element={<ResetPasswordPage />} />
        <Route path="/reference/:token" element={<ReferencePage />} />
        <Route path="/portal" element={<PortalPage />} />
        <Route path="/portal/applicant/dashboard/:applicationId" element={<ApplicationPage />} />
        <Route path="/portal/residential/bookings/:bookingId" element={<BookingPage />} />
        <Route path="/portal/team/:teamId" element={<TeamPage />} />
        <Route path="/exports/:exportId" element={<ExportPage />} />
        <Route path="/portal/user/me/two-factor-setup" element={<TwoFactorSetupPage />} />
        <Route path="/portal/user/:userId" element={<ProfilePage />} />
        {GalleryPage ? <Route path="/dev/widgets" element={<GalleryPage />} /> : null}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** The app's routes in the browser's address bar. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
