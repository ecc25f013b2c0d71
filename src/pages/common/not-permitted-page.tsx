/**
 * A signed-in page the member may not open (src/access/): a clear, translated 403 inside the shell, with
 * a way back to the start page, instead of the page (whose data the server would refuse anyway).
 */
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from './page-heading';

export function NotPermittedPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading titleKey="pages.notPermitted" />
      <Card data-testid="not-permitted-page">
        <Result
          status="403"
          title={t('notPermitted.title')}
          subTitle={t('notPermitted.description')}
          extra={
            <Link to="/">
              <Button type="primary">{t('notPermitted.home')}</Button>
            </Link>
          }
        />
      </Card>
    </>
  );
}
