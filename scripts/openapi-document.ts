/**
 * The OpenAPI document as `GET /api/openapi.json` answers it, without a server listening: the app is built
 * in-process on a throwaway embedded database (its routes are what the document lists), asked once, closed.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../server/build-server';
import { loadConfig } from '../server/config';

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetdesk-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', BACKGROUND_JOBS: 'off', APP_URL: 'http://fleetdesk.test' });
    const app = await buildServer({ config, logger: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
      return response.json<Record<string, unknown>>();
    } finally {
      await app.close();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
