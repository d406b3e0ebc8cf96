import path from 'node:path';
import { z } from 'zod';
import { findPackageRoot } from './package-root.js';

/** A duration: a whole number of seconds, minutes, hours or days (`900s`, `15m`, `12h`, `1d`). */
const durationPattern = /^\d+[smhd]$/;
const durationUnits: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };
const durationSeconds = (value: string): number => Number(value.slice(0, -1)) * (durationUnits[value.slice(-1)] ?? 1);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Muster <no-reply@muster.local>'),
  PUBLIC_ORIGIN: z.string().url().default('http://localhost:3000'),
  TRUST_PROXY: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.string().regex(durationPattern, 'a duration such as 900s, 15m or 12h').default('15m'),
  SESSION_MAX_AGE: z.string().regex(durationPattern, 'a duration such as 900s, 15m or 12h').default('12h'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  DEMO_SSO_ISSUER: z.string().url().optional(),
  DEMO_SSO_CLIENT_ID: z.string().min(1).default('muster'),
  DEMO_SSO_CLIENT_SECRET: z.string().min(1).optional(),
  WEB_DIST: z.string().optional(),
});

export type AppConfig = {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** Directory of the embedded database; `undefined` with `memory` keeps it in memory (tests). */
  dataDir: string;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicOrigin: string;
  trustProxy: string | undefined;
  jwtSecret: string | undefined;
  /** Lifetime of a session (access) token in seconds (`ACCESS_TOKEN_TTL`, default 15m). */
  accessTokenTtl: number;
  /** Longest a sign-in lasts, refreshes included, in seconds (`SESSION_MAX_AGE`, default 12h). */
  sessionMaxAge: number;
  logLevel: string;
  seedDemo: boolean;
  /**
   * When set, a freshly seeded demo organisation signs its users in through this OpenID provider
   * (`DEMO_SSO_ISSUER`, `DEMO_SSO_CLIENT_ID`, `DEMO_SSO_CLIENT_SECRET`): to try single sign-on.
   */
  demoSso: { name: string; issuer: string; clientId: string; clientSecret: string } | null;
  /** Directory of the built web app served on `/`, when it exists. */
  webDist: string;
  /** Dev-only pages (`/dev/outbox`, `/dev/widgets`) are on whenever NODE_ENV is not production. */
  devTools: boolean;
  apiRoot: string;
};

/**
 * Reads configuration from the environment, failing fast with every invalid variable named.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const apiRoot = findPackageRoot();
  const repoRoot = path.resolve(apiRoot, '..', '..');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR === 'memory' ? 'memory' : path.resolve(repoRoot, e.DATA_DIR ?? 'data/db'),
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicOrigin: e.PUBLIC_ORIGIN.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: durationSeconds(e.ACCESS_TOKEN_TTL),
    sessionMaxAge: durationSeconds(e.SESSION_MAX_AGE),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'auto',
    demoSso: e.DEMO_SSO_ISSUER
      ? {
          name: 'Demo ID',
          issuer: e.DEMO_SSO_ISSUER,
          clientId: e.DEMO_SSO_CLIENT_ID,
          clientSecret: e.DEMO_SSO_CLIENT_SECRET ?? '',
        }
      : null,
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    devTools: e.NODE_ENV !== 'production',
    apiRoot,
    ...overrides,
  };
}
