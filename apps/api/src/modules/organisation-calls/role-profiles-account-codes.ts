import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { roleProfileIds } from './repository.js';
import { accountCodesByProfile } from './role-profiles-bulk-update.js';

/*
 * GET /organisation/role-profiles/account-codes/ (platform-foundation §7 "Roles"): the distinct
 * finance account codes the organisation's role profiles are costed to (set through the bulk
 * update), for a picker or a finance export.
 */

export const roleProfileAccountCodesQuerySchema = z.object({
  q: z
    .string({ error: 'The search must be text.' })
    .trim()
    .max(64, { error: 'The search may be at most 64 characters.' })
    .optional()
    .describe('Only codes containing this text (case-insensitive).'),
});

export const roleProfileAccountCodesResponseSchema = z.object({
  data: z
    .array(
      z
        .object({
          account_code: z.string().describe('The account code.'),
          role_profile_ids: z.array(z.number().int()).describe('The role profiles costed to it, by id.'),
        })
        .describe('One account code in use.'),
    )
    .describe('The codes in use, alphabetically.'),
  meta: z.object({ total: z.number().int().describe('How many codes are listed.') }).describe('Counts.'),
});

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
    .map(([account_code, ids]) => ({ account_code, role_profile_ids: ids.sort((left, right) => left - right) }));
  return { data, meta: { total: data.length } };
}
