import { and, asc, count, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ReferenceStatus } from '@muster/contract';
import type { Executor } from '../../db/client.js';
import {
  applicationReferences,
  applications,
  opportunities,
  referenceAnswers,
  referenceQuestions,
  referenceRequests,
  users,
} from '../../db/schema/index.js';

export type ReferenceQuestionRow = typeof referenceQuestions.$inferSelect;

/** The organisation's reference questions, in the order the form asks them. */
export async function listReferenceQuestions(
  db: Executor,
  organisationId: number,
): Promise<ReferenceQuestionRow[]> {
  return db
    .select()
    .from(referenceQuestions)
    .where(eq(referenceQuestions.organisationId, organisationId))
    .orderBy(asc(referenceQuestions.position), asc(referenceQuestions.id));
}

/** The application's referees a request was already sent to: they are locked (applicant-flow §2.7). */
export async function listLockedReferees(
  db: Executor,
  organisationId: number,
  applicationId: number,
): Promise<Array<{ id: number; email: string | null }>> {
  return db
    .select({ id: applicationReferences.id, email: applicationReferences.email })
    .from(applicationReferences)
    .where(
      and(
        eq(applicationReferences.organisationId, organisationId),
        eq(applicationReferences.applicationId, applicationId),
        isNotNull(applicationReferences.requestSentAt),
      ),
    );
}

/** The application's referees with an email address that no request was sent to yet, in form order. */
export async function listUnsentEmailReferees(
  db: Executor,
  organisationId: number,
  applicationId: number,
): Promise<Array<{ id: number; firstName: string; email: string }>> {
  const rows = await db
    .select({
      id: applicationReferences.id,
      firstName: applicationReferences.firstName,
      email: applicationReferences.email,
    })
    .from(applicationReferences)
    .where(
      and(
        eq(applicationReferences.organisationId, organisationId),
        eq(applicationReferences.applicationId, applicationId),
        isNull(applicationReferences.requestSentAt),
        isNotNull(applicationReferences.email),
      ),
    )
    .orderBy(asc(applicationReferences.position), asc(applicationReferences.id));
  return rows.flatMap((row) => (row.email === null ? [] : [{ ...row, email: row.email }]));
}

/**
 * Records a request sent to a referee: the request row with the token's hash, and
 * `requestSentAt` on the referee, which locks them.
 */
export async function insertReferenceRequest(
  db: Executor,
  input: { organisationId: number; referenceId: number; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(referenceRequests).values({
    organisationId: input.organisationId,
    referenceId: input.referenceId,
    tokenHash: input.tokenHash,
    expiresAt: input.expiresAt,
    createdAt: input.now,
    updatedAt: input.now,
  });
  await db
    .update(applicationReferences)
    .set({ requestSentAt: input.now })
    .where(
      and(
        eq(applicationReferences.organisationId, input.organisationId),
        eq(applicationReferences.id, input.referenceId),
      ),
    );
}

/** A request found by its token's hash, with who and what the reference is for. */
export type FoundReferenceRequest = {
  id: number;
  referenceId: number;
  expiresAt: Date;
  answeredAt: Date | null;
  declinedAt: Date | null;
  draftAnswers: Record<string, string> | null;
  referee: { firstName: string; lastName: string };
  applicant: { firstName: string; lastName: string };
  opportunity: { id: number; displayName: string };
};

/** The organisation's request whose token hashes to `tokenHash`; null when there is none. */
export async function findReferenceRequestByHash(
  db: Executor,
  organisationId: number,
  tokenHash: string,
): Promise<FoundReferenceRequest | null> {
  const [row] = await db
    .select({
      id: referenceRequests.id,
      referenceId: referenceRequests.referenceId,
      expiresAt: referenceRequests.expiresAt,
      answeredAt: referenceRequests.answeredAt,
      declinedAt: referenceRequests.declinedAt,
      draftAnswers: referenceRequests.draftAnswers,
      refereeFirstName: applicationReferences.firstName,
      refereeLastName: applicationReferences.lastName,
      applicantFirstName: users.firstName,
      applicantLastName: users.lastName,
      opportunityId: opportunities.id,
      opportunityName: opportunities.displayName,
    })
    .from(referenceRequests)
    .innerJoin(
      applicationReferences,
      and(
        eq(applicationReferences.id, referenceRequests.referenceId),
        eq(applicationReferences.organisationId, organisationId),
      ),
    )
    .innerJoin(
      applications,
      and(
        eq(applications.id, applicationReferences.applicationId),
        eq(applications.organisationId, organisationId),
      ),
    )
    .innerJoin(users, and(eq(users.id, applications.userId), eq(users.organisationId, organisationId)))
    .innerJoin(
      opportunities,
      and(eq(opportunities.id, applications.opportunityId), eq(opportunities.organisationId, organisationId)),
    )
    .where(
      and(eq(referenceRequests.organisationId, organisationId), eq(referenceRequests.tokenHash, tokenHash)),
    )
    .limit(1);
  if (!row) {
    return null;
  }
  return {
    id: row.id,
    referenceId: row.referenceId,
    expiresAt: row.expiresAt,
    answeredAt: row.answeredAt,
    declinedAt: row.declinedAt,
    draftAnswers: row.draftAnswers,
    referee: { firstName: row.refereeFirstName, lastName: row.refereeLastName },
    applicant: { firstName: row.applicantFirstName, lastName: row.applicantLastName },
    opportunity: { id: row.opportunityId, displayName: row.opportunityName },
  };
}

/**
 * Uses up the request's link at `now` in one statement, so that of two posts at once only one
 * wins: answers whether this call did (false when it was already used or has expired).
 */
export async function consumeReferenceRequest(
  db: Executor,
  organisationId: number,
  requestId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(referenceRequests)
    .set({ answeredAt: now, draftAnswers: null, updatedAt: now })
    .where(openRequestWhere(organisationId, requestId, now))
    .returning({ id: referenceRequests.id });
  return rows.length > 0;
}

/** Stores a referee's answers. */
export async function insertReferenceAnswers(
  db: Executor,
  rows: Array<Omit<typeof referenceAnswers.$inferInsert, 'id'>>,
): Promise<void> {
  if (rows.length > 0) {
    await db.insert(referenceAnswers).values(rows);
  }
}

/** The request, while its link still works at `now`: neither used, declined nor expired. */
function openRequestWhere(organisationId: number, requestId: number, now: Date) {
  return and(
    eq(referenceRequests.organisationId, organisationId),
    eq(referenceRequests.id, requestId),
    isNull(referenceRequests.answeredAt),
    isNull(referenceRequests.declinedAt),
    gt(referenceRequests.expiresAt, now),
  );
}

/** Keeps answers the referee will finish later, while the link still works; answers whether it did. */
export async function saveReferenceDraft(
  db: Executor,
  organisationId: number,
  requestId: number,
  answers: Record<string, string>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(referenceRequests)
    .set({ draftAnswers: answers, updatedAt: now })
    .where(openRequestWhere(organisationId, requestId, now))
    .returning({ id: referenceRequests.id });
  return rows.length > 0;
}

/** Records that the referee declined, using the link up, while it still works; answers whether it did. */
export async function declineReferenceRequest(
  db: Executor,
  organisationId: number,
  requestId: number,
  reason: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(referenceRequests)
    .set({ declinedAt: now, declineReason: reason, draftAnswers: null, updatedAt: now })
    .where(openRequestWhere(organisationId, requestId, now))
    .returning({ id: referenceRequests.id });
  return rows.length > 0;
}

/** Where a referee's reference stands at `now`, as SQL (see `REFERENCE_STATUSES`). */
function statusAt(now: Date) {
  return sql<ReferenceStatus>`case
    when ${referenceRequests.id} is null then 'not_requested'
    when ${referenceRequests.declinedAt} is not null then 'declined'
    when ${referenceRequests.answeredAt} is not null then 'answered'
    when ${referenceRequests.expiresAt} <= ${now.toISOString()}::timestamptz then 'expired'
    else 'awaiting' end`;
}

/**
 * A page of the organisation's referees with their requests, by application then position;
 * optionally of one application or in one state. Answers the rows and how many match.
 */
export async function listReferenceOverview(
  db: Executor,
  organisationId: number,
  query: { page: number; perPage: number; applicationId?: number; status?: ReferenceStatus; now: Date },
) {
  const status = statusAt(query.now);
  const where = and(
    eq(applicationReferences.organisationId, organisationId),
    query.applicationId === undefined
      ? undefined
      : eq(applicationReferences.applicationId, query.applicationId),
    query.status === undefined ? undefined : sql`${status} = ${query.status}`,
  );
  const rows = await db
    .select({ referee: applicationReferences, request: referenceRequests, status })
    .from(applicationReferences)
    .leftJoin(
      referenceRequests,
      and(
        eq(referenceRequests.referenceId, applicationReferences.id),
        eq(referenceRequests.organisationId, organisationId),
      ),
    )
    .where(where)
    .orderBy(
      asc(applicationReferences.applicationId),
      asc(applicationReferences.position),
      asc(applicationReferences.id),
    )
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [counted] = await db
    .select({ total: count() })
    .from(applicationReferences)
    .leftJoin(
      referenceRequests,
      and(
        eq(referenceRequests.referenceId, applicationReferences.id),
        eq(referenceRequests.organisationId, organisationId),
      ),
    )
    .where(where);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** The answers given by these referees, in order. */
export async function listReferenceAnswers(db: Executor, organisationId: number, refereeIds: number[]) {
  if (refereeIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(referenceAnswers)
    .where(
      and(
        eq(referenceAnswers.organisationId, organisationId),
        inArray(referenceAnswers.referenceId, refereeIds),
      ),
    )
    .orderBy(asc(referenceAnswers.referenceId), asc(referenceAnswers.position));
}
