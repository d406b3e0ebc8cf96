import { inArea, NO_OPERATIONS } from './types.js';

/** platform-foundation §7 "Sign-in calls": not resources, only named calls. */
export const signInRoutes = inArea('sign-in', [
  {
    name: 'auth.api',
    path: '/auth/api/',
    operations: NO_OPERATIONS,
    extra: [
      {
        method: 'POST',
        path: '/auth/api/',
        note: 'Sign in: email, password, minimal = true, plus optional extras; yields a token.',
      },
      { method: 'POST', path: '/auth/api/refresh', note: 'Payload: token, minimal.' },
      { method: 'POST', path: '/auth/api/token', note: 'Payload: token and key.' },
    ],
  },
]);
