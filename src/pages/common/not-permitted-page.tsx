/**
 * A signed-in page the member may not open (src/access/): a clear, translated 403 inside the shell, with
 * a way back to the member's start page, instead of the page (whose data the server would refuse anyway).
 * The start page `/` itself, for a member who may not open it (sign-in leads there), moves on to the page
 * they start at instead (use-start-path.ts). The page is a refusal too: the rights are read again (at most once in
 * ten seconds, rights-refresh.ts), so a right given back meanwhile opens the page without a reload.
 */
import { Button, Card, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { refreshRightsAfterRefusal } from '../../access/rights-refresh';
import { START_PATH, useStartPath } from '../../layout/use-start-path';
import { PageHeading } from './page-heading';

export function NotPermittedPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const start = useStartPath();
  useEffect(() => {
    refreshRightsAfterRefusal();
  }, [pathname]);
  if (pathname === START_PATH && start !== START_PATH) return <Navigate to={start} replace />;
  return (
    <>
      <PageHeading titleKey="pages.notPermitted" />
      <Card data-testid="not-permitted-page">
        <Result
          status="403"
          title={t('notPermitted.title')}
          subTitle={t('notPermitted.description')}
          extra={
            <Link to={start}>
              <Button type="primary">{t('notPermitted.home')}</Button>
            </Link>
          }
        />
      </Card>
    </>
  );
}
