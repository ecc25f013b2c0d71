/**
 * Request ids: the client's `X-Request-Id` when it looks like an id, else a random one; echoed on
 * every answer. Fastify puts `request.id` into every log line of the request (`reqId`), so a user's
 * report with the id finds the server's lines.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
// Short and plain, so a client cannot inject text (newlines, markup) into our log lines.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** For Fastify's `genReqId` option (with `requestIdHeader: false`, so only this decides). */
export function generateRequestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

export const requestIdPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'fleetdesk-request-id' },
);
