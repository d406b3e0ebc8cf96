import { describe, expect, it } from 'vitest';
import { todayIn } from './today-in.js';

describe('todayIn', () => {
  it('turns the day at midnight in the zone, to the millisecond, one call after another', () => {
    expect(todayIn('Europe/London', new Date('2026-06-30T22:59:00.000Z'))).toBe('2026-06-30');
    expect(todayIn('Europe/London', new Date('2026-06-30T22:59:59.999Z'))).toBe('2026-06-30');
    expect(todayIn('Europe/London', new Date('2026-06-30T23:00:00.000Z'))).toBe('2026-07-01');
    expect(todayIn('Europe/London', new Date('2026-06-30T22:59:30.000Z'))).toBe('2026-06-30');
    expect(todayIn('Pacific/Chatham', new Date('2026-11-25T10:14:59.999Z'))).toBe('2026-11-25');
    expect(todayIn('Pacific/Chatham', new Date('2026-11-25T10:15:00.000Z'))).toBe('2026-11-26');
  });

  it('turns it within a minute where the zone’s midnight is not on a whole minute (Monrovia, 1970)', () => {
    expect(todayIn('Africa/Monrovia', new Date('1970-01-02T00:44:29.999Z'))).toBe('1970-01-01');
    expect(todayIn('Africa/Monrovia', new Date('1970-01-02T00:44:30.000Z'))).toBe('1970-01-02');
    expect(todayIn('Africa/Monrovia', new Date('1970-01-02T00:44:29.000Z'))).toBe('1970-01-01');
  });

  it('answers the day in London for an unknown zone', () => {
    expect(todayIn('Nowhere/Atlantis', new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(todayIn('Nowhere/Atlantis', new Date('2026-06-30T22:30:00Z'))).toBe('2026-06-30');
  });
});
