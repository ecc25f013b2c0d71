/**
 * The embedded database's own upkeep (server/db/idle-vacuum.ts) as a Fastify plugin: it counts the requests in
 * flight, so a VACUUM starts only when none has been for a while, and it stops with the server: no VACUUM
 * starts once close() begins, and one already running is waited for before the database closes.
 * `app.idleVacuum` is null on PostgreSQL (autovacuum looks after it) and with EMBEDDED_VACUUM=off.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { IdleVacuum } from '../db/idle-vacuum';

declare module 'fastify' {
  interface FastifyInstance {
    idleVacuum: IdleVacuum | null;
  }
}

export interface IdleVacuumPluginOptions {
  config: Pick<Config, 'embeddedVacuum'>;
  database: Database;
}

export const idleVacuumPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register()
  async (app: FastifyInstance, options: IdleVacuumPluginOptions) => {
    const { embeddedVacuum } = options.config;
    if (options.database.kind !== 'pglite' || !embeddedVacuum.enabled) {
      app.decorate('idleVacuum', null);
      return;
    }
    const { idleMs, minRows, fullIdleMs, fullPassHours } = embeddedVacuum;
    const maintainer = new IdleVacuum({ pool: options.database.pool, idleMs, minRows, fullIdleMs, fullPassHours, log: app.log });
    app.decorate('idleVacuum', maintainer);

    // Callback style and no closure per request beyond the one listener: this runs for every request.
    app.addHook('onRequest', (_request, reply, done) => {
      maintainer.requestStarted();
      // 'close' comes once whether the answer was sent or the connection dropped first.
      reply.raw.once('close', () => maintainer.requestEnded());
      done();
    });
    app.addHook('onReady', (done) => {
      maintainer.start();
      done();
    });
    let stopped: Promise<void> | null = null;
    app.addHook('preClose', (done) => {
      stopped = maintainer.stop();
      done();
    });
    app.addHook('onClose', async () => {
      await (stopped ?? maintainer.stop());
    });
  },
  { name: 'fleetdesk-idle-vacuum' },
);
