import { createApiClient } from './client';
import { createTokenStore } from './token-store';

/** The page's sign-in token, kept in localStorage. */
export const tokenStore = createTokenStore();

/** The page's API client: `/api/`, vendor media type, bearer token from {@link tokenStore}. */
export const apiClient = createApiClient({ tokenStore });
