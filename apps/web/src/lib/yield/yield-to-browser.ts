/** `scheduler.yield()`, where the browser has it (Chromium 129+); not yet in TypeScript's DOM types. */
type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a later task, so that the browser may paint and handle input in between: work
 * split by it counts as separate tasks rather than one long one (Lighthouse's Total Blocking
 * Time counts what a task takes over 50 ms). `scheduler.yield()` keeps this page's continuation
 * ahead of other queued tasks; elsewhere a `setTimeout(0)` (not clamped at the first level).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') {
    return scheduler.yield();
  }
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
