import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { yieldToBrowser } from '../lib/yield/yield-to-browser';
import { App, createQueryClient } from './app';
import { createAppRouter } from './router';

/**
 * Starts the web app in `root` in three tasks rather than one: the entry's module evaluation,
 * then the router's start (matching the address, the route's loader and lazy import), then the
 * first render (the frame, taking the place of the one index.html painted). Each is short enough
 * not to block input for long on a slow phone; together they made one task of 500 ms at
 * Lighthouse's 4x CPU slowdown (docs/performance.md).
 */
export async function startApp(root: HTMLElement, pause: () => Promise<void> = yieldToBrowser): Promise<void> {
  const queryClient = createQueryClient();
  await pause();
  const router = createAppRouter(queryClient);
  await pause();
  // The frame index.html painted goes in the same task as the app's own frame comes, so the screen
  // never shows neither or both. Preact would adopt the nodes and React clear them: emptied here,
  // the app starts the same way under both.
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}
