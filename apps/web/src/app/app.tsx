import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useEffect, useState } from 'react';
import { ApiErrorToasts } from '../components/ui/toast/api-error-toasts';
import { ToastProvider } from '../components/ui/toast/toast';
import { startHeartbeat } from '../lib/heartbeat/heartbeat';
import { SessionProvider } from '../lib/session/session-context';
import { createAppRouter } from './router';

/** The whole web app: data cache, session, toasts, heartbeat and routes. */
export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  const [router] = useState(() => createAppRouter(queryClient));
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
