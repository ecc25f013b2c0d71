/** Child processes of the benchmark (the real server, the floor, the bulk seeder) and their memory. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs a TypeScript script to its end with the output shown; rejects on a non-zero exit. */
export function runScript(script: string, args: string[], env: Record<string, string>, root = ROOT): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });
}

export interface Running {
  child: ChildProcess;
  /** The server's own process (`node --import tsx` runs the script in it: no wrapper in between), for its memory. */
  pid: number;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a server script and waits until `readyPath` answers 200. `root`: the checkout it runs from (another
 * one runs the code as it was, beside this one: bench/pages.ts), `nodeOptions` e.g. `--cpu-prof`.
 */
export async function startServer(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  log: string,
  { root = ROOT, nodeOptions = [] }: { root?: string; nodeOptions?: string[] } = {},
): Promise<Running> {
  const port = await freePort();
  const out = fs.openSync(log, 'a');
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode} while starting (see ${log})`);
    try {
      const response = await fetch(`${url}${readyPath}`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${script} did not start within 180 s (see ${log})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    child,
    pid: child.pid ?? 0,
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process in bytes (0 when it is gone). */
export function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU time a process has used so far, user and system, in seconds (0 when it is gone): where a request's time went. */
export function cpuSecondsOf(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis): utime is 14th, stime 15th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Samples the RSS of a process and of its children (the embedded database) until stopped; keeps the peaks. */
export function memorySampler(pid: number, everyMs = 250) {
  let serverPeak = 0;
  let childrenPeak = 0;
  let totalPeak = 0;
  const sample = () => {
    const server = rssOf(pid);
    const children = childrenOf(pid).reduce((sum, child) => sum + rssOf(child), 0);
    serverPeak = Math.max(serverPeak, server);
    childrenPeak = Math.max(childrenPeak, children);
    totalPeak = Math.max(totalPeak, server + children);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { serverPeak, childrenPeak, totalPeak };
    },
  };
}

/** The PostgreSQL server the benches make their databases on (BENCH_POSTGRES_URL, else the local one). */
export const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement on the administrative database (CREATE / DROP DATABASE), on a connection of its own. */
export async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
