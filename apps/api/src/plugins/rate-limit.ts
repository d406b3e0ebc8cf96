import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { HttpError } from './errors.js';

/** One named limit: at most `max` counted events per key in `timeWindowMs`. */
export type LimitRule = { name: string; max: number; timeWindowMs: number };

/** A limit applied by key (a client address, an account, an email address). */
export type Limiter = {
  /** Counts one event for `key`; refuses with 429 when that goes over the limit. */
  consume(request: FastifyRequest, key: string): Promise<void>;
  /** Refuses with 429 when `key` is already at the limit, without counting (limits on failures). */
  check(request: FastifyRequest, key: string): Promise<void>;
  /** Counts one event for `key` without refusing (a failure counted after the fact). */
  hit(request: FastifyRequest, key: string): Promise<void>;
  /**
   * Counts one attempt for `key` atomically BEFORE the work it guards, refusing with 429 when that
   * goes over the limit, and answers `forgive`, which takes the attempt back (call it when the
   * attempt turned out not to be a failure). Unlike `check` then `hit`, parallel attempts cannot
   * all pass the check before any of them is counted.
   */
  attempt(request: FastifyRequest, key: string): Promise<{ forgive(): Promise<void> }>;
  /**
   * Notes `key` and answers whether this is its first time within the rule's window (never
   * refuses): lets a route count distinct things, e.g. distinct email addresses a client asked about.
   */
  firstSeen(request: FastifyRequest, key: string): Promise<boolean>;
};

/** Atomic attempt counters with a fixed window per key: in memory, or in Redis (shared by every server). */
export type AttemptStore = {
  /** Adds one to `key` (its window starts with the first); answers the new count and the window's remaining ms. */
  take(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Takes one back from `key`, if it still exists. */
  give(key: string): Promise<void>;
};

/**
 * Most attempt counters the in-memory store keeps alive (about 200 bytes each with its
 * {@link counterKey}, so some 20 MB): attempts at a password, a code or a reset, by account and
 * by client. Twenty times @fastify/rate-limit's own in-memory LRU (5,000 per limit), which the
 * `consume`/`check` limits use. Several processes share Redis, which has no cap.
 */
export const MAX_MEMORY_COUNTERS = 100_000;

/**
 * Most `firstSeen` notes the in-memory store keeps (some 2 MB). They have a store of their own:
 * a client naming a new email address on every request adds a note per request, and in the
 * attempt counters' store that flood pushed out the counters of sign-in attempts. A note pushed
 * out errs the safe way: the next time that client names that address counts again.
 */
export const MAX_MEMORY_SEEN_NOTES = 10_000;

/** The in-memory stores' caps (tests set small ones). */
export type RateLimitPluginOptions = { memoryCounters?: number; memorySeenNotes?: number };

/** One key's attempts in its window. */
type Counter = { count: number };

/**
 * The attempt counters of one process, in an LRU cache (`lru-cache`) bounded by
 * `maxCounters`: each counter lives for its window (the cache's per-entry TTL, checked on read, so
 * no take walks the others), and a new counter beyond the cap replaces the one least recently
 * counted. Its clock is `Date.now()`, the clock the windows are told in.
 */
export function memoryAttemptStore(maxCounters: number = MAX_MEMORY_COUNTERS): AttemptStore {
  const counters = new LRUCache<string, Counter>({ max: maxCounters, perf: Date, ttlResolution: 0 });
  return {
    async take(key, windowMs) {
      const current = counters.get(key);
      if (current) {
        current.count += 1;
        return { count: current.count, ttlMs: counters.getRemainingTTL(key) };
      }
      counters.set(key, { count: 1 }, { ttl: windowMs });
      return { count: 1, ttlMs: windowMs };
    },
    async give(key) {
      // Read without refreshing its place: giving an attempt back is not using the key.
      const counter = counters.get(key, { updateAgeOnGet: false });
      if (counter && counter.count > 0) {
        counter.count -= 1;
      }
    },
  };
}

/** INCR and the window's expiry in one step, so that no attempt is lost or left without an expiry. */
const TAKE_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;
const GIVE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

function redisAttemptStore(redis: Redis, keyPrefix: string): AttemptStore {
  const prefix = `${keyPrefix}muster-attempts-`;
  return {
    async take(key, windowMs) {
      const [count, ttlMs] = (await redis.eval(TAKE_SCRIPT, 1, `${prefix}${key}`, windowMs)) as [
        number,
        number,
      ];
      return { count, ttlMs };
    },
    async give(key) {
      await redis.eval(GIVE_SCRIPT, 1, `${prefix}${key}`);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The limiter for a rule, created on first use and shared by name afterwards. Counters live
     * in memory, or in Redis when REDIS_URL is set (shared by every server).
     */
    limiter(rule: LimitRule): Limiter;
  }
}

/** The rate-limit key of the caller's address: the socket's, or the proxy's client when TRUST_PROXY is set. */
export function clientAddressKey(request: FastifyRequest): string {
  return `ip:${normalizeIP(request.ip)}`;
}

/**
 * The key a counter is kept under: the SHA-256 of the rule's name and the caller's key, in
 * base64url. No store, in memory or in Redis, then holds an email address or a client address,
 * and every counter's key is one flat string of 43 characters: the keys built by joining the
 * rule, address, organisation and email were ropes of five strings, some 220 bytes of heap each:
 * 22 MB in a full store of 100,000.
 */
export function counterKey(ruleName: string, key: string): string {
  return hash('sha256', `${ruleName}:${key}`, 'base64url');
}

/** The 429 of every limit: an integer `Retry-After` and the profile's sentence (applicant-flow §8). */
export function tooManyAttempts(seconds: number): HttpError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new HttpError(
    429,
    `You have tried too many times, please wait for ${wait} seconds before trying again.`,
    undefined,
    { 'retry-after': String(wait) },
  );
}

/**
 * What a limiter hands the library in place of the request: all that the library reads of it (the
 * route's `config`, for a `rateLimit.groupId`) and the key to count under, which our key generator
 * reads. A plain object, not one made with the request as its prototype: an object used as a
 * prototype gets a hidden class (map) of its own in V8, so every request went through the
 * property reads of Fastify and the routes afterwards with a map of its own, missing their inline
 * caches (measured: twenty times slower reads once an object has been made a prototype).
 */
type LimitCall = { routeOptions: { config: FastifyRequest['routeOptions']['config'] }; rateLimitKey: string };

/** The {@link LimitCall} of `request` counting under `key`, typed as the request the library takes. */
function limitCall(request: FastifyRequest, key: string): FastifyRequest {
  const call: LimitCall = { routeOptions: { config: request.routeOptions.config }, rateLimitKey: key };
  return call as unknown as FastifyRequest;
}

/**
 * @fastify/rate-limit used as a keyed limiter library (no global limit): sign-in, code guessing,
 * reset requests and other issues' routes (e.g. check-email) call `app.limiter(rule)` and then
 * `consume`/`check`/`hit` with a key of their choice.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitPluginOptions) => {
    const redis = app.config.redisUrl
      ? new Redis(app.config.redisUrl, {
          connectTimeout: 1000,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: true,
        })
      : null;
    if (redis) {
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit store (Redis) error'));
      app.addHook('onClose', async () => {
        await redis.quit();
      });
    }
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: `${app.config.redisKeyPrefix}muster-rate-limit-` } : {}),
      // A store outage must not take sign-in down; the per-challenge try limits in the database still hold.
      skipOnError: true,
    });

    const attempts = redis
      ? redisAttemptStore(redis, app.config.redisKeyPrefix)
      : memoryAttemptStore(options.memoryCounters ?? MAX_MEMORY_COUNTERS);
    const seenNotes = redis ? attempts : memoryAttemptStore(options.memorySeenNotes ?? MAX_MEMORY_SEEN_NOTES);
    const limiters = new Map<string, Limiter>();
    app.decorate('limiter', (rule: LimitRule): Limiter => {
      const existing = limiters.get(rule.name);
      if (existing) {
        return existing;
      }
      // RATE_LIMIT_SCALE (never in production) raises every allowance for a load benchmark.
      const max = rule.max * app.config.rateLimitScale;
      const run = app.createRateLimit({
        max,
        timeWindow: rule.timeWindowMs,
        keyGenerator: (request) => counterKey(rule.name, (request as unknown as LimitCall).rateLimitKey),
      });
      const limiter: Limiter = {
        async consume(request, key) {
          const result = await run(limitCall(request, key));
          if (!result.isAllowed && result.isExceeded) {
            throw tooManyAttempts(result.ttlInSeconds);
          }
        },
        async check(request, key) {
          const result = await run(limitCall(request, key), { increment: false });
          if (!result.isAllowed && result.remaining <= 0 && result.ttl > 0) {
            throw tooManyAttempts(result.ttlInSeconds);
          }
        },
        async hit(request, key) {
          await run(limitCall(request, key));
        },
        async attempt(_request, key) {
          const name = counterKey(rule.name, key);
          let taken: { count: number; ttlMs: number };
          try {
            taken = await attempts.take(name, rule.timeWindowMs);
          } catch (error) {
            // Like the other limits, a store outage must not take sign-in down.
            app.log.warn({ err: error }, 'rate-limit store error');
            return { forgive: async () => undefined };
          }
          if (taken.count > max) {
            await attempts.give(name).catch(() => undefined);
            throw tooManyAttempts(taken.ttlMs / 1000);
          }
          let forgiven = false;
          return {
            async forgive() {
              if (!forgiven) {
                forgiven = true;
                await attempts.give(name).catch(() => undefined);
              }
            },
          };
        },
        async firstSeen(_request, key) {
          try {
            return (await seenNotes.take(counterKey(rule.name, key), rule.timeWindowMs)).count === 1;
          } catch (error) {
            // Without the store, treat it as new: the limits it gates still count.
            app.log.warn({ err: error }, 'rate-limit store error');
            return true;
          }
        },
      };
      limiters.set(rule.name, limiter);
      return limiter;
    });
  },
  { name: 'rate-limit', dependencies: ['errors'] },
);
