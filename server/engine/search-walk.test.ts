/**
 * A search in a list whose sort field is itself searched (employees, by last name: store.ts `walkThenMatches`):
 * the same rows in the same order as a plain scan, on every page, whether the page is found by the bounded walk
 * (a broad search) or taken from the trigram index (matches that lie late in the order, or few); and the walk is
 * bounded: a narrow search's statement never walks the whole tenant, a broad one never reads every match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { tenantOf } from '../test-support/direct-records';
import { model } from '../test-support/engine-records';
import { analyzedPlan, recordedListPage, scansTesting, type RecordedStatement } from '../test-support/recorded-list';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { likePattern } from '../test-support/search-oracle';

const employees = model.byName.get('employees')!;
/** Alphabetical, 100 employees each: "Zorya" is the last 100 of 1,500 in the last-name order. */
const LAST_NAMES = [
  'Antonenko',
  'Boyko',
  'Chornyi',
  'Danylenko',
  'Fedorenko',
  'Hrytsenko',
  'Ivanenko',
  'Koval',
  'Lysenko',
  'Melnyk',
  'Oliinyk',
  'Pavlenko',
  'Savchenko',
  'Tkachenko',
  'Zorya',
];
const FIRST_NAMES = ['Olena', 'Ivan', 'Petro', 'Oksana', 'Taras', 'Iryna', 'Andrii', 'Mariia', 'Yurii', 'Nadiia'];
const EMPLOYEES = LAST_NAMES.length * 100;

interface ListBody {
  data: Array<Record<string, number>>;
  pagination: { total: number; nextCursor: string | null; previousCursor: string | null };
}

describe.each(databases)('a search in a list sorted by a searched field, on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let tenant: number;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    tenant = await tenantOf(test.database.pool, owner.user.id);
    await test.database.pool.query(
      `INSERT INTO r_employees (tenant_id, data)
       SELECT $1, jsonb_build_object('last_name', ($2::text[])[1 + (n % ${LAST_NAMES.length})], 'name', ($3::text[])[1 + (n / ${LAST_NAMES.length}) % ${FIRST_NAMES.length}],
                                     'email', 'person' || n || '@example.test')
         FROM generate_series(0, ${EMPLOYEES - 1}) AS n`,
      [tenant, LAST_NAMES, FIRST_NAMES],
    );
    await test.database.pool.query('ANALYZE r_employees');
  });
  afterAll(async () => test?.close());

  const list = async (query: string) => {
    const response = await call(test.app, 'GET', `/api/employees?${query}`, undefined, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListBody>();
  };

  async function plainScan(text: string): Promise<number[]> {
    const values: unknown[] = [tenant];
    const perWord = text
      .trim()
      .split(/\s+/)
      .map((word) => {
        values.push(likePattern(word));
        return `((data->>'name') ILIKE $${values.length} OR (data->>'last_name') ILIKE $${values.length} OR (data->>'email') ILIKE $${values.length})`;
      });
    const { rows } = await test.database.pool.query<{ id: string }>(
      `SELECT id FROM r_employees WHERE tenant_id = $1 AND ${perWord.join(' AND ')} ORDER BY data->>'last_name' ASC NULLS LAST, id ASC`,
      values,
    );
    return rows.map((row) => Number(row.id));
  }

  // Broad (found by the walk), late in the order, few and late, none, one in a hundred.
  const QUERIES = ['olena', 'zorya', 'olena zorya', 'tkachenko petro', 'nobody', 'person1', 'person14', 'NKO'];

  it('pages every sample search forward and back by cursor as a plain scan orders it', async () => {
    for (const text of QUERIES) {
      const expected = await plainScan(text);
      const pages: number[][] = [];
      let body = await list(`search=${encodeURIComponent(text)}&perPage=15`);
      expect(body.pagination.total, text).toBe(expected.length);
      for (let page = 2; ; page += 1) {
        pages.push(body.data.map((employee) => employee[employees.idField]));
        if (!body.pagination.nextCursor || page > 12) break;
        body = await list(`search=${encodeURIComponent(text)}&perPage=15&page=${page}&cursor=${encodeURIComponent(body.pagination.nextCursor)}`);
      }
      expect(pages.flat(), text).toEqual(expected.slice(0, pages.flat().length));
      if (!body.pagination.nextCursor) expect(pages.flat().length, text).toBe(expected.length);
      if (pages.length > 1 && body.pagination.previousCursor) {
        const back = await list(
          `search=${encodeURIComponent(text)}&perPage=15&page=${pages.length - 1}&cursor=${encodeURIComponent(body.pagination.previousCursor)}`,
        );
        expect(
          back.data.map((employee) => employee[employees.idField]),
          `${text}, back`,
        ).toEqual(pages[pages.length - 2]);
      }
    }
  });

  /** EXPLAIN ANALYZE of the page statement one list request runs. */
  async function planOf(text: string): Promise<string> {
    const { statements } = await recordedListPage(test.database.pool, tenant, employees, { search: text, perPage: '10' });
    const statement = statements.find((one) => one.text.includes('walked'));
    expect(statement, text).toBeDefined();
    return analyzedPlan(test.database.pool, statement as RecordedStatement);
  }

  it('takes a broad search from a walk of at most 300 rows, never reading every match', async () => {
    const plan = await planOf('olena');
    expect(plan).toMatch(/CTE matched[\s\S]*never executed/);
  });

  it("takes matches that lie late in the order from the trigram index, not from a walk through the tenant's rows", async () => {
    const plan = await planOf('olena zorya');
    // Every match read once (from the trigram index on a large table; a table this small is read whole), for the
    // page and, on a first request, the total: the count a search with many matches gets never ran.
    expect(plan).toMatch(
      /CTE matched\n(\s+-> {2}Limit \(actual [^\n]*\n(\s+Buffers:[^\n]*\n)?)?\s+-> {2}(Bitmap Heap|Seq) Scan on r_employees \w+ \(actual (time=[\d.]+\.\.[\d.]+ )?rows=10(\.00)? loops=1\)/,
    );
    const tests = scansTesting(plan, '%zorya%');
    expect(tests.filter((scan) => !scan.skipped).map((scan) => scan.node.replace(/^\s*(->\s+)?/, '').split(' (')[0])).toEqual([
      'Subquery Scan on walk',
      expect.stringMatching(/(Bitmap Heap|Seq) Scan on r_employees \w+/),
    ]);
    expect(tests.filter((scan) => scan.skipped).length).toBeGreaterThan(0);
    // The walk stopped at its bound.
    expect(plan).toMatch(/Limit \(actual (time=[\d.]+\.\.[\d.]+ )?rows=300(\.00)? loops=1\)/);
  });
});
