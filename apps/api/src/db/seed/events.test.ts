import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, eventSessions, eventSupervisors, sessionAttendees } from '../schema/index.js';
import type { Database } from '../client.js';
import { createTestDatabase } from '../../test/context.js';
import { seedDemo, type DemoSeedResult } from './demo.js';

let db: Database;
let drop: () => Promise<void>;
let demo: DemoSeedResult;
const today = new Date('2026-03-02T12:00:00Z');

// Seeding hashes a dozen demo passwords with argon2id: slow on a busy machine.
beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.database.db;
  drop = created.drop;
  demo = await seedDemo(db, { today });
}, 180_000);
afterAll(() => drop());

describe('the demo events', () => {
  it('places two upcoming events and one past one around the seed day, each with sessions and a supervisor', async () => {
    const rows = await db
      .select()
      .from(events)
      .where(eq(events.organisationId, demo.organisationId))
      .orderBy(asc(events.startsAt));
    expect(rows.map((row) => [row.name, row.startsAt, row.status])).toEqual([
      ['Autumn tree planting', '2026-02-09T09:30:00.000Z', 'published'],
      ['Spring beach clean', '2026-03-16T09:00:00.000Z', 'published'],
      ['Community hub open day', '2026-04-01T10:00:00.000Z', 'published'],
    ]);
    for (const event of rows) {
      const sessions = await db.select().from(eventSessions).where(eq(eventSessions.eventId, event.id));
      expect(sessions.length, event.name).toBeGreaterThan(0);
      const supervisors = await db
        .select()
        .from(eventSupervisors)
        .where(eq(eventSupervisors.eventId, event.id));
      expect(supervisors.length, event.name).toBe(1);
    }
  });

  it('puts the demo applicant on sessions, with attendance taken at the past event', async () => {
    const rows = await db
      .select({ event: events.name, session: eventSessions.name, status: sessionAttendees.status })
      .from(sessionAttendees)
      .innerJoin(eventSessions, eq(eventSessions.id, sessionAttendees.sessionId))
      .innerJoin(events, eq(events.id, sessionAttendees.eventId))
      .where(eq(sessionAttendees.userId, demo.userIds.applicant))
      .orderBy(asc(eventSessions.startsAt));
    expect(rows).toEqual([
      { event: 'Autumn tree planting', session: 'Planting', status: 'attended' },
      { event: 'Spring beach clean', session: 'Morning litter pick', status: 'confirmed' },
      { event: 'Spring beach clean', session: 'Afternoon shoreline survey', status: 'confirmed' },
      { event: 'Community hub open day', session: 'Café', status: 'invited' },
    ]);
  });
});
