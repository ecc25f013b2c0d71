/** Load with autocannon, and a latency probe that runs beside it. */
import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

export interface LoadCase {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  /** Per-request path and body (creates and updates need their own ids and versions). */
  next?: () => { path: string; body?: string };
  onResponse?: (status: number, body: string) => void;
}

/** The middle of the rounds' figures (the mean of the two middle ones for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export async function load(target: LoadCase, connections: number, seconds: number): Promise<LoadResult> {
  const url = new URL(target.url);
  const headers = { accept: 'application/json', ...target.headers };
  const result = await autocannon({
    url: url.origin,
    connections,
    duration: seconds,
    timeout: 30,
    // Keep the body of each response only where a case reads it (created ids, new versions).
    requests: [
      {
        method: target.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        headers,
        setupRequest: (request) => {
          if (!target.next) return request;
          const { path, body } = target.next();
          return { ...request, path, ...(body === undefined ? {} : { body }) };
        },
        ...(target.onResponse ? { onResponse: (status: number, body: string) => target.onResponse?.(status, body) } : {}),
      },
    ],
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, errors };
}

export interface ProbeResult {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;

/** GETs `url` one request at a time every `everyMs` until stopped; latencies in ms (high resolution). */
export function probe(url: string, everyMs = 20) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let running = true;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = process.hrtime.bigint();
      const request = http.get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          resolve();
        });
      });
      request.on('error', () => resolve());
    });
  const loop = (async () => {
    while (running) {
      await once();
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop(): Promise<ProbeResult> {
      running = false;
      await loop;
      agent.destroy();
      const sorted = [...latencies].sort((left, right) => left - right);
      return { count: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? 0 };
    },
  };
}
