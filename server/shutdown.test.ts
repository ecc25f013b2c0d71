/**
 * Shutdown in seconds (issue 16, point 3), on the real `server/server.ts` in its own process: SIGTERM with 20
 * keep-alive connections and a slow request open, and the embedded database's process dying under it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { LOCK_NAME } from './db/data-folder-lock';
import type { DatabaseKind } from './db/database';
import { databases } from './test-support/databases';
import { databaseProcessPid, isAlive, startServerProcess, waitFor, waitUntilListening, type ServerProcess } from './test-support/server-process';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  at: number;
}

/** A request whose body arrives in `parts`, one every `gapMs`; `complete: false` never sends the rest. */
function trickle(agent: http.Agent, url: string, parts: string[], gapMs: number, complete = true): Promise<Answer> {
  const body = parts.join('');
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}/api/login`, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body) + (complete ? 0 : 100)),
        'x-csrf-token': 'test-tab-token',
      },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, at: Date.now() }));
    });
    request.on('error', reject);
    parts.forEach((part, index) => setTimeout(() => request.write(part), index * gapMs));
  });
}

async function openKeepAliveConnections(url: string, count: number): Promise<http.Agent> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: count });
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve, reject) => {
          http.get(`${url}/api/health`, { agent }, (response) => response.resume().on('end', resolve)).on('error', reject);
        }),
    ),
  );
  // Each one now idle on the server, waiting for the client's next request (the server's keep-alive is 72 s).
  expect(Object.values(agent.freeSockets).flat()).toHaveLength(count);
  return agent;
}

async function folderIsFree(dataDir: string) {
  await expect(fs.access(path.join(dataDir, LOCK_NAME))).rejects.toThrow();
  // The proof: another server opens the same folder.
  const next = startServerProcess(dataDir);
  try {
    const url = await waitUntilListening(next);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  } finally {
    next.process.kill('SIGTERM');
    expect((await next.exited).code).toBe(0);
  }
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const started: ServerProcess[] = [];
const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const server of started.splice(0)) if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
});

/** A server on a fresh database of `kind`; its data folder holds the embedded database or only the outbox. */
async function startOn(kind: DatabaseKind) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetdesk-shutdown-'));
  // A server that exited at once (a second signal) leaves its database process closing for a moment (it closes
  // when the parent's channel goes, db/pglite-host.ts), still writing the folder: retried until it is done.
  cleanUps.push(() => fs.rm(dataDir, { recursive: true, force: true, maxRetries: 40, retryDelay: 250 }));
  const env: Record<string, string> = {};
  if (kind === 'pglite') {
    await fs.cp(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  } else {
    const name = `fleetdesk_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    cleanUps.push(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = new URL(inject('postgresAdminUrl'));
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  const server = startServerProcess(dataDir, env);
  started.push(server);
  return { server, dataDir, url: await waitUntilListening(server) };
}

const LOGIN = ['{"login":"nobody', 'atall","pass', 'word":"not-the-password"}'];

describe.each(databases)('on %s, SIGTERM', (kind) => {
  it('lets the request in flight finish, closes 20 idle keep-alive connections and exits 0 within seconds', async () => {
    const { server, dataDir, url } = await startOn(kind);
    const idle = await openKeepAliveConnections(url, 20);
    const slowAgent = new http.Agent({ keepAlive: true });
    // Three parts a second apart: still arriving when the signal comes.
    const slow = trickle(slowAgent, url, LOGIN, 1_000);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    server.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(fetch(`${url}/api/health`), 'no new connections').rejects.toThrow();

    const answer = await slow;
    expect(answer.status, "the route's own answer (the body is invalid), not a 503").toBe(422);
    expect(answer.headers.connection).toBe('close');
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    // Before: the idle keep-alive connections kept it alive for the keep-alive timeout (~73 s).
    expect(exit.at - signalledAt).toBeLessThan(5_000);
    expect(Object.values(idle.freeSockets).flat(), 'the server closed every idle connection').toHaveLength(0);
    expect(server.output()).toContain('SIGTERM received, shutting down');
    if (kind === 'pglite') await folderIsFree(dataDir);
  });

  it('cuts a request still running after 10 s and exits 0 within 12 s', async () => {
    const { server, url } = await startOn(kind);
    await openKeepAliveConnections(url, 20);
    // A client that never sends the rest of its body.
    const stuck = trickle(new http.Agent({ keepAlive: true }), url, LOGIN.slice(0, 1), 0, false);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    server.process.kill('SIGTERM');
    await expect(stuck).rejects.toThrow(/socket hang up|ECONNRESET/);
    const cutAfter = Date.now() - signalledAt;
    expect(cutAfter).toBeGreaterThan(9_500);
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(12_000);
  });
});

describe('a second SIGTERM while stopping', () => {
  it('exits at once with a non-zero code', async () => {
    const { server, url } = await startOn('pglite');
    const stuck = trickle(new http.Agent({ keepAlive: true }), url, LOGIN.slice(0, 1), 0, false).catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.process.kill('SIGTERM');
    await waitFor('the first signal to be heard', () => (server.output().includes('SIGTERM received, shutting down') ? true : undefined));
    const againAt = Date.now();
    server.process.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(exit.at - againAt).toBeLessThan(1_000);
    expect(server.stderr()).toContain('SIGTERM received again while stopping: exiting now');
    await stuck;
  });
});

describe('when the embedded database process dies', () => {
  it('exits non-zero within 5 s saying so, releases the data folder, with 20 keep-alive connections and a slow request open', async () => {
    const { server, dataDir, url } = await startOn('pglite');
    await openKeepAliveConnections(url, 20);
    const slow = trickle(new http.Agent({ keepAlive: true }), url, LOGIN, 1_000).catch((error: Error) => error);
    const databasePid = await waitFor('the database process', () => databaseProcessPid(server.process.pid as number));

    const killedAt = Date.now();
    process.kill(databasePid, 'SIGKILL');
    const exit = await server.exited;
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(exit.at - killedAt).toBeLessThan(5_000);
    expect(server.stderr()).toContain('The database stopped working, so Fleetdesk stops');
    expect(server.stderr()).toContain('The embedded database process stopped');
    expect(isAlive(databasePid)).toBe(false);
    await slow;
    await folderIsFree(dataDir);
  });
});
