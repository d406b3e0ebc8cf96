import { resourcePermissions } from '@muster/contract';
import { resourceBindings } from '../../catalogue/bindings/index.js';

/** The permissions that guard reading and writing one catalogue entry. */
export type EntryAccess = { read: string; write: string };

/**
 * Who may read and write a catalogue entry, as the generic module guards it: a table binding's own
 * `read`/`write` when it names them (teams and role profiles are read with `view-users`), otherwise
 * the entry's `view-{family}` / `manage-{family}`. A named call of an entry asks for the same
 * permissions as the entry's plain CRUD, so one grant opens both, and a change of the binding
 * carries over.
 */
export function entryAccess(entryName: string): EntryAccess {
  const defaults = resourcePermissions(entryName);
  const binding = resourceBindings.find((candidate) => candidate.entry === entryName);
  const read = binding?.read === undefined ? defaults.view : binding.read;
  if (typeof read !== 'string') {
    // Every entry with named calls here is permission-guarded; a public or signed-in read would
    // need its own guard, so stop the server rather than guard the calls with the wrong one.
    throw new Error(
      `${entryName}: its read access is not a permission; its named calls need their own guard.`,
    );
  }
  return { read, write: binding?.write ?? defaults.manage };
}
