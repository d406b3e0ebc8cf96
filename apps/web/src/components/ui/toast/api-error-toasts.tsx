import { useEffect } from 'react';
import type { ApiClient } from '../../../lib/api/client';
import { apiClient as defaultClient } from '../../../lib/api/default-client';
import { useToast } from './toast';

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is unavailable at the moment. Please try again shortly.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * The app's error hook (platform-foundation §4, §8): a 503 or a failed token renewal becomes an
 * error toast. Renders nothing.
 */
export function ApiErrorToasts({ client = defaultClient }: { client?: ApiClient }) {
  const { show } = useToast();
  useEffect(
    () =>
      client.onError((_error, { reason }) => {
        show({
          tone: 'error',
          message: reason === 'service-unavailable' ? SERVICE_UNAVAILABLE_MESSAGE : SESSION_ENDED_MESSAGE,
        });
      }),
    [client, show],
  );
  return null;
}
