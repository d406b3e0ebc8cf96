import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUS } from '../../../db/seed/reference-data.js';
import { userRoles, userSkills } from '../../../db/schema/index.js';
import { createApplication } from '../../../test/factories/application.js';
import { createRoleProfileRow } from '../../../test/factories/catalogue.js';
import { createAttendeeRow, createEventRow, createSessionRow } from '../../../test/factories/events.js';
import { createOpportunity } from '../../../test/factories/opportunity.js';
import {
  createInductionModule,
  createSkill,
  createSkillCategory,
  createUserInduction,
} from '../../../test/factories/people-work.js';
import { createUser } from '../../../test/factories/user.js';
import { createReportWorld, localDayOf, type Answer, type ReportWorld } from './report-test-support.js';

/*
 * The skills and checkpoints reports across the changes of clock in Europe/London (summer time
 * began at 01:00 UTC on 29 March 2026 and ends at 01:00 UTC on 25 October 2026). A timestamp
 * falls on its London day: 00:30 summer time on 31 March (23:30 UTC on 30 March) is 31 March, so
 * it counts for a period ending then; 00:30 on 1 April (23:30 UTC on 31 March) does not. After
 * the autumn change London is on UTC again, so 23:30 UTC on 25 October is still 25 October. Every
 * expected figure is written by hand from the London days of the plan, which are themselves
 * checked against `Intl`, never against the reports' SQL.
 */

let world: ReportWorld;

/** A timestamp as stored (UTC) and the London day written by hand. */
type Moment = { at: string; day: string };

type Holding = { person: string; skill: 'First aid' | 'Driving'; recorded: Moment; expires: string | null };

const HOLDINGS: Holding[] = [
  // Spring: the period 25–31 March spans the change; its last day is on summer time.
  {
    person: 'Ada',
    skill: 'First aid',
    recorded: { at: '2026-03-30T23:30:00Z', day: '2026-03-31' },
    expires: '2026-04-30',
  },
  {
    person: 'Ben',
    skill: 'First aid',
    recorded: { at: '2026-03-31T23:30:00Z', day: '2026-04-01' },
    expires: '2026-04-30',
  },
  {
    person: 'Cat',
    skill: 'First aid',
    recorded: { at: '2026-03-31T22:30:00Z', day: '2026-03-31' },
    expires: '2026-04-30',
  },
  // Half an hour before the change, and the evening before it (both on winter time).
  {
    person: 'Dan',
    skill: 'Driving',
    recorded: { at: '2026-03-29T00:30:00Z', day: '2026-03-29' },
    expires: '2026-04-30',
  },
  {
    person: 'Eve',
    skill: 'Driving',
    recorded: { at: '2026-03-28T23:30:00Z', day: '2026-03-28' },
    expires: '2026-04-30',
  },
  // Autumn: 25 October is the day of the change.
  {
    person: 'Fay',
    skill: 'First aid',
    recorded: { at: '2026-10-24T23:30:00Z', day: '2026-10-25' },
    expires: null,
  },
  {
    person: 'Gus',
    skill: 'First aid',
    recorded: { at: '2026-10-25T23:30:00Z', day: '2026-10-25' },
    expires: null,
  },
  {
    person: 'Hal',
    skill: 'First aid',
    recorded: { at: '2026-10-26T00:30:00Z', day: '2026-10-26' },
    expires: null,
  },
];

/** Onboarding records whose time decides the day a checkpoint was passed. */
type Onboarding = {
  person: string;
  applied?: Moment;
  roleGiven?: Moment;
  /** Both compulsory modules: the first done long before, the last at this moment. */
  inductionsDone?: Moment;
  attendedSession?: Moment;
};

const ONBOARDING: Onboarding[] = [
  { person: 'Ann', applied: { at: '2026-03-30T23:30:00Z', day: '2026-03-31' } },
  { person: 'Bo', applied: { at: '2026-03-31T23:30:00Z', day: '2026-04-01' } },
  { person: 'Cy', roleGiven: { at: '2026-03-28T23:30:00Z', day: '2026-03-28' } },
  { person: 'Di', roleGiven: { at: '2026-03-29T00:30:00Z', day: '2026-03-29' } },
  { person: 'Ed', inductionsDone: { at: '2026-03-30T23:30:00Z', day: '2026-03-31' } },
  { person: 'Flo', attendedSession: { at: '2026-03-31T23:30:00Z', day: '2026-04-01' } },
  { person: 'Gil', attendedSession: { at: '2026-03-30T23:30:00Z', day: '2026-03-31' } },
  { person: 'Hank', roleGiven: { at: '2026-10-24T23:30:00Z', day: '2026-10-25' } },
  { person: 'Ivy', applied: { at: '2026-10-24T22:30:00Z', day: '2026-10-24' } },
];

async function person(name: string): Promise<number> {
  const user = await createUser(world.ctx.db, world.a.id, {
    firstName: name,
    lastName: name,
    statusId: USER_STATUS.active,
    createdAt: new Date('2025-01-01T12:00:00Z'),
  });
  return user.id;
}

beforeAll(async () => {
  world = await createReportWorld();
  const { db } = world.ctx;
  const org = world.a.id;

  const category = await createSkillCategory(db, org, { name: 'Practical', position: 0 });
  const skillIds = {
    'First aid': (await createSkill(db, org, category.id, { name: 'First aid', position: 0 })).id,
    Driving: (await createSkill(db, org, category.id, { name: 'Driving', position: 1 })).id,
  };
  for (const holding of HOLDINGS) {
    await db.insert(userSkills).values({
      organisationId: org,
      userId: await person(holding.person),
      skillId: skillIds[holding.skill],
      expiresOn: holding.expires,
      createdAt: new Date(holding.recorded.at),
    });
  }

  const fire = await createInductionModule(db, org, { compulsory: true });
  const safeguarding = await createInductionModule(db, org, { compulsory: true });
  const opportunity = await createOpportunity(db, org);
  const team = await world.team(org, 'north');
  const profile = await createRoleProfileRow(db, org, { displayName: 'Volunteer' });
  const event = await createEventRow(db, org);
  for (const plan of ONBOARDING) {
    const userId = await person(plan.person);
    if (plan.applied) {
      await createApplication(db, org, {
        opportunityId: opportunity.id,
        userId,
        status: 'submitted',
        completedAt: new Date(plan.applied.at),
      });
    }
    if (plan.roleGiven) {
      await db.insert(userRoles).values({
        organisationId: org,
        userId,
        teamId: team,
        roleProfileId: profile.id,
        createdAt: new Date(plan.roleGiven.at),
      });
    }
    if (plan.inductionsDone) {
      await createUserInduction(db, org, userId, fire.id, {
        status: 'completed',
        completedAt: '2026-03-01T10:00:00.000Z',
      });
      await createUserInduction(db, org, userId, safeguarding.id, {
        status: 'completed',
        completedAt: new Date(plan.inductionsDone.at).toISOString(),
      });
    }
    if (plan.attendedSession) {
      const starts = new Date(plan.attendedSession.at);
      const session = await createSessionRow(db, org, event.id, {
        startsAt: starts.toISOString(),
        endsAt: new Date(starts.getTime() + 3_600_000).toISOString(),
      });
      await createAttendeeRow(db, session, userId, { status: 'attended' });
    }
  }
}, 120_000);
afterAll(() => world?.ctx.close());

async function data<T>(path: string, from: string, to: string): Promise<T[]> {
  const response = await world.get(world.reader, path, `?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer<T>>().data;
}

type SkillRow = { label: string; count: number; expiring: number };

async function skills(from: string, to: string): Promise<[string, number, number][]> {
  return (await data<SkillRow>('/reports/users/skills', from, to)).map((row) => [
    row.label,
    row.count,
    row.expiring,
  ]);
}

it('the plan’s London days are what Intl says (the test’s own data)', () => {
  const moments = [
    ...HOLDINGS.map((holding) => holding.recorded),
    ...ONBOARDING.flatMap((plan) =>
      [plan.applied, plan.roleGiven, plan.inductionsDone, plan.attendedSession].filter(
        (moment): moment is Moment => moment !== undefined,
      ),
    ),
  ];
  for (const moment of moments) {
    expect(localDayOf(moment.at), moment.at).toBe(moment.day);
  }
});

describe('GET /reports/users/skills across a change of clock', () => {
  it('spring: a skill recorded at 00:30 summer time on the last day counts; one at 00:30 the day after does not', async () => {
    // 25–31 March: Ada (00:30 on the 31st) and Cat (23:30 on the 31st); not Ben (00:30 on 1 April,
    // though 31 March in UTC). Driving: Dan and Eve, both recorded before the period's end.
    expect(await skills('2026-03-25', '2026-03-31')).toEqual([
      ['First aid', 2, 0],
      ['Driving', 2, 0],
    ]);
    expect(await skills('2026-03-25', '2026-04-01')).toEqual([
      ['First aid', 3, 0],
      ['Driving', 2, 0],
    ]);
    // April: all five held, and all end on 30 April.
    expect(await skills('2026-04-01', '2026-04-30')).toEqual([
      ['First aid', 3, 3],
      ['Driving', 2, 2],
    ]);
  });

  it('spring: the days either side of the change', async () => {
    expect(await skills('2026-03-28', '2026-03-28')).toEqual([
      ['First aid', 0, 0],
      ['Driving', 1, 0],
    ]);
    expect(await skills('2026-03-29', '2026-03-29')).toEqual([
      ['First aid', 0, 0],
      ['Driving', 2, 0],
    ]);
  });

  it('autumn: 00:30 summer time on the day of the change is that day; 23:30 winter time that evening too', async () => {
    // Fay's (00:30 on the 25th) is not the 24th's though it is in UTC.
    expect(await skills('2026-10-19', '2026-10-24')).toEqual([
      ['First aid', 0, 0],
      ['Driving', 0, 0],
    ]);
    // Gus's (23:30 UTC on the 25th, winter time again) is still the 25th.
    expect(await skills('2026-10-19', '2026-10-25')).toEqual([
      ['First aid', 2, 0],
      ['Driving', 0, 0],
    ]);
    expect(await skills('2026-10-26', '2026-10-31')).toEqual([
      ['First aid', 3, 0],
      ['Driving', 0, 0],
    ]);
  });

  it('skills/users lists the same holdings', async () => {
    type UserRow = { first_name: string; skill: string; expires_on: string | null };
    const rows = await data<UserRow>('/reports/users/skills/users', '2026-03-25', '2026-03-31');
    expect(rows.map((row) => [row.first_name, row.skill, row.expires_on])).toEqual([
      ['Ada', 'First aid', '2026-04-30'],
      ['Cat', 'First aid', '2026-04-30'],
      ['Dan', 'Driving', '2026-04-30'],
      ['Eve', 'Driving', '2026-04-30'],
    ]);
    const autumn = await data<UserRow>('/reports/users/skills/users', '2026-10-19', '2026-10-25');
    expect(autumn.map((row) => row.first_name)).toEqual(['Fay', 'Gus']);
  });
});

describe('GET /reports/users/checkpoints across a change of clock', () => {
  type Row = { checkpoint: string; count: number; reached_by_end: number };
  /** Count and reached-by-end per checkpoint, in the report's order. */
  const figures = async (from: string, to: string) =>
    (await data<Row>('/reports/users/checkpoints', from, to)).map((row) => [
      row.checkpoint,
      row.count,
      row.reached_by_end,
    ]);

  it('spring: passed at 00:30 summer time on the last day counts; at 00:30 the day after, the next period', async () => {
    // 29–31 March (the change on the first day): Ann applied on the 31st (Bo on 1 April); Di was
    // given a role on the 29th (Cy on the 28th, before); Ed finished the inductions and Gil
    // attended on the 31st (Flo on 1 April).
    expect(await figures('2026-03-29', '2026-03-31')).toEqual([
      ['applied', 1, 1],
      ['role_given', 1, 2],
      ['inductions_completed', 1, 1],
      ['vetting_cleared', 0, 0],
      ['first_activity', 1, 1],
    ]);
    expect(await figures('2026-04-01', '2026-04-30')).toEqual([
      ['applied', 1, 2],
      ['role_given', 0, 2],
      ['inductions_completed', 0, 1],
      ['vetting_cleared', 0, 0],
      ['first_activity', 1, 2],
    ]);
    expect(await figures('2026-03-28', '2026-03-28')).toEqual([
      ['applied', 0, 0],
      ['role_given', 1, 1],
      ['inductions_completed', 0, 0],
      ['vetting_cleared', 0, 0],
      ['first_activity', 0, 0],
    ]);
  });

  it('autumn: 00:30 summer time on the day of the change is that day, not the day before', async () => {
    // Hank's role (23:30 UTC on the 24th) was given on the 25th; Ivy applied on the 24th.
    expect(await figures('2026-10-24', '2026-10-24')).toEqual([
      ['applied', 1, 3],
      ['role_given', 0, 2],
      ['inductions_completed', 0, 1],
      ['vetting_cleared', 0, 0],
      ['first_activity', 0, 2],
    ]);
    expect(await figures('2026-10-25', '2026-10-31')).toEqual([
      ['applied', 0, 3],
      ['role_given', 1, 3],
      ['inductions_completed', 0, 1],
      ['vetting_cleared', 0, 0],
      ['first_activity', 0, 2],
    ]);
  });
});
