/**
 * The embedded database's process yields the CPU to the request thread when both want it (issue 5's blocking
 * check), and does not outlive a server that exits in the middle of a statement (issue 16, point 7).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from './embedded-database';

describe('the embedded database process', () => {
  it('runs at a lower scheduling priority than the server, and answers queries', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetdesk-priority-'));
    const database = await startEmbeddedDatabase(dir, () => {});
    try {
      expect(database.pid).toBeTypeOf('number');
      // Higher niceness = lower priority.
      expect(os.getPriority(database.pid as number)).toBeGreaterThan(os.getPriority());
      expect((await database.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('ends with the server even while a statement runs, so the next server cannot open the folder beside it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetdesk-orphan-'));
    const script = path.join(import.meta.dirname, '../test-support/embedded-exit-script.ts');
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    let pid = 0;
    try {
      // The script exits (code 1) half a second into a statement that runs for a minute. Its exit, not the end
      // of its output: a database process left behind would hold the output open.
      const child = spawn(process.execPath, ['--import', 'tsx', script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      await new Promise((resolve) => child.once('exit', resolve));
      pid = (JSON.parse(stdout.trim().split('\n')[0]) as { pid: number }).pid;
      expect(pid).toBeGreaterThan(0);
      await expect.poll(() => alive(pid), { timeout: 5_000, interval: 50 }).toBe(false);
    } finally {
      if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
