/**
 * Users as the API shows them, and the checks that span all tenants: sign-in names no tenant, so
 * logins and e-mails are unique across the whole database (case-insensitively).
 */
import { effectivePermissions } from '../../resources/permissions';
import type { Queryable } from '../db/pool';
import { sql, type Sql } from '../db/sql';
import type { TenantDb } from '../db/tenant-db';

/**
 * A member's schema fields (schemas/user.json), stored in `data` since members are engine records;
 * the plain columns of UserRow (login, email, …, password_hash) are generated from it.
 */
export interface MemberData {
  login: string;
  email: string;
  password: string;
  phone?: string;
  name?: string;
  last_name?: string;
  job_position?: string;
  administrator?: boolean;
  active?: boolean;
  permissions?: string[];
  departments?: number[];
}

export interface UserRow {
  id: number;
  tenant_id: number;
  login: string;
  email: string;
  phone: string | null;
  name: string | null;
  last_name: string | null;
  job_position: string | null;
  password_hash: string;
  avatar_file_id: number | null;
  is_owner: boolean;
  version: number;
  data: MemberData;
}

interface CompanyRow {
  id: number;
  data: { name?: string };
}

export interface UserView {
  id: number;
  login: string;
  name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  job_position: string | null;
  avatar: string | null;
  is_owner: boolean;
  administrator: boolean;
  active: boolean;
  /** The rights the member holds, expanded (an administrator holds all): the web app needs no other request. */
  permissions: string[];
  departments: number[];
  company: { id: number; name: string } | null;
  /** The member record's version: the profile form sends it back, so a change made meanwhile is not overwritten. */
  version: number;
}

export const fileUrl = (fileId: number) => `/api/files/${fileId}`;

/** The `user` object of docs/architecture.md: never the password hash. */
export async function userView(tenantDb: TenantDb, user: UserRow): Promise<UserView> {
  const company = await tenantDb.selectOne<CompanyRow>('companies', sql`data @> ${{ main: true }}`, { columns: ['id', 'data'] });
  return {
    id: user.id,
    login: user.login,
    name: user.name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone,
    job_position: user.job_position,
    avatar: user.avatar_file_id === null ? null : fileUrl(user.avatar_file_id),
    is_owner: user.is_owner,
    administrator: user.data.administrator === true,
    active: user.data.active !== false,
    permissions: effectivePermissions(user.data),
    departments: user.data.departments ?? [],
    company: company ? { id: company.id, name: company.data.name ?? '' } : null,
    version: user.version,
  };
}

/**
 * The `data` assignment that sets some member fields and removes others (an optional field cleared),
 * for TenantDb.update: `{ data: memberDataChange({ name: 'Ann' }) }`.
 */
export function memberDataChange(set: Partial<MemberData>, remove: Array<keyof MemberData> = []): Sql {
  return sql`(data || ${JSON.stringify(set)}::jsonb) - ${remove}::text[]`;
}

export async function findUserByLogin(db: Queryable, login: string): Promise<UserRow | null> {
  const result = await db.query('SELECT * FROM users WHERE lower(login) = lower($1)', [login]);
  return (result.rows[0] as UserRow | undefined) ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const result = await db.query('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
  return (result.rows[0] as UserRow | undefined) ?? null;
}

/** Which of `login` and `email` another user already has. */
export async function takenFields(
  db: Queryable,
  values: { login: string; email: string },
  exceptUserId: number | null = null,
): Promise<Array<'login' | 'email'>> {
  const result = await db.query(
    `SELECT lower(login) = lower($1) AS login_taken, lower(email) = lower($2) AS email_taken
       FROM users
      WHERE (lower(login) = lower($1) OR lower(email) = lower($2)) AND ($3::bigint IS NULL OR id <> $3::bigint)`,
    [values.login, values.email, exceptUserId],
  );
  const taken = new Set<'login' | 'email'>();
  for (const row of result.rows as Array<{ login_taken: boolean; email_taken: boolean }>) {
    if (row.login_taken) taken.add('login');
    if (row.email_taken) taken.add('email');
  }
  return [...taken];
}

/** The field a unique violation (SQLSTATE 23505) is about, when two requests raced past the check. */
export function uniqueViolationField(error: unknown): 'login' | 'email' | null {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  if (code !== '23505') return null;
  if (constraint === 'users_unique_login') return 'login';
  if (constraint === 'users_unique_email') return 'email';
  return null;
}
