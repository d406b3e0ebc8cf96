import { describe, expect, it, vi } from 'vitest';
import { createTokenStore, TOKEN_STORAGE_KEY } from './token-store';

describe('token store', () => {
  it('keeps the token in localStorage and tells subscribers', () => {
    localStorage.clear();
    const store = createTokenStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set('t1');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('t1');
    expect(store.get()).toBe('t1');
    store.clear();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(listener.mock.calls).toEqual([['t1'], [null]]);
    unsubscribe();
    store.set('t2');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('reads a token another tab stored, and hears its storage event', () => {
    localStorage.clear();
    const store = createTokenStore();
    const listener = vi.fn();
    store.subscribe(listener);
    localStorage.setItem(TOKEN_STORAGE_KEY, 'from-other-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    expect(store.get()).toBe('from-other-tab');
    expect(listener).toHaveBeenCalledWith('from-other-tab');
  });

  it('falls back to memory when storage throws', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    const store = createTokenStore({ storage: blocked });
    store.set('kept');
    expect(store.get()).toBe('kept');
  });
});
