import { describe, expect, it } from 'vitest';
import { assertInserted, insertedRow } from './rows.js';

describe('inserted rows', () => {
  it('answers the single row an insert returned', () => {
    expect(insertedRow([{ id: 7 }], 'team')).toEqual({ id: 7 });
  });

  it('names what was inserted when nothing came back', () => {
    expect(() => insertedRow([], 'team')).toThrow('team insert returned nothing');
    expect(() => assertInserted(undefined, 'file')).toThrow('file insert returned nothing');
  });
});
