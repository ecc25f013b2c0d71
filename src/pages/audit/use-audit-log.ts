/** A page of the audit log for a query, reloaded when the query changes; failures are toasted once. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../providers/api-error';
import { toast } from '../../providers/toast';
import { fetchAuditLog, type AuditEntry, type AuditQuery } from './audit-api';

export function useAuditLog(query: AuditQuery) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify(query);

  useEffect(() => {
    let active = true;
    setLoading(true);
    setFailed(false);
    fetchAuditLog(query).then(
      (page) => {
        if (!active) return;
        setEntries(page.entries);
        setTotal(page.pagination.total);
        setLoading(false);
      },
      (error) => {
        if (!active) return;
        setEntries([]);
        setTotal(0);
        setFailed(true);
        setLoading(false);
        toast('error', messageOf(error, t('crud.loadFailed')));
      },
    );
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query's value, not its identity
  }, [key]);

  return { entries, total, loading, failed };
}
