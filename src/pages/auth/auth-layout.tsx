/**
 * The frame of the public pages: a brand panel (wide screens) and a card with the form, a language
 * choice and the legal links. Plain markup and CSS only: these pages are the first a visitor downloads.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { changeLanguage, currentLanguage } from '../../i18n/i18n';
import { offeredLanguages, type LanguageCode } from '../../i18n/languages';
import { Logo } from '../../layout/logo';
import './auth.css';

export function LightLanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = currentLanguage() as LanguageCode;
  const offered = offeredLanguages(current);
  return (
    <label className="fd-language-select">
      <span className="fd-visually-hidden">{t('header.language')}</span>
      <select
        data-testid="auth-language-switcher"
        aria-label={t('header.language')}
        value={current}
        lang={i18n.language}
        onChange={(event) => void changeLanguage(event.target.value)}
      >
        {offered.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.nativeName}
          </option>
        ))}
      </select>
    </label>
  );
}

export function AuthLayout({ title, subtitle, children, wide = false }: { title: string; subtitle?: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="fd-auth">
      <aside className="fd-auth__brand" aria-hidden="true">
        <Logo size={40} />
        <h2 className="fd-auth__tagline">{t('app.tagline')}</h2>
        <ul className="fd-auth__points">
          <li>{t('login.brandPoints.fleet')}</li>
          <li>{t('login.brandPoints.people')}</li>
          <li>{t('login.brandPoints.documents')}</li>
        </ul>
      </aside>
      <main className="fd-auth__main">
        <div className="fd-auth__top">
          <span className="fd-auth__mobile-logo">
            <Logo size={30} />
          </span>
          <LightLanguageSelect />
        </div>
        <section className={`fd-auth__card${wide ? ' fd-auth__card--wide' : ''}`} aria-labelledby="auth-title">
          <h1 id="auth-title" className="fd-auth__title">
            {title}
          </h1>
          {subtitle && <p className="fd-auth__subtitle">{subtitle}</p>}
          {children}
        </section>
        <footer className="fd-auth__footer">
          <span>{t('layout.footer', { year: new Date().getFullYear() })}</span>
          <Link to="/privacy-policy">{t('legal.privacyTitle')}</Link>
          <Link to="/terms-of-conditions">{t('legal.termsTitle')}</Link>
        </footer>
      </main>
    </div>
  );
}
