/**
 * `GET /api/settings/tenant`: the tenant's settings, for any signed-in member (the order form needs to know
 * whether a warning will block the save). `PUT /api/settings/tenant`: administrators change them; a body
 * that is not an object of known settings with their types is a 422 naming the field; nothing else is read.
 * Answer: `{ data: { orders_block_on_compliance } }`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { HttpError } from '../http-error';
import { SIGNED_IN } from '../plugins/auth';
import { withBody } from '../plugins/validation';
import { readTenantSettings, writeTenantSettings, type TenantSettings } from '../settings/tenant-settings';

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: its promise makes a throw while registering reject register() instead of escaping uncaught
export async function tenantSettingsRoutes(app: FastifyInstance, options: { database: Database }) {
  const { pool } = options.database;
  const signedIn = { onRequest: app.authenticate, config: { permission: SIGNED_IN } };

  app.get('/api/settings/tenant', signedIn, async (request) => ({ data: await readTenantSettings(pool, request.user.tenant_id) }));

  // Not a right of the matrix: a tenant-wide switch is the administrators' (resources/permissions.ts). Refused
  // before the body is read, so a member who may not change settings learns nothing about the body's rules.
  // eslint-disable-next-line @typescript-eslint/require-await -- an onRequest hook that only throws
  const administratorsOnly = async (request: FastifyRequest) => {
    if (request.user.data.administrator !== true) throw new HttpError(403, 'errors.forbidden');
  };
  const administrators = { onRequest: [app.authenticate, administratorsOnly], config: { permission: SIGNED_IN } };

  app.put<{ Body: Partial<TenantSettings> }>('/api/settings/tenant', { ...administrators, ...withBody(app, 'tenant-settings') }, async (request) => {
    const data = await writeTenantSettings(pool, request.user.tenant_id, request.body, request.user.id);
    return { message: request.t('tenantSettings.saved'), data };
  });
}
