/** Keeps the server's log lines (with the production logger options) so tests can read them. */
import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { loggerOptions } from '../build-server';

export interface LogCapture {
  lines: Array<Record<string, unknown>>;
  text(): string;
  logger: FastifyServerOptions['logger'];
}

export function captureLogs(level: 'info' | 'debug' = 'info'): LogCapture {
  const lines: Array<Record<string, unknown>> = [];
  let pending = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending += chunk.toString('utf8');
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  const options = loggerOptions({ logLevel: level }) as Record<string, unknown>;
  return {
    lines,
    text: () => lines.map((line) => JSON.stringify(line)).join('\n'),
    logger: { ...options, stream },
  };
}
