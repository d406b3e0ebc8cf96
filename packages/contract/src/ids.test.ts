import { describe, expect, it } from 'vitest';
import { MAX_ROW_ID, parseRowId, rowIdParam } from './ids.js';

describe('row ids', () => {
  it('reads integer ids within the PostgreSQL integer range', () => {
    expect(parseRowId('1')).toBe(1);
    expect(parseRowId(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
  });

  it('refuses what cannot name a row (issue 10, finding 12: 2147483648 reached an integer column)', () => {
    for (const raw of ['0', '-1', '01', '1.0', '1.5', '1e3', 'abc', '', '2147483648', '99999999999999999999']) {
      expect(parseRowId(raw)).toBeNull();
    }
    expect(rowIdParam('A team is named by its number.').safeParse('2147483648').success).toBe(false);
  });
});
