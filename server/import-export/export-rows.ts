/**
 * The rows of an export, a batch at a time, never all at once. On PostgreSQL one statement is read through a
 * cursor (pg-cursor) in a read-only snapshot: sorted once, whatever the order, consistent from the first row to
 * the last, and counted in that snapshot. The embedded database has a single connection shared by every request,
 * which a cursor would hold for the whole export, so there the rows come as keyset pages (paging.ts), each its own
 * short query.
 */
import type pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from '../db/database';
import type { Sql } from '../db/sql';
import type { ListQuery } from '../engine/list-query';
import type { EngineResource } from '../engine/model';
import { pageOrderOf } from '../engine/paging';
import type { RecordRow } from '../engine/records';
import { EngineStore, type Scope } from '../engine/store';

/**
 * Rows a batch: small enough that a batch dies young (a thousand orders at a time were promoted to the old heap
 * and grew the server's memory by ~180 MB over a million rows before a full collection), large enough that
 * round trips do not count.
 */
export const EXPORT_BATCH = 250;

/** On a client that began the export's snapshot: its rows through a cursor, then the snapshot and the client let go. */
async function* cursorBatches(client: pg.PoolClient, statement: Sql, batch: number): AsyncGenerator<RecordRow[]> {
  let cursor: Cursor<RecordRow> | undefined;
  try {
    const { text, values } = statement.render();
    cursor = client.query(new Cursor<RecordRow>(text, values));
    for (;;) {
      const rows = await cursor.read(batch);
      if (rows.length === 0) break;
      yield rows;
    }
  } finally {
    // Also when the download stopped half-way (the generator is returned early): the snapshot and the connection go.
    await cursor?.close().catch(() => {});
    await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
}

async function* keysetBatches(store: EngineStore, resource: EngineResource, scope: Scope, query: ListQuery, batch: number): AsyncGenerator<RecordRow[]> {
  const order = pageOrderOf(resource, query.sort);
  let rows = await store.pageByNumber(resource, scope, query.conditions, order, batch, 0, Number.MAX_SAFE_INTEGER);
  while (rows.length > 0) {
    yield rows;
    if (rows.length < batch) break;
    const last = rows[rows.length - 1];
    rows = await store.pageAfter(
      resource,
      scope,
      query.conditions,
      order,
      batch,
      { key: order.kind === 'id' ? null : last.cursor_key, id: Number(last.id) },
      false,
    );
  }
}

/** The rows an export writes: how many, said before the first byte (`X-Export-Rows`), and the rows a batch at a time. */
export interface ExportRows {
  total: number;
  batches: AsyncGenerator<RecordRow[]>;
}

/**
 * The rows of the list `query` selects, of each record only `fields` (and the derived ones) on PostgreSQL, where
 * they are counted in the snapshot they are read from: the number announced is the number written, whatever is
 * written meanwhile. (The embedded database's pages are read one after another: there a row written during the
 * export can make the count differ by that row.) The batches must be read, at least begun: they let the snapshot go.
 */
export async function exportRows(
  database: Database,
  store: EngineStore,
  resource: EngineResource,
  scope: Scope,
  query: ListQuery,
  fields: string[],
  batch = EXPORT_BATCH,
): Promise<ExportRows> {
  if (database.kind !== 'postgres') {
    return { total: await store.count(resource, scope, query.conditions), batches: keysetBatches(store, resource, scope, query, batch) };
  }
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const total = await new EngineStore(client, store.tenantId).count(resource, scope, query.conditions);
    const statement = store.listStatement(resource, scope, query.conditions, query.orderBy, fields);
    return { total, batches: cursorBatches(client, statement, batch) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
    throw error;
  }
}
