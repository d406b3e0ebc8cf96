import { randomUUID } from 'node:crypto';
import { getTableName } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import {
  addresses,
  attributeCategories,
  attributeOptions,
  attributes,
  consentOptions,
  consents,
  diversityOptions,
  diversityQuestionDependencies,
  diversityQuestionOptions,
  diversityQuestions,
  documentTypes,
  formSectionAdditionalConsents,
  formSectionAttributes,
  formSectionConsents,
  formSectionDocuments,
  formSectionQuestions,
  formSections,
  formSectionTerms,
  motivations,
  opportunities,
  opportunitySubLocations,
  opportunityTimeslots,
  organisationHosts,
  organisations,
  questionOptions,
  questions,
  residentialBookings,
  residentialCapacityLimits,
  roleProfiles,
  teamRooms,
  teamRoomUnavailablePeriods,
  teams,
  terms,
  users,
} from '../db/schema/index.js';
import { deletedFrom } from '../db/write-watch.js';
import { PERMISSION_TABLES } from '../modules/auth/permission-cache.js';
import { SESSION_TABLES } from '../modules/auth/session-cache.js';
import { REPORT_ANSWER_TABLES } from '../modules/reports/answer-tables.js';

/**
 * Every table a cached answer is built from: the organisation and its hosts (tenancy, organisation
 * detail), an opportunity with its role profile, team, places and times, and every part of its
 * application form with the organisation's public motivations. A committed write to any of them
 * empties the cache of every process.
 */
export const CACHED_ANSWER_TABLES: ReadonlySet<string> = new Set(
  [
    organisations,
    organisationHosts,
    opportunities,
    roleProfiles,
    teams,
    opportunitySubLocations,
    opportunityTimeslots,
    formSections,
    formSectionQuestions,
    questions,
    questionOptions,
    formSectionAttributes,
    attributes,
    attributeCategories,
    attributeOptions,
    formSectionDocuments,
    documentTypes,
    formSectionConsents,
    consents,
    consentOptions,
    formSectionAdditionalConsents,
    formSectionTerms,
    terms,
    diversityQuestions,
    diversityQuestionOptions,
    diversityQuestionDependencies,
    diversityOptions,
    // The public motivations a motivation step offers (its choices, checked by every submit).
    motivations,
  ].map((table) => getTableName(table)),
);

/**
 * Tables an answer may also be built from by naming them (`remember`'s `tables`): a committed write
 * to one of them forgets only the answers that named it, in every process. A residential team's
 * nightly availability is built from its rooms, their closures, its capacity limits and its
 * bookings, which change with every booking; emptying the whole cache for each would cost every other answer for nothing.
 * The deletion of `users` rows (`deletedFrom`) is here because deleting a person deletes their
 * bookings, sign-ins and grants by cascade, which the write watch does not see: an answer built
 * from those names it too. The built-in address finder's
 * suggestions are built from `addresses` alone (reference data, the same for every organisation).
 * A user's permission names (the auth plugin, every signed-in request) are built from the grant,
 * role and denial tables of `PERMISSION_TABLES`; a token's look-up with its sign-in (every signed-in
 * request) from the tables of `SESSION_TABLES`; a report's answer from `REPORT_ANSWER_TABLES`
 * (every table but the sign-in bookkeeping).
 */
export const SCOPED_ANSWER_TABLES: ReadonlySet<string> = new Set([
  ...[teamRooms, teamRoomUnavailablePeriods, residentialBookings, residentialCapacityLimits, addresses].map(
    (table) => getTableName(table),
  ),
  deletedFrom(getTableName(users)),
  ...PERMISSION_TABLES,
  ...SESSION_TABLES,
  ...REPORT_ANSWER_TABLES,
]);

/**
 * Most answers kept; beyond it the least recently used go first (hosts no organisation serves,
 * unknown slugs).
 */
const MAX_ENTRIES = 10_000;
/**
 * Most bytes of answers kept (about: a character a byte): address searches are kept per text
 * searched, so ten thousand of them could otherwise hold a hundred MB or more. Beyond it the least
 * recently used go first.
 */
const MAX_BYTES = 32 * 1024 * 1024;
/** What an answer kept as a value rather than as JSON text is counted as (an organisation, a form). */
const VALUE_BYTES = 4 * 1024;
/**
 * Longest an answer is kept even when nothing says it changed: bounds what no invalidation can
 * see (a write by another program, such as psql or a bulk import, or a lost Redis message).
 */
const MAX_AGE_MS = 60_000;

/** What an answer is built from beyond {@link CACHED_ANSWER_TABLES}: tables of {@link SCOPED_ANSWER_TABLES}. */
export type AnswerOptions = { tables?: readonly string[] };

type Entry = { value: unknown; storedAt: number; tables: readonly string[] };

/**
 * A least-recently-used cache of answers (`lru-cache`) bounded by count and by size: `weigh` tells
 * what one counts (JSON text its length, any other value an estimate). A new answer beyond either
 * limit replaces the least recently used; one larger than the whole byte budget is served but not
 * kept, and costs the others nothing. `Infinity` leaves a limit off.
 */
export function boundedAnswerStore<V extends NonNullable<unknown>>(
  limits: { maxEntries: number; maxBytes: number },
  weigh: (key: string, value: V) => number,
): LRUCache<string, V> {
  return new LRUCache<string, V>({
    ...(Number.isFinite(limits.maxEntries) ? { max: limits.maxEntries } : {}),
    maxSize: Number.isFinite(limits.maxBytes) ? limits.maxBytes : Number.MAX_SAFE_INTEGER,
    // lru-cache takes only a positive size.
    sizeCalculation: (value, key) => Math.max(1, weigh(key, value)),
  });
}

/** What a kept answer counts towards {@link MAX_BYTES}. */
function answerBytes(key: string, entry: Entry): number {
  return key.length + (typeof entry.value === 'string' ? entry.value.length : VALUE_BYTES);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers built from the database once and kept until a write changes what they are built from. */
    answerCache: AnswerCache;
  }
}

/** See {@link answerCachePlugin}. */
export type AnswerCache = {
  /**
   * The value kept under `key`, or `build()`'s (kept for the next call, unless a write committed
   * while it was being built). `build` must read everything it depends on from the database
   * itself, never from something read before it was called. A thrown error is not kept.
   * `options.tables` names the tables of {@link SCOPED_ANSWER_TABLES} it is also built from.
   */
  remember<T>(key: string, build: () => Promise<T>, options?: AnswerOptions): Promise<T>;
  /**
   * Sends the JSON answer kept under `key`, or the one `build()` gives (serialised once, by the
   * route's own response schema, and kept as text): a 200 for a GET route whose answer depends
   * only on what `key` names, on the tables in {@link CACHED_ANSWER_TABLES} and on `options.tables`.
   */
  sendJson(
    reply: FastifyReply,
    key: string,
    build: () => Promise<unknown>,
    options?: AnswerOptions,
  ): Promise<FastifyReply>;
  /** Forgets every answer of this process (tests, and when an invalidation may have been missed). */
  clear(): void;
};

/**
 * The cache of the public answers (organisation by host, organisation detail, opportunity,
 * application form). One process: a committed write to a table in {@link CACHED_ANSWER_TABLES}
 * (seen by the database handle, db/write-watch.ts) empties it before the writer is answered.
 * Several processes (REDIS_URL): the write is also published on a Redis channel, and the writer
 * is answered only once Redis has taken the message; each process empties its cache as the
 * message arrives. While a process is not subscribed (Redis down, reconnecting) it serves
 * nothing from the cache, and empties it once subscribed again.
 */
export const answerCachePlugin = fp(
  async (app: FastifyInstance) => {
    const entries = boundedAnswerStore<Entry>({ maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES }, answerBytes);
    const building = new Map<string, { promise: Promise<unknown>; tables: readonly string[] }>();
    /** Bumped by every invalidation: a build that began under an older one is not kept. */
    let generation = 0;
    /** Bumped by every write to a scoped table: a build from it that began before is not kept. */
    const tableGenerations = new Map<string, number>();
    const invalidate = () => {
      generation += 1;
      entries.clear();
      building.clear();
    };
    /** Forgets what the written tables change: everything, or the answers built from a scoped table. */
    const invalidateTables = (tables: Iterable<string>) => {
      const scoped = new Set<string>();
      for (const table of tables) {
        if (CACHED_ANSWER_TABLES.has(table)) {
          invalidate();
          return;
        }
        if (SCOPED_ANSWER_TABLES.has(table)) {
          scoped.add(table);
        }
      }
      if (scoped.size === 0) {
        return;
      }
      scoped.forEach((table) => tableGenerations.set(table, (tableGenerations.get(table) ?? 0) + 1));
      const stale = (built: readonly string[]) => built.some((table) => scoped.has(table));
      for (const [key, entry] of entries.entries()) {
        if (stale(entry.tables)) {
          entries.delete(key);
        }
      }
      for (const [key, run] of building) {
        if (stale(run.tables)) {
          building.delete(key);
        }
      }
    };

    const redisUrl = app.config.redisUrl;
    const channel = `${app.config.redisKeyPrefix}muster-answer-cache`;
    const origin = randomUUID();
    let subscribed = redisUrl === undefined;
    let publisher: Redis | null = null;
    if (redisUrl) {
      const options = { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: true };
      publisher = new Redis(redisUrl, options);
      const subscriber = new Redis(redisUrl, { ...options, autoResubscribe: false });
      publisher.on('error', (error: Error) => app.log.warn({ err: error }, 'answer cache (Redis) error'));
      subscriber.on('error', (error: Error) => app.log.warn({ err: error }, 'answer cache (Redis) error'));
      // Messages sent while the subscription was down are lost: serve nothing kept until it is back.
      subscriber.on('close', () => {
        subscribed = false;
        invalidate();
      });
      subscriber.on('ready', () => {
        subscriber.subscribe(channel).then(
          () => {
            invalidate();
            subscribed = true;
          },
          (error: unknown) => app.log.warn({ err: error }, 'answer cache could not subscribe'),
        );
      });
      // Applied in the same turn as it is read from the socket: before any request read after it.
      // The message names the tables written; anything else (an older process's) empties it all.
      subscriber.on('message', (from: string, message: string) => {
        if (from === channel) {
          const tables = tablesOfMessage(message);
          if (tables) {
            invalidateTables(tables);
          } else {
            invalidate();
          }
        }
      });
      app.addHook('onClose', async () => {
        subscriber.disconnect();
        await publisher?.quit();
      });
    }

    const stopWatching = app.database.onCommittedWrite(async (tables) => {
      const relevant = [...tables].filter(
        (table) => CACHED_ANSWER_TABLES.has(table) || SCOPED_ANSWER_TABLES.has(table),
      );
      if (relevant.length === 0) {
        return;
      }
      invalidateTables(relevant);
      if (publisher) {
        try {
          await publisher.publish(channel, JSON.stringify({ origin, tables: relevant }));
        } catch (error) {
          app.log.error({ err: error }, 'answer cache: other processes could not be told of a change');
        }
      }
    });
    app.addHook('onClose', async () => stopWatching());

    /**
     * With several processes, a request read in the same turn as a Redis message could otherwise
     * be answered before the message is applied: one hop to the end of the turn lets it land.
     */
    const settle = redisUrl ? () => new Promise<void>((resolve) => setImmediate(resolve)) : null;

    const remember = async <T>(key: string, build: () => Promise<T>, options?: AnswerOptions): Promise<T> => {
      const tables = options?.tables ?? [];
      const unscoped = tables.find((table) => !SCOPED_ANSWER_TABLES.has(table));
      if (unscoped !== undefined) {
        throw new Error(`answer cache: ${unscoped} is not a table answers may be scoped to`);
      }
      if (settle) {
        await settle();
      }
      if (!subscribed) {
        return build();
      }
      const kept = entries.get(key);
      if (kept && Date.now() - kept.storedAt < MAX_AGE_MS) {
        return kept.value as T;
      }
      const running = building.get(key);
      if (running) {
        return running.promise as Promise<T>;
      }
      const startedAt = generation;
      const tablesAt = tables.map((table) => tableGenerations.get(table) ?? 0);
      const unchanged = () =>
        generation === startedAt &&
        tables.every((table, index) => (tableGenerations.get(table) ?? 0) === tablesAt[index]);
      const built = build().then((value) => {
        if (unchanged() && subscribed) {
          entries.set(key, { value, storedAt: Date.now(), tables });
        }
        return value;
      });
      building.set(key, { promise: built, tables });
      const forget = () => {
        if (building.get(key)?.promise === built) {
          building.delete(key);
        }
      };
      built.then(forget, forget);
      return built;
    };

    app.decorate('answerCache', {
      remember,
      async sendJson(reply, key, build, options) {
        const body = await remember(key, async () => reply.serialize(await build()) as string, options);
        return reply.type('application/json; charset=utf-8').send(body);
      },
      clear: invalidate,
    } satisfies AnswerCache);
  },
  { name: 'answer-cache' },
);

/** The tables a Redis message of this cache names, or null when it names none (an older process's). */
export function tablesOfMessage(message: string): string[] | null {
  try {
    const parsed: unknown = JSON.parse(message);
    if (parsed && typeof parsed === 'object' && 'tables' in parsed && Array.isArray(parsed.tables)) {
      return parsed.tables.filter((table): table is string => typeof table === 'string');
    }
  } catch {
    // Not JSON: an origin id alone, as processes before the scoped tables sent.
  }
  return null;
}
