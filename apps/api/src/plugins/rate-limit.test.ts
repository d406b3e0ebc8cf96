import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/config.js';
import { errorsPlugin } from './errors.js';
import {
  clientAddressKey,
  counterKey,
  memoryAttemptStore,
  rateLimitPlugin,
  type LimitRule,
  type RateLimitPluginOptions,
} from './rate-limit.js';

/**
 * Redis to test the shared store against; the in-memory store is always tested. Set it to run
 * the Redis cases, e.g. `MUSTER_TEST_REDIS_URL=redis://127.0.0.1:6379`.
 */
const redisUrl = process.env.MUSTER_TEST_REDIS_URL;

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A bare server with the plugin and three routes: consume, check-then-hit-on-failure, and address. */
async function limitedApp(
  rule: LimitRule,
  options: { redis?: string; trustProxy?: boolean; caps?: RateLimitPluginOptions } = {},
) {
  const app = Fastify({ trustProxy: options.trustProxy ?? false });
  app.decorate(
    'config',
    loadConfig({ NODE_ENV: 'test', ...(options.redis ? { REDIS_URL: options.redis } : {}) }),
  );
  await app.register(errorsPlugin);
  await app.register(rateLimitPlugin, options.caps ?? {});
  const limiter = app.limiter(rule);
  app.get('/consume', async (request) => {
    await limiter.consume(request, 'shared-key');
    return { ok: true };
  });
  app.get<{ Querystring: { fail?: string } }>('/failures', async (request, reply) => {
    await limiter.check(request, 'failure-key');
    if (request.query.fail) {
      await limiter.hit(request, 'failure-key');
      return reply.status(401).send({ message: 'wrong' });
    }
    return { ok: true };
  });
  // A slow guarded action (like argon2): counted before it runs, forgiven unless it fails.
  app.get<{ Querystring: { fail?: string } }>('/attempt', async (request, reply) => {
    const attempt = await limiter.attempt(request, 'attempt-key');
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (request.query.fail) {
      return reply.status(401).send({ message: 'wrong' });
    }
    await attempt.forgive();
    return { ok: true };
  });
  // Every kind of count under a key naming an email address, as check-email's limits count.
  app.get('/email', async (request) => {
    await limiter.consume(request, EMAIL_KEY);
    await limiter.attempt(request, EMAIL_KEY);
    return { first: await limiter.firstSeen(request, `${clientAddressKey(request)}:${EMAIL_KEY}`) };
  });
  app.get<{ Querystring: { key: string } }>('/seen', async (request) => ({
    first: await limiter.firstSeen(request, request.query.key),
  }));
  app.get('/address', async (request) => {
    await limiter.consume(request, clientAddressKey(request));
    return { key: clientAddressKey(request) };
  });
  await app.ready();
  apps.push(app);
  return app;
}

const EMAIL_KEY = '1:someone.private@example.org';

const uniqueRule = (max: number): LimitRule => ({
  name: `test-${randomBytes(4).toString('hex')}`,
  max,
  timeWindowMs: 60_000,
});

describe('app.limiter', () => {
  it('consume: allows max calls per key, then 429 with an integer Retry-After and a JSON message', async () => {
    const app = await limitedApp(uniqueRule(2));
    expect((await app.inject('/consume')).statusCode).toBe(200);
    expect((await app.inject('/consume')).statusCode).toBe(200);
    const refused = await app.inject('/consume');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({
      message: 'You have tried too many times, please wait for 60 seconds before trying again.',
    });
  });

  it('check + hit: only failures count, and the limit bites once max failures are reached', async () => {
    const app = await limitedApp(uniqueRule(3));
    for (let i = 0; i < 5; i += 1) {
      expect((await app.inject('/failures')).statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i += 1) {
      expect((await app.inject('/failures?fail=1')).statusCode).toBe(401);
    }
    expect((await app.inject('/failures')).statusCode).toBe(429);
  });

  it('attempt: parallel failures are counted before the guarded work, so at most max get through', async () => {
    const app = await limitedApp(uniqueRule(10));
    const answers = await Promise.all(Array.from({ length: 50 }, () => app.inject('/attempt?fail=1')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
  });

  it('attempt: a success is forgiven, so successes never use the limit up', async () => {
    const app = await limitedApp(uniqueRule(2));
    for (let i = 0; i < 5; i += 1) {
      expect((await app.inject('/attempt')).statusCode).toBe(200);
    }
    expect((await app.inject('/attempt?fail=1')).statusCode).toBe(401);
    expect((await app.inject('/attempt?fail=1')).statusCode).toBe(401);
    expect((await app.inject('/attempt')).statusCode).toBe(429);
  });

  it('keeps firstSeen notes apart: a flood of new addresses does not push out attempt counters', async () => {
    const app = await limitedApp(uniqueRule(2), { caps: { memoryCounters: 50, memorySeenNotes: 10 } });
    expect((await app.inject('/attempt?fail=1')).statusCode).toBe(401);
    expect((await app.inject('/attempt?fail=1')).statusCode).toBe(401);
    for (let index = 0; index < 100; index += 1) {
      expect((await app.inject(`/seen?key=person${index}@example.org`)).json()).toEqual({ first: true });
    }
    expect((await app.inject('/attempt')).statusCode).toBe(429);
    // The notes' own cap: the oldest were pushed out, so naming that address counts again.
    expect((await app.inject('/seen?key=person99@example.org')).json()).toEqual({ first: false });
    expect((await app.inject('/seen?key=person0@example.org')).json()).toEqual({ first: true });
  });

  it('returns the same limiter for the same rule name', async () => {
    const app = await limitedApp(uniqueRule(2));
    const rule = uniqueRule(1);
    expect(app.limiter(rule)).toBe(app.limiter(rule));
  });

  it('keys the client address by socket, or by X-Forwarded-For only behind a trusted proxy', async () => {
    const direct = await limitedApp(uniqueRule(5));
    const plain = await direct.inject({
      url: '/address',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(plain.json()).toEqual({ key: 'ip:203.0.113.9' });
    const proxied = await limitedApp(uniqueRule(5), { trustProxy: true });
    const forwarded = await proxied.inject({
      url: '/address',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(forwarded.json()).toEqual({ key: 'ip:198.51.100.1' });
  });

  it('keys counters by a fixed-length digest of the rule and key, never the key itself', () => {
    const digest = counterKey('check-email-email', EMAIL_KEY);
    expect(digest).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(counterKey('check-email-email', EMAIL_KEY)).toBe(digest);
    expect(counterKey('check-email-address', EMAIL_KEY)).not.toBe(digest);
    expect(counterKey('check-email-email', `${EMAIL_KEY}x`)).not.toBe(digest);
    expect(counterKey('r', 'x'.repeat(500))).toHaveLength(43);
  });

  it.runIf(redisUrl !== undefined)(
    'keeps no email address in Redis: every counter is under its digest',
    async () => {
      const rule = uniqueRule(5);
      const app = await limitedApp(rule, { redis: redisUrl });
      expect((await app.inject('/email')).json()).toEqual({ first: true });
      expect((await app.inject('/email')).json()).toEqual({ first: false });
      const redis = new Redis(redisUrl ?? '');
      try {
        const keys = await redis.keys('*');
        expect(keys.filter((key) => key.includes('example.org') || key.includes(rule.name))).toEqual([]);
        expect(keys).toContain(`muster-attempts-${counterKey(rule.name, EMAIL_KEY)}`);
        expect(
          keys.some((key) => key.endsWith(counterKey(rule.name, EMAIL_KEY)) && key.includes('rate-limit')),
        ).toBe(true);
      } finally {
        await redis.quit();
      }
    },
  );

  it.runIf(redisUrl !== undefined)('attempt: counts atomically across servers through Redis', async () => {
    const rule = uniqueRule(10);
    const one = await limitedApp(rule, { redis: redisUrl });
    const two = await limitedApp(rule, { redis: redisUrl });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 ? one : two).inject('/attempt?fail=1')),
    );
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(10);
    expect((await one.inject('/attempt')).statusCode).toBe(429);
  });

  it.runIf(redisUrl !== undefined)(
    'shares counters between servers through Redis when REDIS_URL is set',
    async () => {
      const rule = uniqueRule(2);
      const one = await limitedApp(rule, { redis: redisUrl });
      const two = await limitedApp(rule, { redis: redisUrl });
      expect((await one.inject('/consume')).statusCode).toBe(200);
      expect((await two.inject('/consume')).statusCode).toBe(200);
      expect((await one.inject('/consume')).statusCode).toBe(429);
      expect((await two.inject('/consume')).statusCode).toBe(429);
    },
  );
});

describe('memoryAttemptStore', () => {
  it('counts a key through its window and answers what is left of it', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
    try {
      const store = memoryAttemptStore();
      expect(await store.take('key', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
      vi.setSystemTime(new Date('2026-11-25T10:00:20Z'));
      expect(await store.take('key', 60_000)).toEqual({ count: 2, ttlMs: 40_000 });
      await store.give('key');
      expect((await store.take('key', 60_000)).count).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets expired counters: a key counts from one again once its window has passed', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
    try {
      const store = memoryAttemptStore();
      for (let index = 0; index <= 10_000; index += 1) {
        await store.take(`short:${index}`, 1_000);
      }
      expect((await store.take('short:1', 1_000)).count).toBe(2);
      vi.setSystemTime(new Date('2026-11-25T10:00:02Z'));
      expect((await store.take('short:2', 1_000)).count).toBe(1);
      expect((await store.take('short:1', 1_000)).count).toBe(1);
      // Giving back to an expired key does not bring it back.
      vi.setSystemTime(new Date('2026-11-25T10:00:04Z'));
      await store.give('short:1');
      expect((await store.take('short:1', 1_000)).count).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps at most its cap of counters: a new key beyond it replaces the least recently counted', async () => {
    const store = memoryAttemptStore(20_000);
    const hour = 3_600_000;
    for (let index = 0; index < 50_000; index += 1) {
      await store.take(`seen:${index}`, hour);
    }
    // The newest are still counted; the oldest were replaced and count from one again.
    expect((await store.take('seen:49999', hour)).count).toBe(2);
    expect((await store.take('seen:30001', hour)).count).toBe(2);
    expect((await store.take('seen:0', hour)).count).toBe(1);
    // 'seen:0' replaced the least recently counted of those left, 'seen:30000'.
    expect((await store.take('seen:30002', hour)).count).toBe(2);
    expect((await store.take('seen:30000', hour)).count).toBe(1);
  });
});
