/**
 * Exclusive lock on the data folder. Two processes that open one PGlite folder both succeed and
 * silently lose data (DESIGN.md), so a second server on the same folder must stop before it opens
 * the database.
 *
 * proper-lockfile creates a lock directory atomically (mkdir) and refreshes its mtime while we run;
 * after a crash (kill -9) the lock counts as stale after STALE_MS, so the folder is usable again
 * without manual clean-up. A clean exit removes it at once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

const STALE_MS = 10_000;
export const LOCK_NAME = 'fleetdesk.lock';

export class DataFolderLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another Fleetdesk server is using the data folder ${dataDir}. Stop that server first, ` +
        `or give this one another folder with DATA_DIR. (If no server is running, the lock of a crashed ` +
        `one expires within ${STALE_MS / 1000} seconds.)`,
    );
    this.name = 'DataFolderLockedError';
  }
}

export type ReleaseLock = () => Promise<void>;

/**
 * @param onCompromised called when the lock could not be kept (its refresh failed or another process
 *   took it): the caller must stop using the folder.
 */
export async function lockDataFolder(dataDir: string, onCompromised: (error: Error) => void): Promise<ReleaseLock> {
  await fs.mkdir(dataDir, { recursive: true });
  try {
    const release = await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, LOCK_NAME),
      stale: STALE_MS,
      retries: 0,
      onCompromised,
    });
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      await release();
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataFolderLockedError(dataDir);
    throw error;
  }
}
