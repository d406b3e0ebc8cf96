import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
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
    .set({ answeredAt: now, updatedAt: now })
    .where(
      and(
        eq(referenceRequests.organisationId, organisationId),
        eq(referenceRequests.id, requestId),
        isNull(referenceRequests.answeredAt),
        gt(referenceRequests.expiresAt, now),
      ),
    )
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
