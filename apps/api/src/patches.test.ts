import v8 from 'node:v8';
import vm from 'node:vm';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';

// The dependency patches in /patches (applied by `patch-package` after every install) hold.

v8.setFlagsFromString('--allow-natives-syntax');
// Compiled after the flag: V8's own answer to whether an object keeps its elements as a dictionary.
const hasDictionaryElements = vm.compileFunction('return %HasDictionaryElements(object)', ['object']) as (
  object: object,
) => boolean;

/** The value under the symbol named `description` on `target` (Fastify keeps its internals so). */
function symbolValue(target: object, description: string): unknown {
  const symbol = Object.getOwnPropertySymbols(target).find((each) => each.description === description);
  return symbol === undefined ? undefined : (target as Record<symbol, unknown>)[symbol];
}

describe('fastify+5.12.8.patch', () => {
  it('keeps a route’s serializers by status code in dictionary elements, not a 600-slot array', async () => {
    const app = Fastify();
    let serializers: unknown;
    app.get(
      '/thing',
      {
        schema: {
          response: {
            200: { type: 'object', properties: { ok: { type: 'boolean' } } },
            404: { type: 'object', properties: { message: { type: 'string' } } },
            422: { type: 'object', properties: { message: { type: 'string' } } },
          },
        },
      },
      async (request: FastifyRequest) => {
        const context = symbolValue(request, 'fastify.context') as object;
        serializers = symbolValue(context, 'response-schema');
        return { ok: true };
      },
    );
    const response = await app.inject({ url: '/thing' });
    expect(response.json()).toEqual({ ok: true });
    expect(serializers).toBeTypeOf('object');
    expect(Object.keys(serializers as object)).toEqual(['200', '404', '422']);
    expect(hasDictionaryElements(serializers as object)).toBe(true);
    await app.close();
  });
});
