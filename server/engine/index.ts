/**
 * The schema-driven engine as one Fastify plugin: at start it reads the schema files of every resource
 * in the registry, makes their tables and indexes, and registers their generic routes. Nothing here is
 * per resource: a new resource is a schema, a registry entry and its locale keys; what one resource needs
 * beyond its schema is a rule, handed in from server/rules/ (rule-types.ts says what a rule may do). The
 * OpenAPI document and its docs page are server/routes/api-docs.ts, which adds import and export.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resources as registry } from '../../resources/index';
import type { ResourceDefinition } from '../../resources/types';
import type { Database } from '../db/database';
import type { LookupIds } from './lookup-fields';
import { buildModel, type EngineModel } from './model';
import type { RuleRegistry } from './rule-types';
import { registerResourceRoutes } from './routes';
import { countsMaintenance } from './counts';
import { ListTotals } from './list-totals';
import { ensureTables } from './storage';
import { watchFills } from './computed-columns';
import { createIndexBuilds, type IndexBuilds } from '../db/index-builds';

declare module 'fastify' {
  interface FastifyInstance {
    engine: EngineModel;
    /**
     * Indexes built concurrently after start (PostgreSQL, tables that hold data): the server listens
     * without waiting for them. `await app.indexBuilds.ready` where a test needs them.
     */
    indexBuilds: IndexBuilds;
  }
}

export interface EngineOptions {
  database: Database;
  /** Folder of the entity schemas (default: schemas/ of the repository); tests hand in a copy. */
  schemasDir?: string;
  /** The resources (default: the registry). */
  resources?: readonly ResourceDefinition[];
  /** Each resource's rules beyond its schema (server/rules/index.ts); none: plain schema-driven CRUD. */
  rules?: RuleRegistry;
  /** The ids of the reference lists `x-lookup` fields name (lookup-fields.ts); none: not checked. */
  lookups?: LookupIds;
}

async function engine(app: FastifyInstance, options: EngineOptions) {
  const model = buildModel(options.resources ?? registry, options.schemasDir, options.lookups);
  let fills: ReturnType<typeof watchFills> | null = null;
  const indexBuilds = createIndexBuilds(options.database, {
    log: {
      info: (message) => app.log.info(message),
      warn: (message) => app.log.warn(message),
      error: (message) => app.log.error(message),
    },
    onFilled: (fill) => fills?.filled(fill),
  });
  const deferred = await ensureTables(options.database, model);
  // Columns added to large tables are filled after start; until then their lists read the expression (computed-columns.ts).
  fills = watchFills(model, options.database, deferred?.fills ?? []);
  indexBuilds.defer(deferred);
  app.decorate('indexBuilds', indexBuilds);
  // After every plugin's start-up transaction (the compliance indexes add theirs): a concurrent build waits
  // for older transactions, and DDL of a transaction still open behind it would queue every writer too.
  app.addHook('onReady', (done) => {
    indexBuilds.start();
    done();
  });
  // Before the database closes (its hook is older, so it runs later): a build of minutes must not hold it open.
  app.addHook('onClose', async () => indexBuilds.stop());
  const stopMaintenance = countsMaintenance((statement) => options.database.pool.query(statement));
  // Totals of filtered and searched lists, kept until their table is written (list-totals.ts).
  const totals = await ListTotals.start(model, options.database);
  app.addHook('onClose', async () => {
    stopMaintenance();
    fills?.stop();
    await totals.stop();
  });
  app.decorate('engine', model);
  for (const resource of model.resources) registerResourceRoutes(app, options.database, model, resource, { totals, rules: options.rules?.[resource.name] });
}

// fastify-plugin: the routes and `app.engine` belong to the app, not to an encapsulated child context.
export const enginePlugin = fp(engine, { name: 'fleetdesk-engine', dependencies: ['fleetdesk-auth'] });
