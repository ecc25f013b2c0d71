/** Screens of SPEC §2 that later issues build: a clear, translated "coming soon" instead of a blank page. */
import { RocketOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from './page-heading';

export function ComingSoonPage({ titleKey, descriptionKey }: { titleKey: string; descriptionKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading titleKey={titleKey} />
      <Card data-testid="coming-soon-page">
        <Result
          icon={<RocketOutlined />}
          title={t('comingSoon.title', { screen: t(titleKey) })}
          subTitle={
            <>
              <p>{t(descriptionKey)}</p>
              <p>{t('comingSoon.note')}</p>
            </>
          }
          extra={
            <Link to="/personal-info">
              <Button type="primary">{t('comingSoon.profileLink')}</Button>
            </Link>
          }
        />
      </Card>
    </>
  );
}
