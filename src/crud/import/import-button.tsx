/**
 * The Import button of a list whose resource is `importable` (resources/types.ts), for members who may
 * create its records; the dialog (a lazy chunk: upload, tables, selects) opens on demand.
 */
import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { importPath } from '../export/list-paths';

const ImportDialog = lazy(() => import('./import-dialog').then((module) => ({ default: module.ImportDialog })));

export function ImportButton({ resource, params }: { resource: ResourceDefinition; params?: Record<string, string> }) {
  const { t } = useTranslation();
  const access = useAccess();
  const [open, setOpen] = useState(false);
  const path = importPath(resource, params);
  if (!resource.importable || !access.can(resource, 'create') || path === undefined) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} data-testid="crud-import" onClick={() => setOpen(true)}>
        {t('importExport.import.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog resource={resource} path={path} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
