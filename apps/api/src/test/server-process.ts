import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { loadConfig } from '../config/config.js';

/** Fastify's line once the server takes requests (the demo seed and migrations are done by then). */
const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;

/** How much of a server's output is kept to explain a failure. */
const OUTPUT_KEPT = 64 * 1024;

/** Variables of the test run that must not reach a server started for a test. */
const INHERITED_SETTINGS = [
  'DATABASE_URL',
  'DATA_DIR',
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
  'SMTP_URL',
  'JWT_SECRET',
  'SEED_DEMO',
  'SEED_HISTORY',
  'MUSTER_DEV_TOOLS',
  'PORT',
  'HOST',
  'NODE_ENV',
  'LOG_LEVEL',
  'TRUST_PROXY',
];

/**
 * The real server (`src/server.ts`, run by tsx as `npm run dev` does, without the watcher) in a
 * child process, on a port of the system's choosing on 127.0.0.1. `env` is laid over the test
 * run's environment, less the settings above. A demo it seeds stays without its history (unless
 * `env` asks for it): tests count the demo's rows, and the history would hold the database.
 */
export class ServerProcess {
  readonly child: ChildProcess;
  /** Resolves when the process has ended, however it ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** When the process was started, and when it said it listens (Date.now()). */
  readonly startedAt = Date.now();
  listenedAt: number | null = null;
  private output = '';
  private exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;

  constructor(env: Record<string, string>) {
    const base = { ...process.env };
    for (const name of INHERITED_SETTINGS) {
      delete base[name];
    }
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: loadConfig({ NODE_ENV: 'test' }).apiRoot,
      env: { ...base, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_HISTORY: 'never', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-OUTPUT_KEPT);
      if (this.listenedAt === null && LISTENING.test(this.output)) {
        this.listenedAt = Date.now();
      }
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      });
    });
  }

  /** The end of what the server printed. */
  get log(): string {
    return this.output;
  }

  /** True until the process has ended. */
  get running(): boolean {
    return this.exit === null;
  }

  /** The port, once the server says it listens; fails when it ends first or `timeoutMs` passes. */
  async listening(timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const port = LISTENING.exec(this.output)?.[1];
      if (port) {
        return Number(port);
      }
      if (!this.running) {
        throw new Error(`the server ended before it listened (${JSON.stringify(this.exit)}):\n${this.log}`);
      }
      if (Date.now() > deadline) {
        throw new Error(`the server did not listen within ${String(timeoutMs)} ms:\n${this.log}`);
      }
      await sleep(50);
    }
  }

  /** Paths of the files the process has open (Linux), e.g. to see it has begun its database work. */
  openFiles(): string[] {
    const dir = `/proc/${String(this.child.pid)}/fd`;
    try {
      return fs.readdirSync(dir).flatMap((fd) => {
        try {
          return [fs.readlinkSync(path.join(dir, fd))];
        } catch {
          return [];
        }
      });
    } catch {
      return [];
    }
  }

  /** SIGKILL: the process ends at once, wherever it is. Resolves once it has ended. */
  async kill(): Promise<void> {
    if (this.running) {
      this.child.kill('SIGKILL');
    }
    await this.exited;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export type HttpAnswer = { status: number; body: string };

/**
 * One request to 127.0.0.1 on its own connection, from `localAddress` (any 127.x.y.z: the
 * server's per-address limits see distinct clients). Rejects when the connection fails or
 * drops before the whole answer arrived.
 */
export function request(
  port: number,
  input: { method?: string; path: string; body?: unknown; headers?: Record<string, string>; localAddress?: string },
  timeoutMs = 90_000,
): Promise<HttpAnswer> {
  const payload = input.body === undefined ? undefined : JSON.stringify(input.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method: input.method ?? 'GET',
        path: input.path,
        agent: false,
        localAddress: input.localAddress,
        timeout: timeoutMs,
        headers: {
          host: '127.0.0.1',
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
          ...input.headers,
        },
      },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('aborted', () => reject(new Error('the answer was cut off')));
        incoming.on('error', reject);
        incoming.on('end', () => {
          if (incoming.complete) {
            resolve({ status: incoming.statusCode ?? 0, body });
          } else {
            reject(new Error('the answer was cut off'));
          }
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${String(timeoutMs)} ms`)));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Polls `GET /api/health` until it answers 200; fails after `timeoutMs`. */
export async function waitForHealth(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const answer = await request(port, { path: '/api/health' }, 5_000);
      if (answer.status === 200) {
        return;
      }
      last = `${String(answer.status)} ${answer.body}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(100);
  }
  throw new Error(`/api/health did not answer 200 within ${String(timeoutMs)} ms (last: ${last})`);
}
