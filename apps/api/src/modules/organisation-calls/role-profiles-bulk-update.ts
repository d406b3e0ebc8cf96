import { type z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import { documentScope, ENTRIES } from './documents.js';
import { assertAllFound, parseIdList } from './id-list.js';
import {
  deleteScopeDocuments,
  entryDocuments,
  firstScopeDocument,
  insertScopeDocument,
  replaceDocumentBody,
  roleProfilesAmong,
  updateRoleProfiles,
  type RoleProfileRow,
} from './repository.js';
import {
  MAX_BULK_ROLE_PROFILE_IDS,
  roleProfilesBulkUpdateMessages,
  type bulkUpdatedRoleProfileSchema,
  type roleProfilesBulkUpdateResponseSchema,
  type RoleProfilesBulkUpdateBody,
} from '@muster/contract';

/*
 * PUT /organisation/role-profiles/bulk-update/?ids=1,2 (platform-foundation §7 "Roles"): the same
 * settings on several role profiles at once, in one transaction. The role profile table has no
 * account code column, so a profile's finance account code is kept as an
 * `organisation.role-profiles.account-code` document under the profile (`roleProfileId={id}`);
 * GET account-codes/ lists the codes in use (role-profiles-account-codes.ts).
 */

/** The account-code scope of one role profile. */
export function accountCodeScope(organisationId: number, roleProfileId: number) {
  return documentScope(organisationId, ENTRIES.roleProfileAccountCode, { roleProfileId });
}

/** The account code of each of the organisation's role profiles that has one, by profile id. */
export async function accountCodesByProfile(
  db: Executor,
  organisationId: number,
): Promise<Map<number, string>> {
  const documents = await entryDocuments(db, organisationId, ENTRIES.roleProfileAccountCode);
  const codes = new Map<number, string>();
  for (const document of documents) {
    const profileId = Number(/^roleProfileId=(\d+)$/.exec(document.parentKey)?.[1]);
    const code = document.body.account_code;
    if (Number.isInteger(profileId) && typeof code === 'string') {
      codes.set(profileId, code);
    }
  }
  return codes;
}

/** Sets (or, with null, clears) one role profile's account code. */
async function setAccountCode(
  tx: Executor,
  organisationId: number,
  roleProfileId: number,
  code: string | null,
  userId: number,
): Promise<void> {
  const scope = accountCodeScope(organisationId, roleProfileId);
  if (code === null) {
    await deleteScopeDocuments(tx, scope, null);
    return;
  }
  const current = await firstScopeDocument(tx, scope, { lock: true });
  if (current) {
    await replaceDocumentBody(tx, scope, current.id, { account_code: code });
  } else {
    await insertScopeDocument(tx, scope, { account_code: code }, userId);
  }
}

function wire(row: RoleProfileRow, accountCode: string | null): z.infer<typeof bulkUpdatedRoleProfileSchema> {
  return {
    id: row.id,
    display_name: row.displayName,
    disclaimer: row.disclaimer,
    enforce_two_factor: row.enforceTwoFactor,
    account_code: accountCode,
  };
}

/**
 * Sets the body's fields on every listed role profile of the organisation, in one transaction.
 * All or nothing: an id that names no role profile of the organisation (another organisation's
 * included) is a 422 at `querystring.ids.{i}` and nothing changes.
 */
export async function bulkUpdateRoleProfiles(
  db: Database,
  scope: { organisationId: number; userId: number },
  rawIds: string,
  body: RoleProfilesBulkUpdateBody,
): Promise<z.infer<typeof roleProfilesBulkUpdateResponseSchema>['data']> {
  const list = parseIdList(rawIds, MAX_BULK_ROLE_PROFILE_IDS);
  return db.transaction(async (tx) => {
    const found = await roleProfilesAmong(tx, scope.organisationId, list.ids, { lock: true });
    assertAllFound(list, new Set(found.map((row) => row.id)), roleProfilesBulkUpdateMessages.notFound);
    const rows = await updateRoleProfiles(tx, scope.organisationId, list.ids, {
      ...(body.disclaimer === undefined ? {} : { disclaimer: body.disclaimer }),
      ...(body.enforce_two_factor === undefined ? {} : { enforceTwoFactor: body.enforce_two_factor }),
    });
    if (body.account_code !== undefined) {
      for (const id of list.ids) {
        await setAccountCode(tx, scope.organisationId, id, body.account_code, scope.userId);
      }
    }
    const codes = await accountCodesByProfile(tx, scope.organisationId);
    return { updated: rows.length, role_profiles: rows.map((row) => wire(row, codes.get(row.id) ?? null)) };
  });
}
