/**
 * Messages the server derives about a record (`x-widget: "warnings"`, a readOnly array of texts already in
 * the member's language, e.g. an order's `compliance_warnings`): in a list a warning icon whose tooltip lists
 * them, on the show page the list itself; nothing when there is none. Never edited (no widget).
 */
import { WarningFilled } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DisplayProps, FieldKind } from '../types';
import { Blank } from '../shared';

const messagesOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function WarningsDisplay({ value, field, view }: DisplayProps) {
  const { t } = useTranslation();
  const messages = messagesOf(value);
  if (messages.length === 0) return view === 'list' ? null : <Blank />;
  const list = (
    <ul className="field-warnings-list" style={{ margin: 0, paddingInlineStart: 18 }}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
  if (view !== 'list') return list;
  return (
    // On focus too: a keyboard user reaching the icon reads the warnings, not only "Warnings: 3".
    <Tooltip title={list} trigger={['hover', 'focus']}>
      <WarningFilled
        role="img"
        aria-label={t('fields.warnings.label', { count: messages.length })}
        data-testid={`warnings-${field}`}
        style={{ color: '#faad14', fontSize: 16 }}
        tabIndex={0}
      />
    </Tooltip>
  );
}

export const warningsKind: FieldKind = {
  name: 'warnings',
  match: (schema) => schema['x-widget'] === 'warnings',
  Display: WarningsDisplay,
};
