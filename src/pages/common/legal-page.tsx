/**
 * /privacy-policy and /terms-of-conditions: one shared page (SPEC §2) holding both documents; the path
 * decides which one is shown. The texts are locale keys, so they are translated like everything else.
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LightLanguageSelect } from '../auth/auth-layout';
import { Logo } from '../../layout/logo';
import '../auth/auth.css';
import './legal.css';

const privacySections = ['controller', 'data', 'purposes', 'legalBasis', 'processors', 'retention', 'security', 'rights', 'cookies', 'changes', 'contact'];
const termsSections = ['scope', 'account', 'use', 'customerData', 'availability', 'fees', 'liability', 'termination', 'changes', 'law'];

export function LegalPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const kind = pathname.startsWith('/terms') ? 'terms' : 'privacy';
  const sections = kind === 'terms' ? termsSections : privacySections;
  return (
    <div className="fd-legal" data-testid="legal-page">
      <header className="fd-legal__header">
        <Link to="/login" aria-label={t('legal.backToSignIn')}>
          <Logo size={30} />
        </Link>
        <LightLanguageSelect />
      </header>
      <nav className="fd-legal__tabs" aria-label={t('legal.documents')}>
        <Link to="/privacy-policy" aria-current={kind === 'privacy' ? 'page' : undefined} data-testid="legal-privacy-tab">
          {t('legal.privacyTitle')}
        </Link>
        <Link to="/terms-of-conditions" aria-current={kind === 'terms' ? 'page' : undefined} data-testid="legal-terms-tab">
          {t('legal.termsTitle')}
        </Link>
      </nav>
      <article className="fd-legal__document">
        <h1>{t(kind === 'terms' ? 'legal.termsTitle' : 'legal.privacyTitle')}</h1>
        <p className="fd-legal__updated">{t('legal.updated', { date: '2025-01-01' })}</p>
        <p>{t(`legal.${kind}.intro`)}</p>
        {sections.map((section, index) => (
          <section key={section}>
            <h2>
              {index + 1}. {t(`legal.${kind}.sections.${section}.title`)}
            </h2>
            <p>{t(`legal.${kind}.sections.${section}.body`)}</p>
          </section>
        ))}
      </article>
      <footer className="fd-auth__footer">
        <span>{t('layout.footer', { year: new Date().getFullYear() })}</span>
        <Link to="/login">{t('legal.backToSignIn')}</Link>
      </footer>
    </div>
  );
}
