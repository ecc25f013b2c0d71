/**
 * What a bigger page costs before any server does anything (issue 16 point 9): the answers Fleetdesk gave for the
 * first page of 10 and of 50 rows, served by a bare server (page-floor-server.ts) as bytes, then parsed and written
 * again, at the bench's concurrency, on the same machine. Their ratio is the least a 50-row page can cost against a
 * 10-row one where the load generator shares the cores: the budget (1.3×) is read against it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { load, median, type LoadResult } from './load';
import { startServer } from './processes';

export interface FloorBody {
  /** `10` or `50`: the rows it holds. */
  rows: number;
  body: string;
}

export async function measurePageFloor(folder: string, bodies: FloorBody[], connections: number, seconds: number, rounds: number): Promise<string[]> {
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  for (const { rows, body } of bodies) fs.writeFileSync(path.join(folder, `${rows}.json`), body);
  const server = await startServer('bench/page-floor-server.ts', { FLOOR_BODIES: folder }, '/health', path.join(folder, 'server.log'));
  const results = new Map<string, LoadResult[]>();
  try {
    const kinds = ['bytes', 'json'] as const;
    for (const kind of kinds) for (const { rows } of bodies) await load({ url: `${server.url}/${kind}/${rows}` }, connections, 1);
    for (let round = 0; round < rounds; round += 1)
      for (const kind of kinds)
        for (const { rows } of bodies) {
          const key = `${kind}/${rows}`;
          results.set(key, [...(results.get(key) ?? []), await load({ url: `${server.url}/${key}` }, connections, seconds)]);
        }
  } finally {
    await server.stop();
  }
  const rps = (key: string) => median((results.get(key) ?? []).map((result) => result.rps));
  const [small, large] = bodies;
  const line = (kind: 'bytes' | 'json', label: string) => {
    const few = rps(`${kind}/${small.rows}`);
    const many = rps(`${kind}/${large.rows}`);
    const perRow = ((1000 / many - 1000 / few) * 1000) / (large.rows - small.rows);
    return `[floor] ${label.padEnd(49)} ${small.rows} rows ${few.toFixed(0).padStart(6)} req/s, ${large.rows} rows ${many.toFixed(0).padStart(6)} req/s: ${(few / many).toFixed(2)}× (${perRow.toFixed(1)} µs a row)`;
  };
  const sizes = bodies.map(({ rows, body }) => `${rows} rows ${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB`).join(', ');
  return [
    `[floor] Fleetdesk's own answers (${sizes}) from a bare server, no database:`,
    line('bytes', 'sent as they are'),
    line('json', 'parsed and written again (JSON.parse, stringify)'),
  ];
}
