/**
 * The Export button of a generic list (docs/import-export.md): a menu of Excel and CSV that downloads
 * exactly what the list shows (its filters, search and sort; every page), with its progress and a
 * Cancel while it runs. For members who may view the list; the server checks the right again.
 */
import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { ExportProgress } from './export-progress';
import { listPathOf, type ExportFormat, type ListQueryState } from './list-paths';
import { useExport } from './use-export';

const formats: ExportFormat[] = ['xlsx', 'csv'];

export function ExportMenu({ resource, params, state }: { resource: ResourceDefinition; params?: Record<string, string>; state: ListQueryState }) {
  const { t } = useTranslation();
  const access = useAccess();
  const exporting = useExport(resource, params, state);
  if (!access.can(resource, 'list') || listPathOf(resource, params) === undefined) return null;
  const items: MenuProps['items'] = formats.map((format) => ({
    key: format,
    label: <span data-testid={`crud-export-${format}`}>{t(`importExport.export.${format}`)}</span>,
  }));
  return (
    <>
      <Dropdown trigger={['click']} disabled={exporting.running !== null} menu={{ items, onClick: ({ key }) => void exporting.start(key as ExportFormat) }}>
        <Button icon={<DownloadOutlined />} data-testid="crud-export" loading={exporting.running !== null}>
          {t('importExport.export.button')} <DownOutlined />
        </Button>
      </Dropdown>
      {exporting.running && <ExportProgress running={exporting.running} onCancel={exporting.cancel} />}
    </>
  );
}
