import { type z } from 'zod';
import type { Database } from '../../db/client.js';
import { roleProfileIds } from './repository.js';
import { accountCodesByProfile } from './role-profiles-bulk-update.js';
import { type roleProfileAccountCodesResponseSchema } from '@muster/contract';

/*
 * GET /organisation/role-profiles/account-codes/ (platform-foundation §7 "Roles"): the distinct
 * finance account codes the organisation's role profiles are costed to (set through the bulk
 * update), for a picker or a finance export.
 */

/**
 * The distinct account codes of the organisation's existing role profiles, alphabetically, each
 * with its profiles; codes left behind by a deleted profile are not listed.
 */
export async function roleProfileAccountCodes(
  db: Database,
  organisationId: number,
  search: string | undefined,
): Promise<z.infer<typeof roleProfileAccountCodesResponseSchema>> {
  const existing = new Set(await roleProfileIds(db, organisationId));
  const needle = search?.toLowerCase() ?? '';
  const profilesByCode = new Map<string, number[]>();
  for (const [profileId, code] of await accountCodesByProfile(db, organisationId)) {
    if (existing.has(profileId) && code.toLowerCase().includes(needle)) {
      profilesByCode.set(code, [...(profilesByCode.get(code) ?? []), profileId]);
    }
  }
  const data = [...profilesByCode.entries()]
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([account_code, ids]) => ({
      account_code,
      role_profile_ids: ids.sort((left, right) => left - right),
    }));
  return { data, meta: { total: data.length } };
}
