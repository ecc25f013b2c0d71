import { useTranslation } from 'react-i18next';

/** Footer with the year and the product name (SPEC §2). */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className="fd-footer" data-testid="app-footer">
      <span>{t('layout.footer', { year: new Date().getFullYear() })}</span>
      <span className="fd-footer__tagline">{t('layout.footerTagline')}</span>
    </footer>
  );
}
