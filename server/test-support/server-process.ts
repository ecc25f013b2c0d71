/**
 * The real `server/server.ts` as a child process, for tests of what only a process shows: signals, exit
 * codes, the data folder's lock, the embedded database's own process.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  process: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** `env` on top of an embedded database in `dataDir`, any free port, info logs. */
export function startServerProcess(dataDir: string, env: Record<string, string> = {}): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', SMTP_URL: '', BACKGROUND_JOBS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { process: child, output: () => output, stderr: () => stderr, exited };
}

export async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The server's base URL once it says it is running. */
export function waitUntilListening(server: ServerProcess): Promise<string> {
  return waitFor(
    'the server to listen',
    () => {
      if (server.process.exitCode !== null) throw new Error(`The server exited while starting:\n${server.output()}`);
      const port = /Fleetdesk is running at http:\/\/localhost:(\d+)/.exec(server.output())?.[1];
      return port === undefined ? undefined : `http://127.0.0.1:${port}`;
    },
    120_000,
  );
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The embedded database's process (pglite-host.ts) of a server, if it has one. */
export function databaseProcessPid(serverPid: number): number | undefined {
  try {
    const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(serverPid)], { encoding: 'utf8' }).split('\n');
    const line = lines.find((candidate) => candidate.includes('pglite-host'));
    return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
  } catch {
    return undefined;
  }
}
