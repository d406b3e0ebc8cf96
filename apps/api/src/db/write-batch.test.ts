import { eq, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, createTestDatabase, type TestContext } from '../test/context.js';
import { createOrganisation } from '../test/factories/organisation.js';
import { createAttribute } from '../test/factories/opportunity.js';
import { createUser } from '../test/factories/user.js';
import { statementsDuring } from '../test/statements.js';
import { userAttributeValues, userEmailAddresses, userSupervisors } from './schema/index.js';
import type { Executor } from './client.js';
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

  it('runs each shape of batch as one named statement, so that PostgreSQL plans it once per connection', async () => {
    const user = await createUser(ctx.db, organisationId, { email: null });
    const names: Array<string | undefined> = [];
    const spies = [NodePgSession.prototype, PgliteSession.prototype].map((prototype) =>
      vi.spyOn(prototype, 'prepareQuery'),
    );
    const flush = async (executor: Executor, emails: string[]) => {
      const batch = new WriteBatch(executor);
      for (const email of emails) {
        await write(batch, (db) =>
          db.insert(userEmailAddresses).values({ organisationId, userId: user.id, email }),
        );
      }
      await batch.flush();
    };
    const prepared = await ctx.db.transaction(async (tx) => {
      try {
        await flush(tx, ['a1@example.test', 'a2@example.test']);
        await flush(tx, ['b1@example.test', 'b2@example.test']);
        // Another shape: three inserts.
        await flush(tx, ['c1@example.test', 'c2@example.test', 'c3@example.test']);
      } finally {
        const batches = spies.flatMap((spy) =>
          spy.mock.calls.filter(([query]) => query.sql.startsWith('with ')),
        );
        names.push(...batches.map((call) => call[2]));
        spies.forEach((spy) => spy.mockRestore());
      }
      // What the transaction's connection keeps (PGlite, in process, keeps no named statements).
      if (ctx.database.dialect !== 'postgres') {
        return null;
      }
      // Both drivers answer `{rows}`; the executor's type is loose over the two.
      const kept: unknown = await tx.execute(
        sql`select name from pg_prepared_statements where name like 'write_batch_%'`,
      );
      return (kept as { rows: Array<{ name: string }> }).rows.map((row) => row.name);
    });
    const [first, second, third] = names;
    expect(names).toHaveLength(3);
    expect(first).toMatch(/^write_batch_[0-9a-f]{24}$/);
    expect(second).toBe(first);
    expect(third).toMatch(/^write_batch_[0-9a-f]{24}$/);
    expect(third).not.toBe(first);
    if (prepared) {
      expect(prepared).toEqual(expect.arrayContaining([first, third]));
    }
    expect(await emailsOf(user.id)).toHaveLength(7);
  });

  it('lays a shape of plain inserts out once, then sends each later batch of it with only its own values', async () => {
    const [user, supervisor] = await Promise.all([
      createUser(ctx.db, organisationId, { email: null }),
      createUser(ctx.db, organisationId, { email: null }),
    ]);
    const [occupation, contact] = await Promise.all([
      createAttribute(ctx.db, organisationId),
      createAttribute(ctx.db, organisationId),
    ]);
    // Defaults, a boolean given, JSON, an upsert whose SET has a parameter of its own, DO NOTHING.
    const queue = (
      batch: WriteBatch,
      input: { email: string; primary?: boolean; value: string; at: Date },
    ) => {
      batch.add(
        batch.executor
          .insert(userEmailAddresses)
          .values({ organisationId, userId: user.id, email: input.email, primary: input.primary }),
      );
      batch.add(
        batch.executor
          .insert(userAttributeValues)
          .values([
            { organisationId, userId: user.id, attributeId: occupation.id, value: input.value },
            { organisationId, userId: user.id, attributeId: contact.id, value: [input.value, 'email'] },
          ])
          .onConflictDoUpdate({
            target: [userAttributeValues.userId, userAttributeValues.attributeId],
            set: {
              value: sql`excluded.${sql.identifier(userAttributeValues.value.name)}`,
              updatedAt: input.at,
            },
          }),
      );
      batch.add(
        batch.executor
          .insert(userSupervisors)
          .values({ userId: user.id, supervisorUserId: supervisor.id })
          .onConflictDoNothing(),
      );
    };
    const laidOut = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    const batchesLaidOut = () =>
      laidOut.mock.results.filter((result) => (result.value as { sql: string }).sql.startsWith('with '))
        .length;
    try {
      const first = new WriteBatch(ctx.db, false);
      queue(first, {
        email: 'first@example.test',
        primary: true,
        value: 'Nurse',
        at: new Date('2020-01-01T00:00:00Z'),
      });
      await first.flush();
      expect(batchesLaidOut()).toBe(1);

      const second = new WriteBatch(ctx.db, false);
      queue(second, {
        email: 'second@example.test',
        primary: false,
        value: 'Teacher',
        at: new Date('2021-06-01T12:00:00Z'),
      });
      const { executed } = await statementsDuring(() => second.flush());
      // The same shape: Drizzle built nothing, and the one statement carried the second values.
      expect(batchesLaidOut()).toBe(1);
      expect(executed).toHaveLength(1);

      // Another shape (the email's `primary` left to its default): laid out again.
      const third = new WriteBatch(ctx.db, false);
      queue(third, { email: 'third@example.test', value: 'Pilot', at: new Date('2022-03-03T03:03:03Z') });
      await third.flush();
      expect(batchesLaidOut()).toBe(2);
    } finally {
      laidOut.mockRestore();
    }
    const emails = await emailsOf(user.id);
    expect(
      emails.map(({ email, primary }) => ({ email, primary })).sort((a, b) => a.email.localeCompare(b.email)),
    ).toEqual([
      { email: 'first@example.test', primary: true },
      { email: 'second@example.test', primary: false },
      { email: 'third@example.test', primary: false },
    ]);
    const values = await ctx.db
      .select()
      .from(userAttributeValues)
      .where(eq(userAttributeValues.userId, user.id));
    // By attribute: the two attributes were made at once, so either may have the lower id.
    const byAttribute = new Map(
      values.map(({ attributeId, value, updatedAt }) => [
        attributeId,
        { value, updatedAt: updatedAt.toISOString() },
      ]),
    );
    expect(values).toHaveLength(2);
    expect(byAttribute.get(occupation.id)).toEqual({ value: 'Pilot', updatedAt: '2022-03-03T03:03:03.000Z' });
    expect(byAttribute.get(contact.id)).toEqual({
      value: ['Pilot', 'email'],
      updatedAt: '2022-03-03T03:03:03.000Z',
    });
    const supervisors = await ctx.db
      .select()
      .from(userSupervisors)
      .where(eq(userSupervisors.userId, user.id));
    expect(supervisors).toHaveLength(1);
  });

  it('reads the values of the second batch of a shape, not the first (the attribute upsert between them)', async () => {
    const user = await createUser(ctx.db, organisationId, { email: null });
    const attribute = await createAttribute(ctx.db, organisationId);
    const send = async (value: string, at: Date) => {
      const batch = new WriteBatch(ctx.db, false);
      batch.add(
        batch.executor
          .insert(userEmailAddresses)
          .values({ organisationId, userId: user.id, email: `shape-${value}@example.test` }),
      );
      batch.add(
        batch.executor
          .insert(userAttributeValues)
          .values({ organisationId, userId: user.id, attributeId: attribute.id, value })
          .onConflictDoUpdate({
            target: [userAttributeValues.userId, userAttributeValues.attributeId],
            set: { value: sql`excluded.${sql.identifier(userAttributeValues.value.name)}`, updatedAt: at },
          }),
      );
      await batch.flush();
    };
    await send('one', new Date('2020-01-01T00:00:00Z'));
    await send('two', new Date('2024-02-02T02:02:02Z'));
    const [row] = await ctx.db
      .select()
      .from(userAttributeValues)
      .where(eq(userAttributeValues.userId, user.id));
    expect(row?.value).toBe('two');
    expect(row?.updatedAt.toISOString()).toBe('2024-02-02T02:02:02.000Z');
    expect((await emailsOf(user.id)).map((email) => email.email).sort()).toEqual([
      'shape-one@example.test',
      'shape-two@example.test',
    ]);
  });

  it("names at most 16 shapes per database handle, and one handle never uses up another's", async () => {
    const other = await createTestDatabase();
    try {
      const otherDb = other.database.db;
      const otherOrganisation = (await createOrganisation(otherDb)).id;
      const otherUser = await createUser(otherDb, otherOrganisation, { email: null });
      const user = await createUser(ctx.db, organisationId, { email: null });
      const spies = [NodePgSession.prototype, PgliteSession.prototype].map((prototype) =>
        vi.spyOn(prototype, 'prepareQuery'),
      );
      const names: Array<string | undefined> = [];
      try {
        // 17 shapes on the other handle: batches of 2 to 18 inserts.
        for (let rows = 2; rows <= 18; rows += 1) {
          await otherDb.transaction(async (tx) => {
            const batch = new WriteBatch(tx);
            for (let row = 0; row < rows; row += 1) {
              await write(batch, (db) =>
                db.insert(userEmailAddresses).values({
                  organisationId: otherOrganisation,
                  userId: otherUser.id,
                  email: `cap-${String(rows)}-${String(row)}@example.test`,
                }),
              );
            }
            await batch.flush();
          });
        }
        // A shape this file's handle has not sent before (20 inserts).
        await ctx.db.transaction(async (tx) => {
          const batch = new WriteBatch(tx);
          for (let row = 0; row < 20; row += 1) {
            await write(batch, (db) =>
              db
                .insert(userEmailAddresses)
                .values({ organisationId, userId: user.id, email: `own-${String(row)}@example.test` }),
            );
          }
          await batch.flush();
        });
      } finally {
        const batches = spies.flatMap((spy) =>
          spy.mock.calls.filter(([query]) => query.sql.startsWith('with ')),
        );
        names.push(...batches.map((call) => call[2]));
        spies.forEach((spy) => spy.mockRestore());
      }
      expect(names).toHaveLength(18);
      const otherNames = names.slice(0, 17);
      expect(otherNames.slice(0, 16).every((name) => name?.startsWith('write_batch_'))).toBe(true);
      expect(new Set(otherNames.slice(0, 16)).size).toBe(16);
      // The 17th shape on that handle runs unnamed.
      expect(otherNames[16]).toBeUndefined();
      expect(names[17]).toMatch(/^write_batch_[0-9a-f]{24}$/);
      expect(await emailsOf(user.id)).toHaveLength(20);
    } finally {
      await other.drop();
    }
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
