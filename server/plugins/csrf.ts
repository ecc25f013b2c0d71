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
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method) || !isApiRequest(request)) return;
      const token = request.headers[CSRF_HEADER];
      if (typeof token !== 'string' || token.trim() === '') throw new HttpError(403, 'errors.csrfMissing');
    });
  },
  { name: 'fleetdesk-csrf', dependencies: ['fleetdesk-i18n'] },
);
