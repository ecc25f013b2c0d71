/**
 * What one audit entry changed: each field with its value before and after (drawn by the field's kind,
 * masked values as the server sent them), or for a read the fields that were seen.
 */
import { ArrowRightOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { resources } from '../../../resources';
import { ValueOfField } from '../../crud/field-value';
import type { AuditAction, AuditEntry } from './audit-api';

const actionColors: Record<AuditAction, string> = { create: 'green', update: 'blue', delete: 'red', read: 'purple', import: 'cyan' };

export function AuditActionTag({ action }: { action: AuditAction }) {
  const { t } = useTranslation();
  return (
    <Tag color={actionColors[action] ?? 'default'} data-testid={`audit-action-${action}`}>
      {t(`audit.actions.${action}`, { defaultValue: action })}
    </Tag>
  );
}

/** A value of a resource the registry no longer knows, as plain text. */
function plainText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '—';
}

export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const definition = resources.find((resource) => resource.name === entry.resource);
  const label = (field: string) => t(`${entry.resource}.fields.${field}`, { defaultValue: field });
  const value = (field: string, given: unknown) => (definition ? <ValueOfField resource={definition} field={field} value={given} /> : <>{plainText(given)}</>);

  if (entry.action === 'read') {
    const fields = entry.fields ?? [];
    return (
      <Typography.Text type="secondary">
        {fields.length > 0 ? t('audit.readFields', { fields: fields.map(label).join(', ') }) : t('audit.readRecord')}
      </Typography.Text>
    );
  }
  const changes = Object.entries(entry.changes ?? {});
  if (changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <ul className="fd-audit-changes" data-testid={`audit-changes-${entry.id}`}>
      {changes.map(([field, change]) => (
        <li key={field}>
          <Typography.Text strong>{label(field)}</Typography.Text>: {/* A creation has only values after, a deletion only values before, a change both. */}
          {entry.action === 'delete' ? (
            <span className="fd-audit-deleted">{value(field, change?.before)}</span>
          ) : (
            <>
              {entry.action !== 'create' && (
                <>
                  <span className="fd-audit-before">{value(field, change?.before)}</span> <ArrowRightOutlined aria-label={t('audit.changedTo')} />{' '}
                </>
              )}
              <span className="fd-audit-after">{value(field, change?.after)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** "22 Nov 2026, 14:31" in the interface language. */
export function formatAuditTime(at: string, language: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
