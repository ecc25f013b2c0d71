/**
 * Rate limits for sign-in, registration and password-reset requests only (guessing passwords, making
 * accounts in bulk, flooding mailboxes): AUTH_RATE_LIMIT requests per minute per client address and route;
 * then 429 with `auth.tooManyAttempts` and the seconds to wait. Other routes are not limited. Failed
 * sign-ins are also counted per account, across addresses and processes (auth/sign-in-throttle.ts).
 *
 * Counted in the database (rate-limit-store.ts), not in this process's memory: every server process on one
 * PostgreSQL shares the count, so two of them behind a load balancer allow an address AUTH_RATE_LIMIT, not
 * twice that. A failing database answers the limited request 500 rather than letting it through uncounted.
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import { HttpError } from '../http-error';
import { databaseRateLimitStore, deleteExpiredHits } from './rate-limit-store';

/** How often this process deletes the counts of windows that are over (every process does; harmless). */
const CLEAN_UP_EVERY_MS = 60_000;

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { database: Database }) => {
    const { pool } = options.database;
    await app.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(pool),
      errorResponseBuilder: (_request, context) =>
        new HttpError(context.statusCode, 'auth.tooManyAttempts', { params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) } }),
    });

    let cleaning: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      cleaning = deleteExpiredHits(pool).catch((error: unknown) => app.log.warn({ err: error }, 'deleting expired rate-limit counts failed'));
    }, CLEAN_UP_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await cleaning;
    });
  },
  { name: 'fleetdesk-rate-limit' },
);

/**
 * Route `config` for the limited routes. The address is the client's (TRUST_PROXY: behind a load balancer, from
 * X-Forwarded-For), an IPv6 one by its /64 as the plugin's default does: one host holds a whole /64, and
 * counting each of its addresses apart would give it 2^64 budgets.
 */
export function authRateLimit(maxPerMinute: number) {
  return {
    rateLimit: {
      max: maxPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `${normalizeIP(request.ip)}|${request.routeOptions.url ?? request.url}`,
    },
  };
}
