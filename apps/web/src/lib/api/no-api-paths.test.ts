// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '@muster/contract';

/*
 * "Features hold no API paths" (issue 11): the repository's ESLint config gives files under
 * apps/web/src/features a no-restricted-syntax rule against string and template literals that
 * look like API paths. This test reads that rule from the real config, proves what it catches and
 * what it leaves alone, keeps it in step with the catalogue, and lints every feature file with it,
 * so that a path added to a feature fails here as well as in `npm run lint`.
 */

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../..');
const featuresDir = join(repoRoot, 'apps/web/src/features');

type RuleEntry = Linter.RuleEntry;
let featureRule: RuleEntry;
let testFileRule: RuleEntry | undefined;

beforeAll(async () => {
  const eslint = new ESLint({ cwd: repoRoot });
  const feature = (await eslint.calculateConfigForFile(
    join(featuresDir, 'portal/portal-api.ts'),
  )) as Linter.Config;
  const test = (await eslint.calculateConfigForFile(
    join(featuresDir, 'portal/portal-page.test.tsx'),
  )) as Linter.Config;
  featureRule = feature.rules?.['no-restricted-syntax'] as RuleEntry;
  testFileRule = test.rules?.['no-restricted-syntax'];
}, 60_000);

const linter = new Linter({ configType: 'flat' });

/** The messages the features' no-restricted-syntax rule gives `code`. */
function lint(code: string, filename = 'fixture.tsx'): Linter.LintMessage[] {
  return linter.verify(
    code,
    [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
        rules: { 'no-restricted-syntax': featureRule },
      },
    ],
    { filename },
  );
}

const flagged = (code: string) =>
  lint(code).filter((message) => message.message.startsWith('Features hold no API paths'));

describe('the features’ API path rule', () => {
  it('is an error for feature files and not applied to their tests', () => {
    const [severity] = featureRule as [unknown, ...unknown[]];
    expect(severity === 'error' || severity === 2).toBe(true);
    expect(JSON.stringify(featureRule)).toContain('Features hold no API paths');
    // Still the house rule of named exports.
    expect(JSON.stringify(featureRule)).toContain('ExportDefaultDeclaration');
    expect(JSON.stringify(testFileRule ?? null)).not.toContain('Features hold no API paths');
  });

  it.each([
    ["const url = '/api/users/5';"],
    ["const url = 'api/files';"],
    ['const url = `/api/login/token/${token}`;'],
    ['const path = `users/${userId}/consents`;'],
    ["apiClient.get('organisation/detailed/');"],
    ['const path = `/events/${eventId}/sessions/`;'],
    ["apiClient.post('password/reset', body);"],
    ['const path = `reference/${token}`;'],
    ["apiClient.post('application/check-email', { email });"],
    ['const link = <a href="/api/files/1">CV</a>;'],
    ["const link = <a href={'/auth/sso/redirect'}>Sign in</a>;"],
  ])('flags %s', (code) => {
    expect(flagged(code)).toHaveLength(1);
  });

  it.each([
    ["import { api } from '../../lib/api/catalogue-client';"],
    ["const type = 'application/pdf';"],
    ["const accept = 'image/png';"],
    ["navigate('/portal/team/3');"],
    ["const page = '/password/reset/abc';"],
    ["const page = '/reference/abc';"],
    ['const next = `/login?intended=${path}`;'],
    ["const caption = 'Uploads go to POST /api/files?ephemeral=1.';"],
    ['const text = <p>Files are kept at /api/files/ for a day.</p>;'],
    ["const key = ['users', 'consents'];"],
    ['const label = `${count} users/teams`;'],
    ["const media = 'application/vnd.muster.v3+json';"],
  ])('leaves alone %s', (code) => {
    expect(flagged(code)).toEqual([]);
  });

  it('knows the first segment of every catalogue route', () => {
    const roots = new Set(
      catalogue.flatMap((entry) =>
        [entry.path, ...(entry.extra ?? []).map((extra) => extra.path)].map(
          (path) => path.split('/')[1] ?? '',
        ),
      ),
    );
    const missed = [...roots].filter((root) => flagged(`const path = '${root}/1';`).length !== 1);
    expect(missed).toEqual([]);
    // With a leading slash too, except where the web app has a page of that name.
    const webPages = new Set(['reference']);
    const missedWithSlash = [...roots].filter(
      (root) => !webPages.has(root) && flagged(`const path = '/${root}/1';`).length !== 1,
    );
    expect(missedWithSlash).toEqual([]);
  });

  it('finds no API path in any feature file', () => {
    const files = (readdirSync(featuresDir, { recursive: true }) as string[])
      .filter(
        (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/(^|\/)test-[^/]*$/.test(name),
      )
      .map((name) => join(featuresDir, name));
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      lint(readFileSync(file, 'utf8'), file)
        .filter((message) => message.message.startsWith('Features hold no API paths') || message.fatal)
        .map((message) => `${relative(repoRoot, file)}:${message.line} ${message.message}`),
    );
    expect(found).toEqual([]);
  }, 120_000);
});
