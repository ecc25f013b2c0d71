/** A blocking, full-page spinner for loads the user must wait for (checking a stored session, one employee). */
import { useTranslation } from 'react-i18next';

export function FullPageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('app.loading');
  return (
    <div className="fd-page-spinner" role="status" aria-live="polite" aria-label={text} data-testid="full-page-spinner">
      <span className="fd-page-spinner__circle" aria-hidden="true" />
      <span className="fd-page-spinner__text">{text}</span>
    </div>
  );
}
