/** The optional preloader (SPEC §2): when enabled, a 2.5-second overlay as the shell opens and on each page change. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LogoMark } from './logo';
import { useLayoutSettings } from './settings-store';

export const preloaderDurationMs = 2500;

export function Preloader() {
  const { t } = useTranslation();
  const [settings] = useLayoutSettings();
  const { pathname } = useLocation();
  const [visible, setVisible] = useState(false);
  // Read, not depended on: switching the option on must not cover the settings panel right away.
  const enabled = useRef(settings.preloader);
  useEffect(() => {
    enabled.current = settings.preloader;
  });

  useEffect(() => {
    if (!enabled.current) return;
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), preloaderDurationMs);
    return () => clearTimeout(timer);
  }, [pathname]);

  if (!visible || !settings.preloader) return null;
  return (
    <div className="fd-preloader" role="status" aria-label={t('app.loading')} data-testid="preloader">
      <div className="fd-preloader__mark">
        <LogoMark size={48} />
      </div>
      <span className="fd-preloader__bar" aria-hidden="true" />
    </div>
  );
}
