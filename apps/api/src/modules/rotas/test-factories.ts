import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { insertedRow } from '../../db/rows.js';
import { rotas, rotaTeams, rotaTimeslots, shifts, signups } from '../../db/schema/index.js';

/*
 * Test data for rotas and shifts, inserted straight into the tables (tests then call the routes).
 * Kept beside the module that owns the tables.
 */

const suffix = () => randomBytes(3).toString('hex');

/** A rota of the organisation (active, no team, unique name unless given). */
export async function createRota(
  db: Executor,
  organisationId: number,
  overrides: Partial<Omit<typeof rotas.$inferInsert, 'organisationId'>> = {},
) {
  return insertedRow(
    await db
      .insert(rotas)
      .values({ organisationId, name: `Rota ${suffix()}`, ...overrides })
      .returning(),
    'rota',
  );
}

/** Staffs the rota from a team. */
export async function linkRotaTeam(db: Executor, organisationId: number, rotaId: number, teamId: number) {
  return insertedRow(
    await db.insert(rotaTeams).values({ organisationId, rotaId, teamId }).returning(),
    'rota team',
  );
}

/** A timeslot of the rota (09:00–13:00, 4 places, unless given). */
export async function createTimeslot(
  db: Executor,
  organisationId: number,
  rotaId: number,
  overrides: Partial<Omit<typeof rotaTimeslots.$inferInsert, 'organisationId' | 'rotaId'>> = {},
) {
  return insertedRow(
    await db
      .insert(rotaTimeslots)
      .values({
        organisationId,
        rotaId,
        name: 'Morning',
        startTime: '09:00',
        endTime: '13:00',
        capacity: 4,
        ...overrides,
      })
      .returning(),
    'rota timeslot',
  );
}

/** A shift of the rota (09:00–13:00 on 2030-01-07, 3 places, unless given). */
export async function createShift(
  db: Executor,
  organisationId: number,
  rotaId: number,
  overrides: Partial<Omit<typeof shifts.$inferInsert, 'organisationId' | 'rotaId'>> = {},
) {
  return insertedRow(
    await db
      .insert(shifts)
      .values({
        organisationId,
        rotaId,
        date: '2030-01-07',
        startTime: '09:00',
        endTime: '13:00',
        capacity: 3,
        ...overrides,
      })
      .returning(),
    'shift',
  );
}

/** Puts a person on a shift (signed up unless given). */
export async function createSignup(
  db: Executor,
  organisationId: number,
  shiftId: number,
  userId: number,
  overrides: Partial<Omit<typeof signups.$inferInsert, 'organisationId' | 'shiftId' | 'userId'>> = {},
) {
  return insertedRow(
    await db
      .insert(signups)
      .values({ organisationId, shiftId, userId, ...overrides })
      .returning(),
    'signup',
  );
}
