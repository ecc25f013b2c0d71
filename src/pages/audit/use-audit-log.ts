/**
 * A page of the audit log for a query, on Refine's `useCustom` (the query's values are part of its key:
 * each page and filter is cached on its own, and the previous page stays on screen while the next one
 * loads). A failure shows the server's message once, else "could not load".
 */
import { useApiUrl, useCustom, type BaseRecord, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { auditLogQuery, type AuditEntry, type AuditPage, type AuditQuery } from './audit-api';

const noEntries: AuditEntry[] = [];

export function useAuditLog(query: AuditQuery) {
  const { t } = useTranslation();
  const { query: answer } = useCustom<AuditPage['data'] & BaseRecord>({
    url: `${useApiUrl()}/audit-log`,
    method: 'get',
    config: { query: auditLogQuery(query) },
    queryOptions: { placeholderData: (previous) => previous },
    successNotification: false,
    errorNotification: (error?: HttpError) => ({ type: 'error', message: error?.message || t('crud.loadFailed') }),
  });
  // The data provider's `custom` hands over the answer's envelope: `data` and, for lists, `pagination`.
  const page: Partial<AuditPage> | undefined = answer.data;
  const entries = Array.isArray(page?.data) ? page.data : noEntries;
  return {
    entries,
    total: page?.pagination?.total ?? entries.length,
    loading: answer.isFetching,
    failed: answer.isError,
  };
}
