/**
 * One import timed from the outside (`POST <list>/import`, multipart as the web app's dialog sends it), and
 * the clean-up that lets the next run start from the same data: the rows the bench imported (their notes
 * carry MARK) and their audit entries, deleted straight in the database after the server has stopped.
 */
import http from 'node:http';
import { openDatabase } from '../server/db/database';
import { MARK } from './import-files';
import { cpuSecondsOf } from './processes';

export interface ImportAnswer {
  dry_run: boolean;
  mode: string;
  rows: number;
  valid: number;
  created: number;
  errors: Array<{ row: number; column?: string; field: string; message: string }>;
  more_errors: number;
}

export interface ImportMeasure {
  status: number;
  seconds: number;
  /** CPU seconds the server process spent on it (user and system). */
  serverCpu: number;
  answer: ImportAnswer | null;
  /** The answer's beginning when it was not a 200. */
  error?: string;
}

function multipart(parts: Record<string, string>, file: { name: string; type: string; content: string }) {
  const boundary = `----fleetdesk-bench-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  chunks.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    Buffer.from(file.content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs the file (node:http, not fetch: a real import may take longer than fetch's five minutes of waiting for headers). */
export async function measureImport(
  pid: number,
  url: string,
  headers: Record<string, string>,
  file: { name: string; content: string },
  dryRun: boolean,
  mode: 'all' | 'valid' = 'all',
): Promise<ImportMeasure> {
  const { body, contentType } = multipart({ dry_run: String(dryRun), mode }, { ...file, type: 'text/csv' });
  const cpuBefore = cpuSecondsOf(pid);
  const started = performance.now();
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'x-csrf-token': 'bench', 'content-type': contentType, 'content-length': String(body.length) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
  // A connection cut (the server died) is a result too: status 0 with the reason.
  const { status, text } = await answered.catch((error: unknown) => ({ status: 0, text: error instanceof Error ? error.message : String(error) }));
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = cpuSecondsOf(pid) - cpuBefore;
  if (status !== 200) return { status, seconds, serverCpu, answer: null, error: text.slice(0, 2000) };
  try {
    const { data } = JSON.parse(text) as { data: ImportAnswer };
    return { status, seconds, serverCpu, answer: { ...data, errors: data.errors ?? [], more_errors: data.more_errors ?? 0 } };
  } catch {
    return { status, seconds, serverCpu, answer: null, error: `not JSON: ${text.slice(0, 300)}` };
  }
}

/** Deletes what the bench imported into `tenantId` (and its audit entries); answers how many records went. */
export async function deleteImported(env: Record<string, string>, tenantId: number): Promise<number> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL || null, dataDir: env.DATA_DIR, migrate: false });
  try {
    let deleted = 0;
    for (const [table, resource] of [
      ['r_orders', 'orders'],
      ['r_employees', 'employees'],
    ] as const) {
      const result = await database.pool.query<{ n: string }>(
        `WITH gone AS (DELETE FROM ${table} WHERE tenant_id = $1 AND data->>'notes' = $2 RETURNING id),
              audit AS (DELETE FROM audit_log WHERE tenant_id = $1 AND resource = $3 AND record_id IN (SELECT id FROM gone))
         SELECT count(*) AS n FROM gone`,
        [tenantId, MARK, resource],
      );
      deleted += Number(result.rows[0].n);
    }
    return deleted;
  } finally {
    await database.close();
  }
}

/** The tenant of a login, read straight from the database (the bench's accounts are the bulk seed's). */
export async function tenantOfLogin(env: Record<string, string>, login: string): Promise<number> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL || null, dataDir: env.DATA_DIR, migrate: false });
  try {
    const found = await database.pool.query<{ tenant_id: string }>('SELECT tenant_id FROM users WHERE login = $1', [login]);
    if (found.rowCount === 0) throw new Error(`no account ${login} in this database`);
    return Number(found.rows[0].tenant_id);
  } finally {
    await database.close();
  }
}
