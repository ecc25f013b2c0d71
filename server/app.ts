/**
 * Fleetdesk's server as one Fastify plugin: external plugins (wrapped in ours) → app plugins →
 * routes. It owns no process concerns: build-server.ts makes the Fastify instance, server.ts listens.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config';
import type { Database } from './db/database';
import { enginePlugin } from './engine/index';
import { resourceRules } from './rules/index';
import { createTranslator, type Translator } from './i18n/i18n';
import { createMailer, type Mailer } from './mail/mailer';
import { authPlugin } from './plugins/auth';
import { apiDocsRoutes } from './routes/api-docs';
import { auditLogRoutes } from './routes/audit-log';
import { handoverActRoutes } from './routes/hand-written/handover-acts';
import { handoverActListRoutes } from './routes/hand-written/handover-acts-list';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin } from './plugins/errors';
import { i18nPlugin } from './plugins/i18n';
import { idleVacuumPlugin } from './plugins/idle-vacuum';
import { jsonBodyPlugin } from './plugins/json-body';
import { multipartPlugin } from './plugins/multipart';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requestIdPlugin } from './plugins/request-id';
import { routeCatalogPlugin } from './plugins/route-catalog';
import { securityPlugin } from './plugins/security';
import { storableTextPlugin } from './plugins/storable-text';
import { staticWebPlugin } from './plugins/static-web';
import { validationPlugin } from './plugins/validation';
import { authRoutes } from './routes/auth';
import { complianceRoutes } from './routes/compliance';
import { watchComplianceChanges } from './compliance/change-watch';
import { cacheObligations } from './compliance/obligations-cache';
import { expiringRoutes } from './routes/expiring';
import { tenantSettingsRoutes } from './routes/tenant-settings';
import { fileRoutes } from './routes/files';
import { healthRoutes } from './routes/health';
import { lookupIds } from './lookups/reference-lists';
import { lookupRoutes } from './routes/lookups';
import { notificationRoutes } from './routes/notifications';
import { profileRoutes } from './routes/profile';
import { failedMailRoutes } from './routes/failed-mail';
import { reminderSettingsRoutes } from './routes/reminder-settings';
import { backgroundJobsPlugin } from './reminders/background-jobs';
import { importExportRoutes } from './import-export/index';
import { documentStatusRoutes } from './routes/hand-written/document-statuses';
import { employeeRoutes } from './routes/hand-written/employees';
import { repairRoutes } from './routes/hand-written/repairs';
import { transportRoutes } from './routes/hand-written/transport';
import { transportDocumentRoutes } from './routes/hand-written/transport-documents';

export interface AppOptions {
  config: Config;
  database: Database;
  translator?: Translator;
  mailer?: Mailer;
  /** The built web app (default: dist/ of the repository). */
  distDir?: string;
  /** Entity schemas (default: schemas/ of the repository), read at start: a copy lets a test add a property. */
  schemasDir?: string;
  /** Reference lists for /api/app/load-data (default: reference-data/ of the repository). */
  referenceDataDir?: string;
}

export const fleetdeskApp = fp(
  async (app: FastifyInstance, options: AppOptions) => {
    const { config, database } = options;
    const translator = options.translator ?? createTranslator();
    const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') });
    app.addHook('onClose', async () => mailer.close());

    // Order matters for onRequest hooks: the request id and the language first, so that every later
    // refusal (CSRF, rate limit, auth) is logged with its id and answered in the user's language.
    await app.register(requestIdPlugin);
    // First of the request hooks after the id: every request counts as activity, even one refused at once.
    await app.register(idleVacuumPlugin, { config, database });
    await app.register(routeCatalogPlugin);
    await app.register(i18nPlugin, { translator });
    await app.register(errorsPlugin);
    await app.register(securityPlugin);
    await app.register(csrfPlugin);
    await app.register(jsonBodyPlugin);
    await app.register(storableTextPlugin);
    await app.register(validationPlugin);
    await app.register(rateLimitPlugin, { database });
    await app.register(multipartPlugin);
    await app.register(authPlugin, { database });

    await app.register(healthRoutes, { database });
    await app.register(authRoutes, { config, database, mailer });
    await app.register(profileRoutes, { database });
    await app.register(fileRoutes);
    await app.register(lookupRoutes, { referenceDataDir: options.referenceDataDir });
    // The schema-driven engine: every resource of the registry and its routes, with the resources' rules.
    await app.register(enginePlugin, { database, schemasDir: options.schemasDir, rules: resourceRules, lookups: lookupIds(options.referenceDataDir) });
    // Export of every list, import into the importable ones (issue 15).
    await app.register(importExportRoutes, { database, translator, referenceDataDir: options.referenceDataDir, rules: resourceRules });
    // The OpenAPI document of every route (built at its first request, when all are registered) and its docs page.
    await app.register(apiDocsRoutes, { model: app.engine, apiDocs: config.apiDocs });
    await app.register(transportRoutes, { database });
    await app.register(documentStatusRoutes, { database });
    await app.register(transportDocumentRoutes, { database });
    await app.register(repairRoutes, { database });
    await app.register(employeeRoutes, { database });
    await app.register(handoverActRoutes, { database });
    await app.register(handoverActListRoutes, { database });
    await app.register(auditLogRoutes, { database });
    // Compliance readings kept in memory go when a write may change them, also another process's (NOTIFY).
    const complianceChanges = await watchComplianceChanges(database);
    const stopObligationCache = cacheObligations(database.pool, complianceChanges);
    app.addHook('onClose', async () => {
      stopObligationCache();
      await complianceChanges.stop();
    });
    await app.register(expiringRoutes, { database, changes: complianceChanges });
    await app.register(reminderSettingsRoutes, { database });
    await app.register(failedMailRoutes, { database });
    // The reminder scheduler, its digest worker and the mail queue's sender (config BACKGROUND_JOBS).
    await app.register(backgroundJobsPlugin, { config, database, translator, mailer });
    await app.register(complianceRoutes, { database, changes: complianceChanges });
    await app.register(notificationRoutes, { database, changes: complianceChanges });
    await app.register(tenantSettingsRoutes, { database });
    await app.register(staticWebPlugin, { distDir: options.distDir });
  },
  { name: 'fleetdesk-app' },
);
