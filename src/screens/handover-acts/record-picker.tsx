/**
 * A searchable picker of one record of a listable resource (a vehicle, an employee), on the same Refine
 * `useSelect` options as the generic forms' reference fields (src/fields/reference), so labels and search
 * read the same everywhere. The value is the record's id as a number. With none to pick (a new account), it says so
 * and links to where they are added, so that an act is not a dead end.
 */
import { Empty, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resourceByName } from '../../../resources';
import { useTargetOptions } from '../../fields/reference';

interface RecordPickerProps {
  resource: 'transport' | 'employees';
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  id?: string;
  placeholder?: string;
  status?: 'error';
  testId: string;
  allowClear?: boolean;
  size?: 'large' | 'middle';
}

export function RecordPicker({ resource, value, onChange, id, placeholder, status, testId, allowClear = true, size = 'large' }: RecordPickerProps) {
  const target = useMemo(() => resourceByName(resource), [resource]);
  const selected = useMemo(() => (value === undefined ? [] : [String(value)]), [value]);
  const { options, loading, search, opened } = useTargetOptions(target, selected);
  const { t } = useTranslation();
  const [searched, setSearched] = useState('');
  const listRoute = target.routes?.list;
  const noneYet = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${resource}.empty`)} data-testid={`${testId}-none`}>
      {listRoute && <Link to={listRoute}>{t(`${resource}.title`)}</Link>}
    </Empty>
  );
  return (
    <Select<string>
      id={id}
      showSearch
      allowClear={allowClear}
      filterOption={false}
      size={size}
      style={{ width: '100%' }}
      placeholder={placeholder}
      // Without an id no label points at it (the list's filters): the placeholder names it for a screen reader.
      aria-label={id ? undefined : placeholder}
      status={status}
      value={value === undefined ? undefined : String(value)}
      options={options}
      loading={loading}
      onSearch={(text) => {
        setSearched(text);
        search(text);
      }}
      notFoundContent={loading ? undefined : searched.trim() ? t('crud.noResults') : noneYet}
      onOpenChange={(open) => open && opened()}
      onChange={(next) => onChange(next === undefined || next === null ? undefined : Number(next))}
      data-testid={testId}
    />
  );
}
