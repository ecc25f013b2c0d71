/**
 * The embedded database's own process: PGlite on `<dataDir>` served over the Postgres wire protocol on
 * 127.0.0.1 (a free port), so the server talks `pg` to it exactly as to a real PostgreSQL server and a
 * long query never blocks the server's request thread (DESIGN.md, "Database facts").
 *
 * Protocol with the parent (IPC, JSON): the child sends {type:'ready', port} once it listens, or
 * {type:'failed', message}; the parent sends {type:'shutdown'} to close. The child also closes when the
 * IPC channel disconnects (the parent died), so no orphan keeps the data folder open.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

// See embedded-database.ts: the parent's pool uses one connection; a few spare slots let a replaced
// connection reconnect before the socket server has noticed that the old one closed.
const MAX_CONNECTIONS = 4;

const dataDir = process.argv[2];
if (!dataDir || !process.send) {
  console.error('pglite-host: must be forked with the data folder as its argument');
  process.exit(2);
}
const send = (message: unknown) => process.send?.(message);

// The terminal's Ctrl-C reaches the whole process group: let the parent drive the shutdown instead,
// so it can finish its last queries first.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});

let closing: Promise<void> | null = null;

async function main() {
  // pg_trgm and btree_gin: list search (LIKE '%…%') is served by trigram indexes led by the tenant (migrations
  // 003 and 017, engine/search.ts); unaccent folds the searched text (migration 021).
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm, btree_gin, unaccent } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: MAX_CONNECTIONS });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());

  const close = () =>
    (closing ??= (async () => {
      try {
        await server.stop();
      } finally {
        await db.close();
      }
    })().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('pglite-host: error while closing', error);
        process.exit(1);
      },
    ));

  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'shutdown') void close();
  });
  process.on('disconnect', () => void close());
  send({ type: 'ready', port });
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  console.error('pglite-host: could not open the database', error);
  process.exit(1);
});
