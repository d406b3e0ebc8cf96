import { createElement, lazy, type ComponentType } from 'react';

/** A component whose code is fetched on first render, or earlier through `preload`. */
export type LazyComponent<P extends object> = {
  /** Renders the component; suspends (render it inside `<Suspense>`) until its code has loaded. */
  Component: ComponentType<P>;
  /** Starts loading the code, so that showing the component later does not wait for it. */
  preload: () => Promise<unknown>;
};

/**
 * A component loaded with `React.lazy(() => import(...))`, so that its code stays out of the
 * chunk that uses it. Once the code has loaded the component renders directly, so one preloaded
 * before it is shown never suspends (and never flashes a fallback). A failed download is tried
 * again on the next render or preload.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Loaded(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  return { Component: Loaded, preload };
}
