import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeFileName, routeImports } from './route-preloads';

describe('routeImports', () => {
  it("finds the app's routes with the modules their lazy and loader import", () => {
    const code = fs.readFileSync(path.join(import.meta.dirname, '../src/app/router.tsx'), 'utf8');
    const routes = routeImports(code);
    const apply = routes.find((route) => route.path === '/apply/:opportunityId');
    expect(apply?.imports.sort()).toEqual(['../features/apply/apply-page', '../features/apply/queries']);
    expect(routes.find((route) => route.path === '/')?.imports).toEqual(['./home-page']);
    expect(routes.find((route) => route.path === '*')?.imports).toEqual([]);
  });

  it("joins a nested route's relative path to its parent's and keeps each route's imports its own", () => {
    const code = `const routes = [{
      path: '/portal',
      lazy: () => import('./portal'),
      children: [{ path: 'team/:teamId', lazy: () => import('./team') }, { path: '/absolute', lazy: () => import('./absolute') }],
    }];`;
    expect(routeImports(code)).toEqual([
      { path: '/portal', imports: ['./portal'] },
      { path: '/portal/team/:teamId', imports: ['./team'] },
      { path: '/absolute', imports: ['./absolute'] },
    ]);
  });
});

describe('routeFileName', () => {
  it('names a file after the route pattern', () => {
    expect(routeFileName('/apply/:opportunityId')).toBe('routes/apply-opportunityId.html');
    expect(routeFileName('/')).toBe('routes/home.html');
  });
});
