import { z } from 'zod';
import { requiredText, optionalText, idList, rowReference, fileUrl } from './fields.js';

/**
 * Events, their attachments, invitations, supervisors, sessions and session attendees
 * (platform-foundation §7 "Users, events, bulk…"; fields chosen in docs/catalogue.md "Events"),
 * and the bodies and answers of the named calls under `/events/{eventId}/`. Wire names are
 * snake_case; write schemas carry no defaults, so a store leaves an omitted field to the
 * database default and an update (every field optional) leaves it unchanged.
 */

export const EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_INVITATION_STATUSES = ['invited', 'accepted', 'declined'] as const;
export type EventInvitationStatus = (typeof EVENT_INVITATION_STATUSES)[number];
export const SESSION_ATTENDEE_STATUSES = ['invited', 'confirmed', 'attended', 'absent', 'cancelled'] as const;
export type SessionAttendeeStatus = (typeof SESSION_ATTENDEE_STATUSES)[number];

/** Most ids one bulk call may name: a large event's sessions or a session's whole list. */
export const EVENT_BULK_MAX_IDS = 500;
/** Largest capacity of an event or a session. */
export const EVENT_MAX_CAPACITY = 100_000;

const id = z.number().int().positive().describe('Identifier.');
const eventId = z.number().int().positive().describe('The event it belongs to.');
const isoTime = (what: string) => z.iso.datetime().describe(`${what} (ISO 8601, UTC).`);

/** A date and time with its offset (`2026-05-01T09:00:00Z`, `2026-05-01T10:00:00+01:00`). */
function writeTime(label: string) {
  const message = `Please enter the ${label} as a date and time, e.g. 2026-05-01T09:00:00Z.`;
  return z.iso.datetime({ offset: true, error: message });
}

function capacity(label: string) {
  const message = `The capacity must be a whole number from 1 to ${EVENT_MAX_CAPACITY}.`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(EVENT_MAX_CAPACITY, { error: message })
    .nullable()
    .optional()
    .describe(`Most people the ${label} takes; null for no limit.`);
}

// Events.
export const eventSchema = z
  .object({
    id,
    name: z.string().describe('What the event is called, e.g. "Spring beach clean".'),
    description: z.string().nullable().describe('What volunteers should know; null for none.'),
    location: z.string().nullable().describe('Where it happens, as people would find it; null when not set.'),
    starts_at: isoTime('When the event starts'),
    ends_at: isoTime('When the event ends, after it starts'),
    status: z.enum(EVENT_STATUSES).describe('draft (organisers only), published or cancelled.'),
    team_id: z
      .number()
      .int()
      .nullable()
      .describe('The team running the event; null for the whole organisation.'),
    capacity: z.number().int().nullable().describe('Most people the event takes; null for no limit.'),
  })
  .describe('Event');
export type EventResource = z.infer<typeof eventSchema>;

export const eventBodySchema = z.object({
  name: requiredText('an event name', 255).describe('What the event is called.'),
  description: optionalText('description', 10_000).describe('What volunteers should know; null for none.'),
  location: optionalText('location', 500).describe('Where it happens; null when not set.'),
  starts_at: writeTime('start').describe('When the event starts, with its offset (ISO 8601).'),
  ends_at: writeTime('end').describe('When the event ends, with its offset; after it starts.'),
  status: z
    .enum(EVENT_STATUSES, { error: 'The status must be draft, published or cancelled.' })
    .optional()
    .describe('draft, published or cancelled (default draft).'),
  team_id: rowReference('The team must be a team id.')
    .nullable()
    .optional()
    .describe('The team running the event (a team of the same organisation); null for none.'),
  capacity: capacity('event'),
});
export type EventBody = z.infer<typeof eventBodySchema>;

// Attachments: files uploaded through `POST /files` and attached to the event by id.
export const eventAttachmentSchema = z
  .object({
    id,
    event_id: eventId,
    file_id: z.uuid().describe('The uploaded file.'),
    file_url: fileUrl,
    name: z.string().describe('What the attachment is called on the event, e.g. "Risk assessment".'),
  })
  .describe('Event attachment');
export type EventAttachment = z.infer<typeof eventAttachmentSchema>;

/** What a stored attachment may change: its name (the file stays; attach another one instead). */
export const eventAttachmentBodySchema = z.object({
  name: requiredText('a name', 255).describe('What the attachment is called on the event.'),
});
export type EventAttachmentBody = z.infer<typeof eventAttachmentBodySchema>;

/** Attaching a file: the upload's id, and optionally a name (default the file's own name). */
export const eventAttachmentStoreBodySchema = z.object({
  file_id: z
    .uuid({ error: 'The file must be named by the id its upload answered.' })
    .describe('An uploaded file of the organisation (`POST /files` answers its id).'),
  name: requiredText('a name', 255)
    .optional()
    .describe('What the attachment is called on the event (default the file’s original name).'),
});
export type EventAttachmentStoreBody = z.infer<typeof eventAttachmentStoreBodySchema>;

// Invitations.
export const eventInvitationSchema = z
  .object({
    id,
    event_id: eventId,
    user_id: z.number().int().nullable().describe('The invited user; null when invited by email only.'),
    email: z.string().nullable().describe('The address invited when the person has no account; else null.'),
    status: z.enum(EVENT_INVITATION_STATUSES).describe('invited, accepted or declined.'),
    responded_at: isoTime('When the invitee answered').nullable(),
  })
  .describe('Event invitation');
export type EventInvitation = z.infer<typeof eventInvitationSchema>;

export const eventInvitationBodySchema = z.object({
  user_id: rowReference('The invitee must be a user id.')
    .nullable()
    .optional()
    .describe('The invited user (a user of the same organisation); give this or email.'),
  email: z
    .email({ error: 'Please enter a valid email address.' })
    .max(254, { error: 'The email address may be at most 254 characters.' })
    .nullable()
    .optional()
    .describe('The address to invite someone without an account; give this or user_id.'),
  status: z
    .enum(EVENT_INVITATION_STATUSES, { error: 'The status must be invited, accepted or declined.' })
    .optional()
    .describe('invited, accepted or declined (default invited).'),
  responded_at: writeTime('response time')
    .nullable()
    .optional()
    .describe('When the invitee answered, with its offset; null while unanswered.'),
});
export type EventInvitationBody = z.infer<typeof eventInvitationBodySchema>;

// Supervisors.
export const eventSupervisorSchema = z
  .object({
    id,
    event_id: eventId,
    user_id: z.number().int().describe('The supervising user.'),
  })
  .describe('Event supervisor');
export type EventSupervisor = z.infer<typeof eventSupervisorSchema>;

export const eventSupervisorBodySchema = z.object({
  user_id: rowReference('The supervisor must be a user id.').describe(
    'The supervising user (a user of the same organisation).',
  ),
});
export type EventSupervisorBody = z.infer<typeof eventSupervisorBodySchema>;

// Sessions.
export const eventSessionSchema = z
  .object({
    id,
    event_id: eventId,
    name: z.string().describe('What the session is called, e.g. "Morning litter pick".'),
    description: z.string().nullable().describe('What happens in the session; null for none.'),
    location: z.string().nullable().describe('Where the session happens; null for the event’s location.'),
    starts_at: isoTime('When the session starts'),
    ends_at: isoTime('When the session ends, after it starts'),
    capacity: z.number().int().nullable().describe('Most people the session takes; null for no limit.'),
  })
  .describe('Event session');
export type EventSession = z.infer<typeof eventSessionSchema>;

export const eventSessionBodySchema = z.object({
  name: requiredText('a session name', 255).describe('What the session is called.'),
  description: optionalText('description', 10_000).describe('What happens in the session; null for none.'),
  location: optionalText('location', 500).describe(
    'Where the session happens; null for the event’s location.',
  ),
  starts_at: writeTime('start').describe('When the session starts, with its offset (ISO 8601).'),
  ends_at: writeTime('end').describe('When the session ends, with its offset; after it starts.'),
  capacity: capacity('session'),
});
export type EventSessionBody = z.infer<typeof eventSessionBodySchema>;

// Session attendees.
export const sessionAttendeeSchema = z
  .object({
    id,
    event_id: eventId,
    session_id: z.number().int().positive().describe('The session attended.'),
    user_id: z.number().int().describe('The attending user.'),
    status: z.enum(SESSION_ATTENDEE_STATUSES).describe('invited, confirmed, attended, absent or cancelled.'),
    note: z.string().nullable().describe('The organiser’s note on this attendance; null for none.'),
  })
  .describe('Session attendee');
export type SessionAttendee = z.infer<typeof sessionAttendeeSchema>;

const attendeeStatus = z
  .enum(SESSION_ATTENDEE_STATUSES, {
    error: 'The status must be invited, confirmed, attended, absent or cancelled.',
  })
  .describe('invited, confirmed, attended, absent or cancelled.');
const attendeeNote = optionalText('note', 2000).describe(
  'The organiser’s note on this attendance; null for none.',
);

export const sessionAttendeeBodySchema = z.object({
  user_id: rowReference('The attendee must be a user id.').describe(
    'The attending user (a user of the same organisation), once per session.',
  ),
  status: attendeeStatus.optional(),
  note: attendeeNote,
});
export type SessionAttendeeBody = z.infer<typeof sessionAttendeeBodySchema>;

/** `PUT …/attendees/{userId}/`: the attendee is named by the path's user id. */
export const sessionAttendeeUpdateBodySchema = z.object({
  status: attendeeStatus.optional(),
  note: attendeeNote,
});
export type SessionAttendeeUpdateBody = z.infer<typeof sessionAttendeeUpdateBodySchema>;

// Path parameters of the hand-written event routes. Ids that cannot name a row answer 404.
export const eventParamsSchema = z.object({
  eventId: z.string().describe('The event’s id.'),
});
export const eventSessionParamsSchema = eventParamsSchema.extend({
  sessionId: z.string().describe('The session’s id.'),
});
export const sessionAttendeeParamsSchema = eventSessionParamsSchema.extend({
  id: z.string().describe('The attending user’s id (not the attendee row’s).'),
});

// Named calls of sessions.
export const sessionsBulkUpdateBodySchema = z.object({
  ids: idList('session', EVENT_BULK_MAX_IDS).describe('The sessions of this event to change.'),
  changes: z
    .object({
      name: requiredText('a session name', 255).optional().describe('New name of every listed session.'),
      starts_at: writeTime('start').optional().describe('New start of every listed session.'),
      ends_at: writeTime('end').optional().describe('New end of every listed session.'),
      capacity: capacity('session'),
    })
    .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
      error: 'Please choose at least one field to change.',
    })
    .describe('The fields to set on every listed session; omitted fields keep their value.'),
});
export type SessionsBulkUpdateBody = z.infer<typeof sessionsBulkUpdateBodySchema>;

export const sessionsBulkUpdateLocationBodySchema = z.object({
  ids: idList('session', EVENT_BULK_MAX_IDS).describe('The sessions of this event to move.'),
  location: z
    .string({ error: 'The location must be text, or null for the event’s location.' })
    .trim()
    .max(500, { error: 'The location may be at most 500 characters.' })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .describe('Where the listed sessions happen; null (or empty) for the event’s location.'),
});
export type SessionsBulkUpdateLocationBody = z.infer<typeof sessionsBulkUpdateLocationBodySchema>;

export const sessionsBulkUpdateAttendeesBodySchema = z
  .object({
    session_ids: idList('session', EVENT_BULK_MAX_IDS).describe(
      'The sessions of this event to change the attendees of.',
    ),
    add_user_ids: z
      .array(rowReference('Each user must be named by its id.'), { error: 'Please list the users by id.' })
      .max(EVENT_BULK_MAX_IDS, { error: `At most ${EVENT_BULK_MAX_IDS} users at a time.` })
      .optional()
      .describe(
        'Users to put on every listed session (as invited); ones already there are left as they are.',
      ),
    remove_user_ids: z
      .array(rowReference('Each user must be named by its id.'), { error: 'Please list the users by id.' })
      .max(EVENT_BULK_MAX_IDS, { error: `At most ${EVENT_BULK_MAX_IDS} users at a time.` })
      .optional()
      .describe('Users to take off every listed session; ones not there are ignored.'),
  })
  .refine((body) => (body.add_user_ids?.length ?? 0) + (body.remove_user_ids?.length ?? 0) > 0, {
    error: 'Please choose at least one user to add or remove.',
    path: ['add_user_ids'],
  });
export type SessionsBulkUpdateAttendeesBody = z.infer<typeof sessionsBulkUpdateAttendeesBodySchema>;

export const sessionBulkUpdateUserStatusBodySchema = z.object({
  user_ids: idList('user', EVENT_BULK_MAX_IDS).describe('Attendees of this session, by user id.'),
  status: attendeeStatus,
});
export type SessionBulkUpdateUserStatusBody = z.infer<typeof sessionBulkUpdateUserStatusBodySchema>;

export const sessionBulkDeleteUsersBodySchema = z.object({
  user_ids: idList('user', EVENT_BULK_MAX_IDS).describe(
    'Attendees of this session to take off it, by user id.',
  ),
});
export type SessionBulkDeleteUsersBody = z.infer<typeof sessionBulkDeleteUsersBodySchema>;

export const sessionsBulkUpdateResponseSchema = z.object({
  data: z
    .object({
      updated: z.number().int().describe('How many sessions were changed.'),
      sessions: z.array(eventSessionSchema).describe('The changed sessions as now stored, by start.'),
    })
    .describe('What the bulk update changed.'),
});
export type SessionsBulkUpdateResponse = z.infer<typeof sessionsBulkUpdateResponseSchema>;

const attendeePair = z
  .object({
    session_id: z.number().int().describe('The session.'),
    user_id: z.number().int().describe('The user.'),
  })
  .describe('A user on a session.');

export const sessionsBulkUpdateAttendeesResponseSchema = z.object({
  data: z
    .object({
      added: z
        .array(sessionAttendeeSchema)
        .describe('Attendances created, or cancelled ones made invited again.'),
      removed: z.array(attendeePair).describe('Attendances deleted.'),
      sessions: z
        .array(
          z.object({
            id: z.number().int().describe('The session.'),
            attendee_count: z.number().int().describe('Attendees now on it, cancelled ones not counted.'),
            capacity: z.number().int().nullable().describe('Its capacity; null for no limit.'),
          }),
        )
        .describe(
          'Each listed session’s attendance afterwards, so organisers see any that are over capacity.',
        ),
    })
    .describe('What the attendee change did.'),
});
export type SessionsBulkUpdateAttendeesResponse = z.infer<typeof sessionsBulkUpdateAttendeesResponseSchema>;

export const sessionBulkUpdateUserStatusResponseSchema = z.object({
  data: z
    .object({
      updated: z.number().int().describe('How many attendances now have the status.'),
      attendees: z.array(sessionAttendeeSchema).describe('The listed attendances as now stored.'),
    })
    .describe('What the status change did.'),
});
export type SessionBulkUpdateUserStatusResponse = z.infer<typeof sessionBulkUpdateUserStatusResponseSchema>;

export const sessionBulkDeleteUsersResponseSchema = z.object({
  data: z
    .object({
      deleted: z.number().int().describe('How many attendances were deleted.'),
      user_ids: z.array(z.number().int()).describe('The users taken off the session.'),
    })
    .describe('What the delete did.'),
});
export type SessionBulkDeleteUsersResponse = z.infer<typeof sessionBulkDeleteUsersResponseSchema>;

export const eventAttachmentResponseSchema = z.object({ data: eventAttachmentSchema });
export const sessionAttendeeResponseSchema = z.object({ data: sessionAttendeeSchema });

// The event's people as a saved list (`GET /events/{eventId}/get-users-saved-list`).
export const eventUsersSavedListQuerySchema = z.object({
  statuses: z
    .string()
    .optional()
    .transform((raw, context) => {
      if (raw === undefined || raw.trim() === '') {
        return undefined;
      }
      const listed = raw.split(',').map((part) => part.trim());
      const unknown = listed.filter(
        (status) => !(SESSION_ATTENDEE_STATUSES as readonly string[]).includes(status),
      );
      if (unknown.length > 0) {
        context.addIssue({
          code: 'custom',
          message:
            'List statuses among invited, confirmed, attended, absent and cancelled, separated by commas.',
        });
        return z.NEVER;
      }
      return [...new Set(listed)] as SessionAttendeeStatus[];
    })
    .describe(
      'Comma-separated attendee statuses to include, e.g. `confirmed,attended`. Default: everyone on a session but cancelled ones, plus invitees who have not declined.',
    ),
});
export type EventUsersSavedListQuery = z.infer<typeof eventUsersSavedListQuerySchema>;

export const eventSavedListUserSchema = z
  .object({
    id: z.number().int().describe('The user.'),
    first_name: z.string().describe('First name.'),
    last_name: z.string().describe('Last name.'),
    email: z.string().nullable().describe('Primary email address; null for none.'),
    sessions: z
      .array(
        z.object({
          id: z.number().int().describe('The session.'),
          name: z.string().describe('The session’s name.'),
          status: z.enum(SESSION_ATTENDEE_STATUSES).describe('The user’s status on it.'),
        }),
      )
      .describe('The event’s sessions the user is on (within the chosen statuses), by start.'),
    invitation_status: z
      .enum(EVENT_INVITATION_STATUSES)
      .nullable()
      .describe('The user’s invitation to the event; null when not invited.'),
  })
  .describe('A person on the saved list.');

export const eventUsersSavedListResponseSchema = z.object({
  data: z
    .object({
      name: z.string().describe('A name for the list, from the event, e.g. "Spring beach clean: people".'),
      type: z.literal('users').describe('What the list holds: users.'),
      event_id: eventId,
      user_ids: z.array(z.number().int()).describe('Every user on the list, in the order of `users`.'),
      users: z.array(eventSavedListUserSchema).describe('The people, by last name then first name.'),
    })
    .describe('The event’s people as a saved list, to email or export.'),
});
export type EventUsersSavedListResponse = z.infer<typeof eventUsersSavedListResponseSchema>;
