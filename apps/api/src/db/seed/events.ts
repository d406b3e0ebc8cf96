import type { Executor } from '../client.js';
import { insertedRow } from '../rows.js';
import {
  eventInvitations,
  events,
  eventSessions,
  eventSupervisors,
  sessionAttendees,
  type SessionAttendeeStatus,
} from '../schema/index.js';

/** Who and what of the demo organisation the demo events use. */
export type DemoEventsInput = {
  organisationId: number;
  /** The seed's day (midnight UTC); events are placed around it. */
  today: Date;
  teamIds: { communityHub: number; coastal: number };
  /** The demo accounts who attend, supervise and are invited. */
  applicant: { id: number };
  supervisor: { id: number };
  admin: { id: number };
  returning: { id: number };
};

/** `today` plus `days`, at `time` (HH:MM, UTC), as ISO 8601. */
function at(today: Date, days: number, time: string): string {
  const day = new Date(today.getTime() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return `${day}T${time}:00.000Z`;
}

type DemoSession = {
  name: string;
  from: string;
  to: string;
  capacity: number | null;
  location?: string;
  attendees: Array<[userId: number, status: SessionAttendeeStatus]>;
};

type DemoEvent = {
  name: string;
  description: string;
  location: string;
  days: number;
  from: string;
  to: string;
  teamId: number;
  capacity: number | null;
  supervisors: number[];
  invitations: Array<{ userId: number; status: 'invited' | 'accepted' | 'declined' } | { email: string }>;
  sessions: DemoSession[];
};

/**
 * The demo organisation's events (`/events/`): a beach clean in two weeks and an open day in a
 * month, each with sessions, attendees, a supervisor and invitations, and a tree planting three
 * weeks ago whose attendance was taken (attended, absent).
 */
export async function seedDemoEvents(tx: Executor, input: DemoEventsInput): Promise<void> {
  const { organisationId, today, teamIds } = input;
  const userIds = {
    applicant: input.applicant.id,
    supervisor: input.supervisor.id,
    admin: input.admin.id,
    returning: input.returning.id,
  };
  const demo: DemoEvent[] = [
    {
      name: 'Spring beach clean',
      description: 'Litter picking and a shoreline survey. Gloves, bags and pickers provided; bring water.',
      location: 'Porthmeor Beach, St Ives',
      days: 14,
      from: '09:00',
      to: '16:00',
      teamId: teamIds.coastal,
      capacity: 40,
      supervisors: [userIds.supervisor],
      invitations: [
        { userId: userIds.applicant, status: 'accepted' },
        { userId: userIds.returning, status: 'invited' },
        { email: 'friend@example.org' },
      ],
      sessions: [
        {
          name: 'Morning litter pick',
          from: '09:00',
          to: '12:00',
          capacity: 20,
          attendees: [
            [userIds.applicant, 'confirmed'],
            [userIds.returning, 'invited'],
          ],
        },
        {
          name: 'Afternoon shoreline survey',
          from: '13:00',
          to: '16:00',
          capacity: 15,
          location: 'Lifeguard hut, Porthmeor Beach',
          attendees: [[userIds.applicant, 'confirmed']],
        },
      ],
    },
    {
      name: 'Community hub open day',
      description: 'Welcome visitors, run the café and tell people about volunteering with us.',
      location: 'Community Hub, Market Street',
      days: 30,
      from: '10:00',
      to: '15:00',
      teamId: teamIds.communityHub,
      capacity: null,
      supervisors: [userIds.admin],
      invitations: [{ userId: userIds.supervisor, status: 'accepted' }],
      sessions: [
        {
          name: 'Welcome desk',
          from: '10:00',
          to: '12:30',
          capacity: 2,
          attendees: [[userIds.supervisor, 'confirmed']],
        },
        {
          name: 'Café',
          from: '12:30',
          to: '15:00',
          capacity: 4,
          attendees: [[userIds.applicant, 'invited']],
        },
      ],
    },
    {
      name: 'Autumn tree planting',
      description: 'Planting 200 native saplings along the new hedgerow.',
      location: 'Lakeside Lodge meadow',
      days: -21,
      from: '09:30',
      to: '15:30',
      teamId: teamIds.communityHub,
      capacity: 25,
      supervisors: [userIds.supervisor],
      invitations: [],
      sessions: [
        {
          name: 'Planting',
          from: '09:30',
          to: '15:30',
          capacity: 25,
          attendees: [
            [userIds.applicant, 'attended'],
            [userIds.returning, 'absent'],
          ],
        },
      ],
    },
  ];

  for (const event of demo) {
    const row = insertedRow(
      await tx
        .insert(events)
        .values({
          organisationId,
          name: event.name,
          description: event.description,
          location: event.location,
          startsAt: at(today, event.days, event.from),
          endsAt: at(today, event.days, event.to),
          status: 'published',
          teamId: event.teamId,
          capacity: event.capacity,
        })
        .returning({ id: events.id }),
      'event',
    );
    await tx
      .insert(eventSupervisors)
      .values(event.supervisors.map((userId) => ({ organisationId, eventId: row.id, userId })));
    if (event.invitations.length > 0) {
      await tx.insert(eventInvitations).values(
        event.invitations.map((invitation) => ({
          organisationId,
          eventId: row.id,
          ...invitation,
          ...('status' in invitation && invitation.status !== 'invited'
            ? { respondedAt: at(today, -2, '18:00') }
            : {}),
        })),
      );
    }
    for (const session of event.sessions) {
      const sessionRow = insertedRow(
        await tx
          .insert(eventSessions)
          .values({
            organisationId,
            eventId: row.id,
            name: session.name,
            location: session.location ?? null,
            startsAt: at(today, event.days, session.from),
            endsAt: at(today, event.days, session.to),
            capacity: session.capacity,
          })
          .returning({ id: eventSessions.id }),
        'event session',
      );
      await tx.insert(sessionAttendees).values(
        session.attendees.map(([userId, status]) => ({
          organisationId,
          eventId: row.id,
          sessionId: sessionRow.id,
          userId,
          status,
        })),
      );
    }
  }
}
