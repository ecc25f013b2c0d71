/**
 * Remembers every /api route as it is registered, so the OpenAPI document also names the routes the
 * engine does not generate (auth, profile, files, lookups, the hand-written ones) instead of hiding them.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface CatalogedRoute {
  method: string;
  /** Fastify's form: `/api/transport/repairs/store/:transport_id`. */
  url: string;
  /** The right it needs, or rights any one of which will do (plugins/auth.ts); absent on public routes. */
  permission?: string | readonly string[];
  /** The JSON body's schema, when the route validates one (plugins/validation.ts `withBody`). */
  body?: Record<string, unknown>;
  /** The file fields of a multipart route (`config.uploads`), for the OpenAPI document. */
  uploads?: string[];
  /** The query parameters a hand-written list reads (`config.query`: name → JSON Schema; `'x-required': true` marks one it needs), for the OpenAPI document. */
  query?: Record<string, Record<string, unknown>>;
  /** Rate limited per address (`config.rateLimit`, plugins/rate-limit.ts): it may answer 429. */
  rateLimited?: boolean;
  /** A create that takes an `Idempotency-Key` (`config.idempotent`, engine/idempotency.ts). */
  idempotent?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The file fields a multipart route reads (documentation only: the route reads its own body). */
    uploads?: string[];
    /** The query parameters a route reads (documentation only: the route reads its own query). */
    query?: Record<string, Record<string, unknown>>;
    /** The route takes an `Idempotency-Key` (documentation only: the route reads its own header). */
    idempotent?: boolean;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: CatalogedRoute[];
  }
}

const DOCUMENTED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export const routeCatalogPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
  async (app: FastifyInstance) => {
    const routes: CatalogedRoute[] = [];
    app.decorate('apiRoutes', routes);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      for (const method of [route.method].flat()) {
        const { permission, uploads, query, rateLimit, idempotent } = (route.config ?? {}) as CatalogedRoute & { rateLimit?: unknown };
        const body = (route.schema as { body?: Record<string, unknown> } | undefined)?.body;
        if (DOCUMENTED_METHODS.has(method))
          routes.push({
            method,
            url: route.url,
            ...(permission ? { permission } : {}),
            ...(body ? { body } : {}),
            ...(uploads ? { uploads } : {}),
            ...(query ? { query } : {}),
            ...(rateLimit ? { rateLimited: true } : {}),
            ...(idempotent ? { idempotent: true } : {}),
          });
      }
    });
  },
  { name: 'fleetdesk-route-catalog' },
);
