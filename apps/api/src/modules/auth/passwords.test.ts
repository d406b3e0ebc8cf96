import { describe, expect, it } from 'vitest';
import { hash, type Algorithm } from '@node-rs/argon2';
import {
  ARGON2_CONCURRENCY,
  argon2Queue,
  hashPassword,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id, 19 MiB, 2 passes, 1 lane, and verifies', async () => {
    const hash = await hashPassword('Volunteer123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Volunteer123')).toBe(true);
    expect(await verifyPassword(hash, 'volunteer123')).toBe(false);
  });

  it('verifies a hash made with other parameters (12 MiB, 3 passes), which its PHC string carries', async () => {
    const other = await hash('Volunteer123', {
      algorithm: 2 as Algorithm,
      memoryCost: 12288,
      timeCost: 3,
      parallelism: 1,
    });
    expect(other).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect(await verifyPassword(other, 'Volunteer123')).toBe(true);
    expect(await verifyPassword(other, 'Volunteer124')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('Volunteer123')).not.toBe(await hashPassword('Volunteer123'));
  });

  it('answers false for a malformed hash instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'Volunteer123')).toBe(false);
  });

  it('spends a real check on the dummy hash', async () => {
    await verifyAgainstDummy('warm-up');
    const started = performance.now();
    expect(await verifyAgainstDummy('Volunteer123')).toBe(false);
    // An argon2id check with these parameters takes milliseconds, not microseconds.
    expect(performance.now() - started).toBeGreaterThan(2);
  });

  it('runs at most one argon2 computation per core at once; the others wait their turn and all answer', async () => {
    const hash = await hashPassword('Volunteer123');
    const checks = Array.from({ length: ARGON2_CONCURRENCY * 2 + 1 }, (_, index) =>
      verifyPassword(hash, index % 2 === 0 ? 'Volunteer123' : 'wrong'),
    );
    await Promise.resolve();
    expect(argon2Queue()).toEqual({ running: ARGON2_CONCURRENCY, waiting: ARGON2_CONCURRENCY + 1 });
    const answers = await Promise.all(checks);
    expect(answers).toEqual(checks.map((_, index) => index % 2 === 0));
    expect(argon2Queue()).toEqual({ running: 0, waiting: 0 });
  });
});
