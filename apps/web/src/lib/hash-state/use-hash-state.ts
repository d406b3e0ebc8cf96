import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { readHashState, writeHashState, type HashState, type HashStatePatch, type HashStateSpec } from './hash-state';

/** Fired on window after a write through `history.replaceState`, which itself fires no hashchange. */
const HASH_WRITTEN = 'muster:hash-written';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener(HASH_WRITTEN, onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener(HASH_WRITTEN, onChange);
  };
}

const getHash = () => window.location.hash;

/**
 * Replaces the hash without a new history entry or a scroll jump, then tells every
 * `useHashState` on the page.
 */
export function replaceHash(hash: string): void {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
  window.dispatchEvent(new Event(HASH_WRITTEN));
}

/**
 * Page state kept in the URL hash (platform-foundation §2): reads `spec` from the hash, re-reads
 * on hashchange, and writes a patch back. `push: true` writes a new history entry (Back returns
 * to the previous state); the default replaces the current one.
 */
export function useHashState<S extends HashStateSpec>(
  spec: S,
): [HashState<S>, (patch: HashStatePatch<S>, options?: { push?: boolean }) => void] {
  const hash = useSyncExternalStore(subscribe, getHash, () => '');
  // A spec written inline is a new object every render; its content is what matters.
  const specKey = JSON.stringify(spec, (_key, value: unknown) => (value instanceof RegExp ? String(value) : value));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the spec's content, see above
  const stableSpec = useMemo(() => spec, [specKey]);
  const state = useMemo(() => readHashState(hash, stableSpec), [hash, stableSpec]);
  const setState = useCallback(
    (patch: HashStatePatch<S>, options: { push?: boolean } = {}) => {
      const next = writeHashState(window.location.hash, stableSpec, patch);
      if (next === window.location.hash || (next === '' && window.location.hash === '#')) {
        return;
      }
      if (options.push) {
        // Assigning location.hash adds a history entry and fires hashchange.
        window.location.hash = next;
      } else {
        replaceHash(next);
      }
    },
    [stableSpec],
  );
  return [state, setState];
}
