import type { SubmittedReference } from '@muster/contract';
import { listLockedReferees } from '../../references/repository.js';
import { sendReferenceRequests } from '../../references/service.js';
import { replaceUnlockedReferences } from '../repository.js';
import { ready } from '../../../db/write-batch.js';
import type { ApplicationStep, WriteContext } from './step.js';

/** The applicant's name as the request email gives it: the form's details, else the known user's. */
function applicantName(context: WriteContext): { firstName: string; lastName: string } {
  const details = context.submission.details;
  const user = context.existingUser;
  return {
    firstName: user?.firstName ?? details?.firstName ?? '',
    lastName: user?.lastName ?? details?.lastName ?? '',
  };
}

/**
 * Whether a submitted referee is one of the locked ones the form showed: by its id, or, for a
 * block marked `disabled` without an id, by its email address.
 */
function isLockedReferee(
  referee: SubmittedReference,
  locked: ReadonlyArray<{ id: number; email: string | null }>,
): boolean {
  if (referee.id !== null && locked.some((row) => row.id === referee.id)) {
    return true;
  }
  const email = referee.email?.toLowerCase() ?? null;
  return referee.disabled && email !== null && locked.some((row) => row.email?.toLowerCase() === email);
}

/**
 * The references step (applicant-flow §2.7). The referees replace those of the application
 * whose request has not been sent yet; those sent a request are locked and never rewritten
 * (the form shows them disabled and sends them back, and they are skipped here). Then every
 * referee with an email address who has had no request gets one (`sendReferenceRequests`:
 * the link's token hash and the outbox email are written with `tx`, so they exist only if the
 * application does). `write` never runs for a validate-only dry run.
 */
export const referencesStep: ApplicationStep = {
  type: 'references',
  async write(batch, context) {
    const { organisation, applicationId, submission, opportunity, now } = context;
    if (!submission.references) {
      return;
    }
    const tx = await ready(batch);
    const locked = await listLockedReferees(tx, organisation.id, applicationId);
    const rows = submission.references
      .filter((referee) => !isLockedReferee(referee, locked))
      .map((referee) => ({
        firstName: referee.firstName,
        lastName: referee.lastName,
        email: referee.email,
        phoneNumber: referee.phoneNumber,
        phoneCountryCode: referee.phoneCountryCode,
      }));
    await replaceUnlockedReferences(tx, organisation.id, applicationId, rows);
    await sendReferenceRequests(tx, context.outbox, {
      organisationId: organisation.id,
      organisationName: organisation.name,
      applicationId,
      opportunityName: opportunity.displayName,
      applicant: applicantName(context),
      publicOrigin: context.publicOrigin,
      now,
    });
  },
};
