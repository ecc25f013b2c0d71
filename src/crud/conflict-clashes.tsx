/**
 * After a save met someone else's (409): the fields both changed, each with the value the other saved, shown
 * as its kind shows it. The form holds this member's value; they choose which to keep before saving again.
 */
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../resources';
import { ValueOfField } from './field-value';

export function ConflictClashes({
  resource,
  clashes,
  label,
}: {
  resource: ResourceDefinition;
  clashes: Array<{ field: string; theirs: unknown }>;
  label: (field: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="crud-conflict-clashes">
      {t('crud.conflictClashes')}
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {clashes.map(({ field, theirs }) => (
          <li key={field} data-testid={`crud-conflict-clash-${field}`}>
            {label(field)}: <ValueOfField resource={resource} field={field} value={theirs} view="show" />
          </li>
        ))}
      </ul>
    </div>
  );
}
