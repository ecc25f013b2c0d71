/**
 * The audit trail's one endpoint: `GET /api/audit-log?page=&perPage=&user_id=&resource=&record_id=&from=&to=`
 * (append-only; no write endpoints). Tenant-wide it needs `audit.view`; with `resource` and `record_id`
 * the resource's view right suffices (a record's History tab).
 */
import { api } from '../../providers/api';
import type { ListPagination } from '../../providers/data-provider';

export type AuditAction = 'create' | 'update' | 'delete' | 'read';

export interface AuditEntry {
  id: number;
  /** ISO date-time. */
  at: string;
  user_id: number | null;
  user_name: string | null;
  resource: string;
  record_id: number | string | null;
  action: AuditAction;
  /** Changed fields with their values before and after (sensitive values masked by the server). */
  changes: Record<string, { before: unknown; after: unknown }> | null;
  /** The fields a `read` entry saw (reads of sensitive data). */
  fields: string[] | null;
}

export interface AuditQuery {
  page?: number;
  perPage?: number;
  user_id?: number | string;
  resource?: string;
  record_id?: number | string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  pagination: ListPagination;
}

export function auditLogPath(query: AuditQuery): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return `/audit-log${text ? `?${text}` : ''}`;
}

export async function fetchAuditLog(query: AuditQuery): Promise<AuditPage> {
  const answer = (await api.get<AuditEntry[]>(auditLogPath(query))) as { data: AuditEntry[]; pagination?: ListPagination };
  const entries = Array.isArray(answer.data) ? answer.data : [];
  return {
    entries,
    pagination: answer.pagination ?? { total: entries.length, currentPage: query.page ?? 1, perPage: query.perPage ?? entries.length, lastPage: 1 },
  };
}
