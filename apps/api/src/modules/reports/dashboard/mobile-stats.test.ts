import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatRow } from '@muster/contract';
import {
  eventInvitations,
  rotas,
  shifts,
  signups,
  taskAssignees,
  type SignupStatus,
} from '../../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAttendeeRow, createEventRow, createSessionRow } from '../../../test/factories/events.js';
import {
  createClaim,
  createExpense,
  createExpenseType,
  createInductionModule,
  createTask,
  createUserInduction,
} from '../../../test/factories/people-work.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../../test/tenant.js';

/*
 * GET /mobile/dashboard/stats/ for a signed-in person without any permission: their own figures,
 * worked out here from the records listed in plain data; someone else's records never count.
 */

const ZONE = 'Europe/London';
const dayIn = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

let ctx: TestContext;
let a: Tenant;
let me: Caller;
let colleague: Caller;
let outsider: Caller;
let today = '';
type Shift = { user: number; date: string; start: string; end: string; status: SignupStatus };
const shiftsOf: Shift[] = [];
type Session = {
  user: number;
  startsAt: string;
  endsAt: string;
  status: 'invited' | 'confirmed' | 'attended';
  published: boolean;
};
const sessionsOf: Session[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  const b = await createTenant(ctx.app);
  me = await a.person([]);
  colleague = await a.person([]);
  outsider = await b.person([]);
  today = dayIn(new Date());

  const [rota] = await ctx.db.insert(rotas).values({ organisationId: a.id, name: 'Shop' }).returning();
  const work = async (entry: Shift) => {
    const [shift] = await ctx.db
      .insert(shifts)
      .values({
        organisationId: a.id,
        rotaId: rota?.id ?? 0,
        date: entry.date,
        startTime: entry.start,
        endTime: entry.end,
      })
      .returning();
    await ctx.db
      .insert(signups)
      .values({ organisationId: a.id, shiftId: shift?.id ?? 0, userId: entry.user, status: entry.status });
    shiftsOf.push(entry);
  };
  await work({ user: me.id, date: today, start: '09:00', end: '12:00', status: 'confirmed' });
  await work({ user: me.id, date: addDays(today, 1), start: '09:00', end: '12:00', status: 'signed-up' });
  await work({ user: me.id, date: addDays(today, 2), start: '09:00', end: '12:00', status: 'cancelled' });
  await work({ user: me.id, date: addDays(today, -1), start: '09:00', end: '12:00', status: 'signed-up' });
  await work({
    user: colleague.id,
    date: addDays(today, 1),
    start: '09:00',
    end: '12:00',
    status: 'confirmed',
  });
  // Worked in March 2026: 3 hours, and an overnight shift of 3 hours on the last day of the month.
  await work({ user: me.id, date: '2026-03-01', start: '09:00', end: '12:00', status: 'attended' });
  await work({ user: me.id, date: '2026-03-31', start: '23:00', end: '02:00', status: 'attended' });
  await work({ user: me.id, date: '2026-03-15', start: '09:00', end: '12:00', status: 'no-show' });
  await work({ user: colleague.id, date: '2026-03-01', start: '13:00', end: '17:00', status: 'attended' });

  const published = await createEventRow(ctx.db, a.id, {
    status: 'published',
    startsAt: hoursFromNow(-24),
    endsAt: hoursFromNow(24 * 5),
  });
  const draft = await createEventRow(ctx.db, a.id, {
    status: 'draft',
    startsAt: hoursFromNow(-24),
    endsAt: hoursFromNow(24 * 5),
  });
  const attend = async (event: { id: number }, entry: Session) => {
    const session = await createSessionRow(ctx.db, a.id, event.id, {
      startsAt: entry.startsAt,
      endsAt: entry.endsAt,
    });
    await createAttendeeRow(ctx.db, session, entry.user, { status: entry.status });
    sessionsOf.push(entry);
  };
  await attend(published, {
    user: me.id,
    startsAt: hoursFromNow(48),
    endsAt: hoursFromNow(50),
    status: 'confirmed',
    published: true,
  });
  await attend(published, {
    user: me.id,
    startsAt: hoursFromNow(49),
    endsAt: hoursFromNow(50),
    status: 'invited',
    published: true,
  });
  await attend(published, {
    user: me.id,
    startsAt: hoursFromNow(-3),
    endsAt: hoursFromNow(-1),
    status: 'confirmed',
    published: true,
  });
  await attend(draft, {
    user: me.id,
    startsAt: hoursFromNow(48),
    endsAt: hoursFromNow(50),
    status: 'confirmed',
    published: false,
  });
  await attend(published, {
    user: colleague.id,
    startsAt: hoursFromNow(48),
    endsAt: hoursFromNow(50),
    status: 'confirmed',
    published: true,
  });
  // A 90-minute session attended in March 2026.
  await attend(published, {
    user: me.id,
    startsAt: '2026-03-10T10:00:00.000Z',
    endsAt: '2026-03-10T11:30:00.000Z',
    status: 'attended',
    published: true,
  });

  const upcoming = await createEventRow(ctx.db, a.id, {
    status: 'published',
    startsAt: hoursFromNow(72),
    endsAt: hoursFromNow(80),
  });
  const answered = await createEventRow(ctx.db, a.id, {
    status: 'published',
    startsAt: hoursFromNow(72),
    endsAt: hoursFromNow(80),
  });
  const over = await createEventRow(ctx.db, a.id, {
    status: 'published',
    startsAt: hoursFromNow(-80),
    endsAt: hoursFromNow(-72),
  });
  await ctx.db.insert(eventInvitations).values([
    { organisationId: a.id, eventId: upcoming.id, userId: me.id, status: 'invited' },
    { organisationId: a.id, eventId: answered.id, userId: me.id, status: 'accepted' },
    { organisationId: a.id, eventId: over.id, userId: me.id, status: 'invited' },
    { organisationId: a.id, eventId: upcoming.id, userId: colleague.id, status: 'invited' },
  ]);

  const assign = async (
    user: number,
    fields: Parameters<typeof createTask>[2],
    leftAt: string | null = null,
  ) => {
    const task = await createTask(ctx.db, a.id, fields);
    await ctx.db
      .insert(taskAssignees)
      .values({ organisationId: a.id, taskId: task.id, userId: user, leftAt });
  };
  await assign(me.id, { dueDate: addDays(today, -1) });
  await assign(me.id, { dueDate: today });
  await assign(me.id, { dueDate: null });
  await assign(me.id, { dueDate: addDays(today, -3), completedAt: hoursFromNow(-30) });
  await assign(me.id, { dueDate: addDays(today, -3) }, hoursFromNow(-30));
  await assign(colleague.id, { dueDate: addDays(today, -1) });

  const fire = await createInductionModule(ctx.db, a.id, { compulsory: true, validityMonths: 12 });
  const safeguarding = await createInductionModule(ctx.db, a.id, { compulsory: true });
  await createInductionModule(ctx.db, a.id, { compulsory: true });
  await createInductionModule(ctx.db, a.id, { compulsory: true, active: false });
  await createInductionModule(ctx.db, a.id, { compulsory: false });
  await createUserInduction(ctx.db, a.id, me.id, safeguarding.id, {
    status: 'completed',
    completedAt: '2026-01-10T10:00:00.000Z',
  });
  // Lapses today: to be redone.
  await createUserInduction(ctx.db, a.id, me.id, fire.id, {
    status: 'completed',
    completedAt: '2025-06-01T10:00:00.000Z',
    expiresOn: today,
  });
  await createUserInduction(ctx.db, a.id, colleague.id, fire.id, {
    status: 'completed',
    completedAt: '2026-01-10T10:00:00.000Z',
  });

  const type = await createExpenseType(ctx.db, a.id);
  const claim = async (user: number, status: 'submitted' | 'approved' | 'paid', amounts: number[]) => {
    const row = await createClaim(ctx.db, a.id, user, { status });
    for (const amount of amounts) {
      await createExpense(ctx.db, a.id, user, type.id, {
        claimId: row.id,
        amountPence: amount,
        status: status === 'submitted' ? 'pending' : status,
      });
    }
  };
  await claim(me.id, 'submitted', [100]);
  await claim(me.id, 'submitted', []);
  await claim(me.id, 'approved', [300, 200]);
  await claim(me.id, 'paid', [1000]);
  await claim(colleague.id, 'submitted', [50]);
  await claim(colleague.id, 'approved', [999]);
});
afterAll(() => ctx?.close());

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** My period figures, worked out from the plain data. */
function workOf(user: number, from: string, to: string) {
  const attendedShifts = shiftsOf.filter(
    (s) => s.user === user && s.status === 'attended' && s.date >= from && s.date <= to,
  );
  const attendedSessions = sessionsOf.filter(
    (s) =>
      s.user === user &&
      s.status === 'attended' &&
      dayIn(new Date(s.startsAt)) >= from &&
      dayIn(new Date(s.startsAt)) <= to,
  );
  const hours =
    attendedShifts.reduce((sum, s) => sum + ((minutes(s.end) - minutes(s.start) + 1440) % 1440) / 60, 0) +
    attendedSessions.reduce((sum, s) => sum + (Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 3_600_000, 0);
  return {
    hours: Math.round(hours * 100) / 100,
    shifts: attendedShifts.length,
    sessions: attendedSessions.length,
  };
}

type Answer = {
  data: StatRow[];
  meta: { from: string; to: string; team: number[]; role_profile: number[] };
  errors: Record<string, string[]>;
};
const get = (caller: Caller | { host: string }, query: string, path = '/api/mobile/dashboard/stats/') =>
  callAs(ctx.app, 'headers' in caller ? caller.headers : caller, 'GET', `${path}${query}`);
const values = (answer: Answer) => Object.fromEntries(answer.data.map((row) => [row.key, row.value]));

describe('GET /mobile/dashboard/stats/', () => {
  it('gives a signed-in person without any permission their own figures', async () => {
    const response = await get(me, '?from=2026-03-01&to=2026-03-31');
    expect(response.statusCode, response.body).toBe(200);
    const work = workOf(me.id, '2026-03-01', '2026-03-31');
    const upcomingShifts = shiftsOf.filter(
      (s) => s.user === me.id && (s.status === 'signed-up' || s.status === 'confirmed') && s.date >= today,
    ).length;
    const upcomingSessions = sessionsOf.filter(
      (s) =>
        s.user === me.id && s.status === 'confirmed' && s.published && Date.parse(s.startsAt) > Date.now(),
    ).length;
    expect(response.json<Answer>()).toEqual({
      data: [
        { key: 'upcoming_shifts', label: 'Upcoming shifts', value: upcomingShifts, unit: 'count' },
        {
          key: 'upcoming_sessions',
          label: 'Upcoming event sessions',
          value: upcomingSessions,
          unit: 'count',
        },
        { key: 'event_invitations', label: 'Event invitations to answer', value: 1, unit: 'count' },
        { key: 'hours_volunteered', label: 'Hours volunteered', value: work.hours, unit: 'hours' },
        { key: 'shifts_attended', label: 'Shifts attended', value: work.shifts, unit: 'count' },
        { key: 'sessions_attended', label: 'Event sessions attended', value: work.sessions, unit: 'count' },
        { key: 'open_tasks', label: 'Open tasks', value: 3, unit: 'count' },
        { key: 'overdue_tasks', label: 'Overdue tasks', value: 1, unit: 'count' },
        {
          key: 'compulsory_training_outstanding',
          label: 'Compulsory training to do',
          value: 2,
          unit: 'count',
        },
        { key: 'claims_awaiting_decision', label: 'Claims awaiting a decision', value: 2, unit: 'count' },
        { key: 'approved_unpaid_pence', label: 'Approved, not yet paid', value: 500, unit: 'pence' },
      ],
      meta: { from: '2026-03-01', to: '2026-03-31', team: [], role_profile: [] },
    });
    // Today's and tomorrow's shifts; 3 + 3 hours of shifts and 1.5 of a session.
    expect([upcomingShifts, upcomingSessions, work.hours]).toEqual([2, 1, 7.5]);
  });

  it('counts the period’s volunteering with both edge days included', async () => {
    for (const [from, to] of [
      ['2026-03-01', '2026-03-01'],
      ['2026-03-02', '2026-03-30'],
      ['2026-03-31', '2026-04-30'],
      ['2026-03-10', '2026-03-10'],
    ] as const) {
      const work = workOf(me.id, from, to);
      const got = values((await get(me, `?from=${from}&to=${to}`)).json<Answer>());
      expect([got.hours_volunteered, got.shifts_attended, got.sessions_attended]).toEqual([
        work.hours,
        work.shifts,
        work.sessions,
      ]);
    }
  });

  it('shows each person only their own figures; team filters do not apply', async () => {
    const theirs = values((await get(colleague, '?from=2026-03-01&to=2026-03-31')).json<Answer>());
    expect(theirs).toMatchObject({
      upcoming_shifts: 1,
      upcoming_sessions: 1,
      event_invitations: 1,
      hours_volunteered: 4,
      open_tasks: 1,
      overdue_tasks: 1,
      compulsory_training_outstanding: 2,
      claims_awaiting_decision: 1,
      approved_unpaid_pence: 999,
    });
    const filtered = (await get(me, '?from=2026-03-01&to=2026-03-31&team=1')).json<Answer>();
    expect(filtered.meta.team).toEqual([]);
    expect(values(filtered)).toEqual(
      values((await get(me, '?from=2026-03-01&to=2026-03-31')).json<Answer>()),
    );
  });

  it('never counts another organisation’s records', async () => {
    const theirs = values((await get(outsider, '?from=2026-03-01&to=2026-03-31')).json<Answer>());
    expect(Object.values(theirs).every((value) => value === 0)).toBe(true);
  });

  it('answers with or without the trailing slash', async () => {
    expect((await get(me, '', '/api/mobile/dashboard/stats')).statusCode).toBe(200);
    expect((await get(me, '', '/api/mobile/dashboard/stats/')).statusCode).toBe(200);
  });

  it('401 without a session, 422 for a bad period', async () => {
    expect((await get(a.anonymous, '')).statusCode).toBe(401);
    const reversed = await get(me, '?from=2026-05-01&to=2026-04-30');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json<Answer>().errors).toEqual({
      'querystring.to': ['The end of the period must be on or after its start.'],
    });
  });
});
