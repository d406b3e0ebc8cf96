import path from 'node:path';
import { z } from 'zod';
import { findPackageRoot } from './package-root.js';

/** A duration: a whole number of seconds, minutes, hours or days (`900s`, `15m`, `12h`, `1d`). */
const durationPattern = /^\d+[smhd]$/;
const durationUnits: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };
const durationSeconds = (value: string): number =>
  Number(value.slice(0, -1)) * (durationUnits[value.slice(-1)] ?? 1);

/** How long an address search may wait for Loqate before answering 503. */
const LOQATE_TIMEOUT_MS = 5000;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Put before every key Muster writes to Redis, so that several installs (or test runs) can share one server. */
  REDIS_KEY_PREFIX: z.string().max(100).default(''),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Muster <no-reply@muster.local>'),
  PUBLIC_ORIGIN: z.string().url().default('http://localhost:3000'),
  TRUST_PROXY: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.string().regex(durationPattern, 'a duration such as 900s, 15m or 12h').default('15m'),
  SESSION_MAX_AGE: z.string().regex(durationPattern, 'a duration such as 900s, 15m or 12h').default('12h'),
  SESSION_IDLE_TIMEOUT: z
    .string()
    .regex(durationPattern, 'a duration such as 900s, 15m or 12h')
    .default('30m'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `auto` (default outside production): an empty database gets the demo organisation. `never`.
   * `demo`: asked for by name, the only way the demo (with its published passwords) is seeded into,
   * or accepted by, a production server.
   */
  SEED_DEMO: z.enum(['auto', 'never', 'demo']).optional(),
  /**
   * `auto` (default): a demo organisation seeded on first start is given three years of made-up
   * activity (db/seed/history.ts) in the background once the server listens. `never`: the demo
   * stays as small as the end-to-end tests expect it.
   */
  SEED_HISTORY: z.enum(['auto', 'never']).default('auto'),
  /** `1`: serve the development tools (`/dev/outbox`, `/dev/widgets`) to loopback addresses. Never in production. */
  MUSTER_DEV_TOOLS: z.enum(['0', '1']).default('0'),
  DEMO_SSO_ISSUER: z.string().url().optional(),
  DEMO_SSO_CLIENT_ID: z.string().min(1).default('muster'),
  DEMO_SSO_CLIENT_SECRET: z.string().min(1).optional(),
  WEB_DIST: z.string().optional(),
  /** Loqate (PCA) key: address searches that ask for it (`usePca=1`) go to Loqate instead of the built-in finder. */
  LOQATE_KEY: z.string().min(1).optional(),
  /** Base URL of the Loqate-compatible service. */
  LOQATE_URL: z.string().url().default('https://api.addressy.com'),
  /** Twilio SMS gateway: all three set, or none (texts then stay in the outbox). */
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  /**
   * Multiplies every rate limit's allowance (`npm run bench` raises them so that one client can
   * load a route). A whole number, default 1; refused in production.
   */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /**
   * How long a running export's heartbeat may go unrenewed before the export counts as left by a
   * dead process and is built again (PostgreSQL). A duration of 3 seconds or more, default 45s.
   */
  EXPORT_STALE_AFTER: z
    .string()
    .regex(durationPattern, 'a duration such as 45s or 2m')
    .refine(
      (value) => durationSeconds(value) >= 3,
      'at least 3s: builds renew their heartbeat about four times within it',
    )
    .default('45s'),
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
  /** Put before every Redis key (`REDIS_KEY_PREFIX`, default none): installs sharing one Redis keep apart. */
  redisKeyPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicOrigin: string;
  trustProxy: string | undefined;
  jwtSecret: string | undefined;
  /** Lifetime of a session (access) token in seconds (`ACCESS_TOKEN_TTL`, default 15m). */
  accessTokenTtl: number;
  /** Longest a sign-in lasts, refreshes included, in seconds (`SESSION_MAX_AGE`, default 12h). */
  sessionMaxAge: number;
  /** A sign-in unused for this long (seconds) cannot be renewed (`SESSION_IDLE_TIMEOUT`, default 30m). */
  sessionIdleTimeout: number;
  logLevel: string;
  /** Seed the demo organisation into an empty database on start. */
  seedDemo: boolean;
  /** The demo was asked for by name (`SEED_DEMO=demo`): a production server accepts its accounts. */
  demoRequested: boolean;
  /** A demo seeded on first start also gets its years of history, in the background (`SEED_HISTORY`). */
  seedHistory: boolean;
  /**
   * When set, a freshly seeded demo organisation signs its users in through this OpenID provider
   * (`DEMO_SSO_ISSUER`, `DEMO_SSO_CLIENT_ID`, `DEMO_SSO_CLIENT_SECRET`): to try single sign-on.
   */
  demoSso: { name: string; issuer: string; clientId: string; clientSecret: string } | null;
  /** Directory of the built web app served on `/`, when it exists. */
  webDist: string;
  /**
   * The development tools (`/dev/outbox`, `/dev/widgets`): only with `MUSTER_DEV_TOOLS=1`, never in
   * production, and answered only to loopback addresses.
   */
  devTools: boolean;
  /**
   * The Loqate-compatible address finder (`LOQATE_KEY`, `LOQATE_URL`), or null for the built-in
   * one only. A call unanswered after `timeoutMs` is abandoned.
   */
  loqate: { key: string; url: string; timeoutMs: number } | null;
  /**
   * The Twilio SMS gateway (`TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN`, `TWILIO_FROM`), or null:
   * texts are then only stored in the outbox, and production offers no SMS method. `apiBase`
   * replaces `https://api.twilio.com` (tests).
   */
  twilio: { accountSid: string; authToken: string; from: string; apiBase?: string } | null;
  /** Every rate limit allows this many times its events (`RATE_LIMIT_SCALE`, default 1; never in production). */
  rateLimitScale: number;
  /**
   * A running export whose heartbeat is older than this (milliseconds) was left by a process that
   * died and is queued again (`EXPORT_STALE_AFTER`, default 45s).
   */
  exportStaleAfterMs: number;
  apiRoot: string;
};

/**
 * Reads configuration from the environment, failing fast with every invalid variable named.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && e.MUSTER_DEV_TOOLS === '1') {
    throw new Error(
      'Invalid configuration:\nMUSTER_DEV_TOOLS: the development tools cannot be turned on in production',
    );
  }
  if (production && e.RATE_LIMIT_SCALE !== 1) {
    throw new Error(
      'Invalid configuration:\nRATE_LIMIT_SCALE: the rate limits cannot be raised in production',
    );
  }
  const twilioVars = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (twilioVars.some(Boolean) && !twilioVars.every(Boolean)) {
    throw new Error(
      'Invalid configuration:\nTWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three, or none',
    );
  }
  const apiRoot = findPackageRoot();
  const repoRoot = path.resolve(apiRoot, '..', '..');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR === 'memory' ? 'memory' : path.resolve(repoRoot, e.DATA_DIR ?? 'data/db'),
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicOrigin: e.PUBLIC_ORIGIN.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: durationSeconds(e.ACCESS_TOKEN_TTL),
    sessionMaxAge: durationSeconds(e.SESSION_MAX_AGE),
    sessionIdleTimeout: durationSeconds(e.SESSION_IDLE_TIMEOUT),
    logLevel: e.LOG_LEVEL,
    seedDemo: production ? e.SEED_DEMO === 'demo' : e.SEED_DEMO !== 'never',
    demoRequested: e.SEED_DEMO === 'demo',
    seedHistory: e.SEED_HISTORY === 'auto',
    demoSso: e.DEMO_SSO_ISSUER
      ? {
          name: 'Demo ID',
          issuer: e.DEMO_SSO_ISSUER,
          clientId: e.DEMO_SSO_CLIENT_ID,
          clientSecret: e.DEMO_SSO_CLIENT_SECRET ?? '',
        }
      : null,
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    devTools: e.MUSTER_DEV_TOOLS === '1',
    loqate: e.LOQATE_KEY
      ? { key: e.LOQATE_KEY, url: e.LOQATE_URL.replace(/\/+$/, ''), timeoutMs: LOQATE_TIMEOUT_MS }
      : null,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : null,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    exportStaleAfterMs: durationSeconds(e.EXPORT_STALE_AFTER) * 1000,
    apiRoot,
    ...overrides,
  };
}

/**
 * The defaults of starting the server (`npm start`, `npm run dev`); anything set in `env` wins.
 * On the embedded database (no DATABASE_URL) it is a demo install: development, with the
 * development tools on for this machine. Against a DATABASE_URL it is production unless
 * NODE_ENV says otherwise, so a real install cannot run with the demo's defaults by accident.
 */
export function withStartDefaults(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const embedded = !env.DATABASE_URL;
  const nodeEnv = env.NODE_ENV ?? (embedded ? 'development' : 'production');
  return {
    ...env,
    NODE_ENV: nodeEnv,
    ...(embedded && nodeEnv !== 'production' && env.MUSTER_DEV_TOOLS === undefined
      ? { MUSTER_DEV_TOOLS: '1' }
      : {}),
  };
}

/**
 * What a production server cannot run without, named in one error: the token-signing secret and
 * the mail server (sign-in codes, reset links and reference requests must leave the building).
 */
export function assertProductionReady(config: AppConfig): void {
  if (config.env !== 'production') {
    return;
  }
  const missing = [
    ...(config.jwtSecret ? [] : ['JWT_SECRET (32 or more characters)']),
    ...(config.smtpUrl ? [] : ['SMTP_URL (e.g. smtp://user:pass@mail.example.org:587)']),
  ];
  if (missing.length > 0) {
    throw new Error(
      `Muster will not start in production without: ${missing.join(', ')}. ` +
        'Set them, or run with NODE_ENV=development to try it out.',
    );
  }
}
