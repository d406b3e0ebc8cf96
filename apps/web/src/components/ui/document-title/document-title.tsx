import { useLayoutEffect } from 'react';

/**
 * The page's title while this is shown, the previous one again once it is gone. In place of a
 * `<title>` element in the page: React 19 moves one into the head, Preact (what the browser runs,
 * docs/architecture.md) leaves it in the body, where the browser ignores it.
 */
export function DocumentTitle({ children }: { children: string }) {
  useLayoutEffect(() => {
    const previous = document.title;
    document.title = children;
    return () => {
      document.title = previous;
    };
  }, [children]);
  return null;
}
