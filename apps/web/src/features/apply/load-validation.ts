import type * as validation from './validation';

/**
 * The form's validation (`validation.ts`: the contract's schemas, zod, the resolver), loaded apart
 * from the form: it starts on the applicant's first key or pointer press, so the form is usable
 * before zod has loaded. Whatever needs it awaits this; a failed load is tried again next time.
 */
let loading: Promise<typeof validation> | null = null;

export function loadValidation(): Promise<typeof validation> {
  loading ??= import('./validation').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
