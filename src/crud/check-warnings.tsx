/**
 * The warnings of a record being filled in (use-record-check.ts), above the form's Save button: one line
 * per problem, as the server words it in the member's language. Saving stays possible: they are warnings
 * (a tenant that makes them block gets the server's 422 under the fields instead).
 */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServerWarning } from '../providers/data-provider';

export function CheckWarnings({ warnings }: { warnings: readonly ServerWarning[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-testid="crud-check-warnings"
      message={t('crud.check.title')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {warnings.map((warning, index) => (
            <li key={`${warning.field}-${index}`} data-testid={`crud-check-warning-${warning.field}`}>
              {warning.message}
            </li>
          ))}
        </ul>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
