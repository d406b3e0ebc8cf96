import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/*
 * Files the application makes itself rather than receives (the demo's hub documents), stored as
 * uploads are (service.ts `storeUpload`): under a server-generated name in the files directory,
 * readable by the server's user only. The caller records them in `files` with the name and size
 * answered here; `GET /files/{id}` then serves them like any other.
 */

/** Where a generated file was put: its name in the files directory and its size in bytes. */
export type GeneratedFile = { storageName: string; size: number };

/** Writes `bytes` into the files directory (created if missing) under a new name. */
export async function storeGeneratedFile(directory: string, bytes: Uint8Array): Promise<GeneratedFile> {
  await fs.promises.mkdir(directory, { recursive: true, mode: 0o700 });
  const storageName = randomUUID();
  // `wx`: a name is never reused, so nothing already stored is overwritten.
  await fs.promises.writeFile(path.join(directory, storageName), bytes, { flag: 'wx', mode: 0o600 });
  return { storageName, size: bytes.byteLength };
}

/** Removes generated files again (their records were not kept); names already gone are ignored. */
export async function removeGeneratedFiles(
  directory: string,
  storageNames: readonly string[],
): Promise<void> {
  await Promise.all(storageNames.map((name) => fs.promises.rm(path.join(directory, name), { force: true })));
}
