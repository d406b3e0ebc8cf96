import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout, LayoutFallback } from './layout';
import { NotFoundPage } from './not-found-page';

/**
 * Client routes. Feature pages load lazily so the first paint of `/apply/` carries only what
 * the form needs; the apply page's reads start beside its code (`loader`) through `queryClient`.
 */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <Layout />,
      HydrateFallback: LayoutFallback,
      children: [
        // Lazy too: the opportunity finder stays out of the chunks every other page loads first.
        { path: '/', lazy: async () => ({ Component: (await import('./home-page')).HomePage }) },
        {
          path: '/apply/:opportunityId',
          // The reads `prefetchApplyPage` makes, which the server asks the browser to start with the
          // page itself (apps/web/build/route-preloads.ts): the same answer for every caller.
          handle: {
            preloadReads: [
              '/api/opportunities/:opportunityId',
              '/api/opportunities/:opportunityId/application-form/',
              '/api/organisation/detailed/',
              '/api/motivations/public?limit=999',
            ],
            // The form's first step, which `prefetchApplyPage` loads once the route's loader runs: with
            // the page's own chunks instead of a round of requests after them.
            preloadModules: ['../features/apply/steps/basic-details/basic-details-step'],
          },
          // A loader runs beside `lazy`, not after it: the form's reads start while its code loads.
          loader: async ({ params }) => {
            const { prefetchApplyPage } = await import('../features/apply/queries');
            prefetchApplyPage(queryClient, params.opportunityId ?? '');
            return null;
          },
          lazy: async () => ({ Component: (await import('../features/apply/apply-page')).ApplyPage }),
        },
        {
          path: '/login',
          lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
        },
        {
          path: '/password/reset/:token',
          lazy: async () => ({
            Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage,
          }),
        },
        {
          path: '/reference/:token',
          lazy: async () => ({
            Component: (await import('../features/reference/reference-page')).ReferencePage,
          }),
        },
        {
          path: '/portal',
          lazy: async () => ({ Component: (await import('../features/portal/portal-page')).PortalPage }),
        },
        {
          path: '/portal/applicant/dashboard/:applicationId',
          lazy: async () => ({
            Component: (await import('../features/portal/application-page')).ApplicationPage,
          }),
        },
        {
          path: '/portal/residential/bookings/:bookingId',
          lazy: async () => ({ Component: (await import('../features/portal/booking-page')).BookingPage }),
        },
        {
          path: '/portal/team/:teamId',
          lazy: async () => ({ Component: (await import('../features/portal/team-page')).TeamPage }),
        },
        {
          path: '/exports/:exportId',
          lazy: async () => ({ Component: (await import('../features/exports/export-page')).ExportPage }),
        },
        {
          path: '/portal/user/me/two-factor-setup',
          lazy: async () => ({
            Component: (await import('../features/profile/two-factor-setup-page')).TwoFactorSetupPage,
          }),
        },
        {
          path: '/portal/user/:userId',
          lazy: async () => ({ Component: (await import('../features/profile/profile-page')).ProfilePage }),
        },
        ...(__MUSTER_DEV_TOOLS__
          ? [
              {
                path: '/dev/widgets',
                lazy: async () => ({
                  Component: (await import('../features/dev-widgets/gallery-page')).GalleryPage,
                }),
              },
            ]
          : []),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

/** The browser router over {@link appRoutes}. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}
