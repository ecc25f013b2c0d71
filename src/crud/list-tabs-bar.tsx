/**
 * The tabs of a list with `listTabs` (list-tabs.ts): one per value of the enum field, in order, labelled
 * in the user's language with the number of records it holds under the list's other filters. Choosing a
 * tab filters the list by it (the first page; the filter is in the URL with the rest of the list's state).
 */
import { Badge, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../resources';
import { listTabValues } from './list-tabs';
import { propertyOf } from './schemas';
import type { TabCounts } from './use-tab-counts';

interface Props {
  resource: ResourceDefinition;
  active: string | undefined;
  counts: TabCounts;
  onChange: (value: string) => void;
}

export function ListTabsBar({ resource, active, counts, onChange }: Props) {
  const { t } = useTranslation();
  const field = resource.listTabs?.field ?? '';
  const enumName = propertyOf(resource, field)?.['x-enum'];
  const label = (value: string) => (typeof enumName === 'string' ? t(`enums.${enumName}.${value}`, { defaultValue: value }) : value);
  return (
    <Tabs
      data-testid={`list-tabs-${field}`}
      activeKey={active}
      onChange={onChange}
      items={listTabValues(resource).map((value) => ({
        key: value,
        label: (
          <span data-testid={`list-tab-${value}`}>
            {label(value)}{' '}
            <Badge
              count={counts[value] ?? 0}
              showZero
              overflowCount={99_999}
              color={value === active ? 'blue' : '#595959'}
              data-testid={`list-tab-count-${value}`}
            />
          </span>
        ),
      }))}
    />
  );
}
