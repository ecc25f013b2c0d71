/** The settings side panel: a right drawer titled 'Settings' with a close control (SPEC §2). */
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { LayoutSettingsControls } from './layout-settings-controls';
import { useLayoutSettings } from './settings-store';

export function SettingsPanel() {
  const { t } = useTranslation();
  const [settings, dispatch] = useLayoutSettings();
  return (
    <Drawer
      open={settings.settingsPanelOpen}
      onClose={() => dispatch({ type: 'setSettingsPanelOpen', open: false })}
      title={<span data-testid="settings-panel-title">{t('settings.title')}</span>}
      placement="right"
      width={340}
      closable={{ 'aria-label': t('settings.close') }}
      rootClassName="fd-settings-drawer"
      destroyOnHidden
    >
      <div data-testid="settings-panel">
        <LayoutSettingsControls testIdPrefix="settings" />
      </div>
    </Drawer>
  );
}
