/**
 * One parameter kept in the URL hash. `allowed` restricts it to an exact value, a list of values
 * or a pattern (matched against the whole value); anything outside reads as `default`.
 */
export type HashParamSpec = {
  default: string | null;
  allowed?: string | readonly string[] | RegExp;
};
export type HashStateSpec = Record<string, HashParamSpec>;

/** The values a spec reads as: a string, or null where the default is null. */
export type HashState<S extends HashStateSpec> = {
  [K in keyof S]: S[K]['default'] extends string ? string : string | null;
};
export type HashStatePatch<S extends HashStateSpec> = { [K in keyof S]?: string | number | null };

/** The query-style parameters inside a hash (`#tab=1&user_id=3`). */
export function parseHashParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
}

function wholeMatch(pattern: RegExp, value: string): boolean {
  // Without g/y a RegExp keeps no lastIndex; anchoring makes "a pattern" mean the whole value.
  const flags = pattern.flags.replace(/[gy]/g, '');
  return new RegExp(`^(?:${pattern.source})$`, flags).test(value);
}

/** Whether `value` lies in the allowed set of `param` (no restriction allows everything). */
export function isAllowed(param: HashParamSpec, value: string): boolean {
  const { allowed } = param;
  if (allowed === undefined) {
    return true;
  }
  if (typeof allowed === 'string') {
    return value === allowed;
  }
  if (allowed instanceof RegExp) {
    return wholeMatch(allowed, value);
  }
  return allowed.includes(value);
}

/** Reads every parameter of `spec` from `hash`, falling back to its default when absent or not allowed. */
export function readHashState<S extends HashStateSpec>(hash: string, spec: S): HashState<S> {
  const params = parseHashParams(hash);
  const state: Record<string, string | null> = {};
  for (const [name, param] of Object.entries(spec)) {
    const value = params.get(name);
    state[name] = value !== null && isAllowed(param, value) ? value : param.default;
  }
  return state as HashState<S>;
}

/**
 * The hash after applying `patch`: a null value or the default removes the parameter, a value
 * outside the allowed set is refused; parameters not in `spec` are kept as they were.
 */
export function writeHashState<S extends HashStateSpec>(hash: string, spec: S, patch: HashStatePatch<S>): string {
  const params = parseHashParams(hash);
  for (const [name, raw] of Object.entries(patch)) {
    const param = spec[name];
    if (!param || raw === undefined) {
      continue;
    }
    const value = raw === null ? null : String(raw);
    if (value !== null && !isAllowed(param, value)) {
      throw new RangeError(`"${value}" is not an allowed value for the hash parameter "${name}".`);
    }
    if (value === null || value === param.default) {
      params.delete(name);
    } else {
      params.set(name, value);
    }
  }
  const serialised = params.toString();
  return serialised ? `#${serialised}` : '';
}
