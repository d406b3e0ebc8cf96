/** How long a saved file's object URL is kept: some browsers read it after the click returns. */
const REVOKE_AFTER_MS = 30_000;

/**
 * Hands `blob` to the browser to save as `fileName`, through a temporary object URL and a link
 * with `download`, so that the file fetched with the bearer token is saved like any download.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
