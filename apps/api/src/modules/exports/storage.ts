import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ExportFormat } from '@muster/contract';

/**
 * Where export files live: `exports` beside the embedded database's directory
 * (`<DATA_DIR>/../exports`), like uploads. With the database in memory a directory under the
 * system's temporary folder is used.
 */
export function exportsDirectoryOf(dataDir: string): string {
  return dataDir === 'memory'
    ? path.join(os.tmpdir(), 'muster-exports')
    : path.resolve(dataDir, '..', 'exports');
}

/**
 * The file one build of an export writes, relative to the exports directory: one folder per
 * organisation, the build's token in the name so that a superseded build never touches the files
 * of the build that replaced it.
 */
export function exportFileName(
  organisationId: number,
  exportId: number,
  token: string,
  format: ExportFormat,
): string {
  return path.join(String(organisationId), `${exportId}-${token}.${format}`);
}

/** The absolute path of a stored export file; refuses names that would leave the directory. */
export function exportFilePath(directory: string, name: string): string {
  const full = path.resolve(directory, name);
  if (!full.startsWith(path.resolve(directory) + path.sep)) {
    throw new Error('An export file name points outside the exports directory.');
  }
  return full;
}

/** Removes stored export files; a file already gone is fine. */
export async function removeExportFiles(directory: string, names: readonly (string | null)[]): Promise<void> {
  await Promise.all(
    names
      .filter((name): name is string => name !== null)
      .map((name) => fs.promises.rm(exportFilePath(directory, name), { force: true })),
  );
}

/**
 * Removes every file of one export (any build's): a new build starts clean, and files a build
 * left when its server died do not linger. A superseded build still writing loses its file and
 * stops at its next page.
 */
export async function removeFilesOfExport(
  directory: string,
  organisationId: number,
  exportId: number,
): Promise<void> {
  const folder = path.join(directory, String(organisationId));
  const names = await fs.promises.readdir(folder).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(`${exportId}-`))
      .map((name) => fs.promises.rm(path.join(folder, name), { force: true })),
  );
}
