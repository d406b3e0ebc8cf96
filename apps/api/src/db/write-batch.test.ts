import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.js';
import { createOrganisation } from '../test/factories/organisation.js';
import { createUser } from '../test/factories/user.js';
import { statementsDuring } from '../test/statements.js';
import { userEmailAddresses, userSupervisors } from './schema/index.js';
import { ready, TransactionNeededError, write, WriteBatch } from './write-batch.js';

let ctx: TestContext;
let organisationId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db)).id;
});
afterAll(() => ctx?.close());

const emailsOf = (userId: number) =>
  ctx.db.select().from(userEmailAddresses).where(eq(userEmailAddresses.userId, userId));

describe('a write batch', () => {
  it('sends its queued inserts as one statement when flushed, and nothing before', async () => {
    const user = await createUser(ctx.db, organisationId, { email: null });
    const supervisor = await createUser(ctx.db, organisationId, { email: null });
    const batch = new WriteBatch(ctx.db);
    const { executed } = await statementsDuring(async () => {
      await write(batch, (db) =>
        db.insert(userEmailAddresses).values({ organisationId, userId: user.id, email: 'one@example.test' }),
      );
      await write(batch, (db) =>
        db.insert(userSupervisors).values({ userId: user.id, supervisorUserId: supervisor.id }),
      );
      expect(batch.size).toBe(2);
      expect(await emailsOf(user.id)).toEqual([]);
      await batch.flush();
    });
    // The check above read the table once; the two inserts went as one statement.
    const writes = executed.filter((text) => /insert into/.test(text));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(
      /^with "w0" as \(insert into "user_email_addresses".*\), "w1" as \(insert into "user_supervisors"/,
    );
    expect(batch.size).toBe(0);
    expect((await emailsOf(user.id)).map((row) => row.email)).toEqual(['one@example.test']);
  });

  it('writes all of a batch or none of it: one failing insert keeps the others out', async () => {
    const user = await createUser(ctx.db, organisationId, { email: null });
    const batch = new WriteBatch(ctx.db);
    await write(batch, (db) =>
      db.insert(userEmailAddresses).values({ organisationId, userId: user.id, email: 'kept@example.test' }),
    );
    // A supervisor who does not exist: the foreign key refuses the row, and with it the statement.
    await write(batch, (db) =>
      db.insert(userSupervisors).values({ userId: user.id, supervisorUserId: 2_000_000_000 }),
    );
    await expect(batch.flush()).rejects.toThrow();
    expect(await emailsOf(user.id)).toEqual([]);
  });

  it('sends what is queued before a statement that must run at once (ready), so that it sees those rows', async () => {
    const user = await createUser(ctx.db, organisationId, { email: null });
    const batch = new WriteBatch(ctx.db);
    await write(batch, (db) =>
      db.insert(userEmailAddresses).values({ organisationId, userId: user.id, email: 'seen@example.test' }),
    );
    const db = await ready(batch);
    expect(batch.size).toBe(0);
    const rows = await db.select().from(userEmailAddresses).where(eq(userEmailAddresses.userId, user.id));
    expect(rows.map((row) => row.email)).toEqual(['seen@example.test']);
  });

  it('outside a transaction, refuses to answer an executor for a statement of its own (the work must move into one)', async () => {
    const user = await createUser(ctx.db, organisationId, { email: null });
    const batch = new WriteBatch(ctx.db, false);
    await write(batch, (db) =>
      db.insert(userEmailAddresses).values({ organisationId, userId: user.id, email: 'alone@example.test' }),
    );
    await expect(ready(batch)).rejects.toBeInstanceOf(TransactionNeededError);
    // Nothing queued was sent.
    expect(await emailsOf(user.id)).toEqual([]);
    await batch.flush();
    expect(await emailsOf(user.id)).toHaveLength(1);
  });

  it('runs a write at once when given an executor, and sends nothing when flushed empty', async () => {
    const user = await createUser(ctx.db, organisationId, { email: null });
    await write(ctx.db, (db) =>
      db.insert(userEmailAddresses).values({ organisationId, userId: user.id, email: 'now@example.test' }),
    );
    expect(await emailsOf(user.id)).toHaveLength(1);
    const { executed } = await statementsDuring(() => new WriteBatch(ctx.db).flush());
    expect(executed).toEqual([]);
  });
});
