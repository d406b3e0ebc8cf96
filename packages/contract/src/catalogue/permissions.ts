import type { CatalogueEntry } from './types.js';

/**
 * The family a catalogue entry's permissions are named after: the first segment of its name after
 * `organisation.`, and `users` for every per-user resource (`users.expenses` → `users`), so that
 * `events.sessions.attendees` is guarded by `view-events` / `manage-events`.
 */
export function permissionFamily(entryName: string): string {
  const segments = entryName.split('.');
  const first = segments[0] === 'organisation' && segments.length > 1 ? segments[1] : segments[0];
  return first ?? entryName;
}

/** The view and manage permissions of a catalogue entry (platform-foundation §6, deny by default). */
export function resourcePermissions(entry: Pick<CatalogueEntry, 'name'> | string): {
  view: string;
  manage: string;
} {
  const family = permissionFamily(typeof entry === 'string' ? entry : entry.name);
  return { view: `view-${family}`, manage: `manage-${family}` };
}
