/**
 * Members made by an administrator through `/api/users/store`, signed in as they would: for tests of
 * rights, masking, revocation and the audit trail.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Queryable } from '../db/pool';
import { call, signIn, uniqueLogin } from './api-client';

export interface Member {
  id: number;
  login: string;
  password: string;
  token: string;
  record: Record<string, unknown>;
}

export async function createMember(
  app: FastifyInstance,
  adminToken: string,
  access: { permissions?: string[]; administrator?: boolean; departments?: number[] } = {},
): Promise<Member> {
  const login = uniqueLogin('member');
  const password = 'member-password-1';
  const body = { login, password, name: 'Mia', last_name: 'Member', email: `${login}@example.com`, permissions: [], ...access };
  const response = await call(app, 'POST', '/api/users/store', body, { token: adminToken });
  expect(response.statusCode, response.body).toBe(200);
  const record = response.json<{ data: Record<string, unknown> }>().data;
  return { id: record.id as number, login, password, token: await signIn(app, login, password), record };
}

/**
 * Stores a member's rights as they are, past the rules a write through the API applies: a member stored before a
 * rule (Create without View), for tests that such members are still handled.
 */
export async function storeRights(pool: Queryable, memberId: number, permissions: string[]): Promise<void> {
  await pool.query(`UPDATE users SET data = jsonb_set(data, '{permissions}', $1::jsonb) WHERE id = $2`, [JSON.stringify(permissions), memberId]);
}
