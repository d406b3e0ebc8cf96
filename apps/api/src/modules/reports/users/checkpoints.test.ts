import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUS } from '../../../db/seed/reference-data.js';
import type { ApplicationStatus } from '../../../db/schema/index.js';
import { createApplication } from '../../../test/factories/application.js';
import { createAttendeeRow, createEventRow, createSessionRow } from '../../../test/factories/events.js';
import { createOpportunity } from '../../../test/factories/opportunity.js';
import { createInductionModule, createUserInduction } from '../../../test/factories/people-work.js';
import { createUser } from '../../../test/factories/user.js';
import { createDisclosureType, createVettingCheck } from '../../../test/factories/vetting.js';
import { createRota, createShift, createSignup } from '../../rotas/test-factories.js';
import {
  createReportWorld,
  expectRefusals,
  inTeams,
  localDayOf,
  within,
  type Answer,
  type ReportWorld,
} from './report-test-support.js';

/*
 * GET /reports/users/checkpoints over hand-built onboarding histories: the day each person passed
 * each checkpoint is worked out here from the plain data below, then counted per period.
 */

const PATH = '/reports/users/checkpoints';
const CHECKPOINTS = [
  'applied',
  'role_given',
  'inductions_completed',
  'vetting_cleared',
  'first_activity',
] as const;
type Checkpoint = (typeof CHECKPOINTS)[number];

/** One person's onboarding as the test builds it. */
type History = {
  name: string;
  status?: number;
  applications?: { status: ApplicationStatus; completed: string | null }[];
  roles?: { team: string; from: string; until?: string | null }[];
  /** Modules completed (by key) and when (a timestamp); `in_progress` ones have no time. */
  inductions?: { module: 'fire' | 'safeguarding' | 'retired' | 'optional'; completed: string | null }[];
  vetting?: { cleared: string | null }[];
  shifts?: { date: string; status: 'attended' | 'signed-up' | 'no-show' }[];
  sessions?: { starts: string; status: 'attended' | 'confirmed' | 'absent' }[];
};

const histories: History[] = [
  {
    name: 'Ada',
    applications: [{ status: 'submitted', completed: '2026-01-10T10:00:00Z' }],
    roles: [{ team: 'north', from: '2026-01-20' }],
    inductions: [
      { module: 'fire', completed: '2026-02-01T10:00:00Z' },
      { module: 'safeguarding', completed: '2026-02-10T10:00:00Z' },
    ],
    vetting: [{ cleared: '2026-03-01' }],
    shifts: [{ date: '2026-03-05', status: 'attended' }],
    sessions: [{ starts: '2026-02-28T10:00:00Z', status: 'attended' }],
  },
  {
    name: 'Ben',
    applications: [
      // Made ahead for him and never sent: not applying.
      { status: 'pending', completed: null },
      { status: 'accepted', completed: '2025-12-31T23:30:00Z' },
    ],
    roles: [{ team: 'south', from: '2026-03-31' }],
    inductions: [
      { module: 'fire', completed: '2026-04-01T10:00:00Z' },
      { module: 'retired', completed: '2026-04-01T10:00:00Z' },
    ],
    vetting: [{ cleared: null }],
    shifts: [{ date: '2026-03-10', status: 'signed-up' }],
    sessions: [{ starts: '2026-03-11T10:00:00Z', status: 'absent' }],
  },
  {
    name: 'Cat',
    roles: [{ team: 'north', from: '2025-06-01', until: '2025-12-31' }],
    inductions: [
      { module: 'fire', completed: '2025-07-01T10:00:00Z' },
      { module: 'safeguarding', completed: '2026-01-01T00:30:00Z' },
      { module: 'optional', completed: '2025-07-02T10:00:00Z' },
    ],
    vetting: [{ cleared: '2026-01-15' }, { cleared: '2025-08-01' }],
    shifts: [
      { date: '2025-09-01', status: 'attended' },
      { date: '2026-01-05', status: 'attended' },
    ],
  },
  {
    name: 'Dan',
    status: USER_STATUS.left,
    applications: [{ status: 'withdrawn', completed: '2026-02-01T10:00:00Z' }],
    roles: [{ team: 'south', from: '2026-02-01', until: '2026-03-31' }],
    inductions: [
      { module: 'fire', completed: null },
      { module: 'safeguarding', completed: '2026-03-01T10:00:00Z' },
    ],
    sessions: [{ starts: '2026-02-15T10:00:00Z', status: 'attended' }],
  },
];

let world: ReportWorld;
const ids = new Map<string, number>();
type Modules = Record<'fire' | 'safeguarding' | 'retired' | 'optional', { id: number }>;

/** The organisation's induction modules: two active compulsory ones, a retired one, an optional one. */
async function modulesOf(organisationId: number): Promise<Modules> {
  const { db } = world.ctx;
  return {
    fire: await createInductionModule(db, organisationId, { compulsory: true }),
    safeguarding: await createInductionModule(db, organisationId, { compulsory: true }),
    retired: await createInductionModule(db, organisationId, { compulsory: true, active: false }),
    optional: await createInductionModule(db, organisationId),
  };
}

async function build(organisationId: number, modules: Modules, history: History) {
  const { db } = world.ctx;
  const user = await createUser(db, organisationId, {
    firstName: history.name,
    statusId: history.status ?? USER_STATUS.active,
    createdAt: new Date('2025-01-01T12:00:00Z'),
  });
  const opportunity = await createOpportunity(db, organisationId);
  for (const application of history.applications ?? []) {
    await createApplication(db, organisationId, {
      opportunityId: opportunity.id,
      userId: user.id,
      status: application.status,
      completedAt: application.completed ? new Date(application.completed) : null,
    });
  }
  for (const role of history.roles ?? []) {
    await world.holdRole(organisationId, user.id, role.team, role.from, role.until ?? null);
  }
  for (const induction of history.inductions ?? []) {
    await createUserInduction(db, organisationId, user.id, modules[induction.module].id, {
      status: induction.completed ? 'completed' : 'in_progress',
      completedAt: induction.completed ? new Date(induction.completed).toISOString() : null,
    });
  }
  const type = await createDisclosureType(db, organisationId);
  for (const check of history.vetting ?? []) {
    await createVettingCheck(db, organisationId, user.id, type.id, {
      requestedOn: '2025-06-01',
      status: check.cleared ? 'cleared' : 'in_progress',
      clearedOn: check.cleared,
    });
  }
  const rota = await createRota(db, organisationId);
  for (const shift of history.shifts ?? []) {
    const row = await createShift(db, organisationId, rota.id, { date: shift.date });
    await createSignup(db, organisationId, row.id, user.id, { status: shift.status });
  }
  const event = await createEventRow(db, organisationId);
  for (const session of history.sessions ?? []) {
    const row = await createSessionRow(db, organisationId, event.id, {
      startsAt: new Date(session.starts).toISOString(),
      endsAt: new Date(new Date(session.starts).getTime() + 3_600_000).toISOString(),
    });
    await createAttendeeRow(db, row, user.id, { status: session.status });
  }
  return user.id;
}

beforeAll(async () => {
  world = await createReportWorld();
  const modules = await modulesOf(world.a.id);
  for (const history of histories) {
    ids.set(history.name, await build(world.a.id, modules, history));
  }
  // Another organisation where someone passes everything in 2026: never counted.
  await build(world.b.id, await modulesOf(world.b.id), histories[0] ?? { name: 'none' });
}, 120_000);
afterAll(() => world?.ctx.close());

const dayOf = localDayOf;
const earliest = (days: (string | null | undefined)[]) =>
  days.filter((day): day is string => typeof day === 'string').sort()[0] ?? null;

/**
 * The day the person completed the last of the active compulsory modules (fire, safeguarding),
 * or null while either is not completed.
 */
function inductionsCompleted(history: History): string | null {
  const days = ['fire', 'safeguarding'].map(
    (module) =>
      (history.inductions ?? []).find((induction) => induction.module === module)?.completed ?? null,
  );
  return days.every((day) => day !== null) ? (days.map((day) => dayOf(day ?? '')).sort()[1] ?? null) : null;
}

/** The day a person passed each checkpoint, from their plain history. */
function passed(history: History) {
  return {
    applied: earliest(
      (history.applications ?? [])
        .filter((application) => application.status !== 'pending')
        .map((application) => (application.completed ? dayOf(application.completed) : null)),
    ),
    role_given: earliest((history.roles ?? []).map((role) => role.from)),
    inductions_completed: inductionsCompleted(history),
    vetting_cleared: earliest((history.vetting ?? []).map((check) => check.cleared)),
    first_activity: earliest([
      ...(history.shifts ?? []).filter((shift) => shift.status === 'attended').map((shift) => shift.date),
      ...(history.sessions ?? [])
        .filter((session) => session.status === 'attended')
        .map((session) => dayOf(session.starts)),
    ]),
  } satisfies Record<Checkpoint, string | null>;
}

function expected(from: string, to: string, teamNames: string[] = []) {
  const roles = histories.flatMap((history) =>
    (history.roles ?? []).map((role) => ({
      user: ids.get(history.name) ?? 0,
      team: role.team,
      from: role.from,
      until: role.until ?? null,
    })),
  );
  const kept = histories.filter(
    (history) =>
      teamNames.length === 0 || inTeams(roles, teamNames, from, to).has(ids.get(history.name) ?? 0),
  );
  const days = kept.map(passed);
  return CHECKPOINTS.map((checkpoint) => ({
    checkpoint,
    count: days.filter((day) => within(day[checkpoint], from, to)).length,
    reached_by_end: days.filter((day) => day[checkpoint] !== null && (day[checkpoint] ?? '') <= to).length,
  }));
}

type Row = { checkpoint: Checkpoint; label: string; count: number; reached_by_end: number };
const rows = async (query: string) => {
  const response = await world.get(world.reader, PATH, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer<Row>>().data.map(({ checkpoint, count, reached_by_end }) => ({
    checkpoint,
    count,
    reached_by_end,
  }));
};

describe('GET /reports/users/checkpoints', () => {
  it('lists the five checkpoints in order, with labels', async () => {
    const response = await world.get(world.reader, PATH, '?from=2026-01-01&to=2026-12-31');
    expect(response.json<Answer<Row>>().data.map((row) => [row.checkpoint, row.label])).toEqual([
      ['applied', 'Applied'],
      ['role_given', 'Given a role'],
      ['inductions_completed', 'Compulsory inductions completed'],
      ['vetting_cleared', 'Vetting cleared'],
      ['first_activity', 'First activity'],
    ]);
  });

  it('counts the people who first passed each checkpoint in the period, and all who had by its end', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-12-31'],
      ['2025-01-01', '2025-12-31'],
      ['2026-02-01', '2026-02-28'],
      ['2026-03-01', '2026-03-31'],
    ] as const) {
      expect(await rows(`?from=${from}&to=${to}`), `${from}..${to}`).toEqual(expected(from, to));
    }
    expect(await rows('?from=2026-01-01&to=2026-12-31')).toEqual([
      { checkpoint: 'applied', count: 2, reached_by_end: 3 },
      { checkpoint: 'role_given', count: 3, reached_by_end: 4 },
      { checkpoint: 'inductions_completed', count: 2, reached_by_end: 2 },
      // Cat's second clearance is not her first.
      { checkpoint: 'vetting_cleared', count: 1, reached_by_end: 2 },
      { checkpoint: 'first_activity', count: 2, reached_by_end: 3 },
    ]);
  });

  it('includes both edge days, in the organisation’s calendar', async () => {
    // Ben's application was completed at 23:30 UTC on New Year's Eve: still New Year's Eve in London (winter).
    expect((await rows('?from=2025-12-31&to=2025-12-31'))[0]).toEqual({
      checkpoint: 'applied',
      count: 1,
      reached_by_end: 1,
    });
    expect((await rows('?from=2026-01-01&to=2026-01-09'))[0]).toEqual({
      checkpoint: 'applied',
      count: 0,
      reached_by_end: 1,
    });
    // Ben's role starts on the last day; Ada's session on the first.
    expect(await rows('?from=2026-02-28&to=2026-03-31')).toEqual(expected('2026-02-28', '2026-03-31'));
    expect((await rows('?from=2026-02-28&to=2026-03-31'))[1]).toEqual({
      checkpoint: 'role_given',
      count: 1,
      reached_by_end: 4,
    });
  });

  it('narrows to the teams asked for', async () => {
    const north = await world.team(world.a.id, 'north');
    const south = await world.team(world.a.id, 'south');
    for (const [from, to] of [
      ['2026-01-01', '2026-12-31'],
      ['2025-01-01', '2025-12-31'],
      ['2026-03-01', '2026-03-31'],
    ] as const) {
      expect(await rows(`?from=${from}&to=${to}&team=${north}`)).toEqual(expected(from, to, ['north']));
      expect(await rows(`?from=${from}&to=${to}&team=${south}`)).toEqual(expected(from, to, ['south']));
    }
  });

  it('passes "inductions completed" on the day the last active compulsory module is completed', async () => {
    // Ada on 10 February; Cat on 1 January (00:30 UTC); Ben lacks one; Dan has one in progress.
    for (const [from, to, count, byEnd] of [
      ['2026-02-10', '2026-02-10', 1, 2],
      ['2026-02-11', '2026-12-31', 0, 2],
      ['2026-01-01', '2026-01-01', 1, 1],
      ['2025-01-01', '2025-12-31', 0, 0],
    ] as const) {
      expect((await rows(`?from=${from}&to=${to}`))[2], `${from}..${to}`).toEqual({
        checkpoint: 'inductions_completed',
        count,
        reached_by_end: byEnd,
      });
    }
  });

  it('never counts another organisation’s people', async () => {
    const response = await world.get(world.reader, PATH, '?from=2026-01-01&to=2026-12-31');
    // Organisation B's Ada passed four checkpoints in 2026; A's figures are A's alone.
    expect(response.json<Answer<Row>>().data.map((row) => row.count)).toEqual([2, 3, 2, 1, 2]);
    const other = await world.get(world.otherReader, PATH, '?from=2026-01-01&to=2026-12-31');
    expect(other.json<Answer<Row>>().data.map((row) => row.count)).toEqual([1, 1, 1, 1, 1]);
  });

  it('refuses the anonymous (401), the unpermitted (403) and a query it cannot read (422)', async () => {
    await expectRefusals(world, PATH);
  });
});
