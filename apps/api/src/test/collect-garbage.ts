import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A full garbage collection, from a process started without `--expose-gc` (Vitest's workers, the
 * bench under tsx): the flag is set at run time and `gc` taken from a fresh context.
 */
export function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}
