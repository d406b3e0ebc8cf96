import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { GENERATED_SECRET_FILE, resolveJwtSecret } from './secret.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-secret-'));
  dirs.push(dir);
  return path.join(dir, 'db');
}

describe('resolveJwtSecret', () => {
  it('uses JWT_SECRET when set', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    expect(resolveJwtSecret(config)).toBe('x'.repeat(40));
  });

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => resolveJwtSecret(loadConfig({ NODE_ENV: 'production' }))).toThrow(/JWT_SECRET must be set/);
  });

  it('outside production generates one and keeps it next to the database, so a restart keeps sessions', () => {
    const dir = dataDir();
    const config = loadConfig({ NODE_ENV: 'development' }, { dataDir: dir });
    const first = resolveJwtSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(path.dirname(dir), GENERATED_SECRET_FILE);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(config)).toBe(first);
  });

  // Issue 10 (hard kill): a start killed while writing the file left it empty, and the next
  // start signed every token with that empty secret.
  it('never signs with a secret file cut short by a kill, and writes a whole one in its place', () => {
    const dir = dataDir();
    const file = path.join(path.dirname(dir), GENERATED_SECRET_FILE);
    fs.writeFileSync(file, '', { mode: 0o600 });
    const config = loadConfig({ NODE_ENV: 'development' }, { dataDir: dir });
    const secret = resolveJwtSecret(config);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(resolveJwtSecret(config)).toBe(secret);
    expect(fs.readdirSync(path.dirname(file))).toEqual([GENERATED_SECRET_FILE]);
  });

  it('keeps a per-process secret in tests and for in-memory databases', () => {
    const config = loadConfig({ NODE_ENV: 'development' }, { dataDir: 'memory' });
    expect(resolveJwtSecret(config)).not.toBe(resolveJwtSecret(config));
  });
});

describe('token lifetimes', () => {
  it('default to 15 minutes and 12 hours, and read ACCESS_TOKEN_TTL and SESSION_MAX_AGE', () => {
    const defaults = loadConfig({ NODE_ENV: 'test' });
    expect([defaults.accessTokenTtl, defaults.sessionMaxAge]).toEqual([900, 43200]);
    const set = loadConfig({ NODE_ENV: 'test', ACCESS_TOKEN_TTL: '90s', SESSION_MAX_AGE: '2d' });
    expect([set.accessTokenTtl, set.sessionMaxAge]).toEqual([90, 172800]);
    expect(() => loadConfig({ NODE_ENV: 'test', ACCESS_TOKEN_TTL: 'soon' })).toThrow(/ACCESS_TOKEN_TTL/);
  });
});
