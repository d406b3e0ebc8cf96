import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import { faker } from '@faker-js/faker/locale/en_GB';

/*
 * Randomness and calendar arithmetic of the demo history (history.ts). Every draw comes from
 * Faker's seeded generator (Mersenne Twister), so one seed gives the same history on every
 * machine; the British locale gives the people plausible names, streets and postcodes. Days are
 * whole days since 1970-01-01 (UTC), which keeps the date arithmetic of thousands of people
 * cheap and free of time zones.
 */

/** A calendar day: whole days since 1970-01-01, in UTC. */
export type Day = number;

const DAY_MS = 86_400_000;

/** The day a date falls on, in UTC. */
export function dayOf(date: Date): Day {
  return Math.floor(date.getTime() / DAY_MS);
}

/** `YYYY-MM-DD` of a day. */
export function isoDay(day: Day): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The instant `minutes` after midnight (UTC) of `day`. */
export function instant(day: Day, minutes: number): Date {
  return new Date(day * DAY_MS + minutes * 60_000);
}

/** The same day `months` later (the month's last day when it is shorter). */
export function addMonths(day: Day, months: number): Day {
  const date = new Date(day * DAY_MS);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return dayOf(
    new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(date.getUTCDate(), lastDay))),
  );
}

/** The first day of the month `day` is in. */
export function monthStart(day: Day): Day {
  const date = new Date(day * DAY_MS);
  return dayOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)));
}

/** The month of a day, 0 (January) to 11. */
export function monthOf(day: Day): number {
  return new Date(day * DAY_MS).getUTCMonth();
}

/** The weekday of a day, 0 (Sunday) to 6, as `getUTCDay()` counts. */
export function weekdayOf(day: Day): number {
  return new Date(day * DAY_MS).getUTCDay();
}

/** The seeded draws the history is made of. */
export type Random = {
  /** The seeded Faker instance, for names, streets and user agents. */
  faker: Faker;
  /** True with probability `p`. */
  chance: (p: number) => boolean;
  /** A whole number from `min` to `max`, both included. */
  int: (min: number, max: number) => number;
  /** One of `items`, each as likely. */
  pick: <T>(items: readonly T[]) => T;
  /** One of the values, in proportion to its weight. */
  weighted: <T>(choices: ReadonlyArray<readonly [T, number]>) => T;
  /** A draw of an exponential distribution of mean `mean` (waiting times). */
  exponential: (mean: number) => number;
  /** `count` different items of `items` (all of them when there are fewer). */
  sample: <T>(items: readonly T[], count: number) => T[];
};

/**
 * The history's source of randomness, seeded. It draws from Faker's module-wide instance, which
 * nothing else in the server uses; the history draws everything in one synchronous pass, so no
 * other caller can interleave between the seed and the last draw.
 */
export function seededRandom(seed: number): Random {
  faker.seed(seed);
  const float = () => faker.number.float();
  const int = (min: number, max: number) => faker.number.int({ min, max });
  return {
    faker,
    chance: (p) => float() < p,
    int,
    pick: (items) => faker.helpers.arrayElement(items),
    weighted: (choices) =>
      faker.helpers.weightedArrayElement(choices.map(([value, weight]) => ({ value, weight }))),
    exponential: (mean) => -Math.log(1 - float()) * mean,
    sample: (items, count) => faker.helpers.arrayElements(items, Math.min(count, items.length)),
  };
}

/** A UUID-shaped id derived from `text` alone (SHA-256), for ids that must be both repeatable and unique. */
export function stableUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  // Version 4 and variant bits set, so the value passes any UUID check.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
