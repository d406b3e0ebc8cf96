import { parseRowId } from '@muster/contract';
import type { DocumentRow } from '../../catalogue/document-repository.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { documentScope, ENTRIES } from './documents.js';
import {
  firstScopeDocument,
  insertScopeDocument,
  lockOrganisation,
  replaceDocumentBody,
} from './repository.js';
import {
  safeguardingMessages,
  SAFEGUARDING_DEFAULTS,
  type SafeguardingUpdateBody,
  type Safeguarding,
} from '@muster/contract';

/*
 * /organisation/safeguarding/ (platform-foundation §7 "Roles, risk, rotas and shifts": GET show and
 * PUT update with a body): the organisation's safeguarding settings, one
 * `organisation.safeguarding` document per organisation. GET answers it, or the defaults before
 * anything was saved; PUT validates and creates or changes it. The spec's show and update are
 * item operations, so `/organisation/safeguarding/{id}` answers too, for the document's own id.
 */

type SettingKey = keyof typeof SAFEGUARDING_DEFAULTS;
const SETTING_KEYS = Object.keys(SAFEGUARDING_DEFAULTS) as SettingKey[];

function wire(row: DocumentRow | null): Safeguarding {
  const settings = Object.fromEntries(
    SETTING_KEYS.map((key) => {
      const value = row?.body[key];
      return [key, typeof value === 'string' ? value : null];
    }),
  ) as Record<SettingKey, string | null>;
  return { id: row?.id ?? null, ...settings, updated_at: row ? row.updatedAt.toISOString() : null };
}

/** 404 unless `rawId` (when given) names the organisation's settings document. */
function assertNamed(row: DocumentRow | null, rawId: string | undefined): void {
  if (rawId !== undefined && (row === null || parseRowId(rawId) !== row.id)) {
    throw new HttpError(404, safeguardingMessages.notFound);
  }
}

/** The organisation's settings, or the defaults before they were first saved. */
export async function showSafeguarding(
  db: Database,
  organisationId: number,
  rawId?: string,
): Promise<Safeguarding> {
  const row = await firstScopeDocument(db, documentScope(organisationId, ENTRIES.safeguarding));
  assertNamed(row, rawId);
  return wire(row);
}

/**
 * Creates or changes the organisation's settings in one transaction (the organisation is locked
 * meanwhile, so it never gets two documents); omitted fields keep their value.
 */
export async function updateSafeguarding(
  db: Database,
  scope: { organisationId: number; userId: number },
  body: SafeguardingUpdateBody,
  rawId?: string,
): Promise<Safeguarding> {
  const documents = documentScope(scope.organisationId, ENTRIES.safeguarding);
  return db.transaction(async (tx) => {
    await lockOrganisation(tx, scope.organisationId);
    const current = await firstScopeDocument(tx, documents, { lock: true });
    assertNamed(current, rawId);
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    if (!current) {
      return wire(
        await insertScopeDocument(tx, documents, { ...SAFEGUARDING_DEFAULTS, ...changes }, scope.userId),
      );
    }
    return wire(await replaceDocumentBody(tx, documents, current.id, { ...current.body, ...changes }));
  });
}
