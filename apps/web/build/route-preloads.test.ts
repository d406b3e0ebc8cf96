import fs from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchApplyPage } from '../src/features/apply/queries';
import { routeFileName, routeHeadTags, routeImports } from './route-preloads';

const routerCode = () => fs.readFileSync(path.join(import.meta.dirname, '../src/app/router.tsx'), 'utf8');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('routeImports', () => {
  it("finds the app's routes with the modules their lazy and loader import", () => {
    const routes = routeImports(routerCode());
    const apply = routes.find((route) => route.path === '/apply/:opportunityId');
    expect(apply?.imports.sort()).toEqual([
      '../features/apply/apply-page',
      '../features/apply/queries',
      '../features/apply/steps/basic-details/basic-details-step',
    ]);
    expect(routes.find((route) => route.path === '/')?.imports).toEqual(['./home-page']);
    expect(routes.find((route) => route.path === '*')?.imports).toEqual([]);
  });

  it("names the apply route's reads exactly as the page's prefetch asks for them, so that the browser uses the preloaded answers", async () => {
    const apply = routeImports(routerCode()).find((route) => route.path === '/apply/:opportunityId');
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string | URL) => {
        asked.push(input.toString());
        return Promise.resolve(new Response('{}', { status: 404 }));
      }),
    );
    prefetchApplyPage(new QueryClient({ defaultOptions: { queries: { retry: false } } }), 'beach clean');
    await vi.waitFor(() => expect(asked).toHaveLength(4));
    const preloaded = apply?.reads.map((read) =>
      read.replace(':opportunityId', encodeURIComponent('beach clean')),
    );
    const path = (url: string) => {
      const { pathname, search } = new URL(url, 'http://localhost');
      return `${pathname}${search}`;
    };
    expect(asked.map(path).sort()).toEqual(preloaded?.sort());
  });

  it("preloads the apply form's first step, a module that exists, with the page", () => {
    const apply = routeImports(routerCode()).find((route) => route.path === '/apply/:opportunityId');
    const step = apply?.imports.find((specifier) => specifier.includes('/steps/'));
    expect(step).toBe('../features/apply/steps/basic-details/basic-details-step');
    // The build resolves it as the router would; a module renamed away would preload nothing.
    expect(fs.existsSync(path.join(import.meta.dirname, '../src/app', `${step}.tsx`))).toBe(true);
  });

  it("takes a route's handle.preloadModules as modules of the route", () => {
    const code = `const routes = [{
      path: '/form',
      handle: { preloadReads: ['/api/form'], preloadModules: ['./first-step'] },
      lazy: () => import('./form'),
    }];`;
    expect(routeImports(code)).toEqual([
      { path: '/form', imports: ['./first-step', './form'], reads: ['/api/form'] },
    ]);
  });

  it("joins a nested route's relative path to its parent's and keeps each route's imports its own", () => {
    const code = `const routes = [{
      path: '/portal',
      lazy: () => import('./portal'),
      children: [{ path: 'team/:teamId', lazy: () => import('./team') }, { path: '/absolute', lazy: () => import('./absolute') }],
    }];`;
    expect(routeImports(code)).toEqual([
      { path: '/portal', imports: ['./portal'], reads: [] },
      { path: '/portal/team/:teamId', imports: ['./team'], reads: [] },
      { path: '/absolute', imports: ['./absolute'], reads: [] },
    ]);
  });
});

describe('routeFileName', () => {
  it('names a file after the route pattern', () => {
    expect(routeFileName('/apply/:opportunityId')).toBe('routes/apply-opportunityId.html');
    expect(routeFileName('/')).toBe('routes/home.html');
  });
});

describe('routeHeadTags', () => {
  it("preloads a route's scripts and stylesheets without a stylesheet link, which would hold back the first paint", () => {
    const tags = routeHeadTags('/', ['assets/page-1.js'], ['assets/page-1.css']);
    expect(tags).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/page-1.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/page-1.css">',
    ]);
    expect(tags.join('\n')).not.toContain('rel="stylesheet"');
  });
});
