import { parseRowId, type Organisation, type OrganisationUpdateBody } from '@muster/contract';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { updateOrganisation, type OrganisationRow } from './repository.js';

/** The public view of an organisation: SSO secrets never leave the server. */
export function toOrganisation(row: OrganisationRow): Organisation {
  return {
    id: row.id,
    name: row.name,
    sso_provider: row.ssoProvider ? { name: row.ssoProvider.name } : null,
    minor_age: row.minorAge,
    currency_symbol: row.currencySymbol,
    date_format: row.dateFormat,
    timezone: row.timezone,
    features: row.features ?? null,
    package_features: row.packageFeatures ?? null,
    tech_features: row.techFeatures,
  };
}

/** The organisation root calls' `{id}`: the organisation served at the host, or 404 (another's is never reachable). */
function assertServed(organisationId: number, rawId: string): void {
  if (parseRowId(rawId) !== organisationId) {
    throw new HttpError(404, 'This organisation does not exist.');
  }
}

/**
 * Changes the details of the organisation served at the host (`PUT /api/organisation/detailed/{id}`):
 * name, minor age, currency symbol, date format and time zone. The cached public detail is
 * forgotten by the write itself (the answer cache watches `organisations`), so the next read has it.
 */
export async function updateOrganisationDetails(
  db: Database,
  input: { organisationId: number; id: string; body: OrganisationUpdateBody },
): Promise<Organisation> {
  assertServed(input.organisationId, input.id);
  const { body } = input;
  const row = await db.transaction((tx) =>
    updateOrganisation(tx, input.organisationId, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.minor_age !== undefined ? { minorAge: body.minor_age } : {}),
      ...(body.currency_symbol !== undefined ? { currencySymbol: body.currency_symbol } : {}),
      ...(body.date_format !== undefined ? { dateFormat: body.date_format } : {}),
      ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
    }),
  );
  if (!row) {
    throw new HttpError(404, 'This organisation does not exist.');
  }
  return toOrganisation(row);
}

/** Sets the time zone of the organisation served at the host (`PUT /api/organisation/timezones/{id}`). */
export async function updateOrganisationTimezone(
  db: Database,
  input: { organisationId: number; id: string; timezone: string },
): Promise<Organisation> {
  return updateOrganisationDetails(db, {
    organisationId: input.organisationId,
    id: input.id,
    body: { timezone: input.timezone },
  });
}
