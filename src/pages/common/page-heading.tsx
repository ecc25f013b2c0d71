/**
 * The heading of a signed-in page: its title (the same key as the browser title) and a breadcrumb, which names
 * the list a record's page belongs to (`parent`) so the way back to it is one click.
 */
import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface ParentPage {
  to: string;
  titleKey: string;
}

export function PageHeading({ titleKey, extra, parent }: { titleKey: string; extra?: ReactNode; parent?: ParentPage }) {
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
          ...(parent ? [{ title: <Link to={parent.to}>{t(parent.titleKey)}</Link> }] : []),
          { title: t(titleKey) },
        ]}
      />
      {extra}
    </div>
  );
}
