/**
 * Resets the benchmark's database to the seed's state and runs VACUUM ANALYZE on it (DATA_DIR / DATABASE_URL as the server): a run that reuses
 * the bulk data starts from the state seed:bulk leaves, not with the dead rows and unmarked pages of the
 * previous run's creates and updates (deep pages are index-only scans: server/engine/paging.ts).
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const started = Date.now();
  // Orders made by earlier runs' create case (cargo number BENCH-1): the data is the seed's again.
  const removed = await database.pool.query({ text: `DELETE FROM r_orders WHERE data->>'cargo_number' = 'BENCH-1'`, query_timeout: 3_600_000 } as {
    text: string;
  });
  console.log(`  removed ${removed.rowCount} orders made by earlier runs`);
  // Minutes on PGlite at full size: past the embedded pool's 60 s query timeout.
  await database.pool.query({ text: 'VACUUM ANALYZE', query_timeout: 3_600_000 } as { text: string });
  console.log(`  VACUUM ANALYZE: ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
