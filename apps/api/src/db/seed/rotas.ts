import type { Executor } from '../client.js';
import { assertInserted, insertedRow } from '../rows.js';
import {
  rotaDays,
  rotas,
  rotaTeams,
  rotaTimeslots,
  shiftPatterns,
  shifts,
  signups,
} from '../schema/index.js';

/** The demo rota's name, for the README and end-to-end tests. */
export const DEMO_ROTA_NAME = 'Community Hub reception';

/** The demo rota's timeslots, in the order of the day. */
export const DEMO_ROTA_TIMESLOTS = [
  { name: 'Morning', startTime: '09:00', endTime: '13:00', capacity: 2 },
  { name: 'Afternoon', startTime: '13:00', endTime: '17:00', capacity: 2 },
] as const;

export type DemoRotaInput = {
  organisationId: number;
  /** The seed's "today" (midnight UTC): the week of shifts starts on it. */
  today: Date;
  /** The team that runs the rota, and another that helps staff it. */
  teamId: number;
  helperTeamId: number;
  /** People to put on the shifts, in turn. */
  userIds: number[];
};

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(date: Date, days: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days));
}

/**
 * Seeds the demo organisation's rota (`/organisation/rotas/`, `/rota/`): the Community Hub
 * reception with a morning and an afternoon timeslot, a week of shifts from today, the demo
 * people signed up in turn (one confirmed, one cancelled along the way), a closed Sunday and a
 * "Weekday mornings" shift pattern. Answers the rota's id.
 */
export async function seedDemoRotas(tx: Executor, input: DemoRotaInput): Promise<number> {
  const { organisationId, today, userIds } = input;
  const rota = insertedRow(
    await tx
      .insert(rotas)
      .values({
        organisationId,
        name: DEMO_ROTA_NAME,
        description: 'Welcoming visitors, answering the phone and signing people in.',
        teamId: input.teamId,
      })
      .returning({ id: rotas.id }),
    'rota',
  );
  await tx
    .insert(rotaTeams)
    .values(
      [input.teamId, input.helperTeamId].map((teamId) => ({ organisationId, rotaId: rota.id, teamId })),
    );
  const timeslots = await tx
    .insert(rotaTimeslots)
    .values(
      DEMO_ROTA_TIMESLOTS.map((slot, position) => ({ organisationId, rotaId: rota.id, position, ...slot })),
    )
    .returning();

  const days = Array.from({ length: 7 }, (_, offset) => addDays(today, offset));
  const sunday = days.find((day) => day.getUTCDay() === 0);
  if (sunday) {
    await tx.insert(rotaDays).values({
      organisationId,
      rotaId: rota.id,
      date: isoDate(sunday),
      closed: true,
      notes: 'The Hub is closed on Sundays.',
    });
  }
  const open = days.filter((day) => day !== sunday);
  const planned = await tx
    .insert(shifts)
    .values(
      open.flatMap((day) =>
        timeslots.map((slot) => ({
          organisationId,
          rotaId: rota.id,
          timeslotId: slot.id,
          name: slot.name,
          date: isoDate(day),
          startTime: slot.startTime,
          endTime: slot.endTime,
          capacity: slot.capacity,
          notes: slot.name === 'Morning' ? 'Open up: keys are in the office safe.' : null,
        })),
      ),
    )
    .returning({ id: shifts.id });

  // Each shift gets the next person in turn; the first shift a second one (full), and one withdrew.
  if (userIds.length > 0) {
    const rows = planned.flatMap((shift, index) => {
      const userId = userIds[index % userIds.length];
      const status = index === 0 ? 'confirmed' : index === 3 ? 'cancelled' : 'signed-up';
      return userId === undefined ? [] : [{ organisationId, shiftId: shift.id, userId, status } as const];
    });
    const first = planned[0];
    const second = userIds[1];
    const extra =
      first && second !== undefined
        ? [{ organisationId, shiftId: first.id, userId: second, status: 'signed-up' as const }]
        : [];
    await tx.insert(signups).values([...rows, ...extra]);
  }

  const [pattern] = await tx
    .insert(shiftPatterns)
    .values({
      organisationId,
      name: 'Weekday mornings',
      description: 'Monday to Friday, 09:00 to 13:00.',
      days: [1, 2, 3, 4, 5].map((weekday) => ({
        weekday,
        start_time: '09:00',
        end_time: '13:00',
        capacity: 2,
      })),
    })
    .returning({ id: shiftPatterns.id });
  assertInserted(pattern, 'shift pattern');
  return rota.id;
}
