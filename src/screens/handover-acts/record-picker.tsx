/**
 * A searchable picker of one record of a listable resource (a vehicle, an employee), on the same Refine
 * `useSelect` options as the generic forms' reference fields (src/fields/reference), so labels and search
 * read the same everywhere. The value is the record's id as a number.
 */
import { Select } from 'antd';
import { useMemo } from 'react';
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
  return (
    <Select<string>
      id={id}
      showSearch
      allowClear={allowClear}
      filterOption={false}
      size={size}
      style={{ width: '100%' }}
      placeholder={placeholder}
      status={status}
      value={value === undefined ? undefined : String(value)}
      options={options}
      loading={loading}
      onSearch={search}
      onOpenChange={(open) => open && opened()}
      onChange={(next) => onChange(next === undefined || next === null ? undefined : Number(next))}
      data-testid={testId}
    />
  );
}
