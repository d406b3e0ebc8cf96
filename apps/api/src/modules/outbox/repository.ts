import { desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';
import { assertInserted } from '../../db/rows.js';

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = typeof outboxMessages.$inferInsert;

/** Stores one outgoing message before any transport sees it, so a crash mid-send still leaves a record. */
export async function insertOutboxMessage(
  db: Executor,
  message: NewOutboxMessage,
): Promise<OutboxMessageRow> {
  const [row] = await db.insert(outboxMessages).values(message).returning();
  assertInserted(row, 'outbox');
  return row;
}

/**
 * Records that the transport accepted the message, replacing its bodies with `redacted` ones:
 * once it has left, the stored copy is audit only and must not hold working links or codes.
 */
export async function markOutboxMessageSent(
  db: Executor,
  id: number,
  sentAt: Date,
  redacted: { text: string; html: string | null },
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ sentAt, error: null, text: redacted.text, html: redacted.html })
    .where(eq(outboxMessages.id, id));
}

/** Deletes messages created before `before` (sent, stored-only or failed alike); answers how many. */
export async function pruneOutboxMessages(db: Executor, before: Date): Promise<number> {
  const deleted = await db
    .delete(outboxMessages)
    .where(lt(outboxMessages.createdAt, before))
    .returning({ id: outboxMessages.id });
  return deleted.length;
}

/** Records why the transport refused the message. */
export async function markOutboxMessageFailed(db: Executor, id: number, error: string): Promise<void> {
  await db.update(outboxMessages).set({ error }).where(eq(outboxMessages.id, id));
}

/**
 * Stored messages newest first, across every organisation: the outbox is an install-wide log
 * (development page and audit), not a tenant resource. `to` matches case-insensitively.
 */
export async function listOutboxMessages(
  db: Executor,
  options: { limit: number; to?: string | undefined },
): Promise<OutboxMessageRow[]> {
  const where =
    options.to === undefined ? undefined : eq(sql`lower(${outboxMessages.to})`, options.to.toLowerCase());
  return db
    .select()
    .from(outboxMessages)
    .where(where)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(options.limit);
}

/**
 * Claims up to `limit` queued emails (a transport, not sent, no error; unclaimed or claimed
 * before `staleBefore`), skipping rows another dispatcher holds, so that several API processes
 * never send one message twice at the same time.
 */
export async function claimQueuedEmails(
  db: Executor,
  options: { limit: number; now: Date; staleBefore: Date },
): Promise<OutboxMessageRow[]> {
  const m = outboxMessages;
  return db
    .update(m)
    .set({ claimedAt: options.now })
    .where(
      sql`${m.id} in (select ${m.id} from ${m} where ${m.channel} = 'email' and ${m.transport} <> 'store'
        and ${m.sentAt} is null and ${m.error} is null
        and (${m.claimedAt} is null or ${m.claimedAt} < ${options.staleBefore.toISOString()}::timestamptz)
        order by ${m.id} limit ${options.limit} for update skip locked)`,
    )
    .returning();
}
