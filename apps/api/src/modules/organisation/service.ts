import type { Organisation } from '@muster/contract';
import type { OrganisationRow } from './repository.js';

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
