/**
 * Tenancy in one place. Routes get `request.tenantDb` (set by the auth plugin) and read and write
 * tenant-owned tables only through it: every statement it builds carries `tenant_id = <the tenant>`,
 * and inserts set `tenant_id` themselves. Routes never write the tenant condition by hand, and a
 * caller that tries to set or filter `tenant_id` is told so at once.
 */
import type { Database } from './database';
import type { Queryable } from './pool';
import { identifier, join, Sql, sql } from './sql';

/** Tables whose rows belong to one tenant. */
export type TenantTable = 'users' | 'companies' | 'files';

/** Column equality (`{ id: 3 }`) or a fragment (`sql\`data @> ${{ main: true }}\``). */
export type Where = Record<string, unknown> | Sql;

export interface SelectOptions {
  columns?: string[];
  orderBy?: Sql;
  limit?: number;
  /** `FOR UPDATE`: the rows stay this transaction's until it ends (a read-modify-write that must take turns). */
  forUpdate?: boolean;
}

export class TenantDb {
  constructor(
    private readonly database: Database,
    readonly tenantId: number,
    /** The pool, or the transaction's client: auth machinery (tokens) joins the same transaction through it. */
    readonly client: Queryable = database.pool,
  ) {}

  async select<Row>(table: TenantTable, where: Where = {}, options: SelectOptions = {}): Promise<Row[]> {
    const columns = options.columns ? join(options.columns.map(identifier), ', ') : sql`*`;
    let statement = sql`SELECT ${columns} FROM ${identifier(table)} WHERE ${this.scope(where)}`;
    if (options.orderBy) statement = sql`${statement} ORDER BY ${options.orderBy}`;
    if (options.limit !== undefined) statement = sql`${statement} LIMIT ${options.limit}`;
    if (options.forUpdate) statement = sql`${statement} FOR UPDATE`;
    return this.run<Row>(statement);
  }

  async selectOne<Row>(table: TenantTable, where: Where, options: Omit<SelectOptions, 'limit'> = {}): Promise<Row | null> {
    const rows = await this.select<Row>(table, where, { ...options, limit: 1 });
    return rows[0] ?? null;
  }

  async insert<Row>(table: TenantTable, values: Record<string, unknown>): Promise<Row> {
    const entries = Object.entries(checked(values));
    const columns = join([identifier('tenant_id'), ...entries.map(([name]) => identifier(name))], ', ');
    const placeholders = join([sql`${this.tenantId}`, ...entries.map(([, value]) => sql`${value}`)], ', ');
    const rows = await this.run<Row>(sql`INSERT INTO ${identifier(table)} (${columns}) VALUES (${placeholders}) RETURNING *`);
    return rows[0];
  }

  /** Updates matching rows of this tenant; answers the updated rows. */
  async update<Row>(table: TenantTable, where: Where, values: Record<string, unknown>): Promise<Row[]> {
    const assignments = join(
      // A value may itself be a fragment (`sql\`version + 1\``): it nests as SQL, not as a parameter.
      Object.entries(checked(values)).map(([name, value]) => sql`${identifier(name)} = ${value}`),
      ', ',
    );
    return this.run<Row>(sql`UPDATE ${identifier(table)} SET ${assignments} WHERE ${this.scope(where)} RETURNING *`);
  }

  /** Deletes matching rows of this tenant; answers how many went. */
  async delete(table: TenantTable, where: Where): Promise<number> {
    const { text, values } = sql`DELETE FROM ${identifier(table)} WHERE ${this.scope(where)}`.render();
    const result = await this.client.query(text, values);
    return result.rowCount ?? 0;
  }

  /** Runs `work` in one transaction (or in the current one, when already inside). */
  async transaction<T>(work: (tenantDb: TenantDb) => Promise<T>): Promise<T> {
    if (this.client !== this.database.pool) return work(this);
    return this.database.transaction((client) => work(new TenantDb(this.database, this.tenantId, client)));
  }

  private scope(where: Where): Sql {
    const conditions = [sql`${identifier('tenant_id')} = ${this.tenantId}`];
    if (where instanceof Sql) conditions.push(sql`(${where})`);
    else
      for (const [name, value] of Object.entries(checked(where)))
        conditions.push(value === null ? sql`${identifier(name)} IS NULL` : sql`${identifier(name)} = ${value}`);
    return join(conditions, ' AND ');
  }

  private async run<Row>(statement: Sql): Promise<Row[]> {
    const { text, values } = statement.render();
    const result = await this.client.query(text, values);
    return result.rows as Row[];
  }
}

function checked(values: Record<string, unknown>): Record<string, unknown> {
  if ('tenant_id' in values) throw new Error('tenant_id is set by TenantDb, never by its caller');
  return values;
}
