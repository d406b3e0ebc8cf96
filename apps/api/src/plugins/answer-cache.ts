import { randomUUID } from 'node:crypto';
import { getTableName } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
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
  opportunities,
  opportunitySubLocations,
  opportunityTimeslots,
  organisationHosts,
  organisations,
  questionOptions,
  questions,
  roleProfiles,
  teams,
  terms,
} from '../db/schema/index.js';

/**
 * Every table a cached answer is built from: the organisation and its hosts (tenancy, organisation
 * detail), an opportunity with its role profile, team, places and times, and every part of its
 * application form. A committed write to any of them empties the cache of every process.
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
  ].map((table) => getTableName(table)),
);

/** Most answers kept; beyond it the oldest go first (hosts no organisation serves, unknown slugs). */
const MAX_ENTRIES = 10_000;
/**
 * Longest an answer is kept even when nothing says it changed: bounds what no invalidation can
 * see (a write by another program, such as psql or a bulk import, or a lost Redis message).
 */
const MAX_AGE_MS = 60_000;

type Entry = { value: unknown; storedAt: number };

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
   */
  remember<T>(key: string, build: () => Promise<T>): Promise<T>;
  /**
   * Sends the JSON answer kept under `key`, or the one `build()` gives (serialised once, by the
   * route's own response schema, and kept as text): a 200 for a GET route whose answer depends
   * only on what `key` names and on the tables in {@link CACHED_ANSWER_TABLES}.
   */
  sendJson(reply: FastifyReply, key: string, build: () => Promise<unknown>): Promise<FastifyReply>;
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
    const entries = new Map<string, Entry>();
    const building = new Map<string, Promise<unknown>>();
    /** Bumped by every invalidation: a build that began under an older one is not kept. */
    let generation = 0;
    const invalidate = () => {
      generation += 1;
      entries.clear();
      building.clear();
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
      subscriber.on('message', (from: string) => {
        if (from === channel) {
          invalidate();
        }
      });
      app.addHook('onClose', async () => {
        subscriber.disconnect();
        await publisher?.quit();
      });
    }

    const stopWatching = app.database.onCommittedWrite(async (tables) => {
      if (![...tables].some((table) => CACHED_ANSWER_TABLES.has(table))) {
        return;
      }
      invalidate();
      if (publisher) {
        try {
          await publisher.publish(channel, origin);
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

    const remember = async <T>(key: string, build: () => Promise<T>): Promise<T> => {
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
        return running as Promise<T>;
      }
      const startedAt = generation;
      const built = build().then((value) => {
        if (generation === startedAt && subscribed) {
          if (entries.size >= MAX_ENTRIES) {
            const oldest = entries.keys().next();
            if (!oldest.done) {
              entries.delete(oldest.value);
            }
          }
          entries.set(key, { value, storedAt: Date.now() });
        }
        return value;
      });
      building.set(key, built);
      const forget = () => {
        if (building.get(key) === built) {
          building.delete(key);
        }
      };
      built.then(forget, forget);
      return built;
    };

    app.decorate('answerCache', {
      remember,
      async sendJson(reply, key, build) {
        const body = await remember(key, async () => reply.serialize(await build()) as string);
        return reply.type('application/json; charset=utf-8').send(body);
      },
      clear: invalidate,
    } satisfies AnswerCache);
  },
  { name: 'answer-cache' },
);
