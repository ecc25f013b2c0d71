/** Header full-screen toggle, following the browser's own full-screen state (Esc leaves it too). */
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function FullscreenToggle() {
  const { t } = useTranslation();
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const label = fullscreen ? t('header.exitFullscreen') : t('header.enterFullscreen');
  const toggle = () => {
    const change = fullscreen ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => undefined); // refused by the browser (no user gesture, iframe policy): nothing to do
  };
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="fd-header__button fd-header__hide-small"
        icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        aria-label={label}
        aria-pressed={fullscreen}
        data-testid="fullscreen-toggle"
        onClick={toggle}
      />
    </Tooltip>
  );
}
