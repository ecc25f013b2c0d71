/**
 * Rate limits for sign-in, registration and password-reset requests only (guessing passwords, making
 * accounts in bulk, flooding mailboxes): AUTH_RATE_LIMIT requests per minute per client address and route;
 * then 429 with `auth.tooManyAttempts` and the seconds to wait. Other routes are not limited. Failed
 * sign-ins are also counted per account, across addresses and processes (auth/sign-in-throttle.ts).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';

export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new HttpError(context.statusCode, 'auth.tooManyAttempts', { params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) } }),
    });
  },
  { name: 'fleetdesk-rate-limit' },
);

/** Route `config` for the limited routes. */
export function authRateLimit(maxPerMinute: number) {
  return {
    rateLimit: {
      max: maxPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `${request.ip}|${request.routeOptions.url ?? request.url}`,
    },
  };
}
