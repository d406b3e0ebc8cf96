// Child processes of the load bench (bench/load.ts): the API server and the bare ceiling servers,
// each started on a free port, waited for, sampled for resident memory, and stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** A started server: its process, base URL and the last lines it wrote (for a failure's message). */
export type ServerProcess = {
  name: string;
  child: ChildProcess;
  pid: number;
  url: string;
  output: () => string;
};

/**
 * Starts `node args…` with `env` and waits until `readyPath` on the port answers 200 (at most
 * `timeoutMs`: the API seeds the demo on first start). Node is run directly, not through npm, so
 * the pid is the server's own (its memory is what gets sampled).
 */
export async function startServer(options: {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  host?: string;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, options.args, {
    env: { ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 600_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${options.name} exited with ${child.exitCode} before answering:\n${output}`);
    }
    try {
      const response = await fetch(`${url}${options.readyPath}`, {
        headers: { host: options.host ?? 'localhost' },
      });
      if (response.ok) {
        await response.arrayBuffer();
        return { name: options.name, child, pid: child.pid ?? 0, url, output: () => output };
      }
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`${options.name} did not answer ${options.readyPath} within the time allowed:\n${output}`);
}

/** Stops a server with SIGTERM (the API closes its database), SIGKILL after `graceMs`. */
export async function stopServer(server: ServerProcess, graceMs = 20_000): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    return;
  }
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** The resident set of `pid` in MB (`VmRSS` of /proc/<pid>/status), or 0 when it cannot be read. */
export function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb === undefined ? 0 : Number(kb) / 1024;
  } catch {
    return 0;
  }
}

/**
 * The CPU time `pid` has used so far, all its threads, user and system, in seconds (fields 14 and
 * 15 of /proc/<pid>/stat, in USER_HZ ticks, which Linux reports at 100 a second whatever the
 * kernel's own tick); 0 when it cannot be read.
 */
export function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Samples a process's resident memory every `intervalMs` until stopped; answers the peak seen. */
export function sampleRss(pid: number, intervalMs = 100): { stop: () => number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}
