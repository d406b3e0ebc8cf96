import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/context.js';
import type { DatabaseHandle } from '../client.js';
import { rotaDays, rotas, rotaTeams, rotaTimeslots, shiftPatterns, shifts, signups } from '../schema/index.js';
import { seedDemo, type DemoSeedResult } from './demo.js';
import { DEMO_ROTA_NAME } from './rotas.js';

/* The demo organisation's rota: timeslots, a week of shifts from the seed's today, signups. */

let database: DatabaseHandle;
let drop: () => Promise<void>;
let demo: DemoSeedResult;
// A Tuesday: the week of shifts runs to Monday and takes in one Sunday, when the Hub is closed.
const today = new Date('2026-03-10T08:00:00Z');

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  demo = await seedDemo(database.db, { today });
});
afterAll(() => drop?.());

describe('demo rota', () => {
  it('has a rota run by the Community Hub with two timeslots and two teams', async () => {
    const [rota] = await database.db.select().from(rotas).where(eq(rotas.organisationId, demo.organisationId));
    expect(rota).toMatchObject({ name: DEMO_ROTA_NAME, teamId: demo.teamIds.communityHub, active: true });
    if (!rota) {
      throw new Error('no rota');
    }
    const slots = await database.db
      .select()
      .from(rotaTimeslots)
      .where(eq(rotaTimeslots.rotaId, rota.id))
      .orderBy(asc(rotaTimeslots.position));
    expect(slots.map((slot) => [slot.name, slot.startTime, slot.endTime])).toEqual([
      ['Morning', '09:00', '13:00'],
      ['Afternoon', '13:00', '17:00'],
    ]);
    const teams = await database.db.select().from(rotaTeams).where(eq(rotaTeams.rotaId, rota.id));
    expect(teams.map((link) => link.teamId).sort()).toEqual(
      [demo.teamIds.communityHub, demo.teamIds.headOffice].sort(),
    );
  });

  it('plans a week of shifts from today, closed on Sunday, with people signed up', async () => {
    const planned = await database.db
      .select()
      .from(shifts)
      .where(eq(shifts.organisationId, demo.organisationId))
      .orderBy(asc(shifts.date), asc(shifts.startTime));
    const dates = [...new Set(planned.map((shift) => shift.date))];
    expect(dates).toEqual(['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-16']);
    expect(planned).toHaveLength(12);
    const [closed] = await database.db.select().from(rotaDays).where(eq(rotaDays.organisationId, demo.organisationId));
    expect(closed).toMatchObject({ date: '2026-03-15', closed: true });

    const people = await database.db.select().from(signups).where(eq(signups.organisationId, demo.organisationId));
    expect(people).toHaveLength(13);
    const first = planned[0];
    expect(people.filter((signup) => signup.shiftId === first?.id).map((signup) => signup.status).sort()).toEqual([
      'confirmed',
      'signed-up',
    ]);
    expect(people.filter((signup) => signup.status === 'cancelled')).toHaveLength(1);
    const patterns = await database.db
      .select()
      .from(shiftPatterns)
      .where(eq(shiftPatterns.organisationId, demo.organisationId));
    expect(patterns.map((pattern) => [pattern.name, pattern.days.length])).toEqual([['Weekday mornings', 5]]);
  });
});
