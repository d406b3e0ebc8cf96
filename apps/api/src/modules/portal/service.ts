import type { PortalApplication, PortalApplicationSummary, PortalTeam } from '@muster/contract';
import { VIEW_USERS, type Viewer } from '../users/service.js';
import type { Executor } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import type { CustomFieldValue } from '../../db/schema/index.js';
import {
  findApplicationOfUser,
  findTeam,
  listAnswerFiles,
  listApplicationAnswers,
  listApplicationDocuments,
  listApplicationReferees,
  listApplicationsOfUser,
  listOptionsOfQuestions,
  listRolesInTeam,
  userExists,
} from './repository.js';

async function assertUserExists(db: Executor, organisationId: number, userId: number): Promise<void> {
  if (!(await userExists(db, organisationId, userId))) {
    throw new HttpError(404, 'This user does not exist.');
  }
}

/** The user's applications for the portal, newest first (404 for a user of another organisation). */
export async function listUserApplicationSummaries(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<PortalApplicationSummary[]> {
  await assertUserExists(db, organisationId, userId);
  const rows = await listApplicationsOfUser(db, organisationId, userId);
  return rows.map((row) => ({
    id: row.id,
    opportunity: { id: row.opportunityId, slug: row.opportunitySlug, name: row.opportunityName },
    status: row.status,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
  }));
}

/** A stored answer as text: chosen options by their label, yes/no, a date range as `start – end`. */
export function answerText(
  value: CustomFieldValue | null,
  labelOf: (value: string) => string,
): string | null {
  if (value === null || value === '') {
    return null;
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  if (typeof value === 'number') {
    return String(value);
  }
  if (typeof value === 'string') {
    return labelOf(value);
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? null : value.map(labelOf).join(', ');
  }
  return `${value.start ?? ''} – ${value.end ?? ''}`;
}

/**
 * One application of the user as submitted: answers, documents, referees (and whether each
 * has answered) and status. 404 when the user or the application is not theirs.
 */
export async function getUserApplication(
  db: Executor,
  organisationId: number,
  userId: number,
  applicationId: number,
): Promise<PortalApplication> {
  await assertUserExists(db, organisationId, userId);
  const application = await findApplicationOfUser(db, organisationId, userId, applicationId);
  if (!application) {
    throw new HttpError(404, 'This application does not exist.');
  }
  const answers = await listApplicationAnswers(db, organisationId, applicationId);
  const [options, answerFiles, documents, { referees, answeredIds }] = await Promise.all([
    listOptionsOfQuestions(
      db,
      organisationId,
      answers.map((answer) => answer.questionId),
    ),
    listAnswerFiles(
      db,
      organisationId,
      answers.map((answer) => answer.id),
    ),
    listApplicationDocuments(db, organisationId, applicationId),
    listApplicationReferees(db, organisationId, applicationId),
  ]);
  return {
    id: application.id,
    opportunity: {
      id: application.opportunityId,
      slug: application.opportunitySlug,
      name: application.opportunityName,
    },
    status: application.status,
    created_at: application.createdAt.toISOString(),
    completed_at: application.completedAt ? application.completedAt.toISOString() : null,
    answers: answers.map((answer) => ({
      question: answer.question,
      answer: answerText(answer.value, (value) => {
        const option = options.find((row) => row.questionId === answer.questionId && row.value === value);
        return option ? option.display : value;
      }),
      files: answerFiles.filter((file) => file.answerId === answer.id).map((file) => file.name),
    })),
    documents: documents.map((document) => ({ type: document.type, file_name: document.fileName })),
    referees: referees.map((referee) => ({
      name: `${referee.firstName} ${referee.lastName}`,
      answered: answeredIds.has(referee.id),
    })),
  };
}

/**
 * A team with a member's current roles in it. A volunteer sees their own teams; anyone else's
 * roles, or a team they are not in, need `view-users` (403). 404 when the team or the user is not
 * the organisation's.
 */
export async function getTeamForMember(
  db: Executor,
  organisationId: number,
  viewer: Viewer,
  teamId: number,
  userId: number,
  today: string,
): Promise<PortalTeam> {
  const staff = viewer.permissions.includes(VIEW_USERS);
  if (userId !== viewer.userId && !staff) {
    throw new HttpError(403, 'You do not have permission to do that.');
  }
  const team = await findTeam(db, organisationId, teamId);
  if (!team) {
    throw new HttpError(404, 'This team does not exist.');
  }
  await assertUserExists(db, organisationId, userId);
  const roles = await listRolesInTeam(db, organisationId, userId, teamId, today);
  if (roles.length === 0 && !staff) {
    throw new HttpError(403, 'You are not a member of this team.');
  }
  return { id: team.id, name: team.name, user_id: userId, roles };
}
