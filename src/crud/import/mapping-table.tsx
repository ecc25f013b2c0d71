/**
 * Which field each column of the file fills: every heading of the file with a Select of the fields a
 * column can be mapped to (the answer's `fields`, labelled in the member's language by the server), or
 * "Do not import". Required fields are marked with an asterisk.
 */
import { Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportAnswer, ImportMapping } from './import-types';
import { labelHolds } from '../../fields/option-filter';

/** The Select's value for a column that is not read (a Select cannot tell null from "nothing chosen"). */
const NOT_IMPORTED = '';

interface Props {
  answer: ImportAnswer;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  disabled?: boolean;
}

export function MappingTable({ answer, mapping, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const options = [
    { value: NOT_IMPORTED, label: t('importExport.import.doNotImport') },
    ...answer.fields.map(({ field, label, required }) => ({ value: field, label: required ? `${label} *` : label })),
  ];
  const rows = answer.columns.map(({ column }, index) => ({ index, column }));
  return (
    <Table
      size="small"
      rowKey="index"
      pagination={false}
      dataSource={rows}
      data-testid="import-mapping"
      columns={[
        { key: 'column', title: t('importExport.import.column'), dataIndex: 'column', width: '45%' },
        {
          key: 'field',
          title: t('importExport.import.field'),
          render: (_value, { index, column }) => (
            <div data-testid={`import-mapping-${index}`}>
              <Select
                value={mapping[column] ?? NOT_IMPORTED}
                options={options}
                showSearch
                filterOption={labelHolds}
                disabled={disabled}
                style={{ width: '100%', minWidth: 150 }}
                aria-label={t('importExport.import.mapColumn', { column })}
                onChange={(value: string) => onChange({ ...mapping, [column]: value === NOT_IMPORTED ? null : value })}
              />
            </div>
          ),
        },
      ]}
    />
  );
}
