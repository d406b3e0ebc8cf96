import { lazyComponent } from '../../../lib/lazy/lazy-component';
import type { TelephoneInputProps } from './telephone-input';

/**
 * `TelephoneInput`, loaded when first shown (or preloaded); render inside `<Suspense>`. Pages that
 * show a number only after a first answer (the application form) keep it out of their first load.
 */
export const LazyTelephoneInput = lazyComponent<TelephoneInputProps>(
  async () => (await import('./telephone-input')).TelephoneInput,
);
