import type { ApplicationSubmission, FormSection } from '@muster/contract';
import type { Executor } from '../../../db/client.js';
import type { WriteBatch } from '../../../db/write-batch.js';
import type { Session } from '../../../plugins/auth.js';
import type { UserRow } from '../../auth/repository.js';
import type { FileStore } from '../../files/service.js';
import type { Outbox } from '../../outbox/service.js';
import type { findPublishedOpportunity } from '../../opportunities/repository.js';
import type { OrganisationRow } from '../../organisation/repository.js';
import type { ApplicationRow, NewApplicationRow } from '../repository.js';

/*
 * The interface between the submit flow (`../submit.ts`) and the step modules beside this file:
 * each step type's module checks and writes its part of an application form.
 */

/** Who the form applies for, and who is acting. */
export type Applicant =
  | { kind: 'new' }
  | { kind: 'self'; user: UserRow }
  | { kind: 'key'; user: UserRow; application: ApplicationRow }
  | { kind: 'supervised-new'; supervisorId: number; hasEmail: boolean }
  | { kind: 'supervised-existing'; supervisorId: number; user: UserRow; hasEmail: boolean };

/** The published opportunity applied for. */
export type AppliedOpportunity = NonNullable<
  Awaited<ReturnType<typeof findPublishedOpportunity>>
>['opportunity'];

/** Messages by dotted field path, as a 422 answers them (`supportingDocuments.3`). */
export type StepErrors = Record<string, string[]>;

/** What every step hook sees: the validated form and who and what it is for. Never changes during a submit. */
export type StepContext = {
  organisation: OrganisationRow;
  opportunity: AppliedOpportunity;
  sections: readonly FormSection[];
  submission: ApplicationSubmission;
  applicant: Applicant;
  /** The known applicant (signed in, by key, or supervised); null when the form creates one. */
  existingUser: UserRow | null;
  /** The supervisor applying for someone else; null otherwise. */
  supervisorId: number | null;
  session: Session | null;
  /** Today (YYYY-MM-DD) in the organisation's time zone. */
  today: string;
  /** A validate-only dry run: `check` runs, nothing is prepared or written. */
  validateOnly: boolean;
  /** Where files sent with the form are stored (by `prepare`). */
  fileStore: FileStore;
  /**
   * Files sent with the form, stored by the supporting-documents step's `prepare` before the
   * transaction: file id by document type id.
   */
  uploads: Map<number, string>;
  /** The site's public origin (`PUBLIC_ORIGIN`), for links in emails (a referee's reference form). */
  publicOrigin: string;
  /** Emails are queued with the transaction (`queueEmail(tx, …)`) and leave once it commits. */
  outbox: Pick<Outbox, 'queueEmail'>;
};

/** What a step writer sees inside the transaction: the context plus the ids of what the submit writes. */
export type WriteContext = StepContext & {
  /** The applicant's user id (reserved by this submit for a new applicant, whose row is queued). */
  userId: number;
  applicationId: number;
  /** The time of this submit, for every timestamp written. */
  now: Date;
};

/**
 * One step type's part of a submit. The flow calls the hooks of every step, in form order:
 *  1. `check` before the transaction, also for a validate-only dry run; the errors of all steps
 *     are answered together as one 422 (a check may also throw a 422 `HttpError`: its field errors
 *     join the others and its extra fields, such as `existing_booking`, are kept in the answer);
 *  2. `prepare` before the transaction, for slow or file-system work (not for a dry run);
 *  3. before anything is written: `lock` (take row locks with `await ready(batch)`, check again
 *     what a racing submit may have changed; throw an `HttpError`/`validationError` to refuse);
 *  4. `applicationValues`, the columns of the application row the step owns;
 *  5. `write`, once the applicant's and the application's ids are known. It is given the submit's
 *     write batch (db/write-batch.ts): the repository's plain inserts are queued there and sent
 *     with the applicant, the application and every other step's inserts as one statement at the
 *     end; `await ready(batch)` answers the transaction for what must run at once (a read, a
 *     delete, an insert whose ids are needed), after sending what is queued.
 * A new applicant's submit is first tried without a transaction: the batch's one statement is
 * atomic alone. The first `ready(batch)` of a hook ends that try (TransactionNeededError), and the
 * submit is written again from step 3 inside a transaction. So hooks 3 to 5 may run twice, and
 * must change nothing but through the batch or what `ready` answers.
 * Anything thrown inside the transaction rolls the whole submit back.
 */
export type ApplicationStep = {
  type: FormSection['type'];
  check?(db: Executor, context: StepContext): Promise<StepErrors>;
  prepare?(context: StepContext): Promise<void>;
  lock?(batch: WriteBatch, context: StepContext): Promise<void>;
  applicationValues?(context: StepContext): Partial<NewApplicationRow>;
  write?(batch: WriteBatch, context: WriteContext): Promise<void>;
};

/**
 * What this submit made rather than found: the application (only one completed by its key existed
 * before), and the applicant (only those of a key, a session or a supervisor's choice existed).
 * Nothing of a new one can be there to replace, so writers skip their deletes and reads for it.
 */
export function createdBySubmit(applicant: Applicant): { application: boolean; user: boolean } {
  return {
    application: applicant.kind !== 'key',
    user: applicant.kind === 'new' || applicant.kind === 'supervised-new',
  };
}

/** Adds `message` at `path` of `errors`. */
export function addError(errors: StepErrors, path: string, message: string): void {
  (errors[path] ??= []).push(message);
}
