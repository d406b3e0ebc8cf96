import { describe, expect, it } from 'vitest';
import { IdBlocks } from './id-blocks.js';

type Name = 'users' | 'applications';

/** A pool over counters standing in for sequences, recording each refill and what it went through. */
function countersPool(blockSize: number) {
  const next = { users: 1, applications: 100 };
  const refills: Array<{ names: Name[]; count: number; via: string }> = [];
  const pool = new IdBlocks<Name, string>(blockSize, async (names, count, via) => {
    refills.push({ names, count, via });
    await Promise.resolve();
    return new Map(
      names.map((name) => {
        const start = next[name];
        next[name] += count;
        return [name, Array.from({ length: count }, (_, index) => start + index)];
      }),
    );
  });
  return { pool, refills };
}

describe('ids taken a block at a time', () => {
  it('refills once per block and hands the block out in rising order', async () => {
    const { pool, refills } = countersPool(3);
    const taken: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      taken.push((await pool.take(['users'], 'db')).get('users') ?? -1);
    }
    expect(taken).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(refills.map((refill) => refill.count)).toEqual([3, 3, 3]);
  });

  it('refills only the sequences run dry, through the caller’s connection', async () => {
    const { pool, refills } = countersPool(2);
    expect([...(await pool.take(['users', 'applications'], 'first'))]).toEqual([
      ['users', 1],
      ['applications', 100],
    ]);
    await pool.take(['users'], 'second');
    expect([...(await pool.take(['users', 'applications'], 'transaction'))]).toEqual([
      ['users', 3],
      ['applications', 101],
    ]);
    expect(refills).toEqual([
      { names: ['users', 'applications'], count: 2, via: 'first' },
      { names: ['users'], count: 2, via: 'transaction' },
    ]);
  });

  it('takes nothing, and sends nothing, when no id is wanted', async () => {
    const { pool, refills } = countersPool(2);
    expect((await pool.take([], 'db')).size).toBe(0);
    expect(refills).toEqual([]);
  });

  it('never hands one id out twice to requests taking at the same time', async () => {
    const { pool } = countersPool(4);
    const taken = await Promise.all(
      Array.from({ length: 50 }, async () => (await pool.take(['users', 'applications'], 'db')).get('users')),
    );
    expect(new Set(taken).size).toBe(50);
  });

  it('refills again a sequence another request ran dry while this one waited', async () => {
    const { pool } = countersPool(2);
    await pool.take(['users'], 'db');
    // One user id is left and no application id: this take waits for applications' refill…
    const first = pool.take(['users', 'applications'], 'db');
    // …while this one takes the last user id.
    const second = pool.take(['users'], 'db');
    const [both, usersOnly] = await Promise.all([first, second]);
    expect(new Set([both.get('users'), usersOnly.get('users')]).size).toBe(2);
  });

  it('refuses a block of no ids, and a refill that gives none', async () => {
    expect(() => new IdBlocks<Name, string>(0, () => Promise.resolve(new Map<Name, number[]>()))).toThrow(
      RangeError,
    );
    const dry = new IdBlocks<Name, string>(5, () => Promise.resolve(new Map([['users', []]])));
    await expect(dry.take(['users'], 'db')).rejects.toThrow('the sequence of users gave no ids');
  });
});
