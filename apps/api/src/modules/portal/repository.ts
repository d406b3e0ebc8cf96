import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  applicationDocuments,
  applicationQuestionAnswerFiles,
  applicationQuestionAnswers,
  applicationReferences,
  applications,
  documentTypes,
  files,
  opportunities,
  questionOptions,
  questions,
  referenceRequests,
  roleProfiles,
  teams,
  userRoles,
  users,
} from '../../db/schema/index.js';

/** True when the user belongs to the organisation. */
export async function userExists(db: Executor, organisationId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** The user's applications with their opportunity, newest first. */
export async function listApplicationsOfUser(db: Executor, organisationId: number, userId: number) {
  return db
    .select({
      id: applications.id,
      status: applications.status,
      createdAt: applications.createdAt,
      completedAt: applications.completedAt,
      opportunityId: opportunities.id,
      opportunitySlug: opportunities.slug,
      opportunityName: opportunities.displayName,
    })
    .from(applications)
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .where(and(eq(applications.organisationId, organisationId), eq(applications.userId, userId)))
    .orderBy(desc(applications.createdAt), desc(applications.id));
}

/** One application of the user with its opportunity, or null. */
export async function findApplicationOfUser(
  db: Executor,
  organisationId: number,
  userId: number,
  applicationId: number,
) {
  const [row] = await db
    .select({
      id: applications.id,
      status: applications.status,
      createdAt: applications.createdAt,
      completedAt: applications.completedAt,
      opportunityId: opportunities.id,
      opportunitySlug: opportunities.slug,
      opportunityName: opportunities.displayName,
    })
    .from(applications)
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .where(
      and(
        eq(applications.organisationId, organisationId),
        eq(applications.userId, userId),
        eq(applications.id, applicationId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The application's custom question answers with their question, in question order. */
export async function listApplicationAnswers(db: Executor, organisationId: number, applicationId: number) {
  return db
    .select({
      id: applicationQuestionAnswers.id,
      questionId: questions.id,
      question: questions.name,
      type: questions.type,
      value: applicationQuestionAnswers.value,
    })
    .from(applicationQuestionAnswers)
    .innerJoin(questions, eq(questions.id, applicationQuestionAnswers.questionId))
    .where(
      and(
        eq(applicationQuestionAnswers.organisationId, organisationId),
        eq(applicationQuestionAnswers.applicationId, applicationId),
      ),
    )
    .orderBy(asc(applicationQuestionAnswers.id));
}

/** The options of the given questions (to show a chosen value as its label). */
export async function listOptionsOfQuestions(db: Executor, organisationId: number, questionIds: number[]) {
  if (questionIds.length === 0) {
    return [];
  }
  return db
    .select({
      questionId: questionOptions.questionId,
      value: questionOptions.value,
      display: questionOptions.display,
    })
    .from(questionOptions)
    .where(
      and(
        eq(questionOptions.organisationId, organisationId),
        inArray(questionOptions.questionId, questionIds),
      ),
    );
}

/** The files of the given answers, in order. */
export async function listAnswerFiles(db: Executor, organisationId: number, answerIds: number[]) {
  if (answerIds.length === 0) {
    return [];
  }
  return db
    .select({ answerId: applicationQuestionAnswerFiles.answerId, name: files.originalName })
    .from(applicationQuestionAnswerFiles)
    .innerJoin(files, eq(files.id, applicationQuestionAnswerFiles.fileId))
    .where(
      and(
        eq(applicationQuestionAnswerFiles.organisationId, organisationId),
        inArray(applicationQuestionAnswerFiles.answerId, answerIds),
      ),
    )
    .orderBy(asc(applicationQuestionAnswerFiles.position));
}

/** The application's supporting documents with their type. */
export async function listApplicationDocuments(db: Executor, organisationId: number, applicationId: number) {
  return db
    .select({ type: documentTypes.name, fileName: files.originalName })
    .from(applicationDocuments)
    .innerJoin(documentTypes, eq(documentTypes.id, applicationDocuments.documentTypeId))
    .innerJoin(files, eq(files.id, applicationDocuments.fileId))
    .where(
      and(
        eq(applicationDocuments.organisationId, organisationId),
        eq(applicationDocuments.applicationId, applicationId),
      ),
    )
    .orderBy(asc(applicationDocuments.id));
}

/** The application's referees in order, and the ids of those who have answered. */
export async function listApplicationReferees(db: Executor, organisationId: number, applicationId: number) {
  const referees = await db
    .select({
      id: applicationReferences.id,
      firstName: applicationReferences.firstName,
      lastName: applicationReferences.lastName,
    })
    .from(applicationReferences)
    .where(
      and(
        eq(applicationReferences.organisationId, organisationId),
        eq(applicationReferences.applicationId, applicationId),
      ),
    )
    .orderBy(asc(applicationReferences.position), asc(applicationReferences.id));
  const answered =
    referees.length === 0
      ? []
      : await db
          .select({ referenceId: referenceRequests.referenceId })
          .from(referenceRequests)
          .where(
            and(
              eq(referenceRequests.organisationId, organisationId),
              inArray(
                referenceRequests.referenceId,
                referees.map((referee) => referee.id),
              ),
              isNotNull(referenceRequests.answeredAt),
            ),
          );
  return { referees, answeredIds: new Set(answered.map((row) => row.referenceId)) };
}

/** One team of the organisation, or null. */
export async function findTeam(db: Executor, organisationId: number, teamId: number) {
  const [row] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organisationId, organisationId), eq(teams.id, teamId)))
    .limit(1);
  return row ?? null;
}

/** Names of the user's roles in the team that have not ended before `today` (YYYY-MM-DD). */
export async function listRolesInTeam(
  db: Executor,
  organisationId: number,
  userId: number,
  teamId: number,
  today: string,
) {
  const rows = await db
    .select({ name: roleProfiles.displayName })
    .from(userRoles)
    .innerJoin(roleProfiles, eq(roleProfiles.id, userRoles.roleProfileId))
    .where(
      and(
        eq(userRoles.organisationId, organisationId),
        eq(userRoles.userId, userId),
        eq(userRoles.teamId, teamId),
        or(isNull(userRoles.endDate), gte(userRoles.endDate, today)),
      ),
    )
    .orderBy(asc(roleProfiles.displayName));
  return rows.map((row) => row.name);
}
