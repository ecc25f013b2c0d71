// @vitest-environment node
/**
 * The API client's `download` against a real local HTTP server (node:http): an export read as it arrives,
 * its progress, its file name, and its errors as ApiErrors like any other request's.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { fileNameOf, type DownloadProgress } from './download';

let server: Server;
let origin: string;
let routes: Record<string, (response: ServerResponse) => void> = {};
let receivedHeaders: Record<string, string | string[] | undefined>[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    receivedHeaders.push(request.headers);
    routes[(request.url ?? '').split('?')[0]]?.(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  routes = {};
  receivedHeaders = [];
});

const client = () => createApiClient({ origin, getToken: () => 'token-1', getLanguage: () => 'uk', storage: undefined, randomId: () => 'id-1' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A CSV of `rows` rows after its heading, sent in `parts` pieces with a pause between. */
function csvExport(rows: number, parts: number, headers: Record<string, string>) {
  const text = '\uFEFFRegister number,Type\n' + Array.from({ length: rows }, (_, index) => `TR-${index},Tilt\n`).join('');
  return (response: ServerResponse) => {
    response.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8', 'X-Export-Rows': String(rows), ...headers });
    const size = Math.ceil(text.length / parts);
    void (async () => {
      for (let start = 0; start < text.length && !response.destroyed; start += size) {
        response.write(text.slice(start, start + size));
        await pause(20);
      }
      response.end();
    })();
  };
}

describe('api client downloads', () => {
  it('reads a CSV export as it arrives, counting bytes and rows up to the announced total', async () => {
    routes['/api/trailers/export'] = csvExport(300, 5, {
      'Content-Disposition': `attachment; filename="trailers-2026-11-26.csv"; filename*=UTF-8''${encodeURIComponent('Причепи-2026-11-26.csv')}`,
    });
    const progress: DownloadProgress[] = [];
    const answer = await client().download('/trailers/export?format=csv&sort=register_number', { onProgress: (step) => progress.push(step) });
    expect(answer.fileName).toBe('Причепи-2026-11-26.csv');
    expect(answer.rows).toBe(300);
    const text = await answer.blob.text();
    expect(text.split('\n')).toHaveLength(302);
    expect(answer.blob.type).toMatch(/^text\/csv/);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.every((step) => step.totalRows === 300)).toBe(true);
    const rows = progress.map((step) => step.rows ?? -1);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(rows.at(0)).toBeLessThan(300);
    expect(rows.at(-1)).toBe(300);
    expect(progress.at(-1)?.bytes).toBe(answer.blob.size);
    // The same headers as every request: the bearer token and the member's language.
    expect(receivedHeaders[0]).toMatchObject({ authorization: 'Bearer token-1', 'accept-language': 'uk' });
  });

  it('names the file by its plain filename without filename*, and counts no rows of a workbook', async () => {
    routes['/api/trailers/export'] = (response) => {
      response.writeHead(200, {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': 'attachment; filename="trailers-2026-11-26.xlsx"',
      });
      response.end(Buffer.from('PK\u0003\u0004 binary\n\n\n'));
    };
    const progress: DownloadProgress[] = [];
    const answer = await client().download('/trailers/export?format=xlsx', { onProgress: (step) => progress.push(step) });
    expect(answer).toMatchObject({ fileName: 'trailers-2026-11-26.xlsx', rows: undefined });
    expect(progress.at(-1)).toEqual({ bytes: answer.blob.size, rows: undefined, totalRows: undefined });
  });

  it('throws the server’s 422 (its JSON arriving as a stream) as an ApiError with the field errors', async () => {
    routes['/api/trailers/export'] = (response) => {
      response.writeHead(422, { 'Content-Type': 'application/json', 'X-Request-Id': 'req-7' });
      response.end(JSON.stringify({ message: 'Unknown parameter', errors: { colour: ['Not a filter of this list'] } }));
    };
    const error = await client()
      .download('/trailers/export?format=csv&colour=red')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Unknown parameter', fieldErrors: { colour: ['Not a filter of this list'] }, requestId: 'req-7' });
  });

  it('stops when cancelled half-way, with an ApiError of status 0', async () => {
    routes['/api/orders/export'] = csvExport(20_000, 50, {});
    const controller = new AbortController();
    const error = await client()
      .download('/orders/export?format=csv', {
        signal: controller.signal,
        onProgress: (step) => step.bytes > 0 && controller.abort(),
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0 });
  });
});

describe('file names of Content-Disposition', () => {
  it('prefers filename* in UTF-8 and falls back to filename', () => {
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''Anh%C3%A4nger-2026.csv`)).toBe('Anhänger-2026.csv');
    expect(fileNameOf(`attachment; filename*=utf-8''%CE%A1%CF%85%CE%BC%CE%BF%CF%85%CE%BB%CE%BA%CE%AC.xlsx; filename="b.xlsx"`)).toBe('Ρυμουλκά.xlsx');
    expect(fileNameOf(`attachment; filename*=iso-8859-1'de'Anh%E4nger.csv`)).toBe('Anhänger.csv');
    expect(fileNameOf(`attachment; filename="x.csv"; filename*=UTF-8''%E0%A4%A`)).toBe('x.csv');
    expect(fileNameOf('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
    expect(fileNameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameOf('attachment')).toBeUndefined();
    expect(fileNameOf(undefined)).toBeUndefined();
  });
});
