import {
  VALIDATOR_MESSAGES,
  isEmptyValue,
  readValue,
  VALIDATOR_RULE_NAMES,
  VALIDATOR_RULES,
  type ValidatorValues,
  type ValidatorRuleName,
} from './rules.js';

/** One parsed rule: `min:8` becomes `{name: 'min', params: ['8']}`. */
export interface ParsedValidatorRule {
  name: ValidatorRuleName;
  params: string[];
}

/** Rules per field, each a pipe-joined string such as `'required|min:8|email'`. */
export type ValidatorRules = Readonly<Record<string, string>>;

/**
 * Message overrides per field: a string replaces every message of that field, an object replaces
 * the message of the named rules only. `{Field}` and `{n}` are filled in as in the defaults.
 */
export type ValidatorMessages = Readonly<
  Record<string, string | Readonly<Partial<Record<ValidatorRuleName, string>>>>
>;

/** Options of `createValidator`. */
export interface ValidatorOptions {
  messages?: ValidatorMessages;
  /** Human names used for `{Field}`; a field without one uses its name with a capital first letter. */
  labels?: Readonly<Record<string, string>>;
}

/** The outcome of validating every field. */
export interface ValidatorResult {
  valid: boolean;
  errors: Readonly<Record<string, string>>;
}

/** A stateful validator for one form: it remembers which fields were blurred and their errors. */
export interface Validator {
  /** Current error message per field; fields without an error are absent. */
  readonly errors: Readonly<Record<string, string>>;
  /** Marks a field as blurred: from now on it is checked even when empty. */
  blur: (field: string) => void;
  /** True once the field was blurred (or everything was validated). */
  isBlurred: (field: string) => boolean;
  /** Checks one field against `values`, records and returns its message (null when fine or not yet due). */
  validateField: (field: string, values: ValidatorValues) => string | null;
  /** Marks every field blurred, checks them all, and returns the outcome. */
  validateAll: (values: ValidatorValues) => ValidatorResult;
  /** Forgets blurs and errors, e.g. after the form was reset. */
  reset: () => void;
}

const isRuleName = (name: string): name is ValidatorRuleName =>
  (VALIDATOR_RULE_NAMES as readonly string[]).includes(name);

/**
 * Parses a pipe-joined rule string. Unknown rules and bad parameters are programming mistakes,
 * so they throw at once rather than silently passing every value.
 */
export function parseValidatorRules(field: string, spec: string): ParsedValidatorRule[] {
  return spec
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const colon = part.indexOf(':');
      const name = colon === -1 ? part : part.slice(0, colon);
      const params =
        colon === -1
          ? []
          : part
              .slice(colon + 1)
              .split(',')
              .map((param) => param.trim());
      if (!isRuleName(name)) {
        throw new Error(`Validator: field "${field}" has an unknown rule "${name}".`);
      }
      const problem = VALIDATOR_RULES[name].checkParams?.(params) ?? null;
      if (problem !== null) {
        throw new Error(`Validator: rule "${part}" of field "${field}" ${problem}.`);
      }
      return { name, params };
    });
}

/** The field's name for messages: its label, or its name with the first letter upper-cased. */
export function validatorFieldLabel(field: string, labels: Readonly<Record<string, string>> = {}): string {
  return labels[field] ?? field.charAt(0).toUpperCase() + field.slice(1);
}

function fillTemplate(template: string, label: string, params: readonly string[]): string {
  return template.replace(/\{Field\}/g, label).replace(/\{n\}/g, params[0] ?? '');
}

/**
 * Builds a validator for `rules`, e.g.
 * `createValidator({email: 'required|email', password: 'required|min:8'}, {labels: {email: 'Email address'}})`.
 * A field is checked only when it is non-empty or has been blurred; `validateAll` blurs every field.
 */
export function createValidator(rules: ValidatorRules, options: ValidatorOptions = {}): Validator {
  const parsed = new Map(
    Object.entries(rules).map(([field, spec]) => [field, parseValidatorRules(field, spec)]),
  );
  const labels = options.labels ?? {};
  const overrides = options.messages ?? {};
  const blurred = new Set<string>();
  let errors: Record<string, string> = {};

  const messageFor = (field: string, rule: ParsedValidatorRule): string => {
    const override = overrides[field];
    const template =
      typeof override === 'string' ? override : (override?.[rule.name] ?? VALIDATOR_MESSAGES[rule.name]);
    return fillTemplate(template, validatorFieldLabel(field, labels), rule.params);
  };

  const firstFailure = (field: string, values: ValidatorValues): string | null => {
    const value = readValue(values, field);
    const empty = isEmptyValue(value);
    for (const rule of parsed.get(field) ?? []) {
      const definition = VALIDATOR_RULES[rule.name];
      if (empty && !definition.presence) {
        continue;
      }
      if (!definition.test({ value, params: rule.params, values })) {
        return messageFor(field, rule);
      }
    }
    return null;
  };

  const record = (field: string, message: string | null): void => {
    const { [field]: _previous, ...rest } = errors;
    errors = message === null ? rest : { ...rest, [field]: message };
  };

  const validateField = (field: string, values: ValidatorValues): string | null => {
    const due = blurred.has(field) || !isEmptyValue(readValue(values, field));
    const message = due ? firstFailure(field, values) : null;
    record(field, message);
    return message;
  };

  return {
    get errors() {
      return errors;
    },
    blur(field) {
      blurred.add(field);
    },
    isBlurred(field) {
      return blurred.has(field);
    },
    validateField,
    validateAll(values) {
      for (const field of parsed.keys()) {
        blurred.add(field);
        validateField(field, values);
      }
      return { valid: Object.keys(errors).length === 0, errors };
    },
    reset() {
      blurred.clear();
      errors = {};
    },
  };
}
