import { describe, expect, it } from 'vitest';
import {
  eventBodySchema,
  eventInvitationBodySchema,
  eventSessionBodySchema,
  eventUsersSavedListQuerySchema,
  sessionsBulkUpdateAttendeesBodySchema,
  sessionsBulkUpdateBodySchema,
  sessionsBulkUpdateLocationBodySchema,
} from './events.js';

function errors(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

const times = { starts_at: '2030-04-12T10:00:00+01:00', ends_at: '2030-04-12T16:00:00Z' };

describe('event write schemas', () => {
  it('trims text, stores an empty description as null and leaves omitted fields absent', () => {
    expect(eventBodySchema.parse({ name: ' Beach clean ', description: '  ', ...times })).toEqual({
      name: 'Beach clean',
      description: null,
      ...times,
    });
    expect(eventSessionBodySchema.partial().parse({})).toEqual({});
  });

  it('answers sentences for a missing name, a time without offset, a bad status and capacity', () => {
    expect(
      errors(
        eventBodySchema.safeParse({
          name: '',
          starts_at: '2030-04-12 10:00',
          ends_at: times.ends_at,
          status: 'open',
          capacity: 0,
        }),
      ),
    ).toEqual({
      name: 'Please enter an event name.',
      starts_at: 'Please enter the start as a date and time, e.g. 2026-05-01T09:00:00Z.',
      status: 'The status must be draft, published or cancelled.',
      capacity: 'The capacity must be a whole number from 1 to 100000.',
    });
  });

  it('checks invitation addresses', () => {
    expect(errors(eventInvitationBodySchema.safeParse({ email: 'not an address' }))).toEqual({
      email: 'Please enter a valid email address.',
    });
  });
});

describe('named call bodies', () => {
  it('bulk-update needs ids and at least one change', () => {
    expect(errors(sessionsBulkUpdateBodySchema.safeParse({ ids: [], changes: {} }))).toEqual({
      ids: 'Please choose at least one session.',
      changes: 'Please choose at least one field to change.',
    });
    expect(
      errors(sessionsBulkUpdateBodySchema.safeParse({ ids: [1, 'two'], changes: { capacity: null } })),
    ).toEqual({
      'ids.1': 'Each session must be named by its id.',
    });
    expect(
      sessionsBulkUpdateBodySchema.safeParse({
        ids: Array.from({ length: 501 }, (_, i) => i + 1),
        changes: { name: 'x' },
      }).success,
    ).toBe(false);
  });

  it('bulk-update-location takes null or empty for the event’s location', () => {
    expect(sessionsBulkUpdateLocationBodySchema.parse({ ids: [1], location: ' ' })).toEqual({
      ids: [1],
      location: null,
    });
    expect(sessionsBulkUpdateLocationBodySchema.parse({ ids: [1], location: null }).location).toBeNull();
  });

  it('bulk-update-attendees needs someone to add or remove', () => {
    expect(
      errors(sessionsBulkUpdateAttendeesBodySchema.safeParse({ session_ids: [1], add_user_ids: [] })),
    ).toEqual({
      add_user_ids: 'Please choose at least one user to add or remove.',
    });
  });

  it('the saved list reads comma-separated statuses and refuses unknown ones', () => {
    expect(eventUsersSavedListQuerySchema.parse({ statuses: 'attended, confirmed,attended' })).toEqual({
      statuses: ['attended', 'confirmed'],
    });
    expect(eventUsersSavedListQuerySchema.parse({})).toEqual({ statuses: undefined });
    expect(eventUsersSavedListQuerySchema.safeParse({ statuses: 'present' }).success).toBe(false);
  });
});
