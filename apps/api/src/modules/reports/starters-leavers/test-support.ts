import { addDays, addMonths, formatISO } from 'date-fns';
import { volunteeringLengthBuckets } from '@muster/contract';
import type { Executor } from '../../../db/client.js';
import { userRoles } from '../../../db/schema/index.js';
import {
  createMotivationRow,
  createRoleProfileRow,
  createTeamRow,
} from '../../../test/factories/catalogue.js';
import { createLeavingReason, createMembership } from '../../../test/factories/memberships.js';
import { createUser } from '../../../test/factories/user.js';

/*
 * The hand-built organisation the starters-and-leavers tests read (users/leavers-starters.test.ts,
 * users/by-team.test.ts and starters-leavers.test.ts), and the answers every report should give
 * over it, worked out here in plain JavaScript from the same plan, never by the reports' SQL.
 * The main period is the first half of 2026; people join and leave on its edge days and the days
 * either side of them.
 */

export const TEAM_KEYS = ['north', 'south', 'east'] as const;
export const ROLE_KEYS = ['driver', 'steward'] as const;
export const REASON_KEYS = ['moved', 'time', 'retired', 'unused', 'old'] as const;
export const MOTIVATION_KEYS = ['help', 'skills', 'unused'] as const;
export type TeamKey = (typeof TEAM_KEYS)[number];
export type RoleKey = (typeof ROLE_KEYS)[number];
export type ReasonKey = (typeof REASON_KEYS)[number];
export type MotivationKey = (typeof MOTIVATION_KEYS)[number];

/** Leaving reasons as listed: name, position, whether still offered. */
const REASONS: Record<ReasonKey, { name: string; position: number; active: boolean }> = {
  moved: { name: 'Moved away', position: 0, active: true },
  time: { name: 'No time', position: 1, active: true },
  retired: { name: 'Retired', position: 2, active: false },
  unused: { name: 'Unused reason', position: 3, active: true },
  old: { name: 'Old reason', position: 4, active: false },
};
const MOTIVATIONS: Record<MotivationKey, { content: string; position: number }> = {
  help: { content: 'To help', position: 0 },
  skills: { content: 'To learn skills', position: 1 },
  unused: { content: 'Unused motivation', position: 2 },
};

/** A period of volunteering: first day, last day (null: still going), why they left and joined. */
type Period = { joined: string; left: string | null; reason?: ReasonKey; motivation?: MotivationKey };
/** A role held: team, role profile, first day, last day (null: still held). */
type Holding = { team: TeamKey; role: RoleKey; from: string; until: string | null };
type Plan = { first: string; last: string; periods: Period[]; roles: Holding[] };

/** Everyone of the organisation, surnames distinct and alphabetical so every order is plain. */
const PLAN: Plan[] = [
  {
    first: 'Ann',
    last: 'Archer',
    periods: [{ joined: '2020-03-15', left: null }],
    roles: [{ team: 'north', role: 'driver', from: '2020-03-15', until: null }],
  },
  {
    // Leaves on the first day of the period.
    first: 'Bob',
    last: 'Baker',
    periods: [{ joined: '2025-02-10', left: '2026-01-01', reason: 'moved' }],
    roles: [{ team: 'south', role: 'steward', from: '2025-02-10', until: '2026-01-01' }],
  },
  {
    // Joins on the first day.
    first: 'Cat',
    last: 'Cole',
    periods: [{ joined: '2026-01-01', left: null, motivation: 'help' }],
    roles: [{ team: 'north', role: 'steward', from: '2026-01-01', until: null }],
  },
  {
    // Joins on the last day.
    first: 'Dan',
    last: 'Dunn',
    periods: [{ joined: '2026-06-30', left: null, motivation: 'skills' }],
    roles: [{ team: 'south', role: 'driver', from: '2026-06-30', until: null }],
  },
  {
    // Joins the day before the period and leaves the day after: neither starter nor leaver.
    first: 'Eve',
    last: 'Evans',
    periods: [{ joined: '2025-12-31', left: '2026-07-01', reason: 'time' }],
    roles: [{ team: 'north', role: 'driver', from: '2025-12-31', until: '2026-07-01' }],
  },
  {
    // Leaves on the last day, for a reason no longer offered.
    first: 'Fay',
    last: 'Ford',
    periods: [{ joined: '2024-07-01', left: '2026-06-30', reason: 'retired' }],
    roles: [{ team: 'south', role: 'driver', from: '2024-07-01', until: '2026-06-30' }],
  },
  {
    // Leaves without a reason and rejoins within the period.
    first: 'Gus',
    last: 'Gray',
    periods: [
      { joined: '2023-01-01', left: '2026-02-15' },
      { joined: '2026-04-01', left: null, motivation: 'help' },
    ],
    roles: [
      { team: 'north', role: 'steward', from: '2023-01-01', until: '2026-02-15' },
      { team: 'north', role: 'steward', from: '2026-04-01', until: null },
    ],
  },
  {
    // Volunteers without a role, and gave no motivation.
    first: 'Hal',
    last: 'Hill',
    periods: [{ joined: '2026-03-10', left: null }],
    roles: [],
  },
  {
    // In two teams at once.
    first: 'Ivy',
    last: 'Irwin',
    periods: [{ joined: '2026-02-01', left: '2026-05-31', reason: 'moved', motivation: 'skills' }],
    roles: [
      { team: 'north', role: 'driver', from: '2026-02-01', until: '2026-05-31' },
      { team: 'south', role: 'driver', from: '2026-02-01', until: '2026-05-31' },
    ],
  },
  {
    // Joins the day after the period.
    first: 'Jon',
    last: 'Jones',
    periods: [{ joined: '2026-07-01', left: null, motivation: 'help' }],
    roles: [{ team: 'north', role: 'driver', from: '2026-07-01', until: null }],
  },
  {
    // Leaves the day before the period.
    first: 'Kim',
    last: 'King',
    periods: [{ joined: '2021-06-30', left: '2025-12-31', reason: 'time' }],
    roles: [{ team: 'south', role: 'steward', from: '2021-06-30', until: '2025-12-31' }],
  },
  {
    first: 'Leo',
    last: 'Lane',
    periods: [{ joined: '2023-06-30', left: null }],
    roles: [{ team: 'south', role: 'steward', from: '2023-06-30', until: null }],
  },
  {
    // Exactly two years' service when the period closes.
    first: 'Mia',
    last: 'Moss',
    periods: [{ joined: '2024-07-01', left: null }],
    roles: [{ team: 'north', role: 'steward', from: '2024-07-01', until: null }],
  },
  {
    // A day short of two years.
    first: 'Ned',
    last: 'Nash',
    periods: [{ joined: '2024-07-02', left: null }],
    roles: [{ team: 'south', role: 'driver', from: '2024-07-02', until: null }],
  },
];

export type Ref = { id: number; name: string };
type Person = Plan & { id: number; membershipIds: number[] };

/** The organisation as built: ids of everything, and the people with their plan. */
export type MovementData = {
  people: Person[];
  team: Record<TeamKey, number>;
  role: Record<RoleKey, number>;
  reason: Record<ReasonKey, number>;
  motivation: Record<MotivationKey, number>;
};

/** Builds the plan in the organisation. */
export async function buildMovementData(db: Executor, organisationId: number): Promise<MovementData> {
  const team = {} as Record<TeamKey, number>;
  for (const key of TEAM_KEYS) {
    team[key] = (await createTeamRow(db, organisationId, { name: key })).id;
  }
  const role = {} as Record<RoleKey, number>;
  for (const key of ROLE_KEYS) {
    role[key] = (await createRoleProfileRow(db, organisationId, { displayName: key })).id;
  }
  const reason = {} as Record<ReasonKey, number>;
  for (const key of REASON_KEYS) {
    reason[key] = (await createLeavingReason(db, organisationId, REASONS[key])).id;
  }
  const motivation = {} as Record<MotivationKey, number>;
  for (const key of MOTIVATION_KEYS) {
    motivation[key] = (await createMotivationRow(db, organisationId, MOTIVATIONS[key])).id;
  }
  const people: Person[] = [];
  for (const plan of PLAN) {
    const user = await createUser(db, organisationId, { firstName: plan.first, lastName: plan.last });
    const membershipIds: number[] = [];
    for (const period of plan.periods) {
      const row = await createMembership(db, organisationId, user.id, {
        joinedOn: period.joined,
        leftOn: period.left,
        leavingReasonId: period.reason ? reason[period.reason] : null,
        motivationId: period.motivation ? motivation[period.motivation] : null,
      });
      membershipIds.push(row.id);
    }
    for (const holding of plan.roles) {
      await db.insert(userRoles).values({
        organisationId,
        userId: user.id,
        teamId: team[holding.team],
        roleProfileId: role[holding.role],
        endDate: holding.until,
        createdAt: new Date(`${holding.from}T09:00:00Z`),
      });
    }
    people.push({ ...plan, id: user.id, membershipIds });
  }
  return { people, team, role, reason, motivation };
}

/** What a report is asked: the period and filters by key. */
export type Ask = { from: string; to: string; team?: TeamKey[]; role?: RoleKey[] };

/** The query string of an ask, with the organisation's ids. */
export function queryOf(data: MovementData, ask: Ask): string {
  const parts = [`from=${ask.from}`, `to=${ask.to}`];
  for (const key of ask.team ?? []) {
    parts.push(`team=${data.team[key]}`);
  }
  for (const key of ask.role ?? []) {
    parts.push(`role_profile=${data.role[key]}`);
  }
  return `?${parts.join('&')}`;
}

/** The meta every answer carries for an ask. */
export function metaOf(data: MovementData, ask: Ask) {
  return {
    from: ask.from,
    to: ask.to,
    team: (ask.team ?? []).map((key) => data.team[key]),
    role_profile: (ask.role ?? []).map((key) => data.role[key]),
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const heldIn = (holding: Holding, from: string, to: string) =>
  holding.from <= to && (holding.until === null || holding.until >= from);
const day = (date: Date) => formatISO(date, { representation: 'date' });
/** A day as a local midnight, the way date-fns counts days and months. */
const dateOf = (iso: string) => new Date(`${iso}T00:00:00`);

/** The expected answers over the plan, in plain JavaScript. */
export function expectations(data: MovementData) {
  const teamName = (key: TeamKey) => key;
  const roleName = (key: RoleKey) => key;
  const refs = (keys: string[], idOf: (key: string) => number) =>
    [...new Set(keys)].map((key) => ({ id: idOf(key), name: key })).sort((a, b) => byText(a.name, b.name));

  /** The person held a role matching the filters on some day of the period (no filters: everyone). */
  const matches = (person: Person, ask: Ask) =>
    (!ask.team?.length && !ask.role?.length) ||
    person.roles.some(
      (h) =>
        heldIn(h, ask.from, ask.to) &&
        (!ask.team?.length || ask.team.includes(h.team)) &&
        (!ask.role?.length || ask.role.includes(h.role)),
    );
  const periods = (ask: Ask) =>
    data.people
      .filter((person) => matches(person, ask))
      .flatMap((person) =>
        person.periods.map((period, index) => ({ person, period, id: person.membershipIds[index] ?? 0 })),
      );
  const starts = (ask: Ask, from = ask.from, to = ask.to) =>
    periods(ask).filter(({ period }) => period.joined >= from && period.joined <= to);
  const leaves = (ask: Ask, from = ask.from, to = ask.to) =>
    periods(ask).filter(({ period }) => period.left !== null && period.left >= from && period.left <= to);
  const volunteeringAfter = (ask: Ask, closing: string) =>
    new Set(
      periods(ask)
        .filter(({ period }) => period.joined <= closing && (period.left === null || period.left > closing))
        .map(({ person }) => person.id),
    ).size;
  const teamsOf = (person: Person, ask: Ask) => {
    const held = person.roles.filter((h) => heldIn(h, ask.from, ask.to));
    return {
      teams: refs(
        held.map((h) => h.team),
        (key) => data.team[key as TeamKey],
      ),
      role_profiles: refs(
        held.map((h) => h.role),
        (key) => data.role[key as RoleKey],
      ),
    };
  };

  const overview = (ask: Ask) => {
    const atStart = new Set(
      periods(ask)
        .filter(({ period }) => period.joined < ask.from && (period.left === null || period.left >= ask.from))
        .map(({ person }) => person.id),
    ).size;
    const starters = starts(ask).length;
    const leavers = leaves(ask).length;
    const atEnd = volunteeringAfter(ask, ask.to);
    const average = (atStart + atEnd) / 2;
    return {
      at_start: atStart,
      starters,
      leavers,
      at_end: atEnd,
      net_change: starters - leavers,
      turnover_rate: average === 0 ? null : Number(((leavers / average) * 100).toFixed(1)),
    };
  };

  const chart = (ask: Ask) => {
    const rows = [];
    for (
      let month = `${ask.from.slice(0, 7)}-01`;
      month <= ask.to;
      month = day(addMonths(dateOf(month), 1))
    ) {
      const monthEnd = day(addDays(addMonths(dateOf(month), 1), -1));
      const from = month < ask.from ? ask.from : month;
      const to = monthEnd > ask.to ? ask.to : monthEnd;
      const starters = starts(ask, from, to).length;
      const leavers = leaves(ask, from, to).length;
      rows.push({
        month: month.slice(0, 7),
        from,
        to,
        starters,
        leavers,
        net: starters - leavers,
        at_end: volunteeringAfter(ask, to),
      });
    }
    return rows;
  };

  const starterRows = (ask: Ask) =>
    starts(ask)
      .sort((a, b) => byText(b.period.joined, a.period.joined) || byText(a.person.last, b.person.last))
      .map(({ person, period, id }) => ({
        membership_id: id,
        user_id: person.id,
        first_name: person.first,
        last_name: person.last,
        joined_on: period.joined,
        ...teamsOf(person, ask),
        left_on: period.left,
        motivation: period.motivation
          ? { id: data.motivation[period.motivation], name: MOTIVATIONS[period.motivation].content }
          : null,
      }));

  const leaverRows = (ask: Ask) =>
    leaves(ask)
      .sort(
        (a, b) => byText(b.period.left ?? '', a.period.left ?? '') || byText(a.person.last, b.person.last),
      )
      .map(({ person, period, id }) => ({
        membership_id: id,
        user_id: person.id,
        first_name: person.first,
        last_name: person.last,
        joined_on: period.joined,
        ...teamsOf(person, ask),
        left_on: period.left,
        days_volunteered:
          Math.round((dateOf(period.left ?? '').getTime() - dateOf(period.joined).getTime()) / 86_400_000) +
          1,
        leaving_reason: period.reason
          ? { id: data.reason[period.reason], name: REASONS[period.reason].name }
          : null,
      }));

  /** Count rows by reason: listed ones sorted by count then position, then "Not recorded". */
  const shares = <K extends string>(
    keys: readonly K[],
    counted: (K | undefined)[],
    listed: (key: K, count: number) => boolean,
    label: (key: K) => string,
    position: (key: K) => number,
    idOf: (key: K) => number,
  ) => {
    const rows = keys
      .map((key) => ({ key, count: counted.filter((given) => given === key).length }))
      .filter(({ key, count }) => listed(key, count))
      .sort((a, b) => b.count - a.count || position(a.key) - position(b.key))
      .map(({ key, count }) => ({ id: idOf(key), label: label(key), count }));
    const none = counted.filter((given) => given === undefined).length;
    return none > 0 ? [...rows, { id: null, label: 'Not recorded', count: none }] : rows;
  };
  const percent = (rows: { id: number | null; label: string; count: number }[], total: number) =>
    rows.map((row) => ({
      ...row,
      percentage: total === 0 ? 0 : Number(((row.count / total) * 100).toFixed(1)),
    }));

  const leavingReasons = (ask: Ask) =>
    shares(
      REASON_KEYS,
      leaves(ask).map(({ period }) => period.reason),
      (key, count) => REASONS[key].active || count > 0,
      (key) => REASONS[key].name,
      (key) => REASONS[key].position,
      (key) => data.reason[key],
    );
  const motivations = (ask: Ask) =>
    shares(
      MOTIVATION_KEYS,
      starts(ask).map(({ period }) => period.motivation),
      () => true,
      (key) => MOTIVATIONS[key].content,
      (key) => MOTIVATIONS[key].position,
      (key) => data.motivation[key],
    );

  /** Starts or leaves per team (team and role filters narrow), then "No team" without filters. */
  const movementByTeam = (ask: Ask, movement: 'starts' | 'leaves') => {
    const unfiltered = { from: ask.from, to: ask.to };
    const moved = movement === 'starts' ? starts(unfiltered) : leaves(unfiltered);
    const rows = TEAM_KEYS.filter((key) => !ask.team?.length || ask.team.includes(key))
      .map((key) => ({
        id: data.team[key],
        label: teamName(key),
        count: moved.filter(({ person }) =>
          person.roles.some(
            (h) =>
              h.team === key &&
              heldIn(h, ask.from, ask.to) &&
              (!ask.role?.length || ask.role.includes(h.role)),
          ),
        ).length,
      }))
      .sort((a, b) => b.count - a.count || byText(a.label, b.label));
    if (ask.team?.length || ask.role?.length) {
      return rows;
    }
    const none = moved.filter(({ person }) => !person.roles.some((h) => heldIn(h, ask.from, ask.to))).length;
    return none > 0 ? [...rows, { id: null, label: 'No team', count: none }] : rows;
  };

  const volunteeringLength = (ask: Ask) => {
    const closing = dateOf(day(addDays(dateOf(ask.to), 1)));
    const earliest = new Map<number, string>();
    for (const { person, period } of periods(ask)) {
      if (period.joined <= ask.to && (period.left === null || period.left > ask.to)) {
        const known = earliest.get(person.id);
        earliest.set(person.id, known && known < period.joined ? known : period.joined);
      }
    }
    const months = [...earliest.values()].map((joined) => {
      let completed = 0;
      while (addMonths(dateOf(joined), completed + 1) <= closing) {
        completed += 1;
      }
      return completed;
    });
    return volunteeringLengthBuckets.map((bucket) => ({
      ...bucket,
      count: months.filter(
        (m) => m >= bucket.min_months && (bucket.max_months === null || m < bucket.max_months),
      ).length,
    }));
  };

  /** Holdings of the period matching the filters. */
  const holdings = (ask: Ask) =>
    data.people.flatMap((person) =>
      person.roles
        .filter(
          (h) =>
            heldIn(h, ask.from, ask.to) &&
            (!ask.team?.length || ask.team.includes(h.team)) &&
            (!ask.role?.length || ask.role.includes(h.role)),
        )
        .map((h) => ({ person, h })),
    );

  const byTeam = (ask: Ask) =>
    TEAM_KEYS.filter((key) => !ask.team?.length || ask.team.includes(key))
      .map((key) => ({
        id: data.team[key],
        label: teamName(key),
        count: new Set(
          holdings(ask)
            .filter(({ h }) => h.team === key)
            .map(({ person }) => person.id),
        ).size,
      }))
      .sort((a, b) => b.count - a.count || byText(a.label, b.label));

  const byTeamUsers = (ask: Ask) =>
    holdings(ask)
      .sort(
        (a, b) =>
          byText(a.h.team, b.h.team) ||
          byText(a.person.last, b.person.last) ||
          byText(a.h.role, b.h.role) ||
          byText(a.h.from, b.h.from),
      )
      .map(({ person, h }) => ({
        id: person.id,
        first_name: person.first,
        last_name: person.last,
        team: { id: data.team[h.team], name: teamName(h.team) },
        role_profile: { id: data.role[h.role], name: roleName(h.role) },
        from: h.from,
        until: h.until,
      }));

  return {
    overview,
    chart,
    starterRows,
    leaverRows,
    leavingReasons,
    leavingReasonShares: (ask: Ask) => percent(leavingReasons(ask), leaves(ask).length),
    motivationShares: (ask: Ask) => percent(motivations(ask), starts(ask).length),
    movementByTeam,
    volunteeringLength,
    byTeam,
    byTeamUsers,
  };
}

/** The asks every report is checked against: the main period, its edges, and filters. */
export const ASKS: Ask[] = [
  { from: '2026-01-01', to: '2026-06-30' },
  { from: '2025-01-01', to: '2025-12-31' },
  { from: '2026-01-01', to: '2026-01-01' },
  { from: '2026-06-30', to: '2026-06-30' },
  { from: '2026-07-01', to: '2026-12-31' },
  { from: '2024-11-15', to: '2026-08-10' },
  { from: '2026-01-01', to: '2026-06-30', team: ['north'] },
  { from: '2026-01-01', to: '2026-06-30', team: ['south', 'east'] },
  { from: '2026-01-01', to: '2026-06-30', role: ['driver'] },
  { from: '2026-01-01', to: '2026-06-30', team: ['north'], role: ['steward'] },
];

/**
 * Another organisation with its own team, role, reason and motivation, and one person who
 * joined and left within the main period: none of it may reach the first organisation's figures.
 */
export async function buildOtherOrganisation(db: Executor, organisationId: number) {
  const team = await createTeamRow(db, organisationId, { name: 'north' });
  const role = await createRoleProfileRow(db, organisationId, { displayName: 'driver' });
  const reason = await createLeavingReason(db, organisationId, { name: 'Moved away' });
  const motivation = await createMotivationRow(db, organisationId, { content: 'To help' });
  const user = await createUser(db, organisationId, { firstName: 'Zed', lastName: 'Zane' });
  const membership = await createMembership(db, organisationId, user.id, {
    joinedOn: '2026-03-01',
    leftOn: '2026-05-01',
    leavingReasonId: reason.id,
    motivationId: motivation.id,
  });
  await db.insert(userRoles).values({
    organisationId,
    userId: user.id,
    teamId: team.id,
    roleProfileId: role.id,
    endDate: '2026-05-01',
    createdAt: new Date('2026-03-01T09:00:00Z'),
  });
  return {
    team: team.id,
    role: role.id,
    reason: reason.id,
    motivation: motivation.id,
    user: user.id,
    membership: membership.id,
  };
}
