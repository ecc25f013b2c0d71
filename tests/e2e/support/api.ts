/** Set-up through the real API (what a test does not exercise in the browser it prepares over HTTP). */
import { expect } from 'vitest';
import type { uniqueUser } from './scenario';

export interface ApiSession {
  token: string;
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

export async function registerThroughApi(baseUrl: string, user: ReturnType<typeof uniqueUser>): Promise<ApiSession> {
  const call = async <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        'X-CSRF-Token': 'e2e',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as T;
    expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
    return answer;
  };
  const registered = await call<{ data: { token: string } }>('POST', '/register', {
    login: user.login,
    email: user.email,
    phone: user.phone,
    company_name: user.companyName,
    password: user.password,
    password_confirmation: user.password,
  });
  const token = registered.data.token;
  return { token, call: (method, path, body) => call(method, path, body, token) };
}
