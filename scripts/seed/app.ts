/**
 * The seeders talk to Fleetdesk the way a client does: the real app, built in-process with the
 * server's own code and the same configuration as `npm start` (DATA_DIR / DATABASE_URL, server/config.ts),
 * with every request through `app.inject` (auth, CSRF header, validation, references: all real).
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildServer } from '../../server/build-server';
import { ConfigError, loadConfig, type Config } from '../../server/config';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/database';

export interface SeedApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

export async function startSeedApp(env: Record<string, string | undefined> = process.env): Promise<SeedApp> {
  let config: Config;
  try {
    // Sign-ins of a seeder are not an attack: lift the per-minute limit for this in-process app only.
    config = loadConfig({ ...env, AUTH_RATE_LIMIT: '1000000', LOG_LEVEL: env.SEED_LOG_LEVEL ?? 'silent' });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildServer({ config, database, logger: false });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    where: string,
  ) {
    super(`${where} answered ${status}: ${body.slice(0, 600)}`);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A signed-in (or anonymous) client of the in-process app. */
export class ApiClient {
  constructor(
    readonly app: FastifyInstance,
    public token?: string,
  ) {}

  async request<T = unknown>(method: Method, url: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
    const headers: Record<string, string> = { 'accept-language': 'en', ...extraHeaders };
    if (method !== 'GET') headers['x-csrf-token'] = 'seed';
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const options: InjectOptions = { method, url, headers };
    if (body !== undefined) options.payload = body as InjectOptions['payload'];
    const response = await this.app.inject(options);
    if (response.statusCode >= 300) throw new ApiError(response.statusCode, response.body, `${method} ${url}`);
    return response.json<T>();
  }

  get<T = unknown>(url: string) {
    return this.request<T>('GET', url);
  }

  /** `data` of a successful POST/PUT. */
  async send<T = Record<string, unknown>>(method: 'POST' | 'PUT', url: string, body: unknown): Promise<T> {
    return (await this.request<{ data: T }>(method, url, body)).data;
  }

  /** A multipart/form-data POST (repairs): text fields only. */
  async sendForm<T = Record<string, unknown>>(url: string, fields: Record<string, string | number | boolean>): Promise<T> {
    const boundary = `----fleetdesk-seed-${Math.random().toString(16).slice(2)}`;
    const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`);
    const payload = `${parts.join('')}--${boundary}--\r\n`;
    return (await this.request<{ data: T }>('POST', url, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` })).data;
  }

  async total(url: string): Promise<number> {
    const separator = url.includes('?') ? '&' : '?';
    return (await this.get<{ pagination: { total: number } }>(`${url}${separator}perPage=1`)).pagination.total;
  }
}

export interface Account {
  login: string;
  email: string;
  phone: string;
  company_name: string;
  password: string;
}

export interface SignedIn {
  client: ApiClient;
  user: { id: number; tenant_id?: number; company: { id: number; name: string } } & Record<string, unknown>;
}

export async function register(app: FastifyInstance, account: Account): Promise<SignedIn> {
  const client = new ApiClient(app);
  const data = await client.send<{ token: string; user: SignedIn['user'] }>('POST', '/api/register', { ...account, password_confirmation: account.password });
  client.token = data.token;
  return { client, user: data.user };
}

/** Signs in; null when the login or password is not known (401/422). */
export async function signIn(app: FastifyInstance, login: string, password: string): Promise<SignedIn | null> {
  const client = new ApiClient(app);
  try {
    const data = await client.send<{ token: string; user: SignedIn['user'] }>('POST', '/api/login', { login, password });
    client.token = data.token;
    return { client, user: data.user };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 422)) return null;
    throw error;
  }
}
