/**
 * The signed-in member's reminder settings (issue 14): `GET /api/profile/reminders` answers them (the
 * defaults until first saved), `PUT /api/profile/reminders` replaces them. The body is checked by
 * schemas/requests/reminder-settings.json (422 with field errors in the member's language), the time zone
 * also against the database's own list, since the scheduler reads the member's clock in SQL.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { fieldError } from '../http-error';
import { SIGNED_IN } from '../plugins/auth';
import { withBody } from '../plugins/validation';
import { databaseKnowsTimeZone, readReminderSettings, saveReminderSettings, type ReminderSettings } from '../reminders/settings';

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function reminderSettingsRoutes(app: FastifyInstance, options: { database: Database }) {
  const { pool } = options.database;
  const authenticated = { onRequest: app.authenticate, config: { permission: SIGNED_IN } };

  app.get('/api/profile/reminders', authenticated, async (request) => ({
    data: await readReminderSettings(pool, request.user.tenant_id, request.user.id),
  }));

  app.put<{ Body: ReminderSettings }>('/api/profile/reminders', { ...authenticated, ...withBody(app, 'reminder-settings') }, async (request) => {
    // The schema's format has asked the runtime; the scheduler asks the database.
    if (!(await databaseKnowsTimeZone(pool, request.body.time_zone))) throw fieldError('time_zone', 'validation.format.time-zone');
    const saved = await saveReminderSettings(pool, request.user.tenant_id, request.user.id, request.body);
    return { message: request.t('reminders.settings.saved'), data: saved };
  });
}
