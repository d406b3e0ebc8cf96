import type { Ref } from 'react';

/** Hands an element to a ref given as a prop (React 19 passes `ref` like any other prop). */
export function setRef<T>(ref: Ref<T> | undefined, element: T | null): void {
  if (typeof ref === 'function') {
    ref(element);
  } else if (ref) {
    ref.current = element;
  }
}
