/**
 * A record page whose record is not there (deleted, or a mistyped address): "Not found" with a way back to its list,
 * so that the page is no dead end (Back after deleting an act lands here).
 */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Whether an address's id can name a record at all (the engine's ids are positive whole numbers). */
export const isRecordId = (text: string) => /^[1-9]\d{0,15}$/.test(text);

export function MissingRecord({ listRoute, failed = false }: { listRoute: string; failed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Result
      status={failed ? 'warning' : '404'}
      title={failed ? t('crud.loadFailed') : t('crud.notFound')}
      extra={
        <Link to={listRoute}>
          <Button type="primary" data-testid="missing-back-to-list">
            {t('crud.backToList')}
          </Button>
        </Link>
      }
    />
  );
}
