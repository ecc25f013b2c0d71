/**
 * Bearer-token authentication and access rights, in one place. `app.authenticate` (the onRequest hook
 * of every protected route) finds the session, sets `request.user` and hands the route
 * `request.tenantDb`, the only way routes reach tenant-owned rows. No token, an unknown, expired or
 * revoked one, or a disabled member: 401 `auth.unauthenticated`.
 *
 * Then the route's right: every protected route declares `config.permission`, a right of
 * resources/permissions.ts (`orders.view`), several of which any one will do (a list whose labels the members
 * of referencing resources may read: server/engine/label-reads.ts), or `signed-in` (the member's own profile,
 * lookups). A member without it gets 403 `errors.forbidden` before the handler runs, so nothing is read or changed. A
 * protected route that declares nothing is refused when it registers: no route is unguarded by mistake.
 * A changed right applies from the member's next request: sessions are cached (auth/session-cache.ts)
 * only until any write that may change them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { allPermissions, holds } from '../../resources/permissions';
import { SessionCache, type CachedSession } from '../auth/session-cache';
import { hashToken, looksLikeToken } from '../auth/tokens';
import type { UserRow } from '../auth/users';
import type { Database } from '../db/database';
import { onSessionWrite } from '../db/write-watch';
import { TenantDb } from '../db/tenant-db';
import { HttpError } from '../http-error';

/** What a route needs: a right, or only a signed-in member. */
export type RoutePermission = string;
export const SIGNED_IN: RoutePermission = 'signed-in';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A right, or rights any one of which will do. */
    permission?: RoutePermission | readonly RoutePermission[];
  }
  interface FastifyRequest {
    user: UserRow;
    tenantDb: TenantDb;
    /** The hash of the token this request came with (logout revokes exactly that one). */
    sessionTokenHash: string;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

// Writing last_used_at on every request would turn each read into a write: once a minute is enough.
const TOUCH_AFTER_SECONDS = 60;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] && looksLikeToken(match[1]) ? match[1] : null;
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { database: Database }) => {
    const { database } = options;
    app.decorateRequest('user', null as unknown as UserRow);
    app.decorateRequest('tenantDb', null as unknown as TenantDb);
    app.decorateRequest('sessionTokenHash', '');

    // Sessions are cached (auth/session-cache.ts): cleared by every write of this process that may change
    // one, and by other processes' writes heard through NOTIFY where other processes can write.
    const sessions = new SessionCache();
    const stopWatching = onSessionWrite(() => sessions.clear());
    let stopListening: (() => Promise<void>) | null = null;
    if (database.listen) {
      stopListening = await database.listen(
        'fleetdesk_sessions',
        () => sessions.clear(),
        (listening) => {
          sessions.clear();
          sessions.enabled = listening;
        },
      );
    }
    app.addHook('onClose', async () => {
      stopWatching();
      await stopListening?.();
    });

    async function lookUp(tokenHash: string): Promise<CachedSession | null> {
      const startedIn = sessions.begin();
      const result = await database.pool.query(
        `SELECT u.*, t.expires_at AS token_expires_at, t.last_used_at AS token_last_used_at
           FROM auth_tokens t JOIN users u ON u.id = t.user_id AND u.tenant_id = t.tenant_id
          WHERE t.token_hash = $1 AND t.expires_at > now() AND NOT (u.data @> '{"active": false}'::jsonb)`,
        [tokenHash],
      );
      const row = result.rows[0] as (UserRow & { token_expires_at: Date; token_last_used_at: Date }) | undefined;
      if (!row) return null;
      const { token_expires_at: expiresAt, token_last_used_at: lastUsedAt, ...user } = row;
      // Shared by the requests of the next few seconds: frozen, so that none can change it for the others.
      Object.freeze(user.data);
      const session: CachedSession = {
        user: Object.freeze(user),
        tokenExpiresAt: expiresAt.getTime(),
        touchDueAt: lastUsedAt.getTime() + TOUCH_AFTER_SECONDS * 1000,
      };
      sessions.store(tokenHash, session, startedIn);
      return session;
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new HttpError(401, 'auth.unauthenticated');
      const tokenHash = hashToken(token);
      const session = sessions.get(tokenHash) ?? (await lookUp(tokenHash));
      if (!session) throw new HttpError(401, 'auth.unauthenticated');
      if (Date.now() >= session.touchDueAt) {
        session.touchDueAt = Date.now() + TOUCH_AFTER_SECONDS * 1000;
        await database.pool.query('UPDATE auth_tokens SET last_used_at = now() WHERE token_hash = $1', [tokenHash]);
      }
      const { user } = session;
      request.user = user;
      request.sessionTokenHash = tokenHash;
      request.tenantDb = new TenantDb(database, user.tenant_id);
      const permission = request.routeOptions.config.permission;
      const granted = [permission ?? []].flat().some((right) => right === SIGNED_IN || holds(user.data, right));
      if (!granted) throw new HttpError(403, 'errors.forbidden');
    });

    const known = new Set([...allPermissions(), SIGNED_IN]);
    app.addHook('onRoute', (route) => {
      const hooks = [route.onRequest ?? []].flat();
      if (!hooks.includes(app.authenticate)) return;
      const permission = route.config?.permission;
      const rights = [permission ?? []].flat();
      if (rights.length === 0 || !rights.every((right) => known.has(right))) {
        throw new Error(
          `${[route.method].flat().join(',')} ${route.url}: a protected route must declare config.permission (a right of resources/permissions.ts or "${SIGNED_IN}"), got ${String(permission)}`,
        );
      }
    });
  },
  { name: 'fleetdesk-auth' },
);
