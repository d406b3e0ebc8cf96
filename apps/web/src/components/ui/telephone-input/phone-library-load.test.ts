import { describe, expect, it, vi } from 'vitest';

const { yieldToBrowser } = vi.hoisted(() => ({ yieldToBrowser: vi.fn<() => Promise<void>>() }));
vi.mock('../../../lib/yield/yield-to-browser', () => ({ yieldToBrowser }));

describe('loadPhoneLibrary', () => {
  it('builds the country list only in a task after the modules have loaded', async () => {
    // This file runs with a module graph of its own (vitest.config.ts, FIRST_USE_FILES).
    const { getLoadedPhoneLibrary, loadPhoneLibrary } = await import('./phone-library');
    let release: () => void = () => undefined;
    yieldToBrowser.mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const loading = loadPhoneLibrary();
    // The modules' first import in a test run can take seconds.
    await vi.waitFor(() => expect(yieldToBrowser).toHaveBeenCalledOnce(), { timeout: 10_000 });
    expect(getLoadedPhoneLibrary()).toBeNull();
    release();
    expect((await loading).isRegion('GB')).toBe(true);
    expect(getLoadedPhoneLibrary()).not.toBeNull();
  });
});
