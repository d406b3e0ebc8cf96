import {
  createValidator,
  type ValidatorOptions,
  type ValidatorResult,
  type ValidatorRules,
  type ValidatorValues,
} from '@muster/contract';
import { useMemo, useState } from 'react';

/** What `useValidator` gives a form: the current errors and the actions that update them. */
export interface UseValidatorResult {
  /** Current message per field; fields without an error are absent. */
  errors: Readonly<Record<string, string>>;
  /** The field lost focus: mark it blurred and check it (now even when empty). */
  blur: (field: string, values: ValidatorValues) => string | null;
  /** The field changed: check it (only when non-empty or already blurred). */
  validateField: (field: string, values: ValidatorValues) => string | null;
  /** Before submitting: blur and check every field. */
  validateAll: (values: ValidatorValues) => ValidatorResult;
  reset: () => void;
}

/**
 * The generic form validator (`createValidator` of @muster/contract) as React state, so that a
 * change of errors re-renders the form. The rules and options are read on the first render only;
 * the returned actions keep their identity for the component's life.
 */
export function useValidator(rules: ValidatorRules, options?: ValidatorOptions): UseValidatorResult {
  const [validator] = useState(() => createValidator(rules, options));
  const [errors, setErrors] = useState(validator.errors);

  const actions = useMemo(
    () => ({
      blur(field: string, values: ValidatorValues) {
        validator.blur(field);
        const message = validator.validateField(field, values);
        setErrors(validator.errors);
        return message;
      },
      validateField(field: string, values: ValidatorValues) {
        const message = validator.validateField(field, values);
        setErrors(validator.errors);
        return message;
      },
      validateAll(values: ValidatorValues) {
        const result = validator.validateAll(values);
        setErrors(result.errors);
        return result;
      },
      reset() {
        validator.reset();
        setErrors(validator.errors);
      },
    }),
    [validator],
  );

  return { errors, ...actions };
}
