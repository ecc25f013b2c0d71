/**
 * The audit log page's state in its URL (`/audit-log?page=2&perPage=20&user_id=3&resource=orders&action=create,update&from=…&to=…`,
 * the log's own query names): a link or a reload shows the same entries, and Back goes to the previous
 * filter or page. A changed filter goes back to page 1.
 */
import { useSearchParams } from 'react-router';
import type { AuditQuery } from './audit-api';

export const auditPageSizes = [10, 20, 30, 40];
const defaultPerPage = 20;

function positive(text: string | null, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export interface AuditFilters {
  user_id?: number;
  resource?: string;
  /** One or more actions, comma-separated, as the log's query names them. */
  action?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

export function useAuditLogState() {
  const [params, setParams] = useSearchParams();
  const perPage = positive(params.get('perPage'), defaultPerPage);
  const filters: AuditFilters = {
    user_id: params.has('user_id') ? positive(params.get('user_id'), 0) || undefined : undefined,
    resource: params.get('resource') || undefined,
    action: params.get('action') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
  const query: AuditQuery & { page: number; perPage: number } = {
    page: positive(params.get('page'), 1),
    perPage: auditPageSizes.includes(perPage) ? perPage : defaultPerPage,
    ...filters,
  };

  function write(next: AuditQuery) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(next) as Array<[string, string | number | undefined]>) {
      if (value !== undefined && value !== '') search.set(name, String(value));
    }
    setParams(search);
  }

  return {
    query,
    filters,
    setFilters: (patch: Partial<AuditFilters>) => write({ ...query, ...patch, page: 1 }),
    setPage: (page: number, perPage: number) => write({ ...query, page: perPage === query.perPage ? page : 1, perPage }),
  };
}
