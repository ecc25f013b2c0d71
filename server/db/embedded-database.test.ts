/** The embedded database's process yields the CPU to the request thread when both want it (issue 5's blocking check). */
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
});
