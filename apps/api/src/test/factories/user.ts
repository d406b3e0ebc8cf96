import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { insertUser, type UserInput } from '../../db/seed/builders.js';
import { seedUserStatuses } from '../../db/seed/reference-data.js';

/**
 * A user of the organisation with a primary email (unique unless given; `email: null` for none).
 * Pass `password` to store its argon2id hash. Loads the user statuses first, since every user
 * row refers to one.
 */
export async function createUser(db: Executor, organisationId: number, overrides: Partial<UserInput> = {}) {
  await seedUserStatuses(db);
  const suffix = randomBytes(4).toString('hex');
  return insertUser(db, organisationId, {
    firstName: 'Test',
    lastName: `User ${suffix}`,
    dob: '1990-01-01',
    email: `user-${suffix}@example.test`,
    ...overrides,
  });
}
