import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRevealInTasks } from './use-reveal-in-tasks';
import { yieldToBrowser } from './yield-to-browser';

vi.mock('./yield-to-browser', () => ({ yieldToBrowser: vi.fn() }));

/** A yieldToBrowser whose promises resolve only when the test says. */
function controlledYields() {
  const waiting: Array<() => void> = [];
  vi.mocked(yieldToBrowser).mockImplementation(
    () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
      }),
  );
  return {
    waiting,
    async next() {
      await act(async () => {
        waiting.shift()?.();
        await Promise.resolve();
      });
    },
  };
}

describe('useRevealInTasks', () => {
  it('shows nothing until started, then one more part per yielded task, up to the total', async () => {
    const yields = controlledYields();
    const { result, rerender } = renderHook(({ start }) => useRevealInTasks(2, start), {
      initialProps: { start: false },
    });
    expect(result.current).toBe(0);
    expect(yields.waiting).toHaveLength(0);

    rerender({ start: true });
    expect(result.current).toBe(0);
    await yields.next();
    expect(result.current).toBe(1);
    await yields.next();
    expect(result.current).toBe(2);
    expect(yields.waiting).toHaveLength(0);
  });

  it('keeps what it showed when start turns false again', async () => {
    const yields = controlledYields();
    const { result, rerender } = renderHook(({ start }) => useRevealInTasks(1, start), {
      initialProps: { start: true },
    });
    await yields.next();
    expect(result.current).toBe(1);
    rerender({ start: false });
    expect(result.current).toBe(1);
  });
});
