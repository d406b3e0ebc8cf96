import {
  EDITABLE_APPLICATION_STATUSES,
  applicationRecordMessages,
  parseRowId,
  resourcePermissions,
  type ApplicationRecord,
  type ApplicationUpdateBody,
  todayIn,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import type { Session } from '../../plugins/auth.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { findOpportunityId } from '../opportunities/repository.js';
import {
  cancelUpcomingBookingsOf,
  findApplicationRecord,
  motivationExists,
  updateApplicationRecord,
  type ApplicationRecordRow,
} from './records-repository.js';

/*
 * One application under its opportunity (the catalogue's `opportunities.apply` show, update and
 * delete; docs/catalogue.md): the applicant's own view and edits, the organisation's decision,
 * and withdrawing. The submit and the key-based prefill stay in routes.ts.
 */

/** Reading any application of the organisation. */
export const VIEW_APPLICATIONS = resourcePermissions('applications').view;
/** Deciding on applications (status) and withdrawing them for someone. */
export const MANAGE_APPLICATIONS = resourcePermissions('applications').manage;

type Caller = Pick<Session, 'userId' | 'permissions'>;

const notFound = () => new HttpError(404, applicationRecordMessages.notFound);
const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, message);

function isEditable(row: ApplicationRecordRow): boolean {
  return row.active && EDITABLE_APPLICATION_STATUSES.includes(row.status);
}

/** The application as the calls answer it. */
export function toApplicationRecord(row: ApplicationRecordRow): ApplicationRecord {
  return {
    id: row.id,
    opportunity_id: row.opportunityId,
    user_id: row.userId,
    status: row.status,
    active: row.active,
    editable: isEditable(row),
    submitted_by_user_id: row.submittedByUserId,
    completed_at: row.completedAt?.toISOString() ?? null,
    why: row.why,
    motivation_id: row.motivationId,
    special_requirements_bool: row.specialRequirementsBool,
    special_requirements: row.specialRequirements,
    right_to_volunteer: row.rightToVolunteer,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The application `rawId` under the opportunity `reference`: 404 when either names nothing of the organisation. */
async function applicationOf(
  db: Executor,
  organisationId: number,
  reference: string,
  rawId: string,
  options: { lock?: boolean } = {},
): Promise<ApplicationRecordRow> {
  const id = parseRowId(rawId);
  const opportunityId = await findOpportunityId(db, organisationId, reference);
  const row =
    id === null || opportunityId === null
      ? null
      : await findApplicationRecord(db, organisationId, opportunityId, id, options);
  if (!row) {
    throw notFound();
  }
  return row;
}

/** Shows an application to its applicant or to a holder of `view-applications` (403 otherwise). */
export async function showApplicationRecord(
  db: Database,
  input: { organisationId: number; reference: string; id: string; caller: Caller },
): Promise<ApplicationRecord> {
  const row = await applicationOf(db, input.organisationId, input.reference, input.id);
  if (row.userId !== input.caller.userId && !input.caller.permissions.includes(VIEW_APPLICATIONS)) {
    throw forbidden();
  }
  return toApplicationRecord(row);
}

const ANSWER_FIELDS = [
  'why',
  'motivation_id',
  'special_requirements_bool',
  'special_requirements',
  'right_to_volunteer',
] as const;

/**
 * Changes an application: the applicant edits their answers while it is pending or submitted (409
 * after that); a holder of `manage-applications` gives the status. Answers and status are each
 * refused (403) to whoever may not change them, before anything is written.
 */
export async function updateApplicationRecordFor(
  db: Database,
  input: {
    organisationId: number;
    reference: string;
    id: string;
    caller: Caller;
    body: ApplicationUpdateBody;
  },
): Promise<ApplicationRecord> {
  const { body, caller, organisationId } = input;
  return db.transaction(async (tx) => {
    const row = await applicationOf(tx, organisationId, input.reference, input.id, { lock: true });
    const isApplicant = row.userId === caller.userId;
    const isManager = caller.permissions.includes(MANAGE_APPLICATIONS);
    if (!isApplicant && !isManager && !caller.permissions.includes(VIEW_APPLICATIONS)) {
      throw forbidden();
    }
    const changesAnswers = ANSWER_FIELDS.some((field) => body[field] !== undefined);
    if (body.status !== undefined && !isManager) {
      throw forbidden(applicationRecordMessages.statusNotYours);
    }
    if (changesAnswers && !isApplicant) {
      throw forbidden(applicationRecordMessages.answersNotYours);
    }
    if (changesAnswers && !isEditable(row)) {
      throw new HttpError(409, applicationRecordMessages.notEditable);
    }
    if (body.status !== undefined && !row.active) {
      throw new HttpError(409, applicationRecordMessages.notEditable);
    }
    if (
      body.motivation_id !== undefined &&
      body.motivation_id !== null &&
      !(await motivationExists(tx, organisationId, body.motivation_id))
    ) {
      throw validationError({ motivation_id: [applicationRecordMessages.unknownMotivation] });
    }
    const updated = await updateApplicationRecord(tx, organisationId, row.id, {
      ...(body.why !== undefined ? { why: body.why || null } : {}),
      ...(body.motivation_id !== undefined ? { motivationId: body.motivation_id } : {}),
      ...(body.special_requirements_bool !== undefined
        ? { specialRequirementsBool: body.special_requirements_bool }
        : {}),
      ...(body.special_requirements !== undefined
        ? { specialRequirements: body.special_requirements || null }
        : {}),
      ...(body.right_to_volunteer !== undefined ? { rightToVolunteer: body.right_to_volunteer } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
    });
    if (!updated) {
      throw notFound();
    }
    return toApplicationRecord(updated);
  });
}

/**
 * Withdraws an application (the catalogue's delete): its applicant, or a holder of
 * `manage-applications` on their behalf. The row is kept (status `withdrawn`, inactive) as the
 * organisation's record; stays booked with it that have not begun are cancelled, freeing the
 * room. Withdrawing twice is no error; a declined application cannot be withdrawn (409).
 */
export async function withdrawApplication(
  db: Database,
  input: {
    organisationId: number;
    reference: string;
    id: string;
    caller: Caller;
    timezone: string;
    now?: Date;
  },
): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction(async (tx) => {
    const row = await applicationOf(tx, input.organisationId, input.reference, input.id, { lock: true });
    const permissions = input.caller.permissions;
    if (row.userId !== input.caller.userId && !permissions.includes(MANAGE_APPLICATIONS)) {
      throw forbidden();
    }
    if (row.status === 'withdrawn') {
      return;
    }
    if (row.status === 'declined') {
      throw new HttpError(409, applicationRecordMessages.declined);
    }
    await updateApplicationRecord(tx, input.organisationId, row.id, { status: 'withdrawn', active: false });
    await cancelUpcomingBookingsOf(tx, input.organisationId, row.id, {
      // A stay has begun on its arrival day in the organisation's calendar, as the portal's cancel reads it.
      today: todayIn(input.timezone, now),
      at: now,
      byUserId: input.caller.userId,
      note: applicationRecordMessages.withdrawnBooking,
    });
  });
}
