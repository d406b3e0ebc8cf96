/** Where the sign-in token lives; listeners hear every change, including from other tabs. */
export type TokenStore = {
  get: () => string | null;
  set: (token: string) => void;
  clear: () => void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe: (listener: (token: string | null) => void) => () => void;
};

export const TOKEN_STORAGE_KEY = 'muster.token';

/** The browser's localStorage, or null where it is missing or blocked (privacy settings). */
function browserStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

/**
 * A token store over `storage` (localStorage by default), falling back to memory when storage
 * is unavailable or throws. `get` reads storage every time so that a token renewed in another
 * tab is used at once.
 */
export function createTokenStore(
  options: { storage?: Storage | null; key?: string } = {},
): TokenStore {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const key = options.key ?? TOKEN_STORAGE_KEY;
  const listeners = new Set<(token: string | null) => void>();
  let memory: string | null = null;

  const read = (): string | null => {
    if (storage) {
      try {
        return storage.getItem(key);
      } catch {
        return memory;
      }
    }
    return memory;
  };
  const write = (token: string | null) => {
    memory = token;
    if (storage) {
      try {
        if (token === null) {
          storage.removeItem(key);
        } else {
          storage.setItem(key, token);
        }
      } catch {
        // Storage full or blocked: the in-memory copy still serves this page.
      }
    }
    for (const listener of [...listeners]) {
      listener(token);
    }
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) {
      const token = read();
      for (const listener of [...listeners]) {
        listener(token);
      }
    }
  };

  return {
    get: read,
    set: (token) => write(token),
    clear: () => write(null),
    subscribe(listener) {
      if (listeners.size === 0 && storage && typeof window !== 'undefined') {
        window.addEventListener('storage', onStorage);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') {
          window.removeEventListener('storage', onStorage);
        }
      };
    },
  };
}
