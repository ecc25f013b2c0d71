/**
 * An Export button (docs/import-export.md): a menu of Excel and CSV that downloads what the page shows
 * (every row its filters, search and sort select; every page), with its progress and a Cancel while it
 * runs. `pathOf` gives the export's address for a format: a generic list's (list-export.tsx) or a page's
 * own (the compliance page's `/compliance/export`).
 */
import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportProgress } from './export-progress';
import type { ExportFormat } from './list-paths';
import { useExport } from './use-export';

const formats: ExportFormat[] = ['xlsx', 'csv'];

export interface ExportMenuProps {
  /** The export's path under /api for a format, with the page's query. */
  pathOf: (format: ExportFormat) => string;
  /** The file's name without the day and extension, when the server gives none. */
  fileBase: string;
}

export function ExportMenu({ pathOf, fileBase }: ExportMenuProps) {
  const { t } = useTranslation();
  const exporting = useExport(pathOf, fileBase);
  const items: MenuProps['items'] = formats.map((format) => ({
    key: format,
    label: <span data-testid={`crud-export-${format}`}>{t(`importExport.export.${format}`)}</span>,
  }));
  return (
    <>
      {/* From the keyboard (checked in Chromium): Enter opens the menu, Tab enters it, arrows choose, Enter exports, Escape closes. */}
      {/* autoFocus: the open menu takes the keyboard (arrows, Enter), not only the mouse. */}
      <Dropdown
        trigger={['click']}
        autoFocus
        disabled={exporting.running !== null}
        menu={{ items, onClick: ({ key }) => void exporting.start(key as ExportFormat) }}
      >
        <Button icon={<DownloadOutlined />} data-testid="crud-export" loading={exporting.running !== null}>
          {t('importExport.export.button')} <DownOutlined />
        </Button>
      </Dropdown>
      {exporting.running && <ExportProgress running={exporting.running} onCancel={exporting.cancel} />}
    </>
  );
}
