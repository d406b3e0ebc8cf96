import { useEffect, useState } from 'react';
import { yieldToBrowser } from './yield-to-browser';

/**
 * How many of `total` parts of a page to render: none until `start`, then one more in each task
 * after the last one rendered (`yieldToBrowser`), so that a heavy page is drawn in several short
 * tasks instead of one long one and its first part (the heading) paints early. Parts are meant to
 * be added below what is shown, so nothing already painted moves. Once all are shown they stay.
 */
export function useRevealInTasks(total: number, start = true): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!start || shown >= total) {
      return;
    }
    let current = true;
    void yieldToBrowser().then(() => {
      if (current) {
        setShown((count) => Math.min(total, count + 1));
      }
    });
    return () => {
      current = false;
    };
  }, [start, shown, total]);
  return shown;
}
