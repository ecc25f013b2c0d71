/** Any path the app does not know: a translated 404 with a way back. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../auth/auth.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="fd-error-page" data-testid="not-found-page">
      <div className="fd-error-page__code" aria-hidden="true">
        404
      </div>
      <h1 className="fd-error-page__title">{t('notFound.title')}</h1>
      <p className="fd-error-page__text">{t('notFound.description')}</p>
      <div className="fd-error-page__actions">
        <Link className="fd-button fd-button--primary" to="/">
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  );
}
