/**
 * The embedded database's process rules, checked on the real `server/server.ts` (PGlite only: with
 * DATABASE_URL there is no data folder to guard).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCK_NAME } from './data-folder-lock';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface RunningServer {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(dataDir: string): RunningServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const listeningUrl = (server: RunningServer) => /Fleetdesk is running at (http:\/\/localhost:\d+)/.exec(server.output())?.[1];

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map(Number)
      .filter(Boolean);
  } catch {
    return [];
  }
}

describe('the embedded database folder (real server processes)', () => {
  let dataDir: string;
  const started: RunningServer[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetdesk-lock-'));
    await fs.cp(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  });
  afterAll(async () => {
    for (const server of started) if (server.process.exitCode === null) server.process.kill('SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('lets a second server on the same DATA_DIR exit with a clear message, and the first one keeps working', async () => {
    const first = startServer(dataDir);
    started.push(first);
    const url = await waitFor('the first server to listen', () => listeningUrl(first));
    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok', database: 'pglite' });

    const second = startServer(dataDir);
    started.push(second);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`Another Fleetdesk server is using the data folder ${dataDir}`);
    expect(listeningUrl(second)).toBeUndefined();

    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    // A clean stop closes the database process and releases the folder.
    const childrenBefore = childPids(first.process.pid as number);
    first.process.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    await expect(fs.access(path.join(dataDir, LOCK_NAME))).rejects.toThrow();
    for (const pid of childrenBefore) await waitFor(`database process ${pid} to end`, () => (isAlive(pid) ? undefined : true), 15_000);
  });

  it('stops the database process when the server is killed outright', async () => {
    const server = startServer(dataDir);
    started.push(server);
    await waitFor('the server to listen', () => listeningUrl(server));
    const children = childPids(server.process.pid as number);
    expect(children.length).toBeGreaterThan(0);
    server.process.kill('SIGKILL');
    await server.exited;
    for (const pid of children) await waitFor(`orphaned database process ${pid} to end`, () => (isAlive(pid) ? undefined : true), 15_000);
  });
});
