/** The heading of a signed-in page: its title (the same key as the browser title) and a breadcrumb. */
import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function PageHeading({ titleKey, extra }: { titleKey: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="fd-page-heading">
      <Typography.Title level={1} data-testid="page-title">
        {t(titleKey)}
      </Typography.Title>
      <Breadcrumb
        items={[
          {
            title: (
              <Link to="/" aria-label={t('pages.orders')}>
                <HomeOutlined />
              </Link>
            ),
          },
          { title: t(titleKey) },
        ]}
      />
      {extra}
    </div>
  );
}
