/*
 * The file name a download answer gives in its Content-Disposition header (RFC 6266), so that a
 * file fetched through the API client (with the bearer token, not by following a link) is saved
 * under the name the server chose.
 */

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The header's parameters after the disposition type, names lower-cased; quoted values unescaped. */
function parametersOf(header: string): Map<string, string> {
  const parameters = new Map<string, string>();
  // name=token, or name="quoted string" with backslash escapes; a `;` inside quotes is part of the value.
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of header.matchAll(pattern)) {
    const name = (match[1] ?? '').toLowerCase();
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '').trim();
    if (!parameters.has(name)) {
      parameters.set(name, value);
    }
  }
  return parameters;
}

/** `filename*` (RFC 8187: `UTF-8''caf%C3%A9.csv`), decoded; null when it cannot be read. */
function extendedValue(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) {
    return null;
  }
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8') {
      return decodeURIComponent(encoded);
    }
    if (charset === 'iso-8859-1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
  } catch {
    return null;
  }
  return null;
}

/** The last segment of a name, without control characters: a name is never a path. */
function safeName(name: string): string | null {
  const base = name.replace(CONTROL_CHARACTERS, '').split(/[/\\]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? null : base;
}

/**
 * The file name of a `Content-Disposition` header: `filename*` when it can be decoded, else
 * `filename`; only its last path segment. Null when the header is missing or names no file.
 */
export function contentDispositionFileName(header: string | null | undefined): string | null {
  if (!header) {
    return null;
  }
  const parameters = parametersOf(header);
  const extended = parameters.get('filename*');
  const decoded = extended === undefined ? null : extendedValue(extended);
  const name = decoded ?? parameters.get('filename');
  return name === undefined ? null : safeName(name);
}
