import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { applications, type ApplicationStatus } from '../../db/schema/index.js';
import { assertInserted } from '../../db/rows.js';

/**
 * An application row (default: a `pending` application created ahead, completed later through
 * its key). Answers the row.
 */
export async function createApplication(
  db: Executor,
  organisationId: number,
  input: {
    opportunityId: number;
    userId: number;
    status?: ApplicationStatus;
    active?: boolean;
    completedAt?: Date | null;
    applicationKey?: string;
    why?: string | null;
  },
) {
  const status = input.status ?? 'pending';
  const [row] = await db
    .insert(applications)
    .values({
      organisationId,
      opportunityId: input.opportunityId,
      userId: input.userId,
      status,
      active: input.active ?? true,
      completedAt:
        input.completedAt === undefined ? (status === 'pending' ? null : new Date()) : input.completedAt,
      applicationKey: input.applicationKey ?? randomBytes(24).toString('base64url'),
      why: input.why ?? null,
    })
    .returning();
  assertInserted(row, 'application');
  return row;
}

/**
 * Appends `value` under `key` as a browser's FormData carries the application form (the web
 * form flattens the same way): objects and lists as bracketed keys, booleans `1`/`0`, files as
 * files; null and undefined left out.
 */
export function appendFormValue(form: FormData, key: string, value: unknown): void {
  if (value === undefined || value === null) {
    return;
  }
  if (value instanceof Blob) {
    form.append(key, value);
  } else if (typeof value === 'boolean') {
    form.append(key, value ? '1' : '0');
  } else if (typeof value === 'number' || typeof value === 'string') {
    form.append(key, String(value));
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => appendFormValue(form, `${key}[${index}]`, item));
  } else if (typeof value === 'object') {
    for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
      appendFormValue(form, `${key}[${name}]`, item);
    }
  }
}

/** A whole form as FormData (see {@link appendFormValue}). */
export function applicationFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    appendFormValue(form, key, value);
  }
  return form;
}

/** A unique applicant email address. */
export function applicantEmail(prefix = 'applicant'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.test`;
}

/** The personal details of a new adult applicant, both emails alike. */
export function newApplicantDetails(email = applicantEmail()) {
  return {
    email,
    email_confirm: email,
    first_name: 'Robin',
    last_name: 'Fletcher',
    dob: '1992-04-17',
    contact_number: '07911 123456',
    contact_number_country_code: 'GB',
  };
}
