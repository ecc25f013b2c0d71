/**
 * The rows of an export, a batch at a time, never all at once. On PostgreSQL one statement is read through a
 * cursor (pg-cursor) in a read-only snapshot: sorted once, whatever the order, and consistent from the first
 * row to the last. The embedded database has a single connection shared by every request, which a cursor would
 * hold for the whole export, so there the rows come as keyset pages (paging.ts), each its own short query.
 */
import Cursor from 'pg-cursor';
import type { Database } from '../db/database';
import type { Sql } from '../db/sql';
import type { ListQuery } from '../engine/list-query';
import type { EngineResource } from '../engine/model';
import { pageOrderOf } from '../engine/paging';
import type { RecordRow } from '../engine/records';
import type { EngineStore, Scope } from '../engine/store';

/**
 * Rows a batch: small enough that a batch dies young (a thousand orders at a time were promoted to the old heap
 * and grew the server's memory by ~180 MB over a million rows before a full collection), large enough that
 * round trips do not count.
 */
export const EXPORT_BATCH = 250;

async function* cursorBatches(database: Database, statement: Sql, batch: number): AsyncGenerator<RecordRow[]> {
  const client = await database.pool.connect();
  let cursor: Cursor<RecordRow> | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
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

/** The rows of the list `query` selects, of each record only `fields` (and the derived ones) on PostgreSQL. */
export function exportBatches(
  database: Database,
  store: EngineStore,
  resource: EngineResource,
  scope: Scope,
  query: ListQuery,
  fields: string[],
  batch = EXPORT_BATCH,
): AsyncGenerator<RecordRow[]> {
  if (database.kind === 'postgres') return cursorBatches(database, store.listStatement(resource, scope, query.conditions, query.orderBy, fields), batch);
  return keysetBatches(store, resource, scope, query, batch);
}
