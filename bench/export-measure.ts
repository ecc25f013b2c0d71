/**
 * One export measured from the outside: the answer is read as a stream and counted (bytes, rows), never
 * kept in memory, while the server process's resident memory is sampled every 100 ms (issue 15: the
 * large tenant's 1,000,000 orders must not be held in memory, RSS growth ≤ 100 MB during the export).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { childrenOf, cpuSecondsOf, memorySampler, rssOf } from './processes';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportMeasure {
  status: number;
  /** Data rows counted in the file (the heading row not included). */
  rows: number;
  /** What the server announced in `X-Export-Rows` (null when it sent none). */
  announcedRows: number | null;
  bytes: number;
  seconds: number;
  /** Server RSS before the request (median of 1 s of samples), its peak during it, in bytes. */
  baseline: number;
  peak: number;
  /** Peak of the server's child processes (the embedded database), in bytes. */
  childrenPeak: number;
  /** CPU seconds the server process spent during the export (user and system). */
  serverCpu: number;
  /** The answer's beginning when it was not a 200. */
  error?: string;
}

const SAMPLE_MS = 100;

/** Counts CSV records across chunks: a line break inside a quoted value (an address) does not end a record. */
export class CsvRecordCounter {
  private inQuotes = false;
  private breaks = 0;
  private last = -1;

  push(chunk: Buffer) {
    for (let index = 0; index < chunk.length; index += 1) {
      const byte = chunk[index];
      // A doubled quote inside a quoted value toggles twice: still inside.
      if (byte === 0x22) this.inQuotes = !this.inQuotes;
      else if (byte === 0x0a && !this.inQuotes) this.breaks += 1;
    }
    if (chunk.length > 0) this.last = chunk[chunk.length - 1];
  }

  /** Records in the text so far (a last line without its line break counts). */
  records(): number {
    return this.breaks + (this.last !== -1 && this.last !== 0x0a ? 1 : 0);
  }
}

async function medianRss(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < 10; index += 1) {
    samples.push(rssOf(pid));
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  }
  return samples.sort((left, right) => left - right)[5];
}

/** Rows of the first worksheet of an XLSX on disk: its `<row …>` elements, read through an unpacking stream. */
export function xlsxRows(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (openError, zip) => {
      if (openError || !zip) return reject(openError ?? new Error('not a zip'));
      zip.on('error', reject);
      zip.on('end', () => reject(new Error('the workbook has no worksheet')));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!/^xl\/worksheets\/[^/]+\.xml$/.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('unreadable worksheet'));
          let count = 0;
          let tail = '';
          stream.on('data', (chunk: Buffer) => {
            // Keep the end of the previous chunk: a tag may be cut in two.
            const text = tail + chunk.toString('latin1');
            count += text.match(/<row[\s>]/g)?.length ?? 0;
            // Four characters cannot hold a whole match (five), so nothing is counted twice.
            tail = text.slice(-4);
          });
          stream.on('error', reject);
          stream.on('end', () => {
            zip.close();
            resolve(count);
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** GETs an export and measures it; the body is counted as it streams (XLSX goes to a temporary file to be counted after). */
export async function measureExport(url: string, headers: Record<string, string>, pid: number, format: ExportFormat): Promise<ExportMeasure> {
  const baseline = await medianRss(pid);
  const childrenBefore = childrenOf(pid);
  const sampler = memorySampler(pid, SAMPLE_MS);
  const cpuBefore = cpuSecondsOf(pid);
  const started = performance.now();
  const scratch = path.join(os.tmpdir(), `fleetdesk-bench-export-${process.pid}-${Date.now()}.xlsx`);
  let bytes = 0;
  try {
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.get(url, { headers }, resolve);
      request.on('error', reject);
    });
    const status = response.statusCode ?? 0;
    const announced = response.headers['x-export-rows'];
    const csv = new CsvRecordCounter();
    let errorText = '';
    const file = format === 'xlsx' && status === 200 ? fs.createWriteStream(scratch) : null;
    await pipeline(
      response,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (status !== 200) {
            if (errorText.length < 2000) errorText += chunk.toString('utf8');
            return done();
          }
          if (!file) {
            csv.push(chunk);
            return done();
          }
          if (file.write(chunk)) done();
          else file.once('drain', () => done());
        },
        final(done) {
          if (file) file.end(done);
          else done();
        },
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const serverCpu = cpuSecondsOf(pid) - cpuBefore;
    const memory = sampler.stop();
    const records = status !== 200 ? 0 : file ? await xlsxRows(scratch) : csv.records();
    return {
      status,
      rows: Math.max(0, records - 1),
      announcedRows: typeof announced === 'string' ? Number(announced) : null,
      bytes,
      seconds,
      baseline,
      peak: memory.serverPeak,
      childrenPeak: childrenBefore.length > 0 ? memory.childrenPeak : 0,
      serverCpu,
      ...(status === 200 ? {} : { error: errorText.slice(0, 2000) }),
    };
  } catch (error) {
    // A connection cut in the middle (the server died, ran out of memory) or a workbook that does not unpack.
    const memory = sampler.stop();
    return {
      status: 0,
      rows: 0,
      announcedRows: null,
      bytes,
      seconds: (performance.now() - started) / 1000,
      baseline,
      peak: memory.serverPeak,
      childrenPeak: memory.childrenPeak,
      serverCpu: cpuSecondsOf(pid) - cpuBefore,
      error: `${error instanceof Error ? error.message : String(error)} after ${bytes} bytes`,
    };
  } finally {
    sampler.stop();
    fs.rmSync(scratch, { force: true });
  }
}
