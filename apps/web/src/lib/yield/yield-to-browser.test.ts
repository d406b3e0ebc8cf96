import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToBrowser } from './yield-to-browser';

describe('yieldToBrowser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldFn });
    await yieldToBrowser();
    expect(yieldFn).toHaveBeenCalledOnce();
  });

  it('otherwise resolves only after a timer task, not in the current one', async () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    let resolved = false;
    const pending = yieldToBrowser().then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    await vi.runAllTimersAsync();
    await pending;
    expect(resolved).toBe(true);
  });
});
