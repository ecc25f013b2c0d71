/**
 * Small helpers for talking to a test server the way the web app does: JSON bodies, the CSRF header
 * on every state-changing call, a bearer token when signed in.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export const CSRF = { 'x-csrf-token': 'test-tab-token' };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  language?: string;
  /** The client's address as the server sees it (`request.ip`): tests of per-address limits vary it. */
  remoteAddress?: string;
}

export function call(app: FastifyInstance, method: Method, url: string, body?: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(method === 'GET' ? {} : CSRF), ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.language) headers['accept-language'] = options.language;
  const request: InjectOptions = { method, url, headers, ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}) };
  if (body !== undefined) request.payload = body as InjectOptions['payload'];
  return app.inject(request);
}

/** Unique per call and valid as a login (8+ Latin letters and digits). */
export function uniqueLogin(prefix = 'user'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

export interface RegisteredUser {
  token: string;
  user: { id: number; login: string; email: string; company: { id: number; name: string } } & Record<string, unknown>;
  login: string;
  email: string;
  password: string;
}

export function registrationBody(overrides: Record<string, unknown> = {}) {
  const login = uniqueLogin();
  return {
    login,
    email: `${login}@example.com`,
    phone: '+49 30 1234567',
    company_name: `Company of ${login}`,
    password: 'correct-horse-1',
    password_confirmation: 'correct-horse-1',
    ...overrides,
  };
}

export async function registerUser(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<RegisteredUser> {
  const body = registrationBody(overrides);
  const response = await call(app, 'POST', '/api/register', body);
  expect(response.statusCode, response.body).toBe(200);
  const { data } = response.json<{ data: { token: string; user: RegisteredUser['user'] } }>();
  return { token: data.token, user: data.user, login: body.login, email: body.email, password: body.password };
}

export async function signIn(app: FastifyInstance, login: string, password: string): Promise<string> {
  const response = await call(app, 'POST', '/api/login', { login, password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { token: string } }>().data.token;
}

/** Every error answer: JSON `{ message, errors? }`, no stack, no internals. */
export function expectErrorShape(response: LightMyRequestResponse) {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<Record<string, unknown>>();
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body).every((key) => key === 'message' || key === 'errors')).toBe(true);
  expect(response.body).not.toMatch(/\bat .+\.(?:ts|js):\d+|node_modules|stack/i);
  return body as { message: string; errors?: Record<string, string[]> };
}
