/**
 * Import and export of the generic lists (issue 15, docs/import-export.md) as one Fastify plugin, registered
 * after the engine: `GET <list>/export` for every resource with a list, `POST <list>/import` for the importable.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { RuleRegistry } from '../engine/rule-types';
import type { Translator } from '../i18n/i18n';
import { registerExportRoute } from './export-route';
import { registerImportRoute } from './import-route';
import { ImportQueue } from './import-queue';

export interface ImportExportOptions {
  database: Database;
  translator: Translator;
  referenceDataDir?: string;
  /** The resources' rules (server/rules/), which an imported row meets as a form's does. */
  rules?: RuleRegistry;
}

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register()
export async function importExportRoutes(app: FastifyInstance, options: ImportExportOptions) {
  // One queue for every list's import: they take turns in this process.
  const queue = new ImportQueue();
  for (const resource of app.engine.resources) {
    registerExportRoute(app, options.database, app.engine, resource, options.referenceDataDir);
    registerImportRoute(app, options.database, app.engine, resource, options.translator, options.referenceDataDir, options.rules?.[resource.name], queue);
  }
}
