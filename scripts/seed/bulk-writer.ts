/**
 * Writes generated records straight into an engine table (`r_<name>`: id, tenant_id, parent_id, data,
 * created_by, updated_by; the rest by default), many rows per statement:
 *   INSERT … SELECT … FROM jsonb_array_elements($1::jsonb)
 * which runs the same on PGlite and PostgreSQL. Ids are taken from the table's own sequence first, so a
 * child batch can name its parents without reading anything back.
 */
import type pg from 'pg';
import type { EngineResource } from '../../server/engine/model';

export interface BulkRow {
  parentId?: number;
  data: Record<string, unknown>;
}

export class InvalidGeneratedData extends Error {}

export class BulkWriter {
  private readonly hasParent: boolean;
  private validated = 0;

  constructor(
    private readonly pool: pg.Pool,
    readonly resource: EngineResource,
    private readonly tenantId: number,
    private readonly userId: number,
    /** Validate one row in this many with the engine's compiled schema validator (plus the first 50). */
    private readonly sampleEvery = 500,
  ) {
    this.hasParent = resource.definition.parent !== undefined;
  }

  /** The ids the next `count` rows will get, from the table's own sequence. */
  async reserveIds(count: number): Promise<number[]> {
    const { rows } = await this.pool.query(`SELECT nextval(pg_get_serial_sequence($1, 'id')) AS id FROM generate_series(1, $2::int)`, [
      `"${this.resource.table}"`,
      count,
    ]);
    return rows.map((row: { id: number | string }) => Number(row.id));
  }

  /** Fails loudly when generated data breaks its schema: bulk data must be data the API would accept. */
  private check(rows: BulkRow[]) {
    rows.forEach((row, index) => {
      if (this.validated >= 50 && index % this.sampleEvery !== 0) return;
      this.validated += 1;
      if (!this.resource.loaded.validate(row.data)) {
        throw new InvalidGeneratedData(
          `generated ${this.resource.name} record is invalid: ${JSON.stringify(this.resource.loaded.validate.errors)}\n${JSON.stringify(row.data)}`,
        );
      }
    });
  }

  /** Inserts the rows with the given ids (from reserveIds) or fresh ones; answers the ids in row order. */
  async insert(rows: BulkRow[], ids?: number[]): Promise<number[]> {
    if (rows.length === 0) return [];
    this.check(rows);
    const rowIds = ids ?? (await this.reserveIds(rows.length));
    const payload = JSON.stringify(rows.map((row, index) => [rowIds[index], row.parentId ?? null, row.data]));
    const table = `"${this.resource.table}"`;
    const text = this.hasParent
      ? `INSERT INTO ${table} (id, tenant_id, parent_id, data, created_by, updated_by)
         SELECT (e->>0)::bigint, $2, (e->>1)::bigint, e->2, $3, $3 FROM jsonb_array_elements($1::jsonb) AS e`
      : `INSERT INTO ${table} (id, tenant_id, data, created_by, updated_by)
         SELECT (e->>0)::bigint, $2, e->2, $3, $3 FROM jsonb_array_elements($1::jsonb) AS e`;
    await this.pool.query(text, [payload, this.tenantId, this.userId]);
    return rowIds;
  }
}

interface IndexDefinition {
  name: string;
  definition: string;
}

interface RebuildOptions {
  maintenanceWorkMem?: string;
  onRebuild?: (done: number, total: number) => void;
}

/**
 * Secondary indexes of a table are dropped for a large load and made again after it (one sorted build
 * is far cheaper than a million trigram and btree insertions); their definitions are read from the
 * catalogue, so whatever index exists comes back exactly as it was.
 */
export async function withoutIndexes<T>(pool: pg.Pool, table: string, work: () => Promise<T>, options: RebuildOptions = {}): Promise<T> {
  const { rows: indexes } = await pool.query<IndexDefinition>(
    `SELECT i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname
       JOIN pg_index x ON x.indexrelid = c.oid
      WHERE i.schemaname = current_schema() AND i.tablename = $1 AND NOT x.indisprimary AND NOT x.indisunique`,
    [table],
  );
  for (const index of indexes) await pool.query(`DROP INDEX IF EXISTS "${index.name}"`);
  try {
    return await work();
  } finally {
    // Also after a failed load: a failed rebuild's error then replaces the load's.
    await rebuildIndexes(pool, indexes, options);
  }
}

async function rebuildIndexes(pool: pg.Pool, indexes: IndexDefinition[], options: RebuildOptions): Promise<void> {
  let done = 0;
  for (const index of indexes) {
    const client = await pool.connect();
    try {
      // SET LOCAL: a session-level SET would outlive this build on a shared PGlite session.
      await client.query('BEGIN');
      if (options.maintenanceWorkMem) await client.query(`SET LOCAL maintenance_work_mem = '${options.maintenanceWorkMem}'`);
      // A trigram index over a million rows takes minutes in PGlite: past the embedded pool's 60 s query timeout.
      await client.query({ text: index.definition, query_timeout: 3_600_000 } as { text: string });
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    options.onRebuild?.((done += 1), indexes.length);
  }
}
