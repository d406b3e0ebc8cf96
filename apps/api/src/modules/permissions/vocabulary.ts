import { catalogue, resourcePermissions, type CatalogueEntry } from '@muster/contract';
import type { Executor } from '../../db/client.js';
import { insertMissingPermissions } from './repository.js';

/** The category of a permission that names no resource family (`apply-on-behalf`). */
export const GENERAL_CATEGORY = 'General';

const RESOURCE_PERMISSION = /^(view|manage)-(.+)$/;

/** `role-profiles` → `Role profiles`, `skillCategories` → `Skill categories`. */
export function familyLabel(family: string): string {
  const words = family
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** The readable category a new permission is filed under: its resource family, or General. */
export function categoryOfPermission(name: string): string {
  const family = RESOURCE_PERMISSION.exec(name)?.[2];
  return family ? familyLabel(family) : GENERAL_CATEGORY;
}

/** A category's identifier in paths: `Role profiles` → `role-profiles`. */
export function categoryIdOf(category: string): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * What a permission allows, in words, for one the organisation has not described itself: the
 * view and manage permissions of a resource family say so; other names have no default.
 */
export function defaultDescriptionOf(name: string): string | null {
  const match = RESOURCE_PERMISSION.exec(name);
  const family = match?.[2];
  if (!family) {
    return null;
  }
  const what = familyLabel(family).toLowerCase();
  return match[1] === 'view' ? `See ${what}.` : `Create, change and delete ${what}.`;
}

/** Every view and manage permission the catalogue's entries are guarded by (platform-foundation §6). */
export function catalogueVocabulary(entries: readonly CatalogueEntry[] = catalogue): string[] {
  const names = new Set<string>();
  for (const entry of entries) {
    const { view, manage } = resourcePermissions(entry);
    names.add(view);
    names.add(manage);
  }
  return [...names].sort();
}

/**
 * Makes the permission vocabulary hold every name the catalogue derives plus `extraNames` (the
 * names route guards ask for), each filed under a readable category. Idempotent: a name that
 * exists keeps its row, id and category, so grants and curated categories survive every start.
 */
export async function ensurePermissionVocabulary(
  db: Executor,
  extraNames: Iterable<string> = [],
): Promise<void> {
  const names = new Set([...catalogueVocabulary(), ...extraNames]);
  await insertMissingPermissions(
    db,
    [...names].sort().map((name) => ({ name, category: categoryOfPermission(name) })),
  );
}
