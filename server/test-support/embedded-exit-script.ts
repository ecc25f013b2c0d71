/**
 * For embedded-database.test.ts: starts the embedded database in the folder given, prints its process id,
 * starts a statement that runs for a minute, and exits while it runs, as a server does whose shutdown
 * deadline passed during an idle VACUUM.
 */
import { startEmbeddedDatabase } from '../db/embedded-database';

const database = await startEmbeddedDatabase(process.argv[2], () => {});
console.log(JSON.stringify({ pid: database.pid }));
void database.pool.query({ text: 'SELECT pg_sleep(60)', query_timeout: 120_000 } as { text: string }).catch(() => {});
setTimeout(() => process.exit(1), 500);
