import type { CatalogueExtra, CatalogueMethod } from './types.js';
import { ALL_OPERATIONS, inArea } from './types.js';

/** Named calls `{route}{name}`, literal types kept (the web client names its methods after them). */
type Calls<M extends CatalogueMethod, R extends string, N extends readonly string[], Note> = {
  readonly [K in keyof N]: { readonly method: M; readonly path: `${R}${N[K]}` } & Note;
};
type Noted = { readonly note: string };

function calls<const M extends 'GET' | 'POST', const R extends string, const N extends readonly string[]>(
  method: M,
  route: R,
  names: N,
): Calls<M, R, N, Noted> {
  const extras: CatalogueExtra[] = names.map((name) => ({
    method,
    path: `${route}${name}`,
    note: 'With query parameters.',
  }));
  return extras as unknown as Calls<M, R, N, Noted>;
}

/** Named GETs `{route}{name}` without a note. */
function gets<const R extends string, const N extends readonly string[]>(
  route: R,
  names: N,
): Calls<'GET', R, N, unknown> {
  const extras: CatalogueExtra[] = names.map((name) => ({ method: 'GET', path: `${route}${name}` }));
  return extras as unknown as Calls<'GET', R, N, unknown>;
}

/** platform-foundation §7 "Analytics". */
export const analyticsRoutes = inArea('analytics', [
  {
    name: 'analytics.starters-leavers',
    path: '/analytics/starters-leavers/',
    operations: ALL_OPERATIONS,
    extra: [
      ...calls('GET', '/analytics/starters-leavers/', [
        'overview/',
        'chart/',
        'starters/',
        'leavers/',
        'leaving-reasons/',
        'motivations/',
      ]),
      ...calls('POST', '/analytics/starters-leavers/', [
        'starters/export',
        'leavers/export',
        'leaving-reasons/export',
      ]),
    ],
  },
  {
    name: 'analytics.training',
    path: '/analytics/training/',
    operations: ALL_OPERATIONS,
    extra: [
      ...gets('/analytics/training/', [
        'compulsory-training/',
        'adoption-by-module/',
        'by-user/',
        'users-by-module/',
      ]),
      ...calls('POST', '/analytics/training/', [
        'compulsory-training/export',
        'adoption-by-module/export',
        'by-user/export',
        'users-by-module/export',
      ]),
    ],
  },
]);
