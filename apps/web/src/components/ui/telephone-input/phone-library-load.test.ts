import { describe, expect, it, vi } from 'vitest';
import { yieldToBrowser } from '../../../lib/yield/yield-to-browser';
import { getLoadedPhoneLibrary, loadPhoneLibrary } from './phone-library';

vi.mock('../../../lib/yield/yield-to-browser', () => ({ yieldToBrowser: vi.fn() }));

describe('loadPhoneLibrary', () => {
  it('builds the country list only in a task after the modules have loaded', async () => {
    let release: () => void = () => undefined;
    vi.mocked(yieldToBrowser).mockImplementation(
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
