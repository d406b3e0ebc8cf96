import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createUser } from '../../test/factories/user.js';
import { statementsDuring } from '../../test/statements.js';
import { findUserById } from './repository.js';

let ctx: TestContext;
let organisationId: number;
let otherOrganisationId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db)).id;
  otherOrganisationId = (await createOrganisation(ctx.db)).id;
});
afterAll(() => ctx?.close());

describe('findUserById', () => {
  it('answers the organisation’s user, never another organisation’s, built once and then only executed', async () => {
    const user = await createUser(ctx.db, organisationId, { email: null });
    const stranger = await createUser(ctx.db, otherOrganisationId, { email: null });
    await findUserById(ctx.db, organisationId, user.id);
    const { executed, built } = await statementsDuring(async () => {
      expect((await findUserById(ctx.db, organisationId, user.id))?.id).toBe(user.id);
      expect(await findUserById(ctx.db, organisationId, stranger.id)).toBeNull();
      expect(await findUserById(ctx.db, organisationId, 2_000_000_000)).toBeNull();
    });
    expect(executed).toHaveLength(3);
    // A named prepared statement: a signed-in submit reads the caller's row on every request.
    expect(built).toEqual([]);
  });
});
