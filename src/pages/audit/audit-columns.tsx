/** The columns the History tab and the tenant-wide log share: when, who, what, and the changes. */
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { AuditEntry } from './audit-api';
import { AuditActionTag, AuditChanges, formatAuditTime } from './audit-changes';

export function auditColumns(
  t: TFunction,
  language: string,
  options: { withRecord?: boolean; labelOf?: (resource: string, id: string | number | null | undefined) => string | undefined } = {},
): ColumnsType<AuditEntry> {
  const columns: ColumnsType<AuditEntry> = [
    {
      key: 'at',
      title: t('audit.columns.at'),
      width: 170,
      render: (_value, entry) => <span style={{ whiteSpace: 'nowrap' }}>{formatAuditTime(entry.at, language)}</span>,
    },
    {
      key: 'user',
      title: t('audit.columns.user'),
      render: (_value, entry) => entry.user_name ?? (entry.user_id === null ? t('audit.system') : `#${entry.user_id}`),
    },
    { key: 'action', title: t('audit.columns.action'), width: 110, render: (_value, entry) => <AuditActionTag action={entry.action} /> },
  ];
  if (options.withRecord) {
    columns.push({
      key: 'record',
      title: t('audit.columns.record'),
      render: (_value, entry) => {
        const kind = t(`${entry.resource}.titleSingular`, { defaultValue: entry.resource });
        if (entry.record_id === null || entry.record_id === undefined) return kind;
        // Named in words where its label is known (record-labels.tsx); else, or deleted since, by its number.
        const label = options.labelOf?.(entry.resource, entry.record_id);
        return label ? `${kind} ${label} (#${entry.record_id})` : `${kind} #${entry.record_id}`;
      },
    });
  }
  columns.push({ key: 'changes', title: t('audit.columns.changes'), render: (_value, entry) => <AuditChanges entry={entry} /> });
  return columns;
}
