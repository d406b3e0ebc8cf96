// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { contentDispositionFileName } from './content-disposition';
import { createTokenStore } from './token-store';

describe('contentDispositionFileName', () => {
  it.each([
    ['attachment; filename="people-export-5-2030-06-01.csv"', 'people-export-5-2030-06-01.csv'],
    ['attachment; filename=report.xlsx', 'report.xlsx'],
    ['attachment;filename="a;b.csv"', 'a;b.csv'],
    ['attachment; filename="say \\"hi\\".csv"', 'say "hi".csv'],
    ['ATTACHMENT; FILENAME="upper.csv"', 'upper.csv'],
    // filename* wins over filename, whichever comes first.
    ['attachment; filename="plain.csv"; filename*=UTF-8\'\'caf%C3%A9.csv', 'café.csv'],
    ['attachment; filename*=utf-8\'en\'caf%C3%A9.csv; filename="plain.csv"', 'café.csv'],
    ["attachment; filename*=iso-8859-1''caf%E9.csv", 'café.csv'],
    // An extended value that cannot be read falls back to filename.
    ['attachment; filename*=UTF-8\'\'%E0%A4%A.csv; filename="plain.csv"', 'plain.csv'],
    ['attachment; filename*=koi8-r\'\'x.csv; filename="plain.csv"', 'plain.csv'],
    // Never a path: only the last segment.
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\Users\\\\me\\\\x.csv"', 'x.csv'],
  ])('reads %s', (header, expected) => {
    expect(contentDispositionFileName(header)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['attachment'],
    ['inline; size=4'],
    ['attachment; filename=""'],
    ['attachment; filename="../"'],
  ])('gives null for %s', (header) => {
    expect(contentDispositionFileName(header)).toBeNull();
  });
});

describe("the client's file answers", () => {
  it('reads the body as a Blob with the name from Content-Disposition, after the usual token handling', async () => {
    const tokenStore = createTokenStore({ storage: null });
    tokenStore.set('token-1');
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () =>
        new Response(new TextEncoder().encode('ID\r\n1\r\n'), {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="people.csv"' },
        }),
    );
    const client = createApiClient({ tokenStore, baseUrl: 'http://api.test/api/', fetch });
    const file = await client.get<{ blob: Blob; fileName: string | null }>('exports/5/download', {
      query: { format: 'csv' },
      responseType: 'file',
    });
    expect(file.fileName).toBe('people.csv');
    expect(await file.blob.text()).toBe('ID\r\n1\r\n');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/api/exports/5/download?format=csv');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
  });

  it('gives a null name when the answer names no file', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('x', { status: 200 }));
    const client = createApiClient({
      tokenStore: createTokenStore({ storage: null }),
      baseUrl: 'http://api.test/',
      fetch,
    });
    const file = await client.get<{ blob: Blob; fileName: string | null }>('f', { responseType: 'file' });
    expect(file.fileName).toBeNull();
    expect(await file.blob.text()).toBe('x');
  });
});
