/**
 * The audit trail's one endpoint: `GET /api/audit-log?page=&perPage=&user_id=&resource=&record_id=&action=&from=&to=`
 * (append-only; no write endpoints). Tenant-wide it needs `audit.view`; with `resource` and `record_id`
 * the resource's view right suffices (a record's History tab). It is no resource of the registry (no
 * record pages, no ids to show), so it is read with Refine's `useCustom` (use-audit-log.ts).
 */
import type { ListPagination } from '../../providers/data-provider';

export const auditActions = ['create', 'update', 'delete', 'read', 'import'] as const;
export type AuditAction = (typeof auditActions)[number];

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
  /** One or more actions, comma-separated (`create,update,delete`: the changes without the reads). */
  action?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

/** The answer of the endpoint: a page of entries and the list's pagination. */
export interface AuditPage {
  data: AuditEntry[];
  pagination?: ListPagination;
}

/** The query of a page of the log, without empty values (the server reads an empty filter as a value). */
export function auditLogQuery(query: AuditQuery): Record<string, string | number> {
  const kept: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(query) as Array<[string, string | number | undefined]>) {
    if (value !== undefined && value !== null && value !== '') kept[name] = value;
  }
  return kept;
}
