/**
 * One list request run through the list pipeline on a store whose pool writes down every statement it sends
 * (text and values): for tests of which statements a list runs, and of their plans (EXPLAIN of the same text).
 */
import { expect } from 'vitest';
import type pg from 'pg';
import type { Queryable } from '../db/pool';
import { readCursor } from '../engine/cursor';
import { listPage } from '../engine/list-pipeline';
import { parseListQuery } from '../engine/list-query';
import type { ListTotals } from '../engine/list-totals';
import type { EngineResource } from '../engine/model';
import { EngineStore } from '../engine/store';

export interface RecordedStatement {
  text: string;
  values?: unknown[];
}

/** `parameters`: the request's query string as an object (`{ search: 'danube', perPage: '10' }`). */
export async function recordedListPage(pool: pg.Pool, tenant: number, resource: EngineResource, parameters: Record<string, string>, kept?: ListTotals) {
  const statements: RecordedStatement[] = [];
  // The store sends a query's config (`{ text, values, types }`: wire-timestamps.ts); written down as its text and values.
  const client = {
    query: (config: pg.QueryConfig) => (statements.push({ text: config.text, values: config.values }), pool.query(config)),
  } as unknown as Queryable;
  const query = parseListQuery(resource, parameters);
  const page = await listPage(new EngineStore(client, tenant), resource, {}, query, readCursor(resource, query, {}), kept);
  return { page, statements };
}

/** The plan of a recorded statement as EXPLAIN (ANALYZE, COSTS OFF) prints it, one text. */
export async function analyzedPlan(client: Pick<pg.ClientBase, 'query'>, statement: RecordedStatement): Promise<string> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${statement.text}`, statement.values);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** The nodes of an analyzed plan that test `pattern` (in a filter or an index condition), and whether each ran. */
export function scansTesting(plan: string, pattern: string): Array<{ node: string; skipped: boolean }> {
  const found: Array<{ node: string; skipped: boolean }> = [];
  let node = '';
  for (const line of plan.split('\n')) {
    if (/\(actual|\(never executed\)/.test(line)) node = line;
    else if (line.includes(pattern) && !found.some((scan) => scan.node === node)) found.push({ node, skipped: node.includes('never executed') });
  }
  return found;
}

/**
 * The analyzed plan of `statement` with the planner's other ways priced out (`off`, e.g. `enable_seqscan`), in a
 * transaction rolled back: on a test's small table the planner would read the table whole either way, so a test
 * that the statement can be served by an index asks for the plan it takes when made to.
 */
export async function planMadeTo(pool: pg.Pool, statement: RecordedStatement, off: string[] = ['enable_seqscan', 'enable_bitmapscan']): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const setting of off) await client.query(`SET LOCAL ${setting} = off`);
    return await analyzedPlan(client, statement);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/**
 * Turns a list's pages by their cursors, forward from the first to `lastPage` and back, each page's ids checked
 * against `expected(page)` (a plain query's): `list` asks `query` and answers the ids and the cursors.
 */
export async function expectPagesByCursor(
  list: (query: string) => Promise<{ ids: number[]; nextCursor: string | null; previousCursor: string | null }>,
  base: string,
  lastPage: number,
  expected: (page: number) => Promise<number[]>,
): Promise<void> {
  let body = await list(base);
  expect(body.ids, 'page 1').toEqual(await expected(1));
  for (let page = 2; page <= lastPage; page += 1) {
    body = await list(`${base}&page=${page}&cursor=${body.nextCursor}`);
    expect(body.ids, `page ${page} by cursor`).toEqual(await expected(page));
  }
  for (let page = lastPage - 1; page >= 1; page -= 1) {
    body = await list(`${base}&page=${page}&cursor=${body.previousCursor}`);
    expect(body.ids, `page ${page} backwards`).toEqual(await expected(page));
  }
}
