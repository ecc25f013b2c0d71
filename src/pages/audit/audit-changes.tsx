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

type Item = string | number | boolean;
const isItemList = (value: unknown): value is Item[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean');

/**
 * A list of plain values changed (a member's rights, an order's tags): what was added and what was removed, not the
 * whole list twice, which for a member's rights made a row thousands of pixels wide and hid the one right taken away.
 */
export function listChange(before: unknown, after: unknown): { added: Item[]; removed: Item[] } | undefined {
  const was = before === null || before === undefined ? [] : before;
  const now = after === null || after === undefined ? [] : after;
  if (!isItemList(was) || !isItemList(now)) return undefined;
  return { added: now.filter((item) => !was.includes(item)), removed: was.filter((item) => !now.includes(item)) };
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
      {changes.map(([field, change]) => {
        const list = entry.action === 'update' ? listChange(change?.before, change?.after) : undefined;
        return (
          <li key={field}>
            <Typography.Text strong>{label(field)}</Typography.Text>: {/* A creation has only values after, a deletion only values before, a change both. */}
            {list && (list.added.length > 0 || list.removed.length > 0) ? (
              <span data-testid={`audit-list-change-${field}`}>
                {list.added.length > 0 && (
                  <span className="fd-audit-added" data-testid={`audit-added-${field}`}>
                    {t('audit.added')} {value(field, list.added)}
                  </span>
                )}{' '}
                {list.removed.length > 0 && (
                  <span className="fd-audit-removed" data-testid={`audit-removed-${field}`}>
                    {t('audit.removed')} <span className="fd-audit-before">{value(field, list.removed)}</span>
                  </span>
                )}
              </span>
            ) : entry.action === 'delete' ? (
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
        );
      })}
    </ul>
  );
}

/** "22 Nov 2026, 14:31" in the interface language. */
export function formatAuditTime(at: string, language: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
