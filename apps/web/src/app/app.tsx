import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router';
import { useEffect } from 'react';
import { ApiErrorToasts } from '../components/ui/toast/api-error-toasts';
import { ToastProvider } from '../components/ui/toast/toast';
import { startHeartbeat } from '../lib/heartbeat/heartbeat';
import { SessionProvider } from '../lib/session/session-context';

/** The web app's data cache: one per page. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

/**
 * The whole web app: data cache, session, toasts, heartbeat and routes. The cache and the router
 * (`createAppRouter` over the same cache) are made before the first render, in a task of their
 * own (`startApp`).
 */
export function App({ queryClient, router }: { queryClient: QueryClient; router: DataRouter }) {
  // Once per page: startHeartbeat is idempotent, so StrictMode's second mount starts nothing new.
  useEffect(() => {
    startHeartbeat();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ToastProvider>
          <ApiErrorToasts />
          <RouterProvider router={router} />
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
