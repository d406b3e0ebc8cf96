import { describe, expect, it } from 'vitest';
import { consentLogAuthor, describeConsentLog, formatConsentLogTime, sortConsentLogs } from './consent-log';

const london = { alias: 'BST', offset: '+01:00', name: 'Europe/London' };

describe('consent history sentences', () => {
  it('no old value: Updated selection to "X" on date time tz', () => {
    expect(
      describeConsentLog({ id: 1, created_at: '2024-05-01T09:05:00Z', old_value: null, new_value: 'Yes', timezone_data: london }),
    ).toBe('Updated selection to "Yes" on 01/05/2024 10:05 BST');
  });

  it('no new value: Removed selection on date time tz', () => {
    expect(
      describeConsentLog({ id: 2, created_at: '2024-12-24T23:30:00Z', old_value: 'Yes', new_value: null, timezone_data: london }),
    ).toBe('Removed selection on 24/12/2024 23:30 BST');
  });

  it('both: Updated selection from "X" to "Y" on date time tz', () => {
    expect(
      describeConsentLog({
        id: 3,
        created_at: '2024-01-02 03:04:05',
        old_value: 'No',
        new_value: 'Yes',
        timezone_data: { alias: null, offset: '-05:00', name: 'America/New_York' },
      }),
    ).toBe('Updated selection from "No" to "Yes" on 01/01/2024 22:04 America/New_York');
  });
});

describe('formatConsentLogTime', () => {
  it("formats in the entry's own time zone, with its alias or name", () => {
    expect(formatConsentLogTime('2024-07-01T12:00:00Z', { alias: 'AEST', name: 'Australia/Sydney' })).toBe('01/07/2024 22:00 AEST');
    expect(formatConsentLogTime('2024-07-01T12:00:00Z', { name: 'Asia/Kolkata' })).toBe('01/07/2024 17:30 Asia/Kolkata');
  });

  it('uses the offset when the name is not a known zone, and Europe/London without any', () => {
    expect(formatConsentLogTime('2024-07-01T12:00:00Z', { alias: 'X', offset: '+02:00', name: 'Not/AZone' })).toBe('01/07/2024 14:00 X');
    expect(formatConsentLogTime('2024-01-15T08:00:00Z', null)).toBe('15/01/2024 08:00 Europe/London');
  });
});

describe('consentLogAuthor', () => {
  it('names the creator, or the parent/guardian when the creator is absent', () => {
    expect(consentLogAuthor({ id: 1, created_at: '2024-01-01T00:00:00Z', created_by: { display_name: 'Jo Admin' } })).toBe(
      'Updated by Jo Admin',
    );
    expect(consentLogAuthor({ id: 1, created_at: '2024-01-01T00:00:00Z', created_by: null })).toBe('Updated by parent/guardian');
  });
});

describe('sortConsentLogs', () => {
  it('puts the latest first', () => {
    const sorted = sortConsentLogs([
      { id: 'a', created_at: '2024-01-01T00:00:00Z' },
      { id: 'c', created_at: '2024-03-01T00:00:00Z' },
      { id: 'b', created_at: '2024-02-01T00:00:00Z' },
    ]);
    expect(sorted.map((entry) => entry.id)).toEqual(['c', 'b', 'a']);
  });
});
