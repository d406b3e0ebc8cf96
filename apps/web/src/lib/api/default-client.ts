import { catalogueApiFor } from './catalogue-api';
import { createApiClient } from './client';
import { createTokenStore } from './token-store';

/** The page's sign-in token, kept in localStorage. */
export const tokenStore = createTokenStore();

/** The page's API client: `/api/`, vendor media type, bearer token from {@link tokenStore}. */
export const apiClient = createApiClient({ tokenStore });

/** The typed catalogue client over {@link apiClient}: `api.users.consents.index({ userId })`. */
export const api = catalogueApiFor(apiClient);
