import type { TestContext } from './context.js';

/** The HTTP methods the account and two-factor tests call. */
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Any answer of these calls, loosely: each test checks the fields it cares about. */
export type LooseAnswer = {
  message?: string;
  errors?: Record<string, string[]>;
  data?: Record<string, unknown>;
};

/**
 * A caller of the app on `host`, with a bearer token when given. Each call comes from the next
 * address in 10.`subnet`.0.0/16, so per-address rate limits never carry from one test to the
 * next; give each test file its own subnet. `context` is read at call time, since test files
 * create it in `beforeAll`.
 */
export function addressedCaller(context: () => TestContext, host: string, subnet: number) {
  let address = 0;
  return (method: CallMethod, url: string, token?: string, payload?: object) => {
    address += 1;
    return context().app.inject({
      method,
      url,
      headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: `10.${subnet}.${address >> 8}.${address & 255}`,
      ...(payload ? { payload } : {}),
    });
  };
}
