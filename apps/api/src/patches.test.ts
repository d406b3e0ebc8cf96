import v8 from 'node:v8';
import vm from 'node:vm';
import { entityKind, is, SQL, sql } from 'drizzle-orm';
import Fastify, { type FastifyRequest } from 'fastify';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
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

describe('drizzle-orm+0.45.4.patch', () => {
  class Base {
    static readonly [entityKind]: string = 'PatchTestBase';
  }
  class Child extends Base {
    static override readonly [entityKind]: string = 'PatchTestChild';
  }
  // Another copy of drizzle has its own class of the same kind: `is` matches it by kind.
  class BaseFromAnotherCopy {
    static readonly [entityKind]: string = 'PatchTestBase';
  }

  it('gives drizzle’s answers: by kind along the class chain, false for what is no entity', () => {
    expect(is(new Child(), Base)).toBe(true);
    expect(is(new Child(), Child)).toBe(true);
    expect(is(new Base(), Child)).toBe(false);
    expect(is(new BaseFromAnotherCopy(), Base)).toBe(true);
    expect(is(new Child(), BaseFromAnotherCopy)).toBe(true);
    expect(is({}, Base)).toBe(false);
    expect(is(null, Base)).toBe(false);
    expect(is('text', Base)).toBe(false);
    expect(is(sql`select 1`, SQL)).toBe(true);
    expect(is(sql`select 1`, Base)).toBe(false);
  });

  it('refuses a class that is no drizzle entity, unless the value is one of its own', () => {
    class Plain {}
    expect(is(new Plain(), Plain as never)).toBe(true);
    expect(() => is(new Base(), Plain as never)).toThrow(/doesn't look like a Drizzle entity/);
  });

  it('answers from the kinds it keeps, without `instanceof` (a megamorphic walk that cost a submit 10 % of its CPU)', () => {
    let asked = 0;
    class Watched {
      static readonly [entityKind]: string = 'PatchTestWatched';
      static [Symbol.hasInstance](value: unknown): boolean {
        asked += 1;
        return Function.prototype[Symbol.hasInstance].call(this, value);
      }
    }
    class WatchedChild extends Watched {}
    expect(is(new WatchedChild(), Watched)).toBe(true);
    expect(is(new Base(), Watched)).toBe(false);
    expect(asked).toBe(0);
  });
});

describe('libphonenumber-js+1.13.16.patch', () => {
  /** How many regular expressions `run` builds with `new RegExp` (literals are not counted). */
  function regExpsBuiltBy(run: () => void): number {
    const original = globalThis.RegExp;
    let built = 0;
    globalThis.RegExp = new Proxy(original, {
      construct(target, args: [string | RegExp, string?]) {
        built += 1;
        return new target(...args);
      },
    });
    try {
      run();
    } finally {
      globalThis.RegExp = original;
    }
    return built;
  }

  it('gives libphonenumber’s answers: the region a +44 number belongs to, valid and invalid numbers', () => {
    expect(parsePhoneNumberFromString('07911 123456', 'GB')?.number).toBe('+447911123456');
    expect(parsePhoneNumberFromString('07911 123456', 'GB')?.isValid()).toBe(true);
    // The smallest metadata cannot tell a GB mobile from a Guernsey one: libphonenumber says GG.
    expect(parsePhoneNumberFromString('+447911123456')?.country).toBe('GG');
    expect(parsePhoneNumberFromString('+447781123456')?.country).toBe('GG');
    expect(parsePhoneNumberFromString('+447624123456')?.country).toBe('IM');
    expect(parsePhoneNumberFromString('020 7946 0000', 'GB')?.getType()).toBe('FIXED_LINE');
    expect(parsePhoneNumberFromString('+1 415 555 2671')?.country).toBe('US');
    expect(parsePhoneNumberFromString('0612345678', 'FR')?.number).toBe('+33612345678');
    expect(isValidPhoneNumber('0123', 'GB')).toBe(false);
    expect(isValidPhoneNumber('07911 12345', 'GB')).toBe(false);
  });

  it('compiles a metadata pattern once, not on every check (a third of a dry run’s phone check)', () => {
    const check = () => {
      const parsed = parsePhoneNumberFromString('07911 123456', 'GB');
      expect(parsed?.isValid()).toBe(true);
      expect(parsed?.number).toBe('+447911123456');
    };
    check();
    expect(regExpsBuiltBy(check)).toBe(0);
  });
});
