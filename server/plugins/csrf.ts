/**
 * Every state-changing API request must carry a non-empty `X-CSRF-Token` (docs/architecture.md).
 * Auth is a bearer token, not a cookie, so classic CSRF cannot ride on it; the custom header is a
 * second line: a cross-site page cannot send it without a CORS preflight, which we never allow.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';
import { isApiRequest } from './security';

export const CSRF_HEADER = 'x-csrf-token';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const csrfPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const token = request.headers[CSRF_HEADER];
      const missing = STATE_CHANGING.has(request.method) && isApiRequest(request) && (typeof token !== 'string' || token.trim() === '');
      done(missing ? new HttpError(403, 'errors.csrfMissing') : undefined);
    });
  },
  { name: 'fleetdesk-csrf', dependencies: ['fleetdesk-i18n'] },
);
